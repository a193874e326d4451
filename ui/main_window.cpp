#include "main_window.h"

#include "core/util/version.h"

#include "pages/concept_help.h"
#include "palette.h"

#include "core/analysis/settings_change.h"
#include "core/analysis/verdict.h"
#include "core/util/format.h"

#include "export/export_actions.h"
#include "export/png_options_dialog.h"
#include "job_runner.h"
#include "model_file_watcher.h"
#include "models/selection_state.h"
#include "pages/alternatives_view.h"
#include "pages/compare_window.h"
#include "pages/concepts_dialog.h"
#include "pages/controls_panel.h"
#include "pages/planner_lab_dialog.h"
#include "pages/planner_watch_dialog.h"
#include "pages/playback_bar.h"
#include "pages/ram_budget_panel.h"
#include "pages/verdict_panel.h"
#include "pages/walkthrough_panel.h"
#include "plots/live_bytes_plot.h"
#include "plots/timeline_plot.h"
#include "settings.h"
#include "settings_history.h"
#include "views/arena_map_view.h"
#include "views/event_log_view.h"
#include "views/tensor_table_view.h"

#include "core/analysis/optimize.h"
#include "core/model/lessons.h"
#include "core/model/loader.h"
#include "core/solver/model_buffers.h"

#include <QApplication>
#include <QCloseEvent>
#include <QCursor>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace arenascope {

