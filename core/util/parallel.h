#pragma once
// Runs independent jobs on every core: the batch commands (plan over many models, baseline,
// check) analyse one model x configuration per job. Core calls are thread-safe on distinct
// inputs (no mutable statics), so the jobs need no locking; results go to their own slot.
//
// Usage:
//   std::vector<Row> rows(n);
//   parallelFor(n, [&](std::size_t i) { rows[i] = measure(i); },
//       [&](std::size_t done) { progress(done, n); });

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace arenascope {

// Calls job(i) once for each i in [0, n) on up to hardware_concurrency threads (`workers` when
// non-zero); `done(k)` is called after each job, serialized, with the count finished so far.
template <typename Job>
void parallelFor(std::size_t n, Job job, const std::function<void(std::size_t)>& done = {}, unsigned workers = 0)
{
    if (workers == 0)
        workers = std::max(1U, std::thread::hardware_concurrency());
    const std::size_t threads = std::min<std::size_t>(workers, n);
    std::atomic<std::size_t> next { 0 };
    std::size_t finished = 0;
    std::mutex progress;
    auto work = [&] {
        for (std::size_t i = next++; i < n; i = next++) {
            job(i);
            if (done) {
                const std::lock_guard<std::mutex> lock(progress);
                done(++finished);
            }
        }
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread& t : pool)
        t.join();
}

} // namespace arenascope
