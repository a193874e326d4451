#pragma once
// One desktop app per user and display. The first process takes a lock and listens on a local
// socket beside it; a later one (a model double-clicked in the file manager while the app runs)
// hands its arguments over and exits, and the first opens the models in new windows. So one
// process reads and writes the settings, and a second model never starts a second app.
//
// Usage (ui/app_main.cpp):
//   SingleInstance instance(SingleInstance::defaultDirectory(), SingleInstance::defaultName());
//   if (!instance.becomePrimary() && instance.sendToPrimary(arguments))
//       return 0; // the running app has them
//   connect(&instance, &SingleInstance::argumentsReceived, ...); // open them
//
// A primary that does not answer within the timeout (hung, or gone without its lock) leaves the
// later process to run on its own. The lock is QLockFile's: a crashed primary's is taken over.

#include <QObject>
#include <QStringList>

#include <memory>

class QLocalServer;
class QLocalSocket;
class QLockFile;

namespace arenascope {

class SingleInstance : public QObject {
    Q_OBJECT
public:
    // The lock and socket are `directory`/`name`.lock and .socket.
    SingleInstance(const QString& directory, const QString& name, QObject* parent = nullptr);
    ~SingleInstance() override;

    // The user's runtime folder (XDG_RUNTIME_DIR), and a name per display (two X or Wayland
    // sessions of one user get an app each).
    static QString defaultDirectory();
    static QString defaultName();

    // Takes the lock and listens: true when this process is the first. False when another holds it.
    bool becomePrimary();
    bool isPrimary() const { return m_server != nullptr; }
    // Hands `arguments` (model paths absolute) to the first process and waits for its answer, at
    // most `timeoutMs`; false when none answered.
    bool sendToPrimary(const QStringList& arguments, int timeoutMs = 5000);
    QString socketPath() const { return m_socketPath; }

signals:
    // A later process's arguments, as it sent them.
    void argumentsReceived(const QStringList& arguments);

private:
    void readRequest(QLocalSocket* socket);

    QString m_lockPath;
    QString m_socketPath;
    std::unique_ptr<QLockFile> m_lock;
    QLocalServer* m_server = nullptr;
};

} // namespace arenascope