namespace {

// "Reloaded kws.tflite: smallest arena 82,296 -> 84,112 B (+1,816 B)."
QString reloadNote(const Analysis& before, const Analysis& after, const QString& path)
{
    const QString name = QFileInfo(path).fileName().toHtmlEscaped();
    if (!after.minArenaBytes)
        return QObject::tr("Reloaded %1: it no longer allocates at any size.").arg(name);
    if (!before.minArenaBytes)
        return QObject::tr("Reloaded %1: smallest arena %2.")
            .arg(name, QString::fromStdString(formatBytes(*after.minArenaBytes)));
    const auto delta
        = static_cast<std::int64_t>(*after.minArenaBytes) - static_cast<std::int64_t>(*before.minArenaBytes);
    if (delta == 0)
        return QObject::tr("Reloaded %1: the smallest arena is unchanged (%2).")
            .arg(name, QString::fromStdString(formatBytes(*after.minArenaBytes)));
    return QObject::tr("Reloaded %1: smallest arena %2 -> %3 (%4).")
        .arg(name, QString::fromStdString(formatCount(*before.minArenaBytes)),
            QString::fromStdString(formatBytes(*after.minArenaBytes)),
            QString::fromStdString(formatSignedBytes(delta)));
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_selection(new SelectionState(this))
    , m_jobs(new JobRunner(this))
    , m_messageBar(new QLabel(this))
    , m_controls(new ControlsPanel(this))
    , m_timeline(new TimelinePlot(m_selection, this))
    , m_arenaMap(new ArenaMapView(m_selection, this))
    , m_tensorTable(new TensorTableView(m_selection, this))
    , m_eventLog(new EventLogView(m_selection, this))
    , m_liveBytes(new LiveBytesPlot(m_selection, this))
    , m_verdict(new VerdictPanel(this))
    , m_alternatives(new AlternativesView(this))
    , m_ramBudget(new RamBudgetPanel(this))
    , m_walkthrough(new WalkthroughPanel(m_selection, this))
    , m_playback(new PlaybackBar(m_selection, this))
    , m_history(new SettingsHistory(
          [this](const EmulationSettings& s) {
              m_controls->applySettings(s);
              if (m_model)
                  analyzeSettings(s);
          },
          this))
    , m_fileWatcher(new ModelFileWatcher(this))
{
    setWindowTitle(tr("ArenaScope"));
    setAcceptDrops(true);
    resize(defaultSize());

    m_messageBar->setObjectName(QStringLiteral("messageBar"));
    m_messageBar->setWordWrap(true);
    m_messageBar->hide();

    auto* centerSplit = new QSplitter(Qt::Vertical, this);
    centerSplit->addWidget(m_timeline);
    centerSplit->addWidget(m_arenaMap);
    centerSplit->addWidget(m_playback);
    auto* bottomTabs = new QTabWidget(this);
    bottomTabs->addTab(m_tensorTable, tr("Tensors"));
    bottomTabs->addTab(m_eventLog, tr("Allocation log"));
    bottomTabs->addTab(m_liveBytes, tr("Live bytes"));
    centerSplit->addWidget(bottomTabs);
    centerSplit->setStretchFactor(0, 5);
    centerSplit->setStretchFactor(1, 1);
    centerSplit->setStretchFactor(2, 0);
    centerSplit->setStretchFactor(3, 3);
    m_centerSplit = centerSplit;

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_messageBar);
    layout->addWidget(centerSplit, 1);
    setCentralWidget(central);

    auto dock = [this](QWidget* w, const QString& title, const QString& name, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        auto* scroll = new QScrollArea(d);
        scroll->setWidget(w);
        scroll->setWidgetResizable(true);
        d->setWidget(scroll);
        addDockWidget(area, d);
        return d;
    };
    // The timeline gets the middle and most of the width: settings on the left, the verdict
    // (with the RAM budget and the walkthrough as tabs beside it) on the right.
    auto* settingsDock = dock(m_controls, tr("Settings"), QStringLiteral("settingsDock"), Qt::LeftDockWidgetArea);
    // The verdict, and below it what the other builds need.
    auto* verdictBox = new QWidget(this);
    auto* verdictLayout = new QVBoxLayout(verdictBox);
    verdictLayout->setContentsMargins(0, 0, 0, 0);
    verdictLayout->addWidget(m_verdict);
    verdictLayout->addWidget(m_alternatives, 1);
    auto* verdictDock = dock(verdictBox, tr("Verdict"), QStringLiteral("verdictDock"), Qt::RightDockWidgetArea);
    // Numbers are never clipped by sideways scrolling: the verdict wraps, names elide.
    static_cast<QScrollArea*>(verdictDock->widget())->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* ramDock = dock(m_ramBudget, tr("RAM budget"), QStringLiteral("ramDock"), Qt::RightDockWidgetArea);
    auto* learnDock
        = dock(m_walkthrough, tr("Walkthrough"), QStringLiteral("walkthroughDock"), Qt::RightDockWidgetArea);
    tabifyDockWidget(verdictDock, ramDock);
    tabifyDockWidget(ramDock, learnDock);
    verdictDock->raise();
    // The settings panel as wide as its controls need (no horizontal scrolling), the verdict a
    // quarter of the window at most.
    const int settingsWidth
        = m_controls->minimumSizeHint().width() + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 8;
    settingsDock->setMinimumWidth(settingsWidth);
    verdictDock->setMinimumWidth(240);
    resizeDocks({ settingsDock, verdictDock }, { settingsWidth, std::max(240, width() / 5) }, Qt::Horizontal);
    m_docks = { settingsDock, verdictDock, ramDock, learnDock };
    connect(m_verdict, &VerdictPanel::titleChanged, verdictDock, &QDockWidget::setWindowTitle);

    buildMenus();
    // What each view shows, for its tooltip and F1.
    tagConcept(m_timeline, "lifetime");
    tagConcept(m_arenaMap, "head");
    tagConcept(m_liveBytes, "lower_bound");
    tagConcept(m_verdict, "smallest_arena");
    tagConcept(m_ramBudget, "non_arena_ram");
    tagConcept(m_walkthrough, "temp");
    connect(m_controls, &ControlsPanel::settingsChanged, this, &MainWindow::requestAnalysis);
    connect(m_controls, &ControlsPanel::unitChosen, this, [this](int unit) {
        m_timeline->setByteUnit(unit); // the axes in the unit the user reads sizes in
        m_liveBytes->setByteUnit(unit);
    });
    connect(m_jobs, &JobRunner::finished, this, &MainWindow::showAnalysis);
    connect(m_fileWatcher, &ModelFileWatcher::reloaded, this, &MainWindow::modelFileReloaded);
    connect(m_fileWatcher, &ModelFileWatcher::unavailable, this, [this](const QString& why) {
        showBanner(tr("%1. Showing the last good analysis; it reloads when the file is a model again.")
                       .arg(why.toHtmlEscaped()),
            true);
    });
    connect(m_jobs, &JobRunner::alternativesReady, this,
        [this](const AnalysisPtr& shown, const std::vector<Alternative>& list) {
            if (shown == m_alternativesFor)
                m_alternatives->setAlternatives(list);
        });
    // A row of the other builds: switch to that build, keeping the arena size (undo goes back).
    connect(m_alternatives, &AlternativesView::chosen, this, [this](const EmulationSettings& build) {
        EmulationSettings s = build;
        const EmulationSettings now = m_controls->settings();
        s.arenaSize = now.arenaSize;
        s.nonPersistentBytes = now.nonPersistentBytes;
        m_controls->applySettings(s);
        requestAnalysis();
    });
    connect(m_jobs, &JobRunner::busyChanged, this, [this](bool busy) {
        if (busy)
            statusBar()->showMessage(tr("Computing..."));
    });
    // An analysis past half a second: a busy bar and Cancel in the status bar.
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_progress->setAccessibleName(tr("Analysis in progress"));
    m_cancelButton = new QPushButton(tr("Cancel"), this);
    m_cancelButton->setToolTip(tr("Stop searching for the smallest arena; the figures found so far stay, "
                                  "marked as not proven smallest"));
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    m_progress->hide();
    m_cancelButton->hide();
    connect(m_cancelButton, &QPushButton::clicked, m_jobs, &JobRunner::cancel);
    connect(m_jobs, &JobRunner::longRunning, this, [this](bool running) {
        m_progress->setVisible(running);
        m_cancelButton->setVisible(running);
    });
    connect(m_timeline, &TimelinePlot::arenaSizeDragged, this,
        [this](qulonglong bytes) { m_controls->setPlanArenaBytes(bytes); });
    connect(m_timeline, &TimelinePlot::dragStarted, this, [this] { m_dragging = true; });
    connect(m_timeline, &TimelinePlot::dragFinished, this, [this] {
        m_dragging = false;
        m_selection->settle();
    });
    connect(m_selection, &SelectionState::analysisSettled, this, &MainWindow::showSettled);
    // A board sets the RAM budget's device RAM, and is remembered for the next start.
    connect(m_controls, &ControlsPanel::boardChanged, this, [this](const Board* board) {
        m_ramBudget->setBoard(board);
        Settings().setBoard(
            board ? QString::fromUtf8(board->id.data(), static_cast<qsizetype>(board->id.size())) : QString());
    });

    Settings settings;
    m_controls->applySettings(settings.emulation());
    m_controls->setBoard(findBoard(settings.board().toStdString()));
    m_ramBudget->setBoard(m_controls->board());
    restoreGeometry(settings.windowGeometry());
    restoreState(settings.windowState());
    applyPalette(settings.darkPalette());
    m_verdict->setAnalysis(nullptr);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::chooseFile);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    refreshRecentMenu();
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
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_history->stack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_history->stack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcuts({ QKeySequence::Redo, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z) });
    edit->addAction(undo);
    edit->addAction(redo);

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
        ->addAction(
            tr("Find a &Smaller Plan..."), QKeySequence(Qt::CTRL | Qt::Key_P), this, &MainWindow::findSmallerPlan)
        ->setToolTip(tr("Search for tensor offsets that need less head than TFLM's greedy plan and save them "
                        "in the model as its offline memory plan"));
    tools
        ->addAction(tr("&Watch the Greedy Planner..."), this,
            [this] {
                const AnalysisPtr a = analysis();
                if (!a || !a->measured->ok) {
                    statusBar()->showMessage(tr("Open a model that allocates first"), 5000);
                    return;
                }
                std::vector<BufferRequest> requests;
                for (const PlannedBuffer& b : a->measured->planned)
                    requests.push_back(
                        BufferRequest { static_cast<std::int32_t>(b.alignedBytes), b.first, b.last, b.offlineOffset });
                auto* watch = new PlannerWatchDialog(std::move(requests), this);
                watch->setAttribute(Qt::WA_DeleteOnClose);
                watch->show();
            })
        ->setToolTip(tr("TFLM's greedy planner placing the model's buffers one by one, beside the linear planner"));
    tools->addAction(tr("&Planner Lab..."), this, &MainWindow::openPlannerLab)
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
        lessonsMenu->addAction(QString::fromUtf8(lesson.title.data(), static_cast<int>(lesson.title.size())), this,
            [this, &lesson] { openLesson(lesson); });
    // F1 over a view or control opens the page of the concept it shows (concept_help.h).
    help->addAction(tr("&Concepts..."), QKeySequence::HelpContents, this, [this] {
        QString id = conceptAt(QApplication::widgetAt(QCursor::pos()));
        if (id.isEmpty())
            id = conceptAt(QApplication::focusWidget());
        showConcepts(id);
    });
    help->addAction(tr("&Keyboard Shortcuts"), this, [this] {
        QString rows;
        for (QAction* a : findChildren<QAction*>())
            if (!a->shortcut().isEmpty() && !a->text().isEmpty())
                rows += QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;%2</td></tr>")
                            .arg(a->shortcut().toString(QKeySequence::NativeText).toHtmlEscaped(),
                                QString(a->text()).remove(QLatin1Char('&')).toHtmlEscaped());
        rows += tr("<tr><td>Space / Left / Right</td><td>&nbsp;&nbsp;Playback: play or pause, previous, next "
                   "allocation</td></tr>"
                   "<tr><td>Wheel / drag</td><td>&nbsp;&nbsp;Timeline: zoom / pan; drag the dashed line to change "
                   "the arena size</td></tr>");
        QMessageBox::information(this, tr("Keyboard Shortcuts"), QStringLiteral("<table>%1</table>").arg(rows));
    });
    help->addAction(tr("&About ArenaScope"), this, [this] {
        QMessageBox::about(this, tr("About ArenaScope"),
            tr("<p><b>ArenaScope %1</b></p><p>Emulates TensorFlow Lite Micro's tensor arena allocation byte for "
               "byte: %3 with its reference kernels, CMSIS-NN 4ab83cc3, or esp-tflite-micro's ESP-NN "
               "kernels.</p>"
               "<p>Licence: GPL-3.0-or-later. Uses Qt %2 and QCustomPlot (GPL-3.0).</p>")
                .arg(QString::fromLatin1(kArenaScopeVersion), QString::fromLatin1(qVersion()),
                    QString::fromLatin1(kEmulatedTflm)));
    });
}

