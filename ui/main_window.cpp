#include "main_window.h"

#include "pages/verdict_panel.h"
#include "plots/timeline_plot.h"

#include "core/model/loader.h"

#include <QComboBox>
#include <QDragEnterEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QLabel>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>

namespace arenascope {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
    , m_messageBar(new QLabel(this))
    , m_arenaKiB(new QSpinBox(this))
    , m_planner(new QComboBox(this))
    , m_target(new QComboBox(this))
    , m_interpreter(new QComboBox(this))
    , m_timeline(new TimelinePlot(this))
    , m_verdict(new VerdictPanel(this))
{
    setWindowTitle(tr("ArenaScope"));
    setAcceptDrops(true);
    resize(1280, 760);

    auto* fileMenu = menuBar()->addMenu(tr("&File"));
    fileMenu->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::chooseFile);
    fileMenu->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    m_arenaKiB->setRange(1, 4 * 1024 * 1024);
    m_arenaKiB->setSuffix(tr(" B"));
    m_arenaKiB->setToolTip(tr("The tensor_arena size passed to the MicroInterpreter, in bytes"));
    m_arenaKiB->setKeyboardTracking(true);
    m_planner->addItems({tr("greedy"), tr("linear")});
    m_planner->setToolTip(tr("GreedyMemoryPlanner reuses memory between buffers whose lifetimes do not overlap; "
                             "LinearMemoryPlanner places every buffer after the previous one"));
    m_target->addItems({tr("cortex-m"), tr("x86_64")});
    m_target->setToolTip(tr("The device ABI: 32-bit Cortex-M or the 64-bit host (struct sizes differ)"));
    m_interpreter->addItems({tr("plain"), tr("recording")});
    auto* toMinimum = new QPushButton(tr("Set to minimum"), this);

    auto* controls = new QWidget(this);
    auto* form = new QFormLayout(controls);
    form->addRow(tr("Arena size"), m_arenaKiB);
    form->addRow(QString(), toMinimum);
    form->addRow(tr("Planner"), m_planner);
    form->addRow(tr("Target"), m_target);
    form->addRow(tr("Interpreter"), m_interpreter);

    auto* splitter = new QSplitter(this);
    splitter->addWidget(controls);
    splitter->addWidget(m_timeline);
    splitter->addWidget(m_verdict);
    splitter->setStretchFactor(1, 3);
    m_verdict->setMinimumWidth(300);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    m_messageBar->setStyleSheet(QStringLiteral("background:#fde2e1;color:#7a1010;padding:6px;"));
    m_messageBar->setWordWrap(true);
    m_messageBar->hide();
    layout->addWidget(m_messageBar);
    layout->addWidget(splitter, 1);
    setCentralWidget(central);

    connect(m_arenaKiB, &QSpinBox::valueChanged, this, &MainWindow::recompute);
    connect(m_planner, &QComboBox::currentIndexChanged, this, &MainWindow::recompute);
    connect(m_target, &QComboBox::currentIndexChanged, this, &MainWindow::recompute);
    connect(m_interpreter, &QComboBox::currentIndexChanged, this, &MainWindow::recompute);
    connect(toMinimum, &QPushButton::clicked, this, [this] {
        if (m_analysis && m_analysis->minArenaBytes)
            m_arenaKiB->setValue(static_cast<int>(*m_analysis->minArenaBytes));
    });
    connect(m_timeline, &TimelinePlot::arenaSizeDragged, this,
            [this](qulonglong bytes) { m_arenaKiB->setValue(static_cast<int>(bytes)); });
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
    setWindowTitle(tr("ArenaScope - %1").arg(path));
    // Start at the smallest working arena, so the user sees a fitting plan first.
    EmulationSettings s;
    const auto first = analyze(m_model, s, std::nullopt);
    const QSignalBlocker block(m_arenaKiB);
    m_arenaKiB->setValue(static_cast<int>(first->minArenaBytes.value_or(first->measured->arenaUsedBytes)));
    recompute();
    return true;
}

void MainWindow::recompute()
{
    if (!m_model)
        return;
    EmulationSettings s;
    s.planner = m_planner->currentIndex() == 1 ? PlannerKind::Linear : PlannerKind::Greedy;
    s.target = m_target->currentIndex() == 1 ? TargetKind::X86_64 : TargetKind::CortexM;
    s.interpreter = m_interpreter->currentIndex() == 1 ? InterpreterKind::Recording : InterpreterKind::Plain;
    m_analysis = analyze(m_model, s, static_cast<std::uint64_t>(m_arenaKiB->value()));
    m_timeline->setAnalysis(m_analysis);
    m_verdict->setAnalysis(m_analysis);
    const Failure* f = m_analysis->failure();
    statusBar()->showMessage(m_analysis->fits().value_or(true)
                                 ? tr("Fits in %1 bytes").arg(m_arenaKiB->value())
                                 : tr("Does not fit: %1").arg(f ? QString::fromStdString(f->message) : QString()));
}

void MainWindow::showMessage(const QString& text)
{
    m_messageBar->setText(tr("Could not open the model: %1").arg(text));
    m_messageBar->show();
}

void MainWindow::chooseFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open a TFLite model"), QString(),
                                                      tr("TFLite models (*.tflite);;All files (*)"));
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
    if (!urls.isEmpty() && urls.first().isLocalFile())
        openModel(urls.first().toLocalFile());
}

} // namespace arenascope
