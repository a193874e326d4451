#include "compare_window.h"

#include "controls_panel.h"
#include "ui/analysis_runner.h"
#include "ui/byte_text.h"
#include "ui/export/export_actions.h"
#include "ui/job_tracker.h"
#include "ui/models/selection_state.h"
#include "ui/plots/timeline_plot.h"

#include "core/analysis/compare.h"
#include "core/analysis/reorder.h"
#include "core/analysis/verdict.h"
#include "core/model/loader.h"

#include <QCheckBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace arenascope {

namespace {

const QString kReorderLane = QStringLiteral("reorder");

QString modelName(const ModelPtr& m)
{
    return m ? QFileInfo(QString::fromStdString(m->path())).fileName() : QString();
}

// The reordered copy of a model: its name in the table and the file name offered to save it.
QString reorderedName(const ModelPtr& m)
{
    return QString::fromStdString(reorderedModelName(m->path()));
}

} // namespace

CompareWindow::CompareWindow(JobTracker* tracker, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_selA(new SelectionState(this))
    , m_selB(new SelectionState(this))
    , m_tracker(tracker)
    , m_jobsB(new AnalysisRunner(tracker, this))
{
    m_jobsB->setDescribesChanges(false); // side B shows no settings-change note
    setWindowTitle(tr("Compare - ArenaScope"));
    buildUi();
    connect(m_jobsB, &AnalysisRunner::finished, this, &CompareWindow::showB);
    connect(m_jobsB, &AnalysisRunner::busyChanged, this, [this](bool busy) {
        m_status->setText(busy ? m_statusText + QLatin1Char(' ') + tr("Analyzing B...") : m_statusText);
    });
    connect(m_panelB, &ControlsPanel::settingsChanged, this, &CompareWindow::requestB);
    connect(m_plotB, &TimelinePlot::arenaSizeDragged, this,
        [this](qulonglong bytes) { m_panelB->setPlanArenaBytes(bytes); });
    connect(m_plotB, &TimelinePlot::dragStarted, this, [this] { m_draggingB = true; });
    connect(m_plotB, &TimelinePlot::dragFinished, this, [this] {
        m_draggingB = false;
        refresh();
    });
    connect(m_reorder, &QCheckBox::toggled, this, &CompareWindow::requestB);
    resize(1240, 680);
}

CompareWindow::~CompareWindow() = default; // the tracker cancels this window's jobs and drops their results

void CompareWindow::buildUi()
{
    m_panelB = new ControlsPanel(this);
    m_modelBLabel = new QLabel(this);
    m_modelBLabel->setWordWrap(true);
    auto* open = new QPushButton(tr("Open Model B..."), this);
    open->setToolTip(tr("Compare A with another model file under B's settings"));
    connect(open, &QPushButton::clicked, this, &CompareWindow::chooseModelB);
    auto* same = new QPushButton(tr("Use A's Model"), this);
    same->setToolTip(tr("Compare the model with itself under other settings"));
    connect(same, &QPushButton::clicked, this, [this] { setModelB(QString()); });
    m_reorder = new QCheckBox(tr("Reorder operators"), this);
    m_reorder->setToolTip(tr("Run B's operators in another valid order that keeps fewer bytes alive at once "
                             "(TFLM runs them in the order the model stores them)"));
    m_save = new QPushButton(tr("Save B's Model..."), this);
    m_save->setToolTip(tr("Save the model with its operators in B's order (nothing else changes)"));
    m_save->setEnabled(false);
    connect(m_save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(
            this, tr("Save the reordered model"), reorderedName(m_baseB), tr("TFLite models (*.tflite)"));
        if (path.isEmpty())
            return;
        if (const QString error = saveModelB(path); !error.isEmpty())
            QMessageBox::critical(this, tr("Save failed"), error);
    });
    m_status = new QLabel(this);
    m_status->setWordWrap(true);

    auto* side = new QWidget(this);
    auto* sideLayout = new QVBoxLayout(side);
    auto* heading = new QLabel(tr("<b>B</b>"), side);
    sideLayout->addWidget(heading);
    sideLayout->addWidget(m_modelBLabel);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(open);
    buttons->addWidget(same);
    sideLayout->addLayout(buttons);
    sideLayout->addWidget(m_reorder);
    sideLayout->addWidget(m_save);
    sideLayout->addWidget(m_status);
    sideLayout->addWidget(m_panelB);
    sideLayout->addStretch();

    m_table = new QTableWidget(0, 4, this);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(tr("Every figure for A and B, and B - A (negative: B needs less)"));

    m_changes = new QListWidget(this);
    m_changes->setToolTip(tr("What makes the difference, item by item (each operator's op data, options and scratch "
                             "requests, the tail by category, each activation), largest change first"));
    m_changes->setMaximumHeight(7 * m_changes->fontMetrics().lineSpacing());

    m_plotA = new TimelinePlot(m_selA, this);
    m_plotB = new TimelinePlot(m_selB, this);
    m_titleA = new QLabel(this);
    m_titleB = new QLabel(this);
    for (QLabel* t : { m_titleA, m_titleB }) {
        t->setWordWrap(true);
        t->setTextFormat(Qt::PlainText);
        t->setMinimumHeight(2 * t->fontMetrics().lineSpacing()); // both plots start at the same height
    }
    auto* plots = new QSplitter(Qt::Horizontal, this);
    for (auto [title, plot] : { std::pair { m_titleA, m_plotA }, std::pair { m_titleB, m_plotB } }) {
        auto* column = new QWidget(plots);
        auto* layout = new QVBoxLayout(column);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(title);
        layout->addWidget(plot, 1);
        plots->addWidget(column);
    }

    auto* main = new QSplitter(Qt::Vertical, this);
    main->addWidget(m_table);
    main->addWidget(m_changes);
    main->addWidget(plots);
    main->setStretchFactor(0, 0);
    main->setStretchFactor(1, 0);
    main->setStretchFactor(2, 1);

    auto* outer = new QSplitter(Qt::Horizontal, this);
    outer->addWidget(side);
    outer->addWidget(main);
    outer->setStretchFactor(0, 0);
    outer->setStretchFactor(1, 1);
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(outer);
}