void MainWindow::openLesson(const Lesson& lesson)
{
    // The lesson's model, written by the core's builder (the same bytes as models/lessons/).
    if (!m_lessonDir)
        m_lessonDir = std::make_unique<QTemporaryDir>();
    const QString path = QDir(m_lessonDir->path())
                             .filePath(QString::fromUtf8(lesson.id.data(), static_cast<int>(lesson.id.size()))
                                 + QStringLiteral(".tflite"));
    const std::vector<std::uint8_t> bytes = lesson.build();
    if (const QString error = saveAtomically(
            path, QByteArray(reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size())));
        !error.isEmpty()) {
        showMessage(error);
        return;
    }
    if (!openModel(path))
        return;
    auto* guide = new QMessageBox(QMessageBox::Information,
        tr("Lesson: %1").arg(QString::fromUtf8(lesson.title.data(), static_cast<int>(lesson.title.size()))),
        QString::fromUtf8(lesson.guide.data(), static_cast<int>(lesson.guide.size())), QMessageBox::Ok, this);
    guide->setObjectName(QStringLiteral("lessonGuide"));
    guide->setModal(false);
    guide->setAttribute(Qt::WA_DeleteOnClose);
    guide->show();
}

// The first time the window is shown, the plot gets the room: at least half the window's
// height. Below 900 px the table and log start collapsed (their handle drags them out), above
// they get a sixth.
void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_centerLaidOut)
        return;
    m_centerLaidOut = true;
    const int total = std::max(200, m_centerSplit->height());
    const int map = 70;
    const int playback = m_playback->sizeHint().height();
    const int tables = height() < 900 ? 0 : total / 6;
    m_centerSplit->setSizes({ std::max(100, total - map - playback - tables), map, playback, tables });
}

