#include "verdict_panel.h"

#include "ui/byte_text.h"

#include "core/analysis/verdict.h"

namespace arenascope {

namespace {

QString esc(const std::string& s)
{
    return QString::fromStdString(s).toHtmlEscaped();
}

// A long tensor name, elided in the middle so the dock never scrolls sideways (the whole name is
// the row's tooltip).
QString elidedName(const std::string& name)
{
    constexpr int kMost = 34;
    QString s = QString::fromStdString(name);
    if (s.size() > kMost)
        s = s.left(kMost / 2 - 1) + QChar(0x2026) + s.right(kMost / 2);
    return s.toHtmlEscaped();
}

QString row(const QString& name, const QString& value, const QString& tip = {})
{
    return QStringLiteral("<tr><td title='%3'>%1</td><td align=right>%2</td></tr>")
        .arg(name, value, tip.toHtmlEscaped());
}

QString headlineColor(VerdictKind kind)
{
    switch (kind) {
    case VerdictKind::Fits:
        return QStringLiteral("#2c7f2c");
    case VerdictKind::DoesNotFit:
    case VerdictKind::CannotAllocate:
        return QStringLiteral("#c02020");
    case VerdictKind::NoSizeGiven:
        break;
    }
    return {};
}

QString titleFor(VerdictKind kind)
{
    switch (kind) {
    case VerdictKind::DoesNotFit:
        return VerdictPanel::tr("Why doesn't it fit?");
    case VerdictKind::CannotAllocate:
        return VerdictPanel::tr("Why does it fail?");
    case VerdictKind::Fits:
    case VerdictKind::NoSizeGiven:
        break;
    }
    return VerdictPanel::tr("Verdict");
}

QString failureHtml(const Verdict& v)
{
    QString html = VerdictPanel::tr("<p><b>TFLM says:</b> <tt>%1</tt></p>").arg(esc(v.tflmMessage));
    QString where = esc(v.stage);
    if (!v.where.empty())
        where += QStringLiteral(", ") + esc(v.where);
    html += VerdictPanel::tr("<p>First failure in <b>%1</b>: %2.</p><p>%3</p>")
                .arg(where, esc(v.stageInWords), esc(v.plainWords));
    return html;
}

QString breakdownHtml(const Analysis& a, const Verdict& v)
{
    QString html = VerdictPanel::tr("<h4>Flash and RAM</h4><table width=100%>");
    html += row(VerdictPanel::tr("model file (flash)"), bytesText(a.model->fileSize()),
        VerdictPanel::tr("The .tflite stays in flash"));
    html += row(VerdictPanel::tr("constant tensor data"), bytesText(a.model->constantBytes()),
        VerdictPanel::tr("Weights: read from flash, never copied"));
    html += row(VerdictPanel::tr("arena used (RAM)"), bytesText(v.arenaUsedBytes),
        VerdictPanel::tr("MicroInterpreter::arena_used_bytes() in an arena of %1").arg(bytesText(v.figuresArenaBytes)));
    html += QStringLiteral("</table>");
    html += VerdictPanel::tr("<h4>Breakdown</h4><p><small>in an arena of %1</small></p><table width=100%>")
                .arg(bytesText(v.figuresArenaBytes));
    html += row(VerdictPanel::tr("head (memory plan)"), bytesText(v.headBytes),
        VerdictPanel::tr("Activations and scratch buffers, reused across steps by the planner"));
    html += row(VerdictPanel::tr("temp peak"), bytesText(v.tempPeakBytes),
        VerdictPanel::tr("The most temp memory in use above the head while kernels prepare"));
    html += row(VerdictPanel::tr("lower bound"), bytesText(a.lowerBoundBytes),
        VerdictPanel::tr("The most planned bytes alive at one step: no plan can use less head"));
    html += row(VerdictPanel::tr("alignment waste"), bytesText(a.alignmentWasteBytes),
        VerdictPanel::tr("Planned buffers rounded up to 16 bytes"));
    html += row(VerdictPanel::tr("tail (persistent)"), bytesText(v.tailBytes),
        VerdictPanel::tr("Runtime bookkeeping that lives as long as the model"));
    for (const TailShare& t : v.tail)
        html += row(QStringLiteral("&nbsp;&nbsp;") + QString::fromUtf8(categoryName(t.category)), bytesText(t.bytes));
    if (a.recordingOverheadBytes)
        html += row(VerdictPanel::tr("recording overhead"), bytesText(*a.recordingOverheadBytes),
            VerdictPanel::tr("What RecordingMicroInterpreter adds over the plain interpreter: its larger allocator "
                             "objects and the alignment they shift"));
    html += QStringLiteral("</table>");
    if (!v.largestAtPeak.empty()) {
        html += VerdictPanel::tr("<h4>Largest buffers at the peak (step %1)</h4><table width=100%>").arg(v.peakStep);
        for (const PeakBuffer& b : v.largestAtPeak)
            html += row(elidedName(b.name), bytesText(b.bytes), QString::fromStdString(b.name));
        html += QStringLiteral("</table>");
    }
    return html;
}

} // namespace

VerdictPanel::VerdictPanel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setAlignment(Qt::AlignTop | Qt::AlignLeft);
    setMargin(8);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // As wide as the dock, never wider: the text wraps instead of the dock scrolling sideways.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void VerdictPanel::setAnalysis(const AnalysisPtr& a)
{
    if (!a) {
        setText(tr("<p>Open a .tflite model (File &gt; Open, or drop it on the window).</p>"));
        return;
    }
    const Verdict& v = *a->verdict;
    QString html = QStringLiteral("<h3 style='color:%1'>%2</h3>").arg(headlineColor(v.kind), esc(v.headline));
    html += tr("<p><small>%1</small></p>").arg(esc(describeSettings(a->settings)));
    if (!m_changeNote.isEmpty())
        html += tr("<p><i>Changed: %1</i></p>").arg(m_changeNote.toHtmlEscaped());
    if (v.failed)
        html += failureHtml(v);
    for (const auto& w : v.warnings)
        html += tr("<p style='color:#b06000'>Warning: %1</p>").arg(esc(w));
    if (v.kind != VerdictKind::CannotAllocate)
        html += breakdownHtml(*a, v);
    setText(html);
    const QString title = titleFor(v.kind);
    if (title != m_title) {
        m_title = title;
        emit titleChanged(title);
    }
}

} // namespace arenascope