AnalysisPtr CompareWindow::analysisA() const
{
    return m_selA->analysis();
}
AnalysisPtr CompareWindow::analysisB() const
{
    return m_selB->analysis();
}
QString CompareWindow::status() const
{
    return m_statusText;
}

void CompareWindow::setA(AnalysisPtr a)
{
    const bool firstA = !m_selA->analysis();
    const bool newModel = a && (!m_selA->analysis() || m_selA->analysis()->model != a->model);
    m_selA->setAnalysis(a);
    if (a && firstA) {
        EmulationSettings s = a->settings;
        m_panelB->applySettings(s); // B starts as A; the user changes what to compare
    }
    if (a && m_sameModel && newModel) {
        m_baseB = a->model;
        requestB();
    }
    refresh();
}

void CompareWindow::setModelB(const QString& path)
{
    if (path.isEmpty()) {
        m_sameModel = true;
        m_baseB = m_selA->analysis() ? m_selA->analysis()->model : nullptr;
    } else {
        auto loaded = loadModelFile(path.toStdString());
        if (!loaded) {
            m_statusText = tr("Could not open %1: %2").arg(path, QString::fromStdString(describe(loaded.error())));
            m_status->setText(m_statusText);
            return; // B stays as it was
        }
        m_sameModel = false;
        m_baseB = loaded.value();
    }
    requestB();
}

void CompareWindow::setReorderB(bool on)
{
    m_reorder->setChecked(on); // toggled() requests B; when unchanged, B is shown already
}

void CompareWindow::chooseModelB()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Open Model B"), QString(), tr("TFLite models (*.tflite)"));
    if (!path.isEmpty())
        setModelB(path);
}

void CompareWindow::requestB()
{
    if (!m_baseB)
        return;
    m_modelBLabel->setText(tr("Model: %1%2").arg(modelName(m_baseB), m_sameModel ? tr(" (A's model)") : QString()));
    const EmulationSettings settings = m_panelB->settings();
    if (!m_reorder->isChecked()) {
        m_tracker->discard(this, kReorderLane); // a reorder still running is no longer wanted
        m_reorderFor.reset();
        m_reordered.reset();
        m_modelB = m_baseB;
        m_save->setEnabled(false);
        m_statusText = tr("Operators in the order the model stores them.");
        analyzeB();
        return;
    }
    if (m_reorderFor && *m_reorderFor == AnalysisKey(m_baseB, settings)) {
        // Only the arena size changed: the order stays; once it is known, B is emulated anew.
        if (m_reordered)
            analyzeB();
        return;
    }
    m_reorderFor = AnalysisKey(m_baseB, settings);
    m_reordered.reset();
    m_save->setEnabled(false);
    m_statusText = tr("Searching for an operator order that keeps fewer bytes alive...");
    m_status->setText(m_statusText);
    using Found = std::shared_ptr<const Result<ReorderedModel>>;
    m_tracker->start(
        this, kReorderLane, tr("Searching for a better operator order"),
        [base = m_baseB, settings](const JobControl&) {
            return std::make_shared<const Result<ReorderedModel>>(reorderedModel(*base, settings));
        },
        [this, base = m_baseB](const Found& found) { showReordered(base, found); });
}

