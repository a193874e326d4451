#include "single_instance.h"

#include <QDeadlineTimer>
#include <QDir>
#include <QGuiApplication>
#include <QLocalServer>
#include <QLocalSocket>
#include <QLockFile>
#include <QStandardPaths>
#include <QThread>

#include <algorithm>

namespace arenascope {

namespace {

// The request: "ASC1", the payload's length (4 bytes, big-endian), then the arguments in UTF-8,
// each ended by a NUL. The answer: one byte. A request past kMaxRequest is refused unread.
constexpr char kMagic[4] = { 'A', 'S', 'C', '1' };
constexpr qint64 kHeader = 8;
constexpr quint32 kMaxRequest = 1 << 20;
constexpr char kAnswer = 'k';

quint32 bigEndian(const char* p)
{
    quint32 v = 0;
    for (int i = 0; i < 4; ++i)
        v = (v << 8) | static_cast<unsigned char>(p[i]);
    return v;
}

} // namespace

SingleInstance::SingleInstance(const QString& directory, const QString& name, QObject* parent)
    : QObject(parent)
    , m_lockPath(QDir(directory).filePath(name + QStringLiteral(".lock")))
    , m_socketPath(QDir(directory).filePath(name + QStringLiteral(".socket")))
{
}

SingleInstance::~SingleInstance() = default;

QString SingleInstance::defaultDirectory()
{
    QString dir = QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
    return dir.isEmpty() ? QDir::tempPath() : dir;
}

QString SingleInstance::defaultName()
{
    QString display = qEnvironmentVariable("WAYLAND_DISPLAY", qEnvironmentVariable("DISPLAY"));
    QString name = QStringLiteral("arenascope-") + QGuiApplication::platformName() + QLatin1Char('-') + display;
    for (QChar& c : name)
        if (!c.isLetterOrNumber() && c != QLatin1Char('-'))
            c = QLatin1Char('_');
    return name;
}

bool SingleInstance::becomePrimary()
{
    m_lock = std::make_unique<QLockFile>(m_lockPath);
    // Never stale by age: the first process holds it for as long as it runs (a dead holder's lock
    // is still taken over).
    m_lock->setStaleLockTime(0);
    if (!m_lock->tryLock(0))
        return false;
    m_server = new QLocalServer(this);
    m_server->setSocketOptions(QLocalServer::UserAccessOption);
    QLocalServer::removeServer(m_socketPath); // a crashed primary's socket: the lock is ours now
    if (!m_server->listen(m_socketPath)) {
        qWarning("arenascope: cannot listen on %s (%s): later launches open their own app", qPrintable(m_socketPath),
            qPrintable(m_server->errorString()));
        return true;
    }
    connect(m_server, &QLocalServer::newConnection, this, [this] {
        while (QLocalSocket* socket = m_server->nextPendingConnection()) {
            connect(socket, &QLocalSocket::readyRead, this, [this, socket] { readRequest(socket); });
            connect(socket, &QLocalSocket::disconnected, socket, &QObject::deleteLater);
            readRequest(socket);
        }
    });
    return true;
}

void SingleInstance::readRequest(QLocalSocket* socket)
{
    if (socket->bytesAvailable() < kHeader)
        return; // not all of it yet
    const QByteArray header = socket->peek(kHeader);
    const quint32 length = bigEndian(header.constData() + 4);
    if (!header.startsWith(QByteArray(kMagic, 4)) || length > kMaxRequest) {
        socket->abort();
        return;
    }
    if (socket->bytesAvailable() < kHeader + length)
        return;
    socket->read(kHeader);
    const QByteArray payload = socket->read(length);
    QStringList arguments;
    for (const QByteArray& a : payload.split('\0'))
        arguments.push_back(QString::fromUtf8(a));
    arguments.removeLast(); // after the last NUL
    socket->write(&kAnswer, 1);
    socket->flush();
    socket->disconnectFromServer();
    emit argumentsReceived(arguments);
}

bool SingleInstance::sendToPrimary(const QStringList& arguments, int timeoutMs)
{
    const QDeadlineTimer deadline(timeoutMs);
    QLocalSocket socket;
    // The first process may hold the lock and not listen yet: try again until the deadline.
    while (true) {
        socket.connectToServer(m_socketPath);
        if (socket.waitForConnected(static_cast<int>(std::min<qint64>(250, deadline.remainingTime()))))
            break;
        if (deadline.hasExpired())
            return false;
        QThread::msleep(50);
    }
    QByteArray payload;
    for (const QString& a : arguments)
        payload += a.toUtf8() + '\0';
    QByteArray request(kMagic, 4);
    for (int shift = 24; shift >= 0; shift -= 8)
        request += static_cast<char>((payload.size() >> shift) & 0xff);
    socket.write(request + payload);
    if (!socket.waitForBytesWritten(static_cast<int>(deadline.remainingTime())))
        return false;
    while (socket.bytesAvailable() < 1)
        if (!socket.waitForReadyRead(static_cast<int>(deadline.remainingTime())))
            return false;
    char answer = 0;
    return socket.read(&answer, 1) == 1 && answer == kAnswer;
}

} // namespace arenascope
