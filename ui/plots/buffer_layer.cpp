#include "buffer_layer.h"

#include "plot_colors.h"
#include "plot_interaction.h"

#include <algorithm>
#include <optional>

namespace arenascope {

AxisRectLayerable::AxisRectLayerable(QCustomPlot* plot, const QString& layer)
    : QCPLayerable(plot, layer)
{
    setAntialiased(false);
}

QRect AxisRectLayerable::clipRect() const
{
    return mParentPlot->axisRect()->rect();
}

void AxisRectLayerable::applyDefaultAntialiasingHint(QCPPainter* painter) const
{
    applyAntialiasingHint(painter, mAntialiased, QCP::aePlottables);
}

BufferLayer::BufferLayer(QCustomPlot* plot)
    : AxisRectLayerable(plot, QStringLiteral("main"))
{
}

void BufferLayer::setBoxes(std::vector<BufferBox> boxes, std::vector<QColor> kindColors)
{
    m_boxes = std::move(boxes);
    m_styles.clear();
    m_styleOf.clear();
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        const QColor c = i < kindColors.size() ? kindColors[i] : QColor(Qt::gray);
        const auto same = std::find_if(m_styles.begin(), m_styles.end(), [&c](const Style& s) { return s.kind == c; });
        m_styleOf.push_back(static_cast<std::size_t>(same - m_styles.begin()));
        if (same == m_styles.end())
            m_styles.push_back({ c, c.lighter(125), c.darker(130) });
    }
    m_crosses.assign(m_boxes.size(), false);
    m_selectedBuffer = -1;
}

void BufferLayer::setCrossesArena(std::size_t index, bool crosses)
{
    if (index < m_crosses.size())
        m_crosses[index] = crosses;
}

void BufferLayer::setSelected(int tenant, int buffer)
{
    m_selectedTenant = tenant;
    m_selectedBuffer = buffer;
}

// Boxes of one look are drawn together (drawRects): a plan of thousands of buffers is a dozen
// painter state changes, not thousands. Buffers of one plan never overlap, so the order in which
// they are drawn does not show; the selected one is drawn last, on top.
void BufferLayer::draw(QCPPainter* painter)
{
    const TimelineGeometry g = geometryOf(*mParentPlot);
    const QRectF view = g.plotRect();
    // Per style: the tensors' rectangles and the padding (a box that does not fit keeps its
    // kind's colour; CrossingOutlines outlines it in the failure colour).
    std::vector<QVector<QRectF>> plain(m_styles.size());
    std::vector<QVector<QRectF>> padding(m_styles.size());
    std::optional<QRectF> selected;
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        const BufferBox& b = m_boxes[i];
        const QRectF whole = g.pixelRect(b);
        if (!whole.intersects(view))
            continue;
        const QRectF tensor = g.pixelRect(b, true);
        if (b.buffer == m_selectedBuffer && b.tenant == m_selectedTenant)
            selected = tensor;
        else
            plain[m_styleOf[i]].push_back(tensor);
        // Padding only where it is visible: thousands of sub-pixel hatches cost a frame.
        if (b.hi > b.used && whole.height() - tensor.height() >= 2.0)
            padding[m_styleOf[i]].push_back(QRectF(whole.topLeft(), QPointF(whole.right(), tensor.top())));
    }
    if (m_faded)
        painter->setOpacity(0.25);
    for (std::size_t k = 0; k < m_styles.size(); ++k) {
        const Style& style = m_styles[k];
        painter->setBrush(QBrush(style.fill));
        painter->setPen(QPen(style.outline));
        painter->drawRects(plain[k]);
        painter->setPen(Qt::NoPen);
        painter->setBrush(QBrush(style.kind, Qt::BDiagPattern));
        painter->drawRects(padding[k]);
    }
    if (selected) {
        painter->setPen(QPen(Qt::black, 2));
        painter->setBrush(QBrush(colors::selection()));
        painter->drawRect(*selected);
    }
    painter->setOpacity(1.0);
}

CrossingOutlines::CrossingOutlines(QCustomPlot* plot, const QString& layer, const BufferLayer* buffers)
    : AxisRectLayerable(plot, layer)
    , m_buffers(buffers)
{
}

// Over each box that does not fit, as BufferLayer drew it: the failure outline, the selected box
// excepted (drawn selected).
void CrossingOutlines::draw(QCPPainter* painter)
{
    const TimelineGeometry g = geometryOf(*mParentPlot);
    const QRectF view = g.plotRect();
    const std::vector<BufferBox>& boxes = m_buffers->boxes();
    QVector<QRectF> crossing;
    for (std::size_t i = 0; i < boxes.size(); ++i) {
        const BufferBox& b = boxes[i];
        if (!m_buffers->crossesArena(i)
            || (b.buffer == m_buffers->selectedBuffer() && b.tenant == m_buffers->selectedTenant()))
            continue;
        const QRectF tensor = g.pixelRect(b, true);
        if (tensor.intersects(view))
            crossing.push_back(tensor);
    }
    if (m_buffers->faded())
        painter->setOpacity(0.25);
    painter->setPen(QPen(colors::failure(), 2.5));
    painter->setBrush(Qt::NoBrush);
    painter->drawRects(crossing);
    painter->setOpacity(1.0);
}

} // namespace arenascope
