#include "model_file_watcher.h"

#include "core/model/loader.h"
#include "core/util/sha256.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace arenascope {

ModelFileWatcher::ModelFileWatcher(QObject* parent)
    : QObject(parent)
    , m_watcher(new QFileSystemWatcher(this))
    , m_settle(new QTimer(this))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(kSettleMillis);
    connect(m_settle, &QTimer::timeout, this, &ModelFileWatcher::tryLoad);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, this, &ModelFileWatcher::changed);
    // Editors and exporters often write a new file and rename it over the old one: the file's
    // watch ends with the old inode, the folder's tells when the name comes back.
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, this, &ModelFileWatcher::changed);
}

void ModelFileWatcher::watch(const QString& path, const ModelPtr& current)
{
    stop();
    m_path = path;
    m_sha256 = current ? sha256Hex(current->bytes()) : std::string();
    rewatch();
}

void ModelFileWatcher::stop()
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    m_settle->stop();
    m_path.clear();
    m_waitedMillis = 0;
    m_reportedUnavailable = false;
}

void ModelFileWatcher::rewatch()
{
    if (m_path.isEmpty())
        return;
    const QFileInfo info(m_path);
    if (info.exists() && !m_watcher->files().contains(m_path))
        m_watcher->addPath(m_path);
    const QString folder = info.absolutePath();
    if (!m_watcher->directories().contains(folder))
        m_watcher->addPath(folder);
}

void ModelFileWatcher::changed()
{
    if (m_path.isEmpty())
        return;
    m_waitedMillis = 0;
    m_settle->start(); // each further write restarts the quiet time
}

void ModelFileWatcher::tryLoad()
{
    rewatch();
    const QFileInfo info(m_path);
    if (!info.exists()) {
        if (!m_reportedUnavailable) {
            m_reportedUnavailable = true;
            emit unavailable(tr("%1 was removed or renamed").arg(info.fileName()));
        }
        return; // the folder's watch calls again when it comes back
    }
    auto loaded = loadModelFile(m_path.toStdString());
    if (loaded) {
        const std::string sha = sha256Hex(loaded.value()->bytes());
        // Another file of the folder changed, or the same bytes were written again: nothing to do
        // (unless the window was told the file had gone).
        if (sha == m_sha256 && !m_reportedUnavailable)
            return;
        m_sha256 = sha;
        m_reportedUnavailable = false;
        emit reloaded(loaded.value());
        return;
    }
    // Most likely a writer still at work: try again a little later, silently at first.
    m_waitedMillis += kSettleMillis;
    if (m_waitedMillis < kPatienceMillis) {
        m_settle->start();
        return;
    }
    if (!m_reportedUnavailable) {
        m_reportedUnavailable = true;
        emit unavailable(QString::fromStdString(describe(loaded.error())));
    }
}

} // namespace arenascope
