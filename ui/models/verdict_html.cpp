#include "verdict_html.h"

#include "ui/byte_text.h"

#include "core/analysis/verdict.h"

#include <QObject>

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

QString titleFor(VerdictKind kind)
{
    switch (kind) {
    case VerdictKind::DoesNotFit:
        return QObject::tr("Why doesn't it fit?");
    case VerdictKind::CannotAllocate:
        return QObject::tr("Why does it fail?");
    case VerdictKind::Fits:
    case VerdictKind::NoSizeGiven:
        break;
    }
    return QObject::tr("Verdict");
}

QString failureHtml(const Verdict& v)
{
    QString html = QObject::tr("<p><b>TFLM says:</b> <tt>%1</tt></p>").arg(esc(v.tflmMessage));
    QString where = esc(v.stage);
    if (!v.where.empty())
        where += QStringLiteral(", ") + esc(v.where);
    html += QObject::tr("<p>First failure in <b>%1</b>: %2.</p><p>%3</p>")
                .arg(where, esc(v.stageInWords), esc(v.plainWords));
    return html;
}

QString breakdownHtml(const Analysis& a, const Verdict& v)
{
    QString html = QObject::tr("<h4>Flash and RAM</h4><table width=100%>");
    html += row(
        QObject::tr("model file (flash)"), bytesText(a.model->fileSize()), QObject::tr("The .tflite stays in flash"));
    html += row(QObject::tr("constant tensor data"), bytesText(a.model->constantBytes()),
        QObject::tr("Weights: read from flash, never copied"));
    html += row(QObject::tr("arena used (RAM)"), bytesText(v.arenaUsedBytes),
        QObject::tr("MicroInterpreter::arena_used_bytes() in an arena of %1").arg(bytesText(v.figuresArenaBytes)));
    html += QStringLiteral("</table>");
    html += QObject::tr("<h4>Breakdown</h4><p><small>in an arena of %1</small></p><table width=100%>")
                .arg(bytesText(v.figuresArenaBytes));
    html += row(QObject::tr("head (memory plan)"), bytesText(v.headBytes),
        QObject::tr("Activations and scratch buffers, reused across steps by the planner"));
    html += row(QObject::tr("temp peak"), bytesText(v.tempPeakBytes),
        QObject::tr("The most temp memory in use above the head while kernels prepare"));
    html += row(QObject::tr("lower bound"), bytesText(a.lowerBoundBytes),
        QObject::tr("The most planned bytes alive at one step: no plan can use less head"));
    html += row(QObject::tr("alignment waste"), bytesText(a.alignmentWasteBytes),
        QObject::tr("Planned buffers rounded up to 16 bytes"));
    html += row(QObject::tr("tail (persistent)"), bytesText(v.tailBytes),
        QObject::tr("Runtime bookkeeping that lives as long as the model"));
    for (const TailShare& t : v.tail)
        html += row(QStringLiteral("&nbsp;&nbsp;") + QString::fromUtf8(categoryName(t.category)), bytesText(t.bytes));
    if (a.recordingOverheadBytes)
        html += row(QObject::tr("recording overhead"), bytesText(*a.recordingOverheadBytes),
            QObject::tr("What RecordingMicroInterpreter adds over the plain interpreter: its larger allocator "
                        "objects and the alignment they shift"));
    html += QStringLiteral("</table>");
    if (!v.largestAtPeak.empty()) {
        html += QObject::tr("<h4>Largest buffers at the peak (step %1)</h4><table width=100%>").arg(v.peakStep);
        for (const PeakBuffer& b : v.largestAtPeak)
            html += row(elidedName(b.name), bytesText(b.bytes), QString::fromStdString(b.name));
        html += QStringLiteral("</table>");
    }
    return html;
}

} // namespace

QString verdictHeadlineColor(VerdictKind kind, const QString& otherwise)
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
    return otherwise;
}

QString verdictHtml(const Analysis& analysis, const QString& changeNote)
{
    const Verdict& v = *analysis.verdict;
    QString html = QStringLiteral("<h3 style='color:%1'>%2</h3>").arg(verdictHeadlineColor(v.kind), esc(v.headline));
    html += QObject::tr("<p><small>%1</small></p>").arg(esc(describeSettings(analysis.settings)));
    if (!changeNote.isEmpty())
        html += QObject::tr("<p><i>Changed: %1</i></p>").arg(changeNote.toHtmlEscaped());
    if (v.failed)
        html += failureHtml(v);
    for (const auto& w : v.warnings)
        html += QObject::tr("<p style='color:#b06000'>Warning: %1</p>").arg(esc(w));
    if (v.kind != VerdictKind::CannotAllocate)
        html += breakdownHtml(analysis, v);
    return html;
}

QString verdictTitle(const Analysis& analysis)
{
    return titleFor(analysis.verdict->kind);
}

} // namespace arenascope
