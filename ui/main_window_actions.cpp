#include "main_window.h"

#include "ui/text.h"

// The main window's menus and what their actions do: files, exports, undo, views, the tools
// (each opens itself from the shown analysis) and help.

#include "analysis_runner.h"
#include "export/export_actions.h"
#include "export/png_options_dialog.h"
#include "models/analysis_key.h"
#include "models/selection_state.h"
#include "pages/about_dialogs.h"
#include "pages/alternatives_view.h"
#include "pages/compare_window.h"
#include "pages/concept_help.h"
#include "pages/concepts_dialog.h"
#include "pages/controls_panel.h"
#include "pages/explain_log_dialog.h"
#include "pages/planner_lab_dialog.h"
#include "pages/planner_watch_dialog.h"
#include "pages/smaller_plan_search.h"
#include "palette.h"
#include "plots/timeline_plot.h"
#include "settings.h"
#include "settings_history.h"

#include "core/model/lessons.h"

#include <QApplication>
#include <QClipboard>
#include <QCursor>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

namespace arenascope {

void MainWindow::buildMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::chooseFile);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    refreshRecentMenu();
    file->addAction(tr("Add Model to This &Arena..."), this, &MainWindow::chooseModelForArena)
        ->setToolTip(tr("Put another model in this model's tensor arena, as firmware that runs several models "
                        "builds them: one allocator, one interpreter per model"));
    auto* exports = file->addMenu(tr("&Export"));
    const std::pair<ExportKind, QString> kinds[] = {
        { ExportKind::ReportSheetPng, tr("Report Sheet as &PNG...") },
        { ExportKind::TimelinePng, tr("&Timeline as PNG...") },
        { ExportKind::ArenaMapPng, tr("&Arena Map as PNG...") },
        { ExportKind::TensorCsv, tr("Tensor Table as &CSV...") },
        { ExportKind::EventCsv, tr("Allocation &Log as CSV...") },
        { ExportKind::LiveBytesCsv, tr("&Live Bytes per Step as CSV...") },
        { ExportKind::BuffersCsv, tr("&Buffers as CSV (MiniMalloc)...") },
        { ExportKind::Json, tr("Analysis as &JSON...") },
        { ExportKind::Html, tr("&HTML Report...") },
    };
    for (const auto& [kind, label] : kinds) {
        auto* action = exports->addAction(label, this, [this, k = kind] { exportTo(static_cast<int>(k)); });
        if (kind == ExportKind::ReportSheetPng)
            action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    }
    file->addAction(tr("Explain Device &Log..."), QKeySequence(Qt::CTRL | Qt::Key_L), this,
            [this] {
                const QString path = QFileDialog::getOpenFileName(
                    this, tr("Explain a device log"), QString(), tr("Device logs (*.txt *.log);;All files (*)"));
                if (!path.isEmpty())
                    explainDeviceLog(path);
            })
        ->setToolTip(tr("What a device's serial log says about the arena, and which build and arena size printed it"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_history->stack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_history->stack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({ QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z) });
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    // Ctrl+V over the window (a text field keeps its own paste) explains the copied log.
    edit->addAction(tr("&Paste Device Log"), QKeySequence::Paste, this, [this] {
        const QString text = QApplication::clipboard()->text();
        if (text.trimmed().isEmpty())
            statusBar()->showMessage(tr("The clipboard holds no text: copy a device's serial log first"), 5000);
        else
            explainDeviceLogText(text);
    });

    auto* view = menuBar()->addMenu(tr("&View"));
    // Every panel can be hidden and shown again (their title bars' close buttons hide them).
    for (QDockWidget* d : m_docks)
        view->addAction(d->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("&Zoom to Fit"), QKeySequence(Qt::CTRL | Qt::Key_0), m_timeline, &TimelinePlot::resetZoom);
    view->addAction(tr("&Find Tensor..."), QKeySequence::Find, m_timeline, &TimelinePlot::focusSearch);
    view->addAction(tr("Show &All Buffers in Arena Map"), QKeySequence(Qt::Key_Escape), this,
        [this] { m_selection->selectStep(-1); });
    auto* dark = view->addAction(tr("&Dark Palette"));
    dark->setCheckable(true);
    dark->setChecked(Settings().darkPalette());
    connect(dark, &QAction::toggled, this, [this](bool on) {
        Settings().setDarkPalette(on);
        applyPalette(on);
    });

    auto* tools = menuBar()->addMenu(tr("&Tools"));
    tools
        ->addAction(tr("Find a &Smaller Plan..."), QKeySequence(Qt::CTRL | Qt::Key_P), this,
            [this] { m_planSearch->start(m_model, m_controls->settings()); })
        ->setToolTip(tr("Search for tensor offsets that need less head than TFLM's greedy plan and save them "
                        "in the model as its offline memory plan"));
    tools
        ->addAction(tr("&Watch the Greedy Planner..."), this,
            [this] {
                if (!PlannerWatchDialog::open(analysis(), this))
                    statusBar()->showMessage(tr("Open a model that allocates first"), 5000);
            })
        ->setToolTip(tr("TFLM's greedy planner placing the model's buffers one by one, beside the linear planner"));
    tools->addAction(tr("&Planner Lab..."), this, [this] { PlannerLabDialog::open(analysis(), m_tracker, this); })
        ->setToolTip(tr("The model's buffers placed by TFLM's planner, a heuristic and an exact search, beside "
                        "the lower bound; import and export MiniMalloc CSV"));
    tools
        ->addAction(
            tr("&Compare..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, [this] { openCompare(false); })
        ->setToolTip(tr("This model and settings (A) beside another model or other settings (B): every figure, "
                        "B - A, and both timelines on one scale"));
    tools->addAction(tr("&Reorder Operators..."), this, [this] { openCompare(true); })
        ->setToolTip(tr("Find a valid operator order that keeps fewer bytes alive at once; before and after side by "
                        "side, the reordered model can be saved"));

    auto* help = menuBar()->addMenu(tr("&Help"));
    auto* lessonsMenu = help->addMenu(tr("&Lessons"));
    for (const Lesson& lesson : lessons())
        lessonsMenu->addAction(toQString(lesson.title), this, [this, &lesson] { openLesson(lesson); });
    // F1 over a view or control opens the page of the concept it shows (concept_help.h).
    help->addAction(tr("&Concepts..."), QKeySequence::HelpContents, this, [this] {
        QString id = conceptAt(QApplication::widgetAt(QCursor::pos()));
        if (id.isEmpty())
            id = conceptAt(QApplication::focusWidget());
        showConcepts(id);
    });
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] { showShortcuts(this); });
    help->addAction(tr("&About ArenaScope"), this, [this] { showAbout(this); });
}

