#pragma once
// One Settings class over QSettings (STYLE.md rule 17): every key and default in one table.

#include "core/emulation/emulation_settings.h"

#include <QByteArray>
#include <QStringList>

namespace arenascope {

class Settings {
public:
    static constexpr int kMaxRecentFiles = 10;

    QStringList recentFiles() const;
    void addRecentFile(const QString& path);

    QByteArray windowGeometry() const;
    void setWindowGeometry(const QByteArray& geometry);
    QByteArray windowState() const;
    void setWindowState(const QByteArray& state);

    EmulationSettings emulation() const;
    void setEmulation(const EmulationSettings& s);
    // The board chosen in the settings panel (its id, core/emulation/boards.h); empty: Custom.
    QString board() const;
    void setBoard(const QString& id);

    bool darkPalette() const;
    void setDarkPalette(bool dark);

    // The folder of the last export (File > Export starts there); empty at first.
    QString exportFolder() const;
    void setExportFolder(const QString& folder);
};

} // namespace arenascope
