#pragma once
// The main window only composes: controls, timeline, arena map, tables, verdict and RAM
// budget, all observing one SelectionState. Analyses come from the JobRunner.

#include "core/analysis/analysis.h"
#include "core/analysis/optimize.h"

#include <QMainWindow>
#include <QPointer>

class QLabel;
class QSplitter;
class QMenu;

class QDockWidget;
class QTemporaryDir;
class QProgressBar;
class QPushButton;

namespace arenascope {

struct Lesson;

class ArenaMapView;
class CompareWindow;
class ControlsPanel;
class EventLogView;
class JobRunner;
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
    // Help > Concepts, at the page of concept `id` if given ("head", "tail", ...).
    void showConcepts(const QString& id = {});
    const ModelPtr& model() const { return m_model; }
    AnalysisPtr analysis() const;
    SelectionState* selection() const { return m_selection; }
    ControlsPanel* controls() const { return m_controls; }
    TimelinePlot* timeline() const { return m_timeline; }
    ArenaMapView* arenaMap() const { return m_arenaMap; }
    VerdictPanel* verdict() const { return m_verdict; }

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void requestAnalysis();
    void showAnalysis(const AnalysisPtr& analysis);
    void showOpened(const AnalysisPtr& analysis);
    void offerSmallerPlan(const Result<OptimizationResult>& result);
    void showSettled(const AnalysisPtr& analysis);
    void showMessage(const QString& text);
    // A line above the plot: an error (red) or a note (neutral), until the next one.
    void showBanner(const QString& html, bool error);
    void modelFileReloaded(const ModelPtr& model);
    void chooseFile();
    void refreshRecentMenu();
    void applyPalette(bool dark);
    void exportTo(int kind);
    void findSmallerPlan();
    void openPlannerLab();
    // Tools > Compare (reorder = false) and Tools > Reorder Operators (B reordered).
    void openCompare(bool reorder);
    QSize defaultSize() const;
    void showEvent(QShowEvent* event) override;
    void openLesson(const Lesson& lesson);
    void analyzeSettings(const EmulationSettings& s); // without a step in the undo history

    ModelPtr m_model;
    SelectionState* m_selection;
    JobRunner* m_jobs;
    QProgressBar* m_progress = nullptr; // shown with m_cancelButton while a long analysis runs
    QPushButton* m_cancelButton = nullptr;
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
    ModelFileWatcher* m_fileWatcher;
    QSplitter* m_centerSplit = nullptr; // timeline, arena map, playback, table and log
    bool m_centerLaidOut = false;
    AnalysisPtr m_reloadedFrom; // the analysis before the open file was rewritten, until the new one arrives
    QString m_pendingCompareB; // a second dropped model: Compare opens with it once the first is shown
    bool m_opening = false; // the newly opened model's first analysis has not arrived
    bool m_searchingPlan = false; // Find a Smaller Plan runs in the background
    AnalysisPtr m_shown; // the analysis on screen, to say what the next settings change did
    QString m_changeNote;
    bool m_dragging = false; // the arena line is being dragged: text panels wait
};

} // namespace arenascope
