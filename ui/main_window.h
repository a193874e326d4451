#pragma once
// The main window only composes: controls, timeline, arena map, tables, verdict and RAM
// budget, all observing one SelectionState. Analyses come from the AnalysisRunner; every job
// off the GUI thread, this window's and its tools', goes through its one JobTracker, which
// the status bar shows (JobStatusWidget). Menus and their actions: main_window_actions.cpp.

#include "core/analysis/analysis.h"

#include <QMainWindow>
#include <QPointer>

class QLabel;
class QSplitter;
class QMenu;

class QDockWidget;
class QTemporaryDir;

namespace arenascope {

struct Lesson;

class ArenaMapView;
class CompareWindow;
class ControlsPanel;
class EventLogView;
class ExplainLogDialog;
class AnalysisRunner;
class JobTracker;
class SmallerPlanSearch;
class LiveBytesPlot;
class RamBudgetPanel;
class SelectionState;
class TensorTableView;
class TimelinePlot;
class AlternativesView;
class ModelFileWatcher;
class VerdictPanel;
class WalkthroughPanel;
class PlaybackBar;
class SettingsHistory;
class SharedArenaWindow;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Loads `path`; on failure the previous model stays and the message bar says why. The
    // first analysis runs off the GUI thread (busy bar and Cancel past half a second); when it
    // arrives the arena is set to the smallest working size. opening() is true until then.
    bool openModel(const QString& path);
    bool opening() const { return m_opening; }
    bool analyzing() const; // an analysis runs in the background (its result not shown yet)
    // File > Explain Device Log: a device's serial log (a file, or pasted text) explained with the
    // open model; choosing a build it names switches the window to it (main_window_actions.cpp).
    void explainDeviceLog(const QString& path);
    void explainDeviceLogText(const QString& text);
    ExplainLogDialog* explainDialog() const; // null until the first log
    // Help > Concepts, at the page of concept `id` if given ("head", "tail", ...).
    void showConcepts(const QString& id = {});
    const ModelPtr& model() const { return m_model; }
    AnalysisPtr analysis() const;
    SelectionState* selection() const { return m_selection; }
    ControlsPanel* controls() const { return m_controls; }
    TimelinePlot* timeline() const { return m_timeline; }
    ArenaMapView* arenaMap() const { return m_arenaMap; }
    VerdictPanel* verdict() const { return m_verdict; }
    // File > Add Model to This Arena: `path` shares the arena with this model (main_window_shared.cpp).
    void addModelToArena(const QString& path);
    SharedArenaWindow* sharedArena() const;

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildDocks();
    void connectViews();
    void buildMenus();
    void requestAnalysis();
    void showAnalysis(const AnalysisPtr& analysis, const QString& changeNote);
    void showOpened(const AnalysisPtr& analysis);
    void showSettled(const AnalysisPtr& analysis);
    void showMessage(const QString& text);
    // A line above the plot: an error (red) or a note (neutral), until the next one.
    void showBanner(const QString& html, bool error);
    void modelFileReloaded(const ModelPtr& model);
    void chooseFile();
    void refreshRecentMenu();
    void applyPalette(bool dark);
    void exportTo(int kind);
    // Tools > Compare (reorder = false) and Tools > Reorder Operators (B reordered).
    void openCompare(bool reorder);
    QSize defaultSize() const;
    void showEvent(QShowEvent* event) override;
    void openLesson(const Lesson& lesson);
    void analyzeSettings(const EmulationSettings& s); // without a step in the undo history
    void chooseModelForArena();
    void askAboutSecondModel(const QStringList& paths); // compare, or share the arena

    ModelPtr m_model;
    SelectionState* m_selection;
    JobTracker* m_tracker;
    AnalysisRunner* m_jobs;
    SmallerPlanSearch* m_planSearch;
    QLabel* m_messageBar;
    ControlsPanel* m_controls;
    TimelinePlot* m_timeline;
    ArenaMapView* m_arenaMap;
    TensorTableView* m_tensorTable;
    EventLogView* m_eventLog;
    LiveBytesPlot* m_liveBytes;
    VerdictPanel* m_verdict;
    AlternativesView* m_alternatives;
    AnalysisPtr m_alternativesFor; // the analysis the other builds were last asked for
    RamBudgetPanel* m_ramBudget;
    WalkthroughPanel* m_walkthrough;
    PlaybackBar* m_playback;
    SettingsHistory* m_history;
    std::vector<QDockWidget*> m_docks; // every panel, for the View menu
    std::unique_ptr<QTemporaryDir> m_lessonDir; // where Help > Lessons writes the lesson models
    QMenu* m_recentMenu = nullptr;
    QPointer<CompareWindow> m_compare; // follows the analysis shown as its A
    QPointer<ExplainLogDialog> m_explain;
    ExplainLogDialog* openExplainDialog();
    ModelFileWatcher* m_fileWatcher;
    QSplitter* m_centerSplit = nullptr; // timeline, arena map, playback, table and log
    bool m_centerLaidOut = false;
    AnalysisPtr m_reloadedFrom; // the analysis before the open file was rewritten, until the new one arrives
    QString m_pendingCompareB; // a second dropped model: Compare opens with it once the first is shown
    QString m_pendingArenaB; // ... or shares the arena with it
    QPointer<SharedArenaWindow> m_sharedArena;
    bool m_opening = false; // the newly opened model's first analysis has not arrived
    AnalysisPtr m_shown; // the analysis on screen, to say what the next settings change did
    QString m_changeNote;
    bool m_dragging = false; // the arena line is being dragged: text panels wait
};

} // namespace arenascope
