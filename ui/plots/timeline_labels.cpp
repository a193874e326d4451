#include "timeline_plot.h"

// Where the timeline's line labels go: the arena size, the head, the temp peak and the tail
// band, placed by the one label layout (TimelineGeometry::layoutLabels) after every layout of
// the plot, at the size about to be drawn (on screen or in an export).

#include <QFontMetricsF>
#include <qcustomplot.h>

namespace arenascope {

namespace {

QSizeF labelSize(const QCPItemText* label)
{
    const QSizeF text = QFontMetricsF(label->font()).size(0, label->text());
    const QMargins pad = label->padding();
    return { text.width() + pad.left() + pad.right(), text.height() + pad.top() + pad.bottom() };
}

} // namespace

std::vector<QCPItemText*> TimelinePlot::lineLabels() const
{
    std::vector<QCPItemText*> out;
    for (QCPItemText* l : { m_dynamic.arenaLabel, m_headLabel, m_peakLabel, m_dynamic.tailLabel })
        if (l)
            out.push_back(l);
    return out;
}

// Arena size first (always drawn: it names the line the user drags), then head, temp peak and
// tail: a label that would sit on a more important one, on another line, or leave the plot
// area goes below its line instead, or is not drawn (the verdict states every figure). The
// tail's label sits in its band when the band holds it.
void TimelinePlot::placeLabels()
{
    const std::vector<QCPItemText*> labels = lineLabels();
    std::vector<LabelMark> marks;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const QCPItemText* l = labels[i];
        LabelMark m;
        m.kind = l == m_dynamic.tailLabel ? LabelMark::Kind::Band : LabelMark::Kind::Line;
        m.offset = m.kind == LabelMark::Kind::Band ? m_tailBand.first : l->position->coords().y();
        m.extent = m_tailBand.second;
        m.size = labelSize(l);
        m.priority = static_cast<int>(labels.size() - i);
        m.mustShow = l == m_dynamic.arenaLabel;
        m.along = l->position->coords().x();
        m.horizontal = l->positionAlignment() & Qt::AlignHorizontal_Mask;
        marks.push_back(m);
    }
    const TimelineGeometry g = geometry();
    const std::vector<LabelBox> boxes = g.layoutLabels(marks, g.plotRect());
    m_shownLabels.clear();
    for (std::size_t i = 0; i < labels.size(); ++i) {
        QCPItemText* l = labels[i];
        const LabelBox& box = boxes[i];
        l->setVisible(box.visible);
        if (marks[i].kind == LabelMark::Kind::Line)
            l->setPositionAlignment(marks[i].horizontal | (box.atAlternative ? Qt::AlignTop : Qt::AlignBottom));
        if (box.visible)
            m_shownLabels.emplace_back(l->text(), box.atAlternative ? box.alternative : box.rect);
    }
}

std::vector<std::pair<QString, QRectF>> TimelinePlot::shownLabels() const
{
    return m_shownLabels;
}

} // namespace arenascope