QSize MainWindow::defaultSize() const
{
    // 1400 x 900, or less on a smaller screen: the window opens within it.
    const QRect available = screen() ? screen()->availableGeometry() : QRect(0, 0, 1400, 900);
    return { std::min(1400, available.width() * 92 / 100), std::min(900, available.height() * 92 / 100) };
}

void MainWindow::openPlannerLab()
{
    BufferSet set;
    QString source = tr("no model open: import a CSV");
    if (const AnalysisPtr a = analysis(); a && a->measured->ok) {
        set = modelBufferSet(*a->measured);
        source = QFileInfo(QString::fromStdString(m_model->path())).fileName();
    }
    auto* lab = new PlannerLabDialog(std::move(set), source, this);
    lab->setAttribute(Qt::WA_DeleteOnClose);
    lab->show();
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
    const bool listed = m_alternativesFor && m_alternativesFor->model == a->model
        && sameExceptSize(m_alternativesFor->settings, a->settings) && !m_alternatives->alternatives().empty();
    const QString error = writeExport(kind, a, path, image, listed ? &m_alternatives->alternatives() : nullptr);
    if (!error.isEmpty()) {
        QMessageBox::critical(this, tr("Export failed"), error);
        return;
    }
    statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

bool MainWindow::analyzing() const
{
    return m_jobs->busy();
}

void MainWindow::openCompare(bool reorder)
{
    const AnalysisPtr a = analysis();
    if (!a) {
        statusBar()->showMessage(tr("Open a model first"), 5000);
        return;
    }
    if (!m_compare) {
        m_compare = new CompareWindow(this);
        m_compare->setAttribute(Qt::WA_DeleteOnClose);
        connect(m_selection, &SelectionState::analysisSettled, m_compare, &CompareWindow::setA);
    }
    m_compare->setA(a);
    m_compare->setReorderB(reorder);
    m_compare->show();
    m_compare->raise();
    m_compare->activateWindow();
}

// The search tries several orders and planners and re-emulates the written model: off the
// GUI thread, with the busy bar, and offered when it ends.
void MainWindow::findSmallerPlan()
{
    if (!m_model || m_searchingPlan)
        return;
    m_searchingPlan = true;
    m_progress->show();
    statusBar()->showMessage(tr("Searching for a smaller plan..."));
    using Found = std::shared_ptr<Result<OptimizationResult>>;
    auto* watcher = new QFutureWatcher<Found>(this);
    connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, model = m_model] {
        const Found found = watcher->result();
        watcher->deleteLater();
        m_searchingPlan = false;
        m_progress->setVisible(m_jobs->busy());
        statusBar()->clearMessage();
        if (model == m_model) // the user has not opened another model meanwhile
            offerSmallerPlan(*found);
    });
    watcher->setFuture(QtConcurrent::run([model = m_model, settings = m_controls->settings()] {
        return std::make_shared<Result<OptimizationResult>>(optimizeModel(*model, settings));
    }));
}

