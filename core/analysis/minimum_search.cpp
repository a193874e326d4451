#include "minimum_search.h"

#include <algorithm>
#include <cmath>

namespace arenascope {

namespace {

MinimumSearch search(const std::function<bool(std::uint64_t)>& works, std::uint64_t ceiling,
    std::optional<std::chrono::steady_clock::time_point> deadline, const std::atomic<bool>* cancel,
    const std::function<void(double)>& progress)
{
    // The bisection takes about log2(ceiling) trials, the check below it a few more.
    const double expected = std::log2(static_cast<double>(std::max<std::uint64_t>(ceiling, 2))) + 4.0;
    int trials = 0;
    auto okAt = [&](std::uint64_t size) {
        const bool ok = works(size);
        if (progress)
            progress(std::min(0.99, ++trials / expected));
        return ok;
    };
    auto late
        = [&] { return (cancel && cancel->load()) || (deadline && std::chrono::steady_clock::now() > *deadline); };
    if (!okAt(ceiling))
        return { std::nullopt, true };
    std::uint64_t lo = 0; // fails (an empty arena cannot hold the allocator)
    std::uint64_t hi = ceiling; // succeeds
    while (true) {
        while (hi - lo > 1) {
            if (late())
                return { hi, false };
            const std::uint64_t mid = lo + (hi - lo) / 2;
            if (okAt(mid))
                hi = mid;
            else
                lo = mid;
        }
        // A larger arena of the same residue mod 16 shifts the whole tail by 16k and only adds
        // free space, so a smaller working size, if any, has one within 16 bytes below hi.
        std::optional<std::uint64_t> lower;
        for (std::uint64_t d = 2; d <= 16 && d <= hi; ++d) {
            if (okAt(hi - d)) {
                lower = hi - d;
                break;
            }
        }
        if (!lower)
            return { hi, true };
        hi = *lower;
        lo = 0;
    }
}

} // namespace

MinimumSearch searchSmallestSize(const SizeProbe& probe, std::uint64_t ceiling,
    std::optional<std::chrono::steady_clock::time_point> deadline, const std::atomic<bool>* cancel,
    const std::function<void(double)>& progress)
{
    bool replayed = false;
    const auto works = [&](std::uint64_t size) {
        if (probe.replay)
            if (const std::optional<bool> r = probe.replay(size)) {
                replayed = true;
                return *r;
            }
        return probe.emulate(size);
    };
    MinimumSearch found = search(works, ceiling, deadline, cancel, progress);
    // The replayed answer, checked by emulation where it matters.
    if (replayed && found.exact && found.bytes
        && (!probe.emulate(*found.bytes) || (*found.bytes > 1 && probe.emulate(*found.bytes - 1))))
        found = search(probe.emulate, ceiling, deadline, cancel, progress);
    return found;
}

std::function<std::optional<bool>(std::uint64_t)> replayProbe(const ArenaTrace* trace, ReplayShape shape)
{
    if (!trace || !trace->complete)
        return {};
    return [trace, shape](std::uint64_t size) -> std::optional<bool> {
        ReplayOutcome r;
        if (shape.persistentBytes)
            r = replayTrace(*trace, *shape.persistentBytes, size, shape.stepLimit);
        else if (shape.nonPersistentBytes)
            r = replayTrace(*trace, size, *shape.nonPersistentBytes, shape.stepLimit);
        else if (size < shape.loss)
            return false;
        else
            r = replayTrace(*trace, size - shape.loss, 0, shape.stepLimit);
        return r.ok && (shape.allowOverwrite || !r.tempOverwrite);
    };
}

} // namespace arenascope
