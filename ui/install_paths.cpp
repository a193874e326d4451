#include "install_paths.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>

namespace arenascope {

namespace {

// ARENASCOPE_DATA_FROM_BIN: the install data folder relative to the executable's ("../share",
// ui/CMakeLists.txt from GNUInstallDirs); ARENASCOPE_SOURCE_DIR: the source tree, for a build folder.
QString installedData(const QString& relative)
{
    return QStringLiteral(ARENASCOPE_DATA_FROM_BIN "/") + relative;
}

} // namespace

QString firstExisting(const QString& base, const QStringList& candidates)
{
    for (const QString& c : candidates) {
        const QString path = QDir::isAbsolutePath(c) ? c : QDir(base).filePath(c);
        if (QFileInfo::exists(path))
            return QDir::cleanPath(path);
    }
    return {};
}

QString exampleModelPath()
{
    const QString name = QStringLiteral("example_kws_int8.tflite");
    return firstExisting(QCoreApplication::applicationDirPath(),
        { installedData(QStringLiteral("arenascope/models/") + name),
            QStringLiteral(ARENASCOPE_SOURCE_DIR "/models/") + name });
}

QIcon appIcon()
{
    const QString id = QString::fromLatin1(kAppId);
    QIcon icon = QIcon::fromTheme(id);
    if (!icon.isNull())
        return icon;
    for (int size : { 16, 22, 24, 32, 48, 64, 128, 256 }) {
        const QString file = QStringLiteral("hicolor/%1x%1/apps/%2.png").arg(size).arg(id);
        const QString path = firstExisting(QCoreApplication::applicationDirPath(),
            { installedData(QStringLiteral("icons/") + file),
                QStringLiteral(ARENASCOPE_SOURCE_DIR "/packaging/icons/") + file });
        if (!path.isEmpty())
            icon.addFile(path, QSize(size, size));
    }
    return icon;
}

} // namespace arenascope