// The reorder search ended (superseded ones never arrive): B is the reordered model, if any.
void CompareWindow::showReordered(const ModelPtr& base, const std::shared_ptr<const Result<ReorderedModel>>& found)
{
    m_modelB = base;
    if (!*found) {
        m_reordered = std::make_shared<const ReorderedModel>(); // nothing better to show
        m_statusText
            = tr("The operators cannot be reordered: %1").arg(QString::fromStdString(describe(found->error())));
    } else {
        m_reordered = std::make_shared<const ReorderedModel>(found->value());
        const ReorderResult& r = m_reordered->result;
        if (m_reordered->model) {
            m_modelB = m_reordered->model;
            m_statusText = tr("Operators reordered: %1 -> %2 alive at the peak%3.")
                               .arg(bytesText(r.peakBefore), bytesText(r.peakAfter),
                                   r.exact ? tr(" (the best order)") : QString());
        } else {
            m_statusText = tr("No operator order keeps fewer bytes alive than the stored one (%1 at the "
                              "peak%2): B runs the stored order.")
                               .arg(bytesText(r.peakBefore), r.exact ? tr(", every order considered") : QString());
        }
    }
    m_save->setEnabled(m_reordered->model != nullptr);
    analyzeB();
}

void CompareWindow::analyzeB()
{
    m_status->setText(m_statusText);
    // A model not analyzed here before has an unknown cost: never on the GUI thread.
    const bool known = m_selB->analysis() && m_selB->analysis()->model == m_modelB;
    m_jobsB->request(m_modelB, m_panelB->settings(),
        known ? AnalysisRunner::Where::AsCheapAsItWas : AnalysisRunner::Where::Background);
}

void CompareWindow::showB(AnalysisPtr b)
{
    m_selB->setAnalysis(b);
    if (b)
        m_panelB->setMinimum(b->minArenaBytes, b->minNonPersistentBytes);
    refresh();
}

void CompareWindow::refresh()
{
    const AnalysisPtr a = m_selA->analysis();
    const AnalysisPtr b = m_selB->analysis();
    if (!a || !b)
        return;
    const Comparison c = compareAnalyses(*a, *b);
    const auto label = [](const std::string& s) { return QString::fromStdString(s); };
    m_table->setHorizontalHeaderLabels(
        { tr("Quantity"), tr("A: %1").arg(label(c.labelA)), tr("B: %1").arg(label(c.labelB)), tr("B - A") });
    m_table->setRowCount(static_cast<int>(c.rows.size()));
    for (int r = 0; r < static_cast<int>(c.rows.size()); ++r) {
        const CompareRow& row = c.rows[static_cast<std::size_t>(r)];
        const auto cell = [&](int column, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            if (column > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, column, item);
            return item;
        };
        cell(0, label(row.quantity));
        cell(1, label(row.aText()));
        cell(2, label(row.bText()));
        QTableWidgetItem* item = cell(3, label(row.deltaText()));
        if (row.delta().value_or(0) != 0) {
            QFont bold = item->font();
            bold.setBold(true);
            item->setFont(bold);
        }
    }
    int height = m_table->horizontalHeader()->height() + 2 * m_table->frameWidth();
    for (int r = 0; r < m_table->rowCount(); ++r)
        height += m_table->rowHeight(r);
    m_table->setFixedHeight(height); // every row shows
    m_changes->clear();
    for (const CostChange& change : c.changes)
        m_changes->addItem(label(change.text()));
    if (c.changes.empty())
        m_changes->addItem(tr("No operator, tail category or activation differs."));
    m_titleA->setText(tr("A: %1 - %2").arg(label(c.labelA), label(a->verdict->headline)));
    m_titleB->setText(tr("B: %1 - %2").arg(label(c.labelB), label(b->verdict->headline)));
    // One byte scale: both timelines reach the higher of their tops. It holds still while B's
    // arena line is dragged (the line under the mouse would run away) and keeps the user's zoom
    // while the top stays.
    const double top = std::max(m_plotA->naturalTop(), m_plotB->naturalTop());
    if (!m_draggingB && top != m_sharedTop) {
        m_sharedTop = top;
        m_plotA->setSharedTop(top);
        m_plotB->setSharedTop(top);
    }
    emit comparisonShown();
}

QString CompareWindow::saveModelB(const QString& path) const
{
    if (!m_reordered || !m_reordered->model)
        return tr("B's operators are in the stored order: there is no reordered model to save.");
    const std::vector<std::uint8_t>& model = m_reordered->result.modelBytes;
    const QByteArray bytes(reinterpret_cast<const char*>(model.data()), static_cast<qsizetype>(model.size()));
    return saveAtomically(path, bytes);
}

} // namespace arenascope