void MainWindow::offerSmallerPlan(const Result<OptimizationResult>& result)
{
    const auto text = [](std::int64_t n) { return QString::fromStdString(formatBytes(static_cast<std::uint64_t>(n))); };
    if (!result) {
        QMessageBox::information(this, tr("Find a smaller plan"),
            tr("No offline plan can be made for this model: %1").arg(QString::fromStdString(result.error().message)));
        return;
    }
    const OptimizationResult& o = result.value();
    if (!o.improved()) {
        QMessageBox::information(this, tr("Find a smaller plan"),
            tr("TFLM's greedy plan (%1 of head) is already the smallest plan found.").arg(text(o.headBefore)));
        return;
    }
    const QString question
        = tr("<p>A plan with <b>%1</b> of head instead of %2 (%3 less), found by %4.</p>"
             "<p>Smallest arena: %5 -&gt; <b>%6</b>.</p>"
             "<p>Save a copy of the model with this plan as its OfflineMemoryAllocation metadata? TFLM's greedy "
             "planner then places the tensors at exactly these offsets.</p>")
              .arg(text(o.headAfter), text(o.headBefore), text(o.headBefore - o.headAfter),
                  QString::fromStdString(o.strategy), text(static_cast<std::int64_t>(o.minArenaBefore.value_or(0))),
                  text(static_cast<std::int64_t>(o.minArenaAfter.value_or(0))));
    if (QMessageBox::question(this, tr("Find a smaller plan"), question) != QMessageBox::Yes)
        return;
    const QString base = QFileInfo(QString::fromStdString(m_model->path())).completeBaseName();
    const QString path = QFileDialog::getSaveFileName(this, tr("Save the model with the offline plan"),
        base + QStringLiteral("_offline_plan.tflite"), tr("TFLite models (*.tflite)"));
    if (path.isEmpty())
        return;
    const QByteArray bytes(
        reinterpret_cast<const char*>(o.modelBytes.data()), static_cast<qsizetype>(o.modelBytes.size()));
    if (const QString error = saveAtomically(path, bytes); !error.isEmpty()) {
        QMessageBox::critical(this, tr("Save failed"), error);
        return;
    }
    openModel(path);
}

