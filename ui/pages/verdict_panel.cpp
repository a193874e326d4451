#include "verdict_panel.h"

#include "core/emulation/emulation_result.h"

#include <QLocale>

#include <algorithm>
#include <map>

namespace arenascope {

namespace {

QString bytes(std::uint64_t b)
{
    return QLocale().toString(static_cast<qulonglong>(b)) + QStringLiteral(" B");
}

// What each stage of AllocateTensors does, in a user's words.
QString explainPhase(Phase phase)
{
    switch (phase) {
    case Phase::CreateAllocator:
        return VerdictPanel::tr("creating TFLM's allocator and planner objects in the tail");
    case Phase::StartAllocation:
        return VerdictPanel::tr("allocating the eval-tensor and node arrays in the tail");
    case Phase::ParseOptions:
        return VerdictPanel::tr("storing operator options in the tail");
    case Phase::KernelInit:
        return VerdictPanel::tr("a kernel's Init allocating its persistent op data");
    case Phase::KernelPrepare:
        return VerdictPanel::tr("a kernel's Prepare (temp tensors above the head, persistent buffers in the tail)");
    case Phase::FinishAllocation:
        return VerdictPanel::tr("allocating scratch-buffer handles in the tail");
    case Phase::CommitPlan:
        return VerdictPanel::tr("committing the memory plan: the planned activations (head) must fit below the tail");
    case Phase::InterpreterTensors:
        return VerdictPanel::tr("the interpreter's input/output tensors in the tail");
    case Phase::Count_:
        break;
    }
    return {};
}

QString row(const QString& name, const QString& value, const QString& tip = {})
{
    return QStringLiteral("<tr><td title='%3'>%1</td><td align=right>%2</td></tr>")
        .arg(name, value, tip.toHtmlEscaped());
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
}

void VerdictPanel::setAnalysis(const AnalysisPtr& a)
{
    if (!a) {
        setText(tr("<p>Open a .tflite model (File &gt; Open, or drop it on the window).</p>"));
        return;
    }
    const EmulationResult& m = *a->measured;
    const EmulationResult& here = a->atSize->ok ? *a->atSize : m;
    QString html;
    const Failure* f = a->failure();
    if (f && !f->capacity) {
        html += tr("<h3 style='color:#c02020'>Fails before the arena size matters</h3>"
                   "<p><b>TFLM says:</b> <tt>%1</tt></p><p>No arena size fixes this: register the operator in "
                   "your op resolver, or convert the model to supported operators and types.</p>")
                    .arg(QString::fromStdString(f->message).toHtmlEscaped());
    } else if (a->fits().value_or(true)) {
        html += a->arenaSize() ? tr("<h3 style='color:#2c7f2c'>Fits in %1</h3>").arg(bytes(*a->arenaSize()))
                               : tr("<h3>No arena size given</h3>");
        if (a->arenaSize() && a->minArenaBytes && *a->arenaSize() > *a->minArenaBytes)
            html += tr("<p>%1 more than needed.</p>").arg(bytes(*a->arenaSize() - *a->minArenaBytes));
    } else {
        const Failure& af = *a->atSize->failure;
        html += tr("<h3 style='color:#c02020'>Does not fit: %1 missing</h3>").arg(bytes(af.missing));
        QString where = QString::fromUtf8(phaseName(af.phase));
        if (af.op >= 0 && af.subgraph >= 0)
            where += tr(", operator %1 (%2)")
                         .arg(af.op)
                         .arg(QString::fromStdString(a->model->subgraphs()[static_cast<std::size_t>(af.subgraph)]
                                                         .operators[static_cast<std::size_t>(af.op)]
                                                         .displayName()));
        html += tr("<p>Breaks in <b>%1</b>: requested %2, available %3.</p><p>That is %4.</p>")
                    .arg(where.toHtmlEscaped(), bytes(af.requested), bytes(af.available), explainPhase(af.phase));
        html += tr("<p><b>TFLM says:</b> <tt>%1</tt></p>").arg(QString::fromStdString(af.message).toHtmlEscaped());
    }
    if (a->minArenaBytes)
        html += tr("<p>Smallest arena that works: <b>%1</b></p>").arg(bytes(*a->minArenaBytes));
    for (const auto& w : a->atSize->warnings)
        html += tr("<p style='color:#b06000'>Warning: %1</p>").arg(QString::fromStdString(w).toHtmlEscaped());

    html += tr("<h4>Flash and RAM</h4><table width=100%>");
    html += row(tr("model file (flash)"), bytes(a->model->fileSize()), tr("The .tflite stays in flash"));
    html += row(
        tr("constant tensor data"), bytes(a->model->constantBytes()), tr("Weights: read from flash, never copied"));
    html += row(a->atSize->ok || !a->arenaSize() ? tr("arena used (RAM)") : tr("arena needed (RAM)"),
        bytes(here.arenaUsedBytes), tr("MicroInterpreter::arena_used_bytes() after a successful AllocateTensors"));
    html += QStringLiteral("</table>");

    html += tr("<h4>Breakdown</h4><table width=100%>");
    html += row(tr("head (memory plan)"), bytes(here.headBytes),
        tr("Activations and scratch buffers, reused across steps by the planner"));
    html += row(
        tr("temp peak"), bytes(m.tempPeakBytes), tr("The most temp memory above the head while kernels prepare"));
    html += row(tr("lower bound"), bytes(a->lowerBoundBytes),
        tr("The most planned bytes alive at one step: no plan can use less head"));
    html += row(tr("alignment waste"), bytes(a->alignmentWasteBytes), tr("Planned buffers rounded up to 16 bytes"));
    html += row(
        tr("tail (persistent)"), bytes(here.tailBytes), tr("Runtime bookkeeping that lives as long as the model"));
    std::map<Category, std::uint64_t> tail;
    for (const AllocationEvent& e : here.events)
        if (e.region == Region::Tail && !e.failed)
            tail[e.category] += e.used;
    for (const auto& [category, used] : tail)
        html += row(QStringLiteral("&nbsp;&nbsp;") + QString::fromUtf8(categoryName(category)), bytes(used));
    if (a->recordingOverheadBytes)
        html += row(tr("recording overhead"), bytes(*a->recordingOverheadBytes),
            tr("What RecordingMicroInterpreter adds over the plain interpreter: its larger allocator objects "
               "and the alignment they shift"));
    html += QStringLiteral("</table>");

    // Which tensors dominate the peak step.
    if (a->peakScope >= 0) {
        std::vector<const PlannedBuffer*> live;
        for (const PlannedBuffer& b : m.planned)
            if (b.first <= a->peakScope && a->peakScope <= b.last)
                live.push_back(&b);
        std::sort(live.begin(), live.end(), [](auto* x, auto* y) { return x->alignedBytes > y->alignedBytes; });
        html += tr("<h4>Largest buffers at the peak (step %1)</h4><table width=100%>").arg(a->peakScope);
        for (std::size_t i = 0; i < std::min<std::size_t>(live.size(), 5); ++i) {
            const PlannedBuffer& b = *live[i];
            QString name = tr("scratch %1").arg(b.scratchIndex);
            if (b.tensor >= 0) {
                const Tensor& t = a->model->subgraphs()[static_cast<std::size_t>(b.subgraph)]
                                      .tensors[static_cast<std::size_t>(b.tensor)];
                QStringList dims;
                for (auto d : t.shape)
                    dims << QString::number(d);
                name = QStringLiteral("%1 [%2]").arg(
                    QString::fromStdString(t.name).toHtmlEscaped(), dims.join(QStringLiteral("x")));
            }
            html += row(name, bytes(b.alignedBytes));
        }
        html += QStringLiteral("</table>");
    }
    setText(html);
}

} // namespace arenascope
