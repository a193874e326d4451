#include "app_main.h"

#include "main_window.h"

#include <QApplication>

namespace arenascope {

int runDesktopApp(int argc, char** argv)
{
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ArenaScope"));
    QApplication::setOrganizationName(QStringLiteral("ArenaScope"));
    MainWindow window;
    const QStringList args = QApplication::arguments();
    window.openModel(args.size() > 1 ? args.at(1) : QStringLiteral(ARENASCOPE_EXAMPLE_MODEL));
    window.show();
    return QApplication::exec();
}

} // namespace arenascope