void MainWindow::refreshRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = Settings().recentFiles();
    for (const QString& f : files)
        m_recentMenu->addAction(f, this, [this, f] { openModel(f); });
    m_recentMenu->setEnabled(!files.isEmpty());
}

AnalysisPtr MainWindow::analysis() const
{
    return m_selection->analysis();
}

bool MainWindow::openModel(const QString& path)
{
    auto loaded = loadModelFile(path.toStdString());
    if (!loaded) {
        showMessage(QString::fromStdString(describe(loaded.error())));
        return false;
    }
    m_messageBar->hide();
    m_model = loaded.value();
    m_fileWatcher->watch(QFileInfo(path).absoluteFilePath(), m_model);
    m_reloadedFrom.reset();
    setWindowTitle(tr("ArenaScope - %1").arg(QFileInfo(path).fileName()));
    Settings().addRecentFile(QFileInfo(path).absoluteFilePath());
    refreshRecentMenu();
    m_shown.reset();
    m_changeNote.clear();
    // Analyze without a size first (off the GUI thread: a large model takes seconds), then
    // start at the smallest working arena so the first view is a plan that fits (see
    // showOpened).
    EmulationSettings s = m_controls->settings();
    s.arenaSize.reset();
    m_opening = true;
    m_jobs->request(m_model, s, JobRunner::Where::Background);
    return true;
}

// The first analysis of a newly opened model: set the arena to its smallest working size
// (both arenas when separate) and show the plan at that size.
void MainWindow::showOpened(const AnalysisPtr& a)
{
    m_opening = false;
    EmulationSettings s = m_controls->settings();
    if (a->minArenaBytes)
        s.arenaSize = *a->minArenaBytes;
    if (s.nonPersistentBytes && a->minNonPersistentBytes)
        s.nonPersistentBytes = *a->minNonPersistentBytes;
    m_controls->applySettings(s);
    m_history->reset(m_controls->settings()); // undo goes back no further than the opened model
    requestAnalysis(); // a size change only: one emulation on the analysis just delivered
    if (!m_pendingCompareB.isEmpty()) {
        const QString b = std::exchange(m_pendingCompareB, QString());
        openCompare(false);
        if (m_compare)
            m_compare->setModelB(b);
    }
}

