#include "timeline_plot.h"

// What an export of the timeline needs: the plot drawn at a fixed size and scale, whatever its
// size on screen, and a title line above it (the model and its settings).

#include "plot_style.h"

#include <qcustomplot.h>

namespace arenascope {

QImage TimelinePlot::toImage(QSize size, double scale) const
{
    return m_plot->toPixmap(size.width(), size.height(), scale).toImage();
}

void TimelinePlot::setTitle(const QString& title)
{
    if (title.isEmpty())
        return;
    m_plot->plotLayout()->insertRow(0);
    auto* text = new QCPTextElement(m_plot, title);
    text->setTextFlags(Qt::AlignLeft | Qt::AlignVCenter);
    text->setTextColor(plotInk(palette()));
    m_plot->plotLayout()->addElement(0, 0, text);
}

} // namespace arenascope
