#pragma once
// Watches the open model's file: when it is rewritten (a retrain, a re-export) the new model is
// loaded once the file parses again, so a save in progress never shows as an error. A file that
// vanishes, or stays invalid past the settle time, is reported; the window keeps its last good
// analysis and the watcher goes on waiting for a good file.
//
// Usage:
//   m_watcher->watch(path, model);
//   connect(m_watcher, &ModelFileWatcher::reloaded, this, [](ModelPtr m) { ... });
//   connect(m_watcher, &ModelFileWatcher::unavailable, this, [](QString why) { ... });

#include "core/analysis/analysis.h" // ModelPtr (through the header moc reads everywhere else)

#include <QObject>
#include <QString>

class QFileSystemWatcher;
class QTimer;

namespace arenascope {

class ModelFileWatcher : public QObject {
    Q_OBJECT
public:
    explicit ModelFileWatcher(QObject* parent = nullptr);
    // Watches `path`, whose bytes are `current`'s (a later load with the same bytes is no change).
    void watch(const QString& path, const ModelPtr& current);
    void stop();
    QString path() const { return m_path; }

    static constexpr int kSettleMillis = 300; // quiet time after the last change before loading
    static constexpr int kPatienceMillis = 3000; // how long a file may stay unparsable silently

signals:
    void reloaded(arenascope::ModelPtr model);
    void unavailable(const QString& reason); // vanished, or not a model once the writer is done

private:
    void changed();
    void tryLoad();
    void rewatch();

    QFileSystemWatcher* m_watcher;
    QTimer* m_settle;
    QString m_path;
    std::string m_sha256; // of the bytes last loaded
    int m_waitedMillis = 0;
    bool m_reportedUnavailable = false;
};

} // namespace arenascope
