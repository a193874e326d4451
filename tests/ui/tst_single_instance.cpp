// Opening models from a file manager: one app per user, a later launch's models opening in new
// windows of the running one, paths with spaces and non-ASCII letters intact, the installed data
// found relative to the executable, and the settings in a place no upgrade moves.
#include "ui/app_main.h"
#include "ui/install_paths.h"
#include "ui/main_window.h"
#include "ui/single_instance.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLocalSocket>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtConcurrent>
#include <QtTest>

using namespace arenascope;

namespace {

const QString kAwkwardName = QStringLiteral("keyword spotter \u00fc \u00e9t\u00e9 \u6a21\u578b.tflite");

// A copy of the example model under `dir` with a name a file manager may well pass.
QString awkwardCopy(const QTemporaryDir& dir)
{
    const QString folder = dir.filePath(QStringLiteral("my models \u00e0 moi"));
    QDir().mkpath(folder);
    const QString path = QDir(folder).filePath(kAwkwardName);
    return QFile::copy(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL), path) ? path : QString();
}

QList<MainWindow*> mainWindows()
{
    QList<MainWindow*> out;
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* m = qobject_cast<MainWindow*>(w))
            out.push_back(m);
    return out;
}

// Closes every main window once its analysis is done; false when one never finished or closed.
bool closeAll()
{
    bool finished = true;
    for (MainWindow* w : mainWindows()) {
        finished = QTest::qWaitFor([w] { return !w->opening(); }, 60000) && finished;
        w->close();
    }
    return QTest::qWaitFor([] { return mainWindows().isEmpty(); }, 5000) && finished;
}

} // namespace