void MainWindow::requestAnalysis()
{
    if (!m_model)
        return;
    const EmulationSettings s = m_controls->settings();
    m_history->changed(s);
    analyzeSettings(s);
}

void MainWindow::analyzeSettings(const EmulationSettings& s)
{
    Settings().setEmulation(s);
    m_jobs->request(m_model, s);
}

void MainWindow::showAnalysis(const AnalysisPtr& a)
{
    if (m_opening && a->model == m_model) {
        if (!a->settings.arenaSize) {
            showOpened(a);
            return;
        }
        m_opening = false; // the user changed a setting before the first analysis arrived
    }
    // During a drag only the timeline, the arena map and the status bar follow the mouse;
    // the verdict and the log catch up when the drag ends.
    if (m_dragging)
        m_selection->setAnalysisWhileDragging(a);
    else
        m_selection->setAnalysis(a);
    m_controls->setMinimum(a->minArenaBytes, a->minNonPersistentBytes);
    if (m_shown && m_shown->model == a->model && !sameExceptSize(m_shown->settings, a->settings)) {
        m_changeNote = QString::fromStdString(describeSettingsChange(*m_shown, *a));
    }
    m_shown = a;
    if (m_reloadedFrom && a->model == m_model) {
        showBanner(reloadNote(*m_reloadedFrom, *a, m_fileWatcher->path()), false);
        m_reloadedFrom.reset();
    }
    m_verdict->setChangeNote(m_changeNote);
    const Verdict v = makeVerdict(*a);
    m_ramBudget->setArenaBytes(v.budgetArenaBytes);
    QString status = QString::fromStdString(v.headline);
    if (!m_changeNote.isEmpty())
        status += tr("  |  %1").arg(m_changeNote);
    if (v.failed)
        status += tr("  |  TFLM: %1").arg(QString::fromStdString(v.tflmMessage));
    statusBar()->showMessage(status);
}

void MainWindow::showSettled(const AnalysisPtr& a)
{
    m_verdict->setAnalysis(a);
    // What the other builds need, once per model and settings (a size change leaves it as it is).
    if (a
        && (!m_alternativesFor || m_alternativesFor->model != a->model
            || !sameExceptSize(m_alternativesFor->settings, a->settings))) {
        m_alternativesFor = a;
        m_alternatives->clear();
        m_jobs->requestAlternatives(a);
    }
}

void MainWindow::showMessage(const QString& text)
{
    showBanner(tr("Could not open the model: %1").arg(text.toHtmlEscaped()), true);
}

void MainWindow::showBanner(const QString& html, bool error)
{
    m_messageBar->setStyleSheet(error ? QStringLiteral("background:#fde2e1;color:#7a1010;padding:6px;")
                                      : QStringLiteral("background:#e3eefc;color:#0b3a6e;padding:6px;"));
    m_messageBar->setText(html);
    m_messageBar->show();
}

// The open file was rewritten and parses: analyse it with every setting kept, and say what
// changed once the analysis arrives (showAnalysis).
void MainWindow::modelFileReloaded(const ModelPtr& model)
{
    m_reloadedFrom = m_shown;
    m_model = model;
    m_jobs->request(m_model, m_controls->settings(), JobRunner::Where::Background);
}

void MainWindow::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open a TFLite model"), QString(), tr("TFLite models (*.tflite);;All files (*)"));
    if (!path.isEmpty())
        openModel(path);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.first().isLocalFile()) {
        // Two models: the first opens, Compare shows the second beside it once it is analysed.
        m_pendingCompareB = urls.size() > 1 && urls[1].isLocalFile() ? urls[1].toLocalFile() : QString();
        openModel(urls.first().toLocalFile());
        event->acceptProposedAction();
    }
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    Settings settings;
    settings.setWindowGeometry(saveGeometry());
    settings.setWindowState(saveState());
    QMainWindow::closeEvent(event);
}

} // namespace arenascope
