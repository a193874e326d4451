#include "app_main.h"

#include "main_window.h"
#include "pages/controls_panel.h"

#include "core/util/byte_size.h"
#include "core/util/version.h"

#include <QApplication>

namespace arenascope {

int runDesktopApp(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ArenaScope"));
    QApplication::setOrganizationName(QStringLiteral("ArenaScope"));
    QApplication::setApplicationVersion(QString::fromLatin1(kArenaScopeVersion));
    // arenascope [MODEL.tflite] [--arena-size N[K|M]]
    QString model = QStringLiteral(ARENASCOPE_EXAMPLE_MODEL);
    std::optional<std::uint64_t> arenaSize;
    const QStringList args = QApplication::arguments();
    for (qsizetype i = 1; i < args.size(); ++i) {
        std::uint64_t bytes = 0;
        if (args[i] == QStringLiteral("--arena-size") && i + 1 < args.size()
            && parseByteSize(args[i + 1].toStdString(), bytes)) {
            arenaSize = bytes;
            ++i;
        } else if (!args[i].startsWith(QLatin1Char('-'))) {
            model = args[i];
        }
    }
    MainWindow window;
    window.openModel(model);
    if (arenaSize)
        window.controls()->setArenaBytes(*arenaSize);
    window.show();
    return QApplication::exec();
}

} // namespace arenascope
