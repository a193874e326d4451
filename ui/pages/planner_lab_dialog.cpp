#include "planner_lab_dialog.h"

#include "ui/text.h"

#include "ui/byte_text.h"
#include "ui/export/export_actions.h"
#include "ui/job_tracker.h"

#include "core/solver/model_buffers.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace arenascope {

namespace {

constexpr SolverKind kPlanners[] = { SolverKind::TflmGreedy, SolverKind::Heuristic, SolverKind::Exact };
const QString kLane = QStringLiteral("planners");

// The planner's figures are int64 (never negative).
QString bytes(std::int64_t b)
{
    return bytesText(static_cast<std::uint64_t>(b));
}

} // namespace

PlannerLabDialog* PlannerLabDialog::open(const AnalysisPtr& shown, JobTracker* tracker, QWidget* parent)
{
    BufferSet set;
    QString source = tr("no model open: import a CSV");
    if (shown && shown->measured->ok) {
        set = modelBufferSet(*shown->measured);
        source = QFileInfo(QString::fromStdString(shown->model->path())).fileName();
    }
    auto* lab = new PlannerLabDialog(std::move(set), source, tracker, parent);
    lab->setAttribute(Qt::WA_DeleteOnClose);
    lab->show();
    return lab;
}

PlannerLabDialog::PlannerLabDialog(BufferSet set, const QString& source, JobTracker* tracker, QWidget* parent)
    : QDialog(parent)
    , m_tracker(tracker)
    , m_source(new QLabel(this))
    , m_bound(new QLabel(this))
    , m_timeLimit(new QDoubleSpinBox(this))
    , m_capacityKiB(new QDoubleSpinBox(this))
    , m_table(new QTableWidget(3, 6, this))
    , m_progress(new QProgressBar(this))
    , m_run(new QPushButton(tr("&Run"), this))
    , m_cancelButton(new QPushButton(tr("Cancel"), this))
    , m_exportPlan(new QPushButton(tr("Export Best &Plan..."), this))
{
    setWindowTitle(tr("Planner Lab"));
    m_timeLimit->setRange(0.1, 3600);
    m_timeLimit->setValue(10);
    m_timeLimit->setSuffix(tr(" s"));
    m_timeLimit->setToolTip(tr("How long the exact search may run before it stops with its best plan"));
    m_capacityKiB->setRange(0, 1024 * 1024);
    m_capacityKiB->setDecimals(0);
    m_capacityKiB->setSuffix(tr(" KiB"));
    m_capacityKiB->setSpecialValueText(tr("none"));
    m_capacityKiB->setToolTip(tr("The head the plan must fit in (the exact search tries it first); none: "
                                 "just the smallest plan"));
    m_table->setHorizontalHeaderLabels(
        { tr("Planner"), tr("Peak"), tr("x lower bound"), tr("Optimal"), tr("Fits"), tr("Time") });
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeaderItem(2)->setToolTip(tr("Peak divided by the lower bound: the most bytes alive at one "
                                                    "time, which no plan can go below"));
    m_progress->setRange(0, 0);
    m_progress->hide();
    m_cancelButton->hide();
    m_exportPlan->setEnabled(false);

    auto* form = new QFormLayout;
    form->addRow(tr("Buffers:"), m_source);
    form->addRow(tr("Lower bound:"), m_bound);
    form->addRow(tr("Time limit:"), m_timeLimit);
    form->addRow(tr("Capacity:"), m_capacityKiB);
    auto* importButton = new QPushButton(tr("&Import CSV..."), this);
    auto* exportBuffers = new QPushButton(tr("&Export Buffers..."), this);
    auto* row = new QHBoxLayout;
    row->addWidget(m_run);
    row->addWidget(m_cancelButton);
    row->addWidget(m_progress);
    row->addStretch();
    row->addWidget(importButton);
    row->addWidget(exportBuffers);
    row->addWidget(m_exportPlan);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(row);
    layout->addWidget(m_table);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_run, &QPushButton::clicked, this, &PlannerLabDialog::run);
    connect(m_cancelButton, &QPushButton::clicked, this, [this] { m_tracker->cancel(this, kLane); });
    connect(importButton, &QPushButton::clicked, this, &PlannerLabDialog::importCsv);
    connect(exportBuffers, &QPushButton::clicked, this, [this] { exportCsv(false); });
    connect(m_exportPlan, &QPushButton::clicked, this, [this] { exportCsv(true); });
    setSet(std::move(set), source);
    resize(720, 360);
}