void MainWindow::openLesson(const Lesson& lesson)
{
    // The lesson's model, written by the core's builder (the same bytes as models/lessons/).
    if (!m_lessonDir)
        m_lessonDir = std::make_unique<QTemporaryDir>();
    const QString path = QDir(m_lessonDir->path()).filePath(toQString(lesson.id) + QStringLiteral(".tflite"));
    const std::vector<std::uint8_t> bytes = lesson.build();
    if (const QString error = saveAtomically(
            path, QByteArray(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size())));
        !error.isEmpty()) {
        showMessage(error);
        return;
    }
    if (!openModel(path))
        return;
    auto* guide = new QMessageBox(QMessageBox::Information, tr("Lesson: %1").arg(toQString(lesson.title)),
        toQString(lesson.guide), QMessageBox::Ok, this);
    guide->setObjectName(QStringLiteral("lessonGuide"));
    guide->setModal(false);
    guide->setAttribute(Qt::WA_DeleteOnClose);
    guide->show();
}

ExplainLogDialog* MainWindow::openExplainDialog()
{
    if (!m_explain) {
        m_explain = new ExplainLogDialog(m_tracker, this);
        connect(m_explain, &ExplainLogDialog::conceptRequested, this, [this](const QString& id) { showConcepts(id); });
        // A build the log names: its configuration and the device's arena size (undo goes back).
        connect(m_explain, &ExplainLogDialog::chosen, this, [this](const EmulationSettings& s) {
            m_controls->applySettings(s);
            requestAnalysis();
        });
    }
    m_explain->show();
    m_explain->raise();
    m_explain->activateWindow();
    return m_explain;
}

