#include "walkthrough_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace arenascope {

namespace {

// What happens in each stage, in a user's words (micro_interpreter.cc, micro_allocator.cc).
QString explain(Phase phase)
{
    switch (phase) {
    case Phase::CreateAllocator:
        return WalkthroughPanel::tr(
            "The interpreter is constructed. TFLM places its own objects at the very end of the arena: the arena "
            "allocator, the memory planner and the MicroAllocator. This part of the arena, growing downwards from "
            "the end, is the <b>tail</b>: everything in it lives as long as the model.");
    case Phase::StartAllocation:
        return WalkthroughPanel::tr(
            "AllocateTensors starts. The tail receives one TfLiteEvalTensor per tensor and one NodeAndRegistration "
            "per operator. At the start of the arena, the <b>head</b> reserves room for the scratch-buffer requests "
            "kernels may make while they prepare.");
    case Phase::ParseOptions:
        return WalkthroughPanel::tr(
            "Each operator is looked up in the op resolver and its builtin options are parsed into a small struct "
            "in the tail. An operator the resolver does not know stops everything here: no arena size fixes that.");
    case Phase::KernelInit:
        return WalkthroughPanel::tr(
            "Each kernel's Init runs and allocates its op data in the tail (16-byte aligned, so small structs "
            "cost padding).");
    case Phase::KernelPrepare:
        return WalkthroughPanel::tr(
            "Each kernel's Prepare runs. It borrows <b>temp</b> memory just above the head for TfLiteTensor views "
            "of its tensors (released after each operator), may add persistent buffers to the tail (per-channel "
            "quantization, lookup tables) and may request scratch buffers, which the planner will place.");
    case Phase::FinishAllocation:
        return WalkthroughPanel::tr("Scratch-buffer handles are stored in the tail, one per request.");
    case Phase::CommitPlan:
        return WalkthroughPanel::tr(
            "The memory plan is made. Lifetimes of all activations and scratch buffers are worked out in temp "
            "memory, variables get their buffers in the tail, the planner (greedy: largest first, into the first gap "
            "that fits) assigns offsets, and the head is resized to the plan. The head and the tail must not meet: "
            "this is where most models that do not fit fail.");
    case Phase::InterpreterTensors:
        return WalkthroughPanel::tr(
            "Finally the interpreter keeps a TfLiteTensor for each model input and output in the tail, with its "
            "quantization parameters.");
    case Phase::Count_:
        break;
    }
    return {};
}

} // namespace

WalkthroughPanel::WalkthroughPanel(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_title(new QLabel(this))
    , m_text(new QLabel(this))
    , m_previous(new QPushButton(tr("< Previous"), this))
    , m_next(new QPushButton(tr("Next >"), this))
{
    m_title->setTextFormat(Qt::RichText);
    m_text->setTextFormat(Qt::RichText);
    m_text->setWordWrap(true);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_previous);
    buttons->addWidget(m_next);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(m_text, 1);
    layout->addLayout(buttons);
    connect(m_previous, &QPushButton::clicked, this, [this] { showStep(m_current - 1); });
    connect(m_next, &QPushButton::clicked, this, [this] { showStep(m_current + 1); });
    connect(m_selection, &SelectionState::analysisSettled, this, &WalkthroughPanel::rebuild);
    connect(m_selection, &SelectionState::eventChanged, this, &WalkthroughPanel::follow);
    rebuild(nullptr);
}

void WalkthroughPanel::rebuild(const AnalysisPtr& analysis)
{
    m_steps.clear();
    m_current = -1;
    if (analysis) {
        const auto& events = analysis->atSize->events;
        for (std::size_t i = 0; i < events.size(); ++i) {
            const AllocationEvent& e = events[i];
            if (m_steps.empty() || m_steps.back().phase != e.phase)
                m_steps.push_back(Step { e.phase });
            Step& s = m_steps.back();
            s.lastEvent = static_cast<int>(i);
            s.usedBytes += e.used;
            ++s.events;
            s.failed = s.failed || e.failed;
        }
    }
    m_title->setText(m_steps.empty() ? tr("<b>Open a model to walk through AllocateTensors</b>")
                                     : tr("<b>Walk through AllocateTensors</b>: %1 stages").arg(m_steps.size()));
    m_text->setText(m_steps.empty() ? QString()
                                    : tr("Press <i>Next</i> to see, stage by stage, how TFLM fills the arena. "
                                         "The arena map follows."));
    m_previous->setEnabled(false);
    m_next->setEnabled(!m_steps.empty());
}

void WalkthroughPanel::showStep(int step)
{
    if (step < 0 || step >= stepCount())
        return;
    describe(step);
    m_selection->selectEvent(m_steps[static_cast<std::size_t>(step)].lastEvent);
}

void WalkthroughPanel::follow(int event)
{
    if (event < 0)
        return;
    int first = 0;
    for (int step = 0; step < stepCount(); ++step) {
        const Step& s = m_steps[static_cast<std::size_t>(step)];
        if (event >= first && event <= s.lastEvent) {
            if (step != m_current)
                describe(step);
            return;
        }
        first = s.lastEvent + 1;
    }
}

void WalkthroughPanel::describe(int step)
{
    m_current = step;
    const Step& s = m_steps[static_cast<std::size_t>(step)];
    m_title->setText(
        tr("<b>Stage %1 of %2: %3</b>").arg(step + 1).arg(stepCount()).arg(QString::fromUtf8(phaseName(s.phase))));
    QString text = explain(s.phase);
    text += tr("<p>%1 allocations, %2 bytes.</p>").arg(s.events).arg(s.usedBytes);
    if (s.failed)
        text += tr("<p style='color:#c02020'><b>This is where AllocateTensors fails at this arena size.</b></p>");
    m_text->setText(text);
    m_previous->setEnabled(step > 0);
    m_next->setEnabled(step + 1 < stepCount());
}

} // namespace arenascope