void PlannerLabDialog::setSet(BufferSet set, const QString& source)
{
    m_set = std::move(set);
    m_results.clear();
    m_source->setText(tr("%1 (%2 buffers)").arg(source).arg(m_set.buffers.size()));
    m_bound->setText(tr("%1, the most bytes alive at one time").arg(bytes(lowerBound(m_set))));
    m_exportPlan->setEnabled(false);
    showResults();
}

void PlannerLabDialog::run()
{
    SolveOptions o;
    o.timeLimit = std::chrono::milliseconds(static_cast<std::int64_t>(m_timeLimit->value() * 1000));
    if (m_capacityKiB->value() > 0)
        o.capacity = static_cast<std::int64_t>(m_capacityKiB->value()) * 1024;
    m_run->setEnabled(false);
    m_progress->show();
    m_cancelButton->show();
    m_tracker->start(
        this, kLane, tr("Planner Lab: placing the buffers"),
        [set = m_set, o](const JobControl& job) mutable {
            o.cancel = job.cancel();
            std::vector<Solution> out;
            for (SolverKind k : kPlanners) {
                o.planner = k;
                out.push_back(solve(set, o));
                job.setProgress(static_cast<double>(out.size()) / std::size(kPlanners));
            }
            return std::make_shared<const std::vector<Solution>>(std::move(out));
        },
        [this](const std::shared_ptr<const std::vector<Solution>>& found) {
            m_results = *found;
            m_run->setEnabled(true);
            m_progress->hide();
            m_cancelButton->hide();
            m_exportPlan->setEnabled(!m_results.empty());
            showResults();
            emit finished();
        });
}

void PlannerLabDialog::showResults()
{
    for (int r = 0; r < 3; ++r) {
        const SolverKind k = kPlanners[r];
        const Solution* s = nullptr;
        for (const Solution& x : m_results)
            if (x.planner == k)
                s = &x;
        auto cell = [&](int c, const QString& text) {
            auto* item = new QTableWidgetItem(text);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        };
        cell(0, toQString(solverName(k)));
        if (!s) {
            for (int c = 1; c < 6; ++c)
                cell(c, QStringLiteral("-"));
            continue;
        }
        cell(1, bytes(s->peakBytes));
        cell(2,
            QString::number(
                static_cast<double>(s->peakBytes) / static_cast<double>(std::max<std::int64_t>(1, s->lowerBoundBytes)),
                'f', 3));
        cell(3, s->optimal ? tr("proven") : (s->stoppedEarly ? tr("stopped") : tr("not proven")));
        if (!s->optimal)
            m_table->item(r, 3)->setToolTip(
                tr("No plan peaks below %1: the gap is at most %2")
                    .arg(bytes(s->provenBoundBytes), bytes(s->peakBytes - s->provenBoundBytes)));
        cell(4, s->fits ? (*s->fits ? tr("yes") : tr("no")) : QStringLiteral("-"));
        if (s->fitSeconds)
            m_table->item(r, 4)->setToolTip(tr("A plan within the capacity after %1 s").arg(*s->fitSeconds, 0, 'f', 3));
        cell(5, tr("%1 s").arg(s->seconds, 0, 'f', 3));
        m_table->item(r, 0)->setToolTip(QString::fromStdString(s->method));
    }
}

void PlannerLabDialog::importCsv()
{
    const QString path
        = QFileDialog::getOpenFileName(this, tr("Import Buffers"), QString(), tr("MiniMalloc CSV (*.csv)"));
    if (path.isEmpty())
        return;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        QMessageBox::warning(this, tr("Import Buffers"), tr("Cannot read %1: %2").arg(path, f.errorString()));
        return;
    }
    auto set = readBufferCsv(f.readAll().toStdString(), QFileInfo(path).fileName().toStdString());
    if (!set) {
        QMessageBox::warning(this, tr("Import Buffers"), QString::fromStdString(describe(set.error())));
        return; // the buffers shown stay
    }
    setSet(std::move(set.value()), QFileInfo(path).fileName());
}

void PlannerLabDialog::exportCsv(bool withPlan)
{
    const Solution* best = nullptr;
    for (const Solution& s : m_results)
        if (!best || s.peakBytes < best->peakBytes)
            best = &s;
    if (withPlan && !best)
        return;
    const QString path = QFileDialog::getSaveFileName(this, withPlan ? tr("Export Best Plan") : tr("Export Buffers"),
        withPlan ? QStringLiteral("plan.csv") : QStringLiteral("buffers.csv"), tr("MiniMalloc CSV (*.csv)"));
    if (path.isEmpty())
        return;
    const std::string text = withPlan ? writeBufferCsv(m_set, best->offsets) : writeBufferCsv(m_set);
    if (const QString error = saveAtomically(path, QByteArray::fromStdString(text)); !error.isEmpty())
        QMessageBox::warning(this, windowTitle(), error);
}

} // namespace arenascope
