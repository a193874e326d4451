#include "main_window.h"

#include "ui/text.h"

#include "analysis_runner.h"
#include "job_tracker.h"
#include "model_file_watcher.h"
#include "models/analysis_key.h"
#include "models/selection_state.h"
#include "pages/alternatives_view.h"
#include "pages/compare_window.h"
#include "pages/concept_help.h"
#include "pages/controls_panel.h"
#include "pages/explain_log_dialog.h"
#include "pages/job_status_widget.h"
#include "pages/playback_bar.h"
#include "pages/ram_budget_panel.h"
#include "pages/smaller_plan_search.h"
#include "pages/verdict_panel.h"
#include "pages/walkthrough_panel.h"
#include "plots/live_bytes_plot.h"
#include "plots/timeline_plot.h"
#include "settings.h"
#include "settings_history.h"
#include "views/arena_map_view.h"
#include "views/event_log_view.h"
#include "views/tensor_table_view.h"

#include "core/analysis/settings_change.h"
#include "core/analysis/verdict.h"
#include "core/model/loader.h"
#include "core/util/format.h"

#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QFileInfo>
#include <QLabel>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>

namespace arenascope {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_selection(new SelectionState(this))
    , m_tracker(new JobTracker(this))
    , m_jobs(new AnalysisRunner(m_tracker, this))
    , m_planSearch(new SmallerPlanSearch(m_tracker, this))
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
    buildDocks();
    buildMenus();
    statusBar()->addPermanentWidget(new JobStatusWidget(m_tracker, this));
    connectViews();

    Settings settings;
    m_controls->applySettings(settings.emulation());
    m_controls->setBoard(findBoard(settings.board().toStdString()));
    m_ramBudget->setBoard(m_controls->board());
    restoreGeometry(settings.windowGeometry());
    restoreState(settings.windowState());
    applyPalette(settings.darkPalette());
    m_verdict->setAnalysis(nullptr);
}