ExplainLogDialog* MainWindow::explainDialog() const
{
    return m_explain;
}

void MainWindow::explainDeviceLog(const QString& path)
{
    openExplainDialog()->explainFile(path, m_model);
}

void MainWindow::explainDeviceLogText(const QString& text)
{
    openExplainDialog()->explainText(text, tr("the pasted log"), m_model);
}

void MainWindow::showConcepts(const QString& id)
{
    auto* d = findChild<ConceptsDialog*>();
    if (!d)
        d = new ConceptsDialog(this);
    if (!id.isEmpty())
        d->showConcept(id);
    d->show();
    d->raise();
}

void MainWindow::applyPalette(bool dark)
{
    QApplication::setPalette(dark ? darkPalette() : lightPalette());
}

void MainWindow::exportTo(int kindValue)
{
    const auto kind = static_cast<ExportKind>(kindValue);
    const AnalysisPtr a = analysis();
    if (!a) {
        statusBar()->showMessage(tr("Open a model first"));
        return;
    }
    ImageOptions image;
    if (exportSuffix(kind) == QStringLiteral("png")) {
        if (kind == ExportKind::ArenaMapPng)
            image.size = QSize(1600, 160);
        PngOptionsDialog dialog(image, this);
        if (dialog.exec() != QDialog::Accepted)
            return;
        image = dialog.options();
    }
    const QString suffix = exportSuffix(kind);
    // QFileDialog asks before replacing an existing file.
    // Starts in the folder of the last export, with a name that says what the file shows.
    const QString folder = Settings().exportFolder();
    const QString suggested = suggestedExportName(kind, *a);
    QString path = QFileDialog::getSaveFileName(this, tr("Export"),
        folder.isEmpty() ? suggested : QDir(folder).filePath(suggested),
        tr("%1 files (*.%2)").arg(suffix.toUpper(), suffix));
    if (path.isEmpty())
        return;
    Settings().setExportFolder(QFileInfo(path).absolutePath());
    if (QFileInfo(path).suffix().isEmpty())
        path += QLatin1Char('.') + suffix;
    // The Other builds list, when it is the one for this analysis (it does not depend on the size).
    const bool listed = m_alternativesFor && AnalysisKey::of(*m_alternativesFor) == AnalysisKey::of(*a)
        && !m_alternatives->alternatives().empty();
    const QString error = writeExport(kind, a, path, image, listed ? &m_alternatives->alternatives() : nullptr);
    if (!error.isEmpty()) {
        QMessageBox::critical(this, tr("Export failed"), error);
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

void MainWindow::openCompare(bool reorder)
{
    const AnalysisPtr a = analysis();
    if (!a) {
        statusBar()->showMessage(tr("Open a model first"), 5000);
        return;
    }
    if (!m_compare) {
        m_compare = new CompareWindow(m_tracker, this);
        m_compare->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_selection, &SelectionState::analysisSettled, m_compare, &CompareWindow::setA);
    }
    m_compare->setA(a);
    m_compare->setReorderB(reorder);
    m_compare->show();
    m_compare->raise();
    m_compare->activateWindow();
}

void MainWindow::refreshRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = Settings().recentFiles();
    for (const QString& f : files)
        m_recentMenu->addAction(f, this, [this, f] { openModel(f); });
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a TFLite model"), QString(), tr("TFLite models (*.tflite);;All files (*)"));
    if (!path.isEmpty())
        openModel(path);
}

} // namespace arenascope
