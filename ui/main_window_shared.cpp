#include "main_window.h"

// Several models in one arena, from the main window: File > Add Model to This Arena, and a
// second model dropped on the window (compare it, or share the arena with it). The shared arena
// window (pages/shared_arena_window.h) starts with this window's model and build, and follows
// the build when the settings change here.

#include "models/selection_state.h"
#include "pages/compare_window.h"
#include "pages/controls_panel.h"
#include "pages/shared_arena_window.h"
#include "text.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>

namespace arenascope {

SharedArenaWindow* MainWindow::sharedArena() const
{
    return m_sharedArena;
}

void MainWindow::addModelToArena(const QString& path)
{
    if (!m_model) {
        statusBar()->showMessage(tr("Open a model first: the models you add share its arena"), 5000);
        return;
    }
    if (!m_sharedArena) {
        m_sharedArena = new SharedArenaWindow(m_tracker, this);
        m_sharedArena->setAttribute(Qt::WA_DeleteOnClose);
        m_sharedArena->setFirmware(m_controls->settings());
        m_sharedArena->addModel(m_model, QFileInfo(toQString(m_model->path())).fileName());
        // One firmware: the build follows this window's settings (the arena size is its own).
        connect(m_selection, &SelectionState::analysisSettled, m_sharedArena, [this](const AnalysisPtr& shown) {
            if (shown && m_sharedArena)
                m_sharedArena->setFirmware(shown->settings);
        });
    }
    m_sharedArena->addModelFile(path);
    m_sharedArena->show();
    m_sharedArena->raise();
    m_sharedArena->activateWindow();
}

void MainWindow::chooseModelForArena()
{
    if (!m_model) {
        statusBar()->showMessage(tr("Open a model first: the models you add share its arena"), 5000);
        return;
    }
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Add a Model to This Arena"), QString(), tr("TFLite models (*.tflite);;All files (*)"));
    if (!path.isEmpty())
        addModelToArena(path);
}

// A second model dropped (two at once, or one while a model is shown): the user says whether
// to compare the two or to put them in one arena (or, for one file, to open it instead).
void MainWindow::askAboutSecondModel(const QStringList& paths)
{
    const bool both = paths.size() > 1;
    const QString second = both ? paths[1] : paths[0];
    QMessageBox box(QMessageBox::Question, tr("A second model"),
        tr("What should %1 do beside %2?")
            .arg(QFileInfo(second).fileName(),
                both ? QFileInfo(paths[0]).fileName() : QFileInfo(toQString(m_model->path())).fileName()),
        QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("secondModelQuestion"));
    box.setInformativeText(tr("Compare shows the two side by side, each in its own arena. Share the arena puts "
                              "both in one tensor arena, as firmware that runs two models does."));
    QPushButton* compare = box.addButton(tr("Compare"), QMessageBox::AcceptRole);
    QPushButton* share = box.addButton(tr("Share the Arena"), QMessageBox::AcceptRole);
    QPushButton* openInstead = both ? nullptr : box.addButton(tr("Open Instead"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(compare);
    box.exec();
    QAbstractButton* chosen = box.clickedButton();
    if (chosen != compare && chosen != share && (!openInstead || chosen != openInstead))
        return;
    if (chosen == openInstead) {
        openModel(second);
        return;
    }
    if (both) {
        // The first opens; the second follows once the first is analysed (showOpened).
        (chosen == compare ? m_pendingCompareB : m_pendingArenaB) = second;
        openModel(paths[0]);
        return;
    }
    if (chosen == share) {
        addModelToArena(second);
        return;
    }
    openCompare(false);
    if (m_compare)
        m_compare->setModelB(second);
}

} // namespace arenascope
