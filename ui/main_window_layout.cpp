#include "main_window.h"

// How the main window lays out its views: the timeline in the middle, the settings docked on
// the left, the verdict, RAM budget and walkthrough as tabs on the right, the arena map,
// playback, tables and log below the timeline; and the sizes they start at.

#include "pages/alternatives_view.h"
#include "pages/concept_help.h"
#include "pages/controls_panel.h"
#include "pages/playback_bar.h"
#include "pages/ram_budget_panel.h"
#include "pages/verdict_panel.h"
#include "pages/walkthrough_panel.h"
#include "plots/live_bytes_plot.h"
#include "plots/timeline_plot.h"
#include "views/arena_map_view.h"
#include "views/event_log_view.h"
#include "views/tensor_table_view.h"

#include <QDockWidget>
#include <QLabel>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QVBoxLayout>

namespace arenascope {

// The timeline gets the middle and most of the width: settings on the left, the verdict
// (with the RAM budget and the walkthrough as tabs beside it) on the right, the arena map,
// playback, tables and log below the timeline.
void MainWindow::buildDocks()
{
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
    // What each view shows, for its tooltip and F1.
    tagConcept(m_timeline, "lifetime");
    tagConcept(m_arenaMap, "head");
    tagConcept(m_liveBytes, "lower_bound");
    tagConcept(m_verdict, "smallest_arena");
    tagConcept(m_ramBudget, "non_arena_ram");
    tagConcept(m_walkthrough, "temp");
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

} // namespace arenascope