class TstSingleInstance : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QApplication::setApplicationName(QStringLiteral("ArenaScope"));
        QApplication::setOrganizationName(QStringLiteral("ArenaScope"));
    }

    void laterLaunchHandsItsArgumentsOver()
    {
        QTemporaryDir dir;
        SingleInstance first(dir.path(), QStringLiteral("test"));
        QVERIFY(first.becomePrimary());
        QVERIFY(first.isPrimary());
        SingleInstance second(dir.path(), QStringLiteral("test"));
        QVERIFY(!second.becomePrimary());
        QSignalSpy received(&first, &SingleInstance::argumentsReceived);
        const QStringList arguments
            = { QStringLiteral("--arena-size"), QStringLiteral("65536"), dir.filePath(kAwkwardName) };
        // The later process blocks on its socket: it runs in another thread while this one serves.
        QFuture<bool> sent = QtConcurrent::run([&] { return second.sendToPrimary(arguments, 10000); });
        QVERIFY(received.wait(10000));
        sent.waitForFinished();
        QVERIFY(sent.result());
        QCOMPARE(received.first().first().toStringList(), arguments);
    }

    void noPrimaryMeansRunAlone()
    {
        QTemporaryDir dir;
        SingleInstance alone(dir.path(), QStringLiteral("test"));
        QElapsedTimer t;
        t.start();
        QVERIFY(!alone.sendToPrimary({ QStringLiteral("/m.tflite") }, 300));
        QVERIFY(t.elapsed() < 5000);
    }

    void crashedPrimaryIsReplaced()
    {
        QTemporaryDir dir;
        {
            SingleInstance first(dir.path(), QStringLiteral("test"));
            QVERIFY(first.becomePrimary());
        }
        // What a crash leaves: the socket file (and a lock whose process is gone, which QLockFile
        // takes over; here it was released).
        QFile leftover(dir.filePath(QStringLiteral("test.socket")));
        QVERIFY(leftover.open(QIODevice::WriteOnly));
        leftover.close();
        SingleInstance next(dir.path(), QStringLiteral("test"));
        QVERIFY(next.becomePrimary());
        QLocalSocket probe;
        probe.connectToServer(next.socketPath());
        QVERIFY(probe.waitForConnected(2000));
    }

    void garbageIsRefused()
    {
        QTemporaryDir dir;
        SingleInstance first(dir.path(), QStringLiteral("test"));
        QVERIFY(first.becomePrimary());
        QSignalSpy received(&first, &SingleInstance::argumentsReceived);
        // Another protocol, and a request claiming 2 GiB: both dropped unread, nothing opened.
        for (const QByteArray& request : { QByteArray(64, 'x'), QByteArray("ASC1\x7f\xff\xff\xff", 8) }) {
            QLocalSocket s;
            s.connectToServer(first.socketPath());
            QVERIFY(s.waitForConnected(2000));
            s.write(request);
            s.flush();
            QVERIFY(QTest::qWaitFor([&] { return s.state() == QLocalSocket::UnconnectedState; }, 5000));
        }
        QCOMPARE(received.count(), 0);
    }

    void argumentsBecomeAbsolutePaths()
    {
        const LaunchRequest r
            = parseLaunchArguments({ QStringLiteral("sub dir/") + kAwkwardName, QStringLiteral("--arena-size"),
                                       QStringLiteral("64K"), QStringLiteral("/abs/b.tflite") },
                QStringLiteral("/work dir"));
        QCOMPARE(r.models,
            QStringList({ QStringLiteral("/work dir/sub dir/") + kAwkwardName, QStringLiteral("/abs/b.tflite") }));
        QCOMPARE(r.arenaSize.value_or(0), std::uint64_t { 65536 });
        const LaunchRequest again = parseLaunchArguments(launchArguments(r), QStringLiteral("/elsewhere"));
        QCOMPARE(again.models, r.models);
        QCOMPARE(again.arenaSize, r.arenaSize);
    }

    // What the running app does with a later launch's request: each model in a new window.
    void receivedModelsOpenInNewWindows()
    {
        QTemporaryDir dir;
        const QString model = awkwardCopy(dir);
        QVERIFY(!model.isEmpty());
        openRequest(parseLaunchArguments({}, dir.path()), true); // the first launch: the example
        QCOMPARE(mainWindows().size(), 1);
        openRequest(parseLaunchArguments({ model, QStringLiteral("--arena-size"), QStringLiteral("96K") }, "/"), false);
        QCOMPARE(mainWindows().size(), 2);
        MainWindow* opened = nullptr;
        for (MainWindow* w : mainWindows())
            if (w->windowTitle().contains(kAwkwardName))
                opened = w;
        QVERIFY2(opened, "no window shows the model with spaces and non-ASCII letters");
        QVERIFY(opened->model());
        QVERIFY(QTest::qWaitFor([opened] { return !opened->opening(); }, 60000));
        QVERIFY(opened->analysis());
        // A launch without a model brings the app forward instead of opening another window.
        openRequest(parseLaunchArguments({}, dir.path()), false);
        QCOMPARE(mainWindows().size(), 2);
        QVERIFY(closeAll());
    }

    void installedDataIsFoundBesideTheExecutable()
    {
        QTemporaryDir prefix;
        const QString bin = prefix.filePath(QStringLiteral("bin"));
        const QString models = prefix.filePath(QStringLiteral("share/arenascope/models"));
        QVERIFY(QDir().mkpath(bin) && QDir().mkpath(models));
        const QString relative = QStringLiteral(ARENASCOPE_DATA_FROM_BIN "/arenascope/models/example_kws_int8.tflite");
        // Nothing installed: none found.
        QCOMPARE(firstExisting(bin, { relative }), QString());
        QVERIFY(
            QFile::copy(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL), QDir(models).filePath("example_kws_int8.tflite")));
        QCOMPARE(firstExisting(bin, { relative, QStringLiteral(ARENASCOPE_EXAMPLE_MODEL) }),
            QDir(models).filePath(QStringLiteral("example_kws_int8.tflite")));
        // Run from the build folder (nothing beside it): the source tree's.
        QCOMPARE(exampleModelPath(), QDir::cleanPath(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL)));
        QVERIFY(!appIcon().isNull());
        QVERIFY2(QFile::exists(QStringLiteral(ARENASCOPE_SOURCE_DIR "/packaging/") + QString::fromLatin1(kAppId)
                     + QStringLiteral(".desktop")),
            "kAppId does not name the desktop entry in packaging/");
    }

    void settingsStayWhereUpgradesLeaveThem()
    {
        // The settings file is named by the organization and application names alone (no
        // version, no install path), so a newer package reads the older one's settings.
        QStandardPaths::setTestModeEnabled(false);
        const QString file = QSettings().fileName();
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY2(file.endsWith(QStringLiteral("/ArenaScope/ArenaScope.conf")), qPrintable(file));
    }

    // The real executable: a second launch with a model hands it to the first and exits at once.
    void secondProcessExitsAfterHandingOver()
    {
        QTemporaryDir runtime;
        QFile::setPermissions(runtime.path(), QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        const QString model = awkwardCopy(runtime);
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), runtime.path());
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), runtime.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("QT_FORCE_STDERR_LOGGING"), QStringLiteral("1")); // not to a journal
        QProcess first;
        first.setProcessEnvironment(env);
        first.start(QStringLiteral(ARENASCOPE_CLI), {});
        QVERIFY(first.waitForStarted());
        QVERIFY2(QTest::qWaitFor(
                     [&] {
                         return !QDir(runtime.path())
                                     .entryList({ QStringLiteral("arenascope-*.socket") }, QDir::System)
                                     .isEmpty();
                     },
                     30000),
            "the first app never listened");
        QProcess second;
        second.setProcessEnvironment(env);
        second.setWorkingDirectory(QFileInfo(model).path());
        second.start(QStringLiteral(ARENASCOPE_CLI), { QFileInfo(model).fileName() });
        const bool exited = second.waitForFinished(15000);
        const bool firstRuns = first.state() == QProcess::Running;
        // The first process opens it, by its whole path (spaces, non-ASCII letters and all).
        const QString expected = QStringLiteral("a later launch opens ") + model;
        QString said;
        const bool opened = QTest::qWaitFor(
            [&] {
                said += QString::fromUtf8(first.readAllStandardError());
                return said.contains(expected);
            },
            15000);
        first.kill();
        first.waitForFinished();
        QVERIFY2(exited, "the second launch kept running: a second app");
        QCOMPARE(second.exitCode(), 0);
        QVERIFY(firstRuns);
        QVERIFY2(opened, qPrintable(QStringLiteral("the first app did not say '%1'; it said: %2").arg(expected, said)));
    }
};

QTEST_MAIN(TstSingleInstance)
#include "tst_single_instance.moc"
