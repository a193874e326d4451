#include "selection_state.h"

namespace arenascope {

SelectionState::SelectionState(QObject* parent)
    : QObject(parent)
{
}

void SelectionState::setAnalysis(AnalysisPtr analysis)
{
    setAnalysisWhileDragging(std::move(analysis));
    settle();
}

void SelectionState::settle()
{
    if (!m_unsettled)
        return;
    m_unsettled = false;
    emit analysisSettled(m_analysis);
}

void SelectionState::setAnalysisWhileDragging(AnalysisPtr analysis)
{
    const TensorRef tensor = m_tensor;
    const int plannedBuffer = m_plannedBuffer;
    const int step = m_step;
    m_unsettled = true;
    m_analysis = std::move(analysis);
    // Keep the tensor selected across recomputes (same model), but re-derive its buffer.
    if (m_analysis && m_tensor.valid()) {
        const auto& sgs = m_analysis->model->subgraphs();
        if (m_tensor.subgraph >= static_cast<int>(sgs.size())
            || m_tensor.index >= static_cast<int>(sgs[static_cast<std::size_t>(m_tensor.subgraph)].tensors.size()))
            m_tensor = {};
    }
    m_plannedBuffer = plannedBufferOf(m_tensor);
    if (m_analysis && m_step >= m_analysis->measured->scopeCount)
        m_step = -1;
    m_event = -1;
    emit analysisChanged(m_analysis);
    // A new size of the same plan (a drag) keeps the selection: the views that show it are not
    // asked again.
    if (m_tensor != tensor || m_plannedBuffer != plannedBuffer || m_step != step)
        emit selectionChanged();
}

void SelectionState::setShared(SharedArenaAnalysisPtr shared)
{
    m_shared = std::move(shared);
    m_event = -1;
    emit sharedChanged(m_shared);
    emit eventChanged(m_event);
}

int SelectionState::plannedBufferOf(TensorRef t) const
{
    if (!m_analysis || !t.valid())
        return -1;
    const auto& planned = m_analysis->measured->planned;
    for (std::size_t i = 0; i < planned.size(); ++i)
        if (planned[i].tensor == t.index && planned[i].subgraph == t.subgraph)
            return static_cast<int>(i);
    return -1;
}

TensorRef SelectionState::tensorOf(int plannedBuffer) const
{
    if (!m_analysis || plannedBuffer < 0 || plannedBuffer >= static_cast<int>(m_analysis->measured->planned.size()))
        return {};
    const PlannedBuffer& b = m_analysis->measured->planned[static_cast<std::size_t>(plannedBuffer)];
    if (b.tensor < 0)
        return {};
    return TensorRef { b.subgraph, b.tensor };
}

void SelectionState::selectTensor(TensorRef tensor)
{
    if (tensor == m_tensor)
        return;
    m_tensor = tensor;
    m_plannedBuffer = plannedBufferOf(tensor);
    emit selectionChanged();
}

void SelectionState::selectPlannedBuffer(int index)
{
    if (index == m_plannedBuffer && (index < 0 || tensorOf(index) == m_tensor))
        return;
    m_plannedBuffer = index;
    m_tensor = tensorOf(index);
    emit selectionChanged();
}

void SelectionState::selectStep(int step)
{
    // A step and an event are two ways to pick a moment: the latest choice wins.
    if (m_event >= 0) {
        m_event = -1;
        emit eventChanged(-1);
    }
    if (step == m_step)
        return;
    m_step = step;
    emit stepChanged(step);
}

void SelectionState::selectEvent(int index)
{
    if (index == m_event)
        return;
    m_event = index;
    emit eventChanged(index);
}

} // namespace arenascope
