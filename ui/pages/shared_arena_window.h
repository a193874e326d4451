#pragma once
// File > Add Model to This Arena: several models in one tensor arena, as firmware that runs a
// wake word and a VAD builds them (TFLM's multi-tenancy: one MicroAllocator, one interpreter per
// model). The main window's model is the first; each added model follows in the order the
// firmware builds them, under the main window's build (one firmware: one target, kernel set,
// planner and TFLM). The window shows the tenants in order (drag to reorder), the shared
// timeline, the verdict (which model breaks, by how much, TFLM's words), and the playback of the
// shared allocator's log, model after model. Every analysis runs through the JobTracker (core's
// analyzeSharedArena), the newest request winning.

#include "core/analysis/shared_arena_analysis.h"

#include <QString>
#include <QWidget>

#include <optional>
#include <vector>

class QLabel;
class QPushButton;

namespace arenascope {

class ByteSizeEdit;
class JobTracker;
class PlaybackBar;
class SelectionState;
class SharedTimelinePlot;
class TenantList;

class SharedArenaWindow : public QWidget {
    Q_OBJECT
public:
    SharedArenaWindow(JobTracker* tracker, QWidget* parent = nullptr);
    ~SharedArenaWindow() override;

    // The firmware's build: the main window's settings (the arena size is this window's own).
    void setFirmware(const EmulationSettings& settings);
    // Appends a model (the first one added is the main window's), and analyses again.
    void addModel(ModelPtr model, const QString& name);
    // Loads and appends a model file; a message in the window when it does not load.
    bool addModelFile(const QString& path);
    void removeModel(int index);
    // The tenants in a new order: `order[i]` is the index, in the current order, of the i-th.
    void setOrder(const std::vector<int>& order);
    // nullopt: the smallest shared arena, once the first analysis has found it.
    void setArenaSize(std::optional<std::uint64_t> bytes);

    int tenantCount() const { return static_cast<int>(m_tenants.size()); }
    std::vector<QString> tenantNames() const;
    SharedArenaAnalysisPtr analysis() const;
    bool analyzing() const;
    SelectionState* selection() const { return m_selection; }
    SharedTimelinePlot* timeline() const { return m_timeline; }
    TenantList* tenantList() const { return m_list; }
    PlaybackBar* playback() const { return m_playback; }
    QString verdictText() const; // the verdict as plain text
    QString message() const; // what went wrong last (a model that did not load), or empty

signals:
    void analysisShown(); // the newest request's analysis is on screen

private:
    void buildUi();
    void requestAnalysis();
    void showAnalysis(const SharedArenaAnalysisPtr& analysis);
    void tenantsChanged(); // the list shows the new tenants, and they are analysed
    void chooseModel();

    JobTracker* m_tracker;
    SelectionState* m_selection;
    TenantList* m_list = nullptr;
    SharedTimelinePlot* m_timeline = nullptr;
    PlaybackBar* m_playback = nullptr;
    ByteSizeEdit* m_size = nullptr;
    QPushButton* m_toMinimum = nullptr;
    QPushButton* m_bestOrder = nullptr;
    QLabel* m_verdict = nullptr;
    QLabel* m_message = nullptr;
    std::vector<Tenant> m_tenants;
    EmulationSettings m_firmware;
    std::optional<std::uint64_t> m_arenaSize; // nullopt until the first analysis sets the smallest
    bool m_sizeFromMinimum = true; // the size follows the smallest arena until the user sets one
    bool m_dragging = false;
};

} // namespace arenascope
