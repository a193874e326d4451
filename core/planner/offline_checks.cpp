#include "offline_checks.h"

#include "core/util/format.h"

#include <algorithm>

namespace arenascope {

namespace {

constexpr std::size_t kMaxWarningsPerKind = 3;
constexpr std::uint64_t kMaxPairChecks = 2'000'000;

} // namespace

std::vector<std::string> offlinePlanWarnings(std::span<const BufferRequest> requests,
    const std::function<std::string(std::size_t)>& nameOf, const std::function<bool(std::size_t)>& sharesByDesign)
{
    std::vector<std::string> out;
    std::vector<std::size_t> offline;
    std::size_t negative = 0;
    std::size_t unaligned = 0;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const BufferRequest& r = requests[i];
        if (r.offlineOffset == kOnlinePlanned)
            continue;
        offline.push_back(i);
        if (r.offlineOffset < 0 && negative++ < kMaxWarningsPerKind)
            out.push_back(formatString("The offline plan puts %s at offset %d, before the arena's start: TFLM uses it "
                                       "as given and writes outside the arena.",
                nameOf(i).c_str(), r.offlineOffset));
        else if (r.offlineOffset % 16 != 0 && unaligned++ < kMaxWarningsPerKind)
            out.push_back(formatString("The offline plan puts %s at offset %d, not a multiple of 16: kernels get data "
                                       "less aligned than TFLM's arena alignment.",
                nameOf(i).c_str(), r.offlineOffset));
    }
    // Pairs that share bytes and steps: sorted by offset, each buffer meets only those that
    // start before it ends.
    std::sort(offline.begin(), offline.end(),
        [&](std::size_t a, std::size_t b) { return requests[a].offlineOffset < requests[b].offlineOffset; });
    std::size_t overlaps = 0;
    std::uint64_t checks = 0;
    for (std::size_t x = 0; x < offline.size() && overlaps < kMaxWarningsPerKind; ++x) {
        const BufferRequest& a = requests[offline[x]];
        const std::int64_t aEnd = static_cast<std::int64_t>(a.offlineOffset) + a.size;
        for (std::size_t y = x + 1; y < offline.size() && requests[offline[y]].offlineOffset < aEnd; ++y) {
            if (++checks > kMaxPairChecks) {
                out.push_back("The offline plan has too many buffers at shared offsets to check them all for "
                              "overlaps.");
                return out;
            }
            const BufferRequest& b = requests[offline[y]];
            if (a.size == 0 || b.size == 0 || a.last < b.first || b.last < a.first)
                continue;
            if (sharesByDesign && (sharesByDesign(offline[x]) || sharesByDesign(offline[y])))
                continue;
            out.push_back(formatString("The offline plan gives %s and %s shared bytes while both are alive: each "
                                       "overwrites the other's data.",
                nameOf(offline[x]).c_str(), nameOf(offline[y]).c_str()));
            if (++overlaps >= kMaxWarningsPerKind)
                break;
        }
    }
    return out;
}

} // namespace arenascope
