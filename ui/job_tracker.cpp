#include "job_tracker.h"

#include <algorithm>
#include <cmath>

namespace arenascope {

namespace {
constexpr int kLongRunningMillis = 500;
constexpr int kProgressMillis = 100;
} // namespace

void JobControl::setProgress(double fraction) const
{
    const double clamped = std::clamp(fraction, 0.0, 1.0);
    m_permille.store(static_cast<int>(std::lround(clamped * 1000.0)), std::memory_order_relaxed);
}

JobTracker::JobTracker(QObject* parent)
    : QObject(parent)
{
    m_progressTimer.setInterval(kProgressMillis);
    connect(&m_progressTimer, &QTimer::timeout, this, &JobTracker::pollProgress);
}

JobTracker::~JobTracker()
{
    for (auto& [key, job] : m_lanes)
        job.control->m_cancel.store(true); // their results would go nowhere
}

std::pair<std::uint64_t, std::shared_ptr<JobControl>> JobTracker::begin(
    QObject* context, const QString& lane, const QString& description)
{
    const LaneKey key { context, lane };
    if (auto it = m_lanes.find(key); it != m_lanes.end())
        it->second.control->m_cancel.store(true); // superseded: its result is dropped anyway
    const std::uint64_t id = ++m_nextId;
    auto control = std::make_shared<JobControl>();
    m_lanes[key] = Running { id, control, description, context, false };
    // A context that goes away takes its lanes with it: their work is told to stop.
    if (context && context != this && m_contexts.insert(context).second)
        connect(context, &QObject::destroyed, this, [this, context] {
            cancelAll(context);
            m_contexts.erase(context);
        });
    if (++m_running == 1)
        emit busyChanged(true);
    QTimer::singleShot(kLongRunningMillis, this, [this, id] { markLong(id); });
    return { id, control };
}

bool JobTracker::end(const LaneKey& key, std::uint64_t id)
{
    bool newest = false;
    if (auto it = m_lanes.find(key); it != m_lanes.end() && it->second.id == id) {
        newest = true;
        m_lanes.erase(it);
    }
    const bool wasLong = m_progressTimer.isActive();
    if (wasLong && !newestLong()) {
        m_progressTimer.stop();
        m_lastPermille = -2;
        emit longRunning(false, QString());
    }
    if (--m_running == 0)
        emit busyChanged(false);
    return newest;
}

void JobTracker::markLong(std::uint64_t id)
{
    for (auto& [key, job] : m_lanes) {
        if (job.id != id)
            continue;
        job.longRunning = true;
        m_progressTimer.start();
        emit longRunning(true, job.description);
        pollProgress();
        return;
    }
}

const JobTracker::Running* JobTracker::newestLong() const
{
    const Running* newest = nullptr;
    for (const auto& [key, job] : m_lanes)
        if (job.longRunning && (!newest || job.id > newest->id))
            newest = &job;
    return newest;
}

void JobTracker::pollProgress()
{
    const Running* job = newestLong();
    if (!job)
        return;
    const int permille = job->control->m_permille.load(std::memory_order_relaxed);
    if (permille != m_lastPermille) {
        m_lastPermille = permille;
        emit progress(permille);
    }
}

void JobTracker::cancel(const QObject* context, const QString& lane)
{
    if (auto it = m_lanes.find({ context, lane }); it != m_lanes.end())
        it->second.control->m_cancel.store(true);
}

void JobTracker::discard(const QObject* context, const QString& lane)
{
    if (auto it = m_lanes.find({ context, lane }); it != m_lanes.end()) {
        it->second.control->m_cancel.store(true);
        m_lanes.erase(it); // its end() then finds a newer (or no) job: nothing is delivered
    }
}

void JobTracker::cancelAll(const QObject* context)
{
    for (auto& [key, job] : m_lanes)
        if (key.first == context)
            job.control->m_cancel.store(true);
}

void JobTracker::cancelLongRunning()
{
    for (auto& [key, job] : m_lanes)
        if (job.longRunning)
            job.control->m_cancel.store(true);
}

bool JobTracker::busy(const QObject* context, const QString& lane) const
{
    return m_lanes.count({ context, lane }) > 0;
}

} // namespace arenascope
