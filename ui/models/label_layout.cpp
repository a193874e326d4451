#include "label_layout.h"

#include <algorithm>
#include <numeric>

namespace arenascope {

void hideOverlaps(std::vector<LabelBox>& boxes, const QRectF& area, const std::vector<QRectF>& obstacles)
{
    std::vector<std::size_t> order(boxes.size());
    std::iota(order.begin(), order.end(), std::size_t { 0 });
    std::stable_sort(order.begin(), order.end(),
        [&](std::size_t a, std::size_t b) { return boxes[a].priority > boxes[b].priority; });
    std::vector<QRectF> kept;
    for (std::size_t i : order) {
        LabelBox& box = boxes[i];
        const auto fits = [&](const QRectF& r) {
            if (r.isEmpty() || !area.contains(r))
                return false;
            for (std::size_t k = 0; k < obstacles.size(); ++k)
                if (static_cast<int>(k) != box.ownLine && obstacles[k].intersects(r))
                    return false;
            return std::none_of(kept.begin(), kept.end(), [&](const QRectF& other) { return other.intersects(r); });
        };
        box.atAlternative = false;
        if (!box.visible)
            continue;
        if (fits(box.rect)) {
            kept.push_back(box.rect);
        } else if (fits(box.alternative)) {
            box.atAlternative = true;
            kept.push_back(box.alternative);
        } else if (box.mustShow && area.contains(box.rect)) {
            kept.push_back(box.rect);
        } else if (box.mustShow && area.contains(box.alternative)) {
            box.atAlternative = true;
            kept.push_back(box.alternative);
        } else {
            box.visible = false;
        }
    }
}

} // namespace arenascope
