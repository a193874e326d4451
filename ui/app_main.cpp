#include "app_main.h"

#include "install_paths.h"
#include "main_window.h"
#include "pages/controls_panel.h"
#include "single_instance.h"

#include "core/util/byte_size.h"
#include "core/util/version.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>

namespace arenascope {

LaunchRequest parseLaunchArguments(const QStringList& arguments, const QString& workingDirectory)
{
    LaunchRequest r;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        std::uint64_t bytes = 0;
        if (arguments[i] == QStringLiteral("--arena-size") && i + 1 < arguments.size()
            && parseByteSize(arguments[i + 1].toStdString(), bytes)) {
            r.arenaSize = bytes;
            ++i;
        } else if (!arguments[i].startsWith(QLatin1Char('-'))) {
            r.models.push_back(QDir::cleanPath(QDir(workingDirectory).absoluteFilePath(arguments[i])));
        }
    }
    return r;
}

QStringList launchArguments(const LaunchRequest& request)
{
    QStringList out;
    if (request.arenaSize)
        out << QStringLiteral("--arena-size") << QString::number(*request.arenaSize);
    return out + request.models;
}

MainWindow* openWindow(const QString& model, std::optional<std::uint64_t> arenaSize)
{
    QWidget* previous = QApplication::activeWindow();
    auto* window = new MainWindow;
    window->setAttribute(Qt::WA_DeleteOnClose);
    if (auto* shown = qobject_cast<MainWindow*>(previous ? previous->window() : nullptr))
        window->move(shown->pos() + QPoint(32, 32)); // not exactly over the one in front
    window->openModel(model);
    if (arenaSize)
        window->controls()->setArenaBytes(*arenaSize);
    window->show();
    window->raise();
    window->activateWindow();
    return window;
}

void openRequest(const LaunchRequest& request, bool firstLaunch)
{
    if (request.models.isEmpty()) {
        // Launched again without a model (the menu, a shell): the app comes to the front.
        if (!firstLaunch)
            for (QWidget* w : QApplication::topLevelWidgets())
                if (auto* window = qobject_cast<MainWindow*>(w); window && window->isVisible()) {
                    window->raise();
                    window->activateWindow();
                    return;
                }
        openWindow(exampleModelPath(), request.arenaSize);
        return;
    }
    for (const QString& model : request.models)
        openWindow(model, request.arenaSize);
}

int runDesktopApp(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ArenaScope"));
    QApplication::setOrganizationName(QStringLiteral("ArenaScope"));
    QApplication::setApplicationVersion(QString::fromLatin1(kArenaScopeVersion));
    QGuiApplication::setDesktopFileName(QString::fromLatin1(kAppId));
    QApplication::setWindowIcon(appIcon());
    // arenascope [MODEL.tflite ...] [--arena-size N[K|M]]
    const LaunchRequest request = parseLaunchArguments(QApplication::arguments().mid(1), QDir::currentPath());
    SingleInstance instance(SingleInstance::defaultDirectory(), SingleInstance::defaultName());
    if (!instance.becomePrimary() && instance.sendToPrimary(launchArguments(request)))
        return 0; // the running app opens them
    QObject::connect(&instance, &SingleInstance::argumentsReceived, &app, [](const QStringList& arguments) {
        const LaunchRequest later = parseLaunchArguments(arguments, QDir::rootPath());
        // On stderr, where a desktop session's journal keeps it (and tst_single_instance reads it).
        for (const QString& model : later.models)
            qInfo("arenascope: a later launch opens %s here", qUtf8Printable(model));
        openRequest(later, false);
    });
    openRequest(request, true);
    return QApplication::exec();
}

} // namespace arenascope