// Settings flow to the analysis runner; its results to the selection state, which every
// view (the verdict and the RAM budget included) observes.
void MainWindow::connectViews()
{
    connect(m_controls, &ControlsPanel::settingsChanged, this, &MainWindow::requestAnalysis);
    connect(m_controls, &ControlsPanel::unitChosen, this, [this](int unit) {
        m_timeline->setByteUnit(unit); // the axes in the unit the user reads sizes in
        m_liveBytes->setByteUnit(unit);
    });
    connect(m_jobs, &AnalysisRunner::finished, this, &MainWindow::showAnalysis);
    connect(m_jobs, &AnalysisRunner::busyChanged, this, [this](bool busy) {
        if (busy)
            statusBar()->showMessage(tr("Computing..."));
    });
    // The RAM budget is text in a wrapping layout (a new text lays its whole panel out again):
    // it follows a drag when the drag ends, as the verdict does.
    connect(m_selection, &SelectionState::analysisSettled, this, [this](const AnalysisPtr& a) {
        if (a)
            m_ramBudget->setArenaBytes(a->verdict->budgetArenaBytes);
    });
    connect(m_selection, &SelectionState::analysisSettled, m_verdict, &VerdictPanel::setAnalysis);
    connect(m_selection, &SelectionState::analysisSettled, this, &MainWindow::showSettled);
    connect(m_fileWatcher, &ModelFileWatcher::reloaded, this, &MainWindow::modelFileReloaded);
    connect(m_fileWatcher, &ModelFileWatcher::unavailable, this, [this](const QString& why) {
        showBanner(tr("%1. Showing the last good analysis; it reloads when the file is a model again.")
                       .arg(why.toHtmlEscaped()),
            true);
    });
    connect(m_jobs, &AnalysisRunner::alternativesReady, this,
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
    connect(m_planSearch, &SmallerPlanSearch::started, this,
        [this] { statusBar()->showMessage(tr("Searching for a smaller plan...")); });
    connect(m_planSearch, &SmallerPlanSearch::ended, this, [this] { statusBar()->clearMessage(); });
    connect(m_planSearch, &SmallerPlanSearch::saved, this, [this](const QString& path) { openModel(path); });
    connect(m_timeline, &TimelinePlot::arenaSizeDragged, this,
        [this](qulonglong bytes) { m_controls->setPlanArenaBytes(bytes); });
    connect(m_timeline, &TimelinePlot::dragStarted, this, [this] { m_dragging = true; });
    connect(m_timeline, &TimelinePlot::dragFinished, this, [this] {
        m_dragging = false;
        m_selection->settle();
    });
    // A board sets the RAM budget's device RAM, and is remembered for the next start.
    connect(m_controls, &ControlsPanel::boardChanged, this, [this](const Board* board) {
        m_ramBudget->setBoard(board);
        Settings().setBoard(board ? toQString(board->id) : QString());
    });
}

MainWindow::~MainWindow() = default;

bool MainWindow::analyzing() const
{
    return m_jobs->busy();
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
    if (m_explain)
        m_explain->setModel(m_model);
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
    m_jobs->request(m_model, s, AnalysisRunner::Where::Background);
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
    if (!m_pendingArenaB.isEmpty())
        addModelToArena(std::exchange(m_pendingArenaB, QString()));
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

void MainWindow::showAnalysis(const AnalysisPtr& a, const QString& changeNote)
{
    if (m_opening && a->model == m_model) {
        if (!a->settings.arenaSize) {
            showOpened(a);
            return;
        }
        m_opening = false; // the user changed a setting before the first analysis arrived
    }
    m_planSearch->setShownModel(a->model);
    // What the last settings change did (the runner took it apart), said with this analysis (the
    // verdict reads it when the selection settles).
    if (m_shown && AnalysisKey::of(*m_shown).sameModel(AnalysisKey::of(*a))
        && AnalysisKey::of(*m_shown) != AnalysisKey::of(*a))
        m_changeNote = changeNote;
    m_shown = a;
    m_verdict->setChangeNote(m_changeNote);
    // During a drag only the timeline, the arena map and the status bar follow the mouse;
    // the verdict and the log catch up when the drag ends.
    if (m_dragging)
        m_selection->setAnalysisWhileDragging(a);
    else
        m_selection->setAnalysis(a);
    m_controls->setMinimum(a->minArenaBytes, a->minNonPersistentBytes);
    if (m_reloadedFrom && a->model == m_model) {
        const std::string name = QFileInfo(m_fileWatcher->path()).fileName().toStdString();
        showBanner(QString::fromStdString(describeReload(*m_reloadedFrom, *a, name)).toHtmlEscaped(), false);
        m_reloadedFrom.reset();
    }
    const Verdict& v = *a->verdict;
    QString status = QString::fromStdString(v.headline);
    if (!m_changeNote.isEmpty())
        status += tr("  |  %1").arg(m_changeNote);
    if (v.failed)
        status += tr("  |  TFLM: %1").arg(QString::fromStdString(v.tflmMessage));
    statusBar()->showMessage(status);
}

void MainWindow::showSettled(const AnalysisPtr& a)
{
    // What the other builds need, once per model and settings (a size change leaves it as it is).
    if (a && (!m_alternativesFor || AnalysisKey::of(*m_alternativesFor) != AnalysisKey::of(*a))) {
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
    if (m_explain)
        m_explain->setModel(m_model);
    m_jobs->request(m_model, m_controls->settings(), AnalysisRunner::Where::Background);
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasUrls() || event->mimeData()->hasText())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto urls = event->mimeData()->urls();
    // A device log (.txt, .log) or dropped text is explained with the open model.
    const QString suffix = urls.isEmpty() ? QString() : QFileInfo(urls.first().toLocalFile()).suffix().toLower();
    if (!urls.isEmpty() && urls.first().isLocalFile()
        && (suffix == QStringLiteral("txt") || suffix == QStringLiteral("log"))) {
        explainDeviceLog(urls.first().toLocalFile());
        event->acceptProposedAction();
        return;
    }
    if (urls.isEmpty() && event->mimeData()->hasText()) {
        explainDeviceLogText(event->mimeData()->text());
        event->acceptProposedAction();
        return;
    }
    QStringList paths;
    for (const QUrl& url : urls)
        if (url.isLocalFile() && paths.size() < 2)
            paths << url.toLocalFile();
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    m_pendingCompareB.clear();
    m_pendingArenaB.clear();
    if (paths.size() == 1 && !m_model) {
        openModel(paths.first());
        return;
    }
    // A second model: asked once the drop is over (main_window_shared.cpp).
    QTimer::singleShot(0, this, [this, paths] { askAboutSecondModel(paths); });
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    Settings settings;
    settings.setWindowGeometry(saveGeometry());
    settings.setWindowState(saveState());
    QMainWindow::closeEvent(event);
}

} // namespace arenascope
