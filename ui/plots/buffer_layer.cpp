#include "buffer_layer.h"

#include "plot_colors.h"

namespace arenascope {

BufferLayer::BufferLayer(QCustomPlot* plot)
    : QCPLayerable(plot, QStringLiteral("main"))
{
    setAntialiased(false);
}

void BufferLayer::setBoxes(std::vector<Box> boxes)
{
    m_boxes = std::move(boxes);
    m_selected = -1;
}

void BufferLayer::setCrossesArena(std::size_t index, bool crosses)
{
    if (index < m_boxes.size())
        m_boxes[index].crossesArena = crosses;
}

QRect BufferLayer::clipRect() const
{
    return mParentPlot->axisRect()->rect();
}

void BufferLayer::applyDefaultAntialiasingHint(QCPPainter* painter) const
{
    applyAntialiasingHint(painter, mAntialiased, QCP::aePlottables);
}

void BufferLayer::draw(QCPPainter* painter)
{
    QCPAxis* x = mParentPlot->xAxis;
    QCPAxis* y = mParentPlot->yAxis;
    const QRectF view = mParentPlot->axisRect()->rect();
    auto rectOf = [&](double first, double last, double lo, double hi) {
        return QRectF(
            QPointF(x->coordToPixel(first), y->coordToPixel(hi)), QPointF(x->coordToPixel(last), y->coordToPixel(lo)))
            .normalized();
    };
    if (m_faded)
        painter->setOpacity(0.25);
    for (std::size_t i = 0; i < m_boxes.size(); ++i) {
        const Box& b = m_boxes[i];
        const QRectF whole = rectOf(b.first, b.last, b.lo, b.hi);
        if (!whole.intersects(view))
            continue;
        const bool selected = static_cast<int>(i) == m_selected;
        const QRectF tensor = rectOf(b.first, b.last, b.lo, b.used);
        // A buffer that does not fit keeps its kind's colour, outlined in the failure colour.
        const QPen outline = selected ? QPen(Qt::black, 2)
            : b.crossesArena          ? QPen(colors::failure(), 2.5)
                                      : QPen(b.color.darker(130));
        painter->setPen(outline);
        painter->setBrush(selected ? QBrush(colors::selection()) : QBrush(b.color.lighter(125)));
        painter->drawRect(tensor);
        // Padding only where it is visible: thousands of sub-pixel hatches cost a frame.
        const QRectF padding = rectOf(b.first, b.last, b.used, b.hi);
        if (b.hi > b.used && padding.height() >= 2.0) {
            painter->setPen(Qt::NoPen);
            painter->setBrush(QBrush(b.color, Qt::BDiagPattern));
            painter->drawRect(padding);
        }
    }
    painter->setOpacity(1.0);
}

} // namespace arenascope
