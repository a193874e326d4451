#include "about_dialogs.h"

#include "ui/text.h"

#include "core/emulation/tflm_version.h"
#include "core/util/version.h"

#include <QAction>
#include <QMessageBox>
#include <QWidget>

namespace arenascope {

void showShortcuts(QWidget* window)
{
    QString rows;
    for (QAction* a : window->findChildren<QAction*>())
        if (!a->shortcut().isEmpty() && !a->text().isEmpty())
            rows += QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;%2</td></tr>")
                        .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                            QString(a->text()).remove(QLatin1Char('&')).toHtmlEscaped());
    rows += QWidget::tr("<tr><td>Space / Left / Right</td><td>&nbsp;&nbsp;Playback: play or pause, previous, next "
                        "allocation</td></tr>"
                        "<tr><td>Wheel / drag</td><td>&nbsp;&nbsp;Timeline: zoom / pan; drag the dashed line to "
                        "change the arena size</td></tr>");
    QMessageBox::information(window, QWidget::tr("Keyboard Shortcuts"), QStringLiteral("<table>%1</table>").arg(rows));
}

void showAbout(QWidget* parent)
{
    // One line per TFLM snapshot, newest first, with the CMSIS-NN it pins.
    QString snapshots;
    const auto versions = tflmVersions();
    for (auto it = versions.rbegin(); it != versions.rend(); ++it)
        snapshots += QWidget::tr("<li>tflite-micro %1 with CMSIS-NN %2</li>")
                         .arg(QString::fromStdString(tflmVersionLabel(it->version)), toQString(it->cmsisNn));
    QMessageBox::about(parent, QWidget::tr("About ArenaScope"),
        QWidget::tr("<p><b>ArenaScope %1</b></p><p>Emulates TensorFlow Lite Micro's tensor arena allocation byte for "
                    "byte, with the reference kernels, CMSIS-NN or esp-tflite-micro's ESP-NN kernels, at:</p>"
                    "<ul>%3</ul>"
                    "<p>Licence: GPL-3.0-or-later. Uses Qt %2 and QCustomPlot (GPL-3.0).</p>")
            .arg(QString::fromLatin1(kArenaScopeVersion), QString::fromLatin1(qVersion()), snapshots));
}

} // namespace arenascope
