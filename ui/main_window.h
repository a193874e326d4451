#pragma once
// The main window: settings on the left, the timeline in the middle, the verdict on the
// right. It only composes; every figure comes from core's analyze().

#include "core/analysis/analysis.h"

#include <QMainWindow>

class QComboBox;
class QLabel;
class QSpinBox;

namespace arenascope {

class TimelinePlot;
class VerdictPanel;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    // Loads `path`; on failure the previous model stays and the message bar says why.
    bool openModel(const QString& path);

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void recompute();
    void showMessage(const QString& text);
    void chooseFile();

    ModelPtr m_model;
    QLabel* m_messageBar;
    QSpinBox* m_arenaKiB;
    QComboBox* m_planner;
    QComboBox* m_target;
    QComboBox* m_interpreter;
    TimelinePlot* m_timeline;
    VerdictPanel* m_verdict;
    AnalysisPtr m_analysis;
};

} // namespace arenascope
