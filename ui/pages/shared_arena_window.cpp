#include "shared_arena_window.h"

#include "byte_size_edit.h"
#include "playback_bar.h"
#include "tenant_list.h"

#include "ui/job_tracker.h"
#include "ui/models/selection_state.h"
#include "ui/models/shared_verdict_html.h"
#include "ui/plots/shared_timeline_plot.h"
#include "ui/text.h"

#include "core/model/loader.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTextDocumentFragment>
#include <QVBoxLayout>

namespace arenascope {

namespace {
const QString kLane = QStringLiteral("shared arena");
} // namespace

SharedArenaWindow::SharedArenaWindow(JobTracker* tracker, QWidget* parent)
    : QWidget(parent, Qt::Window)
    , m_tracker(tracker)
    , m_selection(new SelectionState(this))
{
    setWindowTitle(tr("ArenaScope - Several Models in One Arena"));
    buildUi();
    resize(1280, 720);
}

SharedArenaWindow::~SharedArenaWindow() = default;

void SharedArenaWindow::buildUi()
{
    m_list = new TenantList(this);
    m_size = new ByteSizeEdit(tr("The one tensor arena every model's interpreter allocates in"), this);
    m_toMinimum = new QPushButton(tr("Set to Smallest"), this);
    m_toMinimum->setToolTip(tr("The smallest arena in which every model allocates, in this order"));
    m_bestOrder = new QPushButton(tr("Use the Better Order"), this);
    m_bestOrder->setToolTip(tr("Build the interpreters in the order that needs the least arena"));
    m_bestOrder->setEnabled(false);
    m_message = new QLabel(this);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(QStringLiteral("color:#7a1010;"));
    m_message->hide();
    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(4, 4, 4, 4);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(new QLabel(tr("<b>Arena size</b>"), left));
    leftLayout->addWidget(m_size);
    auto* sizeButtons = new QHBoxLayout;
    sizeButtons->addWidget(m_toMinimum);
    sizeButtons->addWidget(m_bestOrder);
    leftLayout->addLayout(sizeButtons);
    leftLayout->addWidget(m_message);

    m_timeline = new SharedTimelinePlot(m_selection, this);
    m_playback = new PlaybackBar(m_selection, this);
    auto* center = new QSplitter(Qt::Vertical, this);
    center->addWidget(m_timeline);
    center->addWidget(m_playback);
    center->setStretchFactor(0, 1);
    center->setStretchFactor(1, 0);

    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("sharedVerdict"));
    m_verdict->setWordWrap(true);
    m_verdict->setTextFormat(Qt::RichText);
    m_verdict->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_verdict->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_verdict->setMargin(6);
    // The panel's width, not the rich text's widest line: the text wraps instead of being cut.
    m_verdict->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_verdict->setMinimumWidth(0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_verdict);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);

    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(center);
    split->addWidget(scroll);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setStretchFactor(2, 0);
    split->setSizes({ 250, 700, 330 });
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    connect(m_list, &TenantList::orderChanged, this, &SharedArenaWindow::setOrder);
    connect(m_list, &TenantList::removeRequested, this, &SharedArenaWindow::removeModel);
    connect(m_list, &TenantList::addRequested, this, &SharedArenaWindow::chooseModel);
    connect(m_size, &ByteSizeEdit::bytesChanged, this, [this](std::uint64_t bytes) { setArenaSize(bytes); });
    connect(m_toMinimum, &QPushButton::clicked, this, [this] { setArenaSize(std::nullopt); });
    connect(m_bestOrder, &QPushButton::clicked, this, [this] {
        const SharedArenaAnalysisPtr a = analysis();
        if (!a || !a->bestOrder)
            return;
        std::vector<int> order;
        for (std::size_t k : a->bestOrder->order)
            order.push_back(static_cast<int>(k));
        setOrder(order);
    });
    connect(m_timeline, &SharedTimelinePlot::arenaSizeDragged, this, [this](qulonglong bytes) {
        m_size->setBytes(bytes);
        setArenaSize(bytes);
    });
    connect(m_timeline, &SharedTimelinePlot::dragStarted, this, [this] { m_dragging = true; });
    connect(m_timeline, &SharedTimelinePlot::dragFinished, this, [this] { m_dragging = false; });
}

void SharedArenaWindow::setFirmware(const EmulationSettings& settings)
{
    EmulationSettings s = settings;
    // One arena for every model: the sizes are this window's own.
    s.arenaSize.reset();
    s.nonPersistentBytes.reset();
    if (!m_tenants.empty() && s == m_firmware)
        return;
    m_firmware = s;
    requestAnalysis();
}

void SharedArenaWindow::addModel(ModelPtr model, const QString& name)
{
    if (m_tenants.size() >= kMaxTenants) {
        m_message->setText(tr("At most %1 models share one arena here: each is emulated again at every size "
                              "the search tries.")
                               .arg(kMaxTenants));
        m_message->show();
        return;
    }
    Tenant t;
    t.model = std::move(model);
    t.name = toStdString(name);
    // As `plan A B --shared-arena` does with the same options: the count given, or each model's
    // VAR_HANDLE count when it is "auto".
    if (m_firmware.resourceVariables == kResourceVariablesAuto)
        t.resourceVariables.reset();
    else
        t.resourceVariables = m_firmware.resourceVariables;
    m_tenants.push_back(std::move(t));
    tenantsChanged();
}

bool SharedArenaWindow::addModelFile(const QString& path)
{
    auto loaded = loadModelFile(toStdString(path));
    if (!loaded) {
        m_message->setText(tr("Could not add %1: %2").arg(path, toQString(describe(loaded.error()))));
        m_message->show();
        return false;
    }
    m_message->hide();
    addModel(loaded.value(), QFileInfo(path).fileName());
    return true;
}

void SharedArenaWindow::chooseModel()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Add a Model to This Arena"), QString(), tr("TFLite models (*.tflite);;All files (*)"));
    if (!path.isEmpty())
        addModelFile(path);
}

void SharedArenaWindow::removeModel(int index)
{
    if (index < 0 || index >= tenantCount() || tenantCount() < 2)
        return;
    m_tenants.erase(m_tenants.begin() + index);
    tenantsChanged();
}

void SharedArenaWindow::setOrder(const std::vector<int>& order)
{
    if (order.size() != m_tenants.size())
        return;
    std::vector<Tenant> reordered;
    for (int k : order) {
        if (k < 0 || k >= tenantCount())
            return;
        reordered.push_back(m_tenants[static_cast<std::size_t>(k)]);
    }
    m_tenants = std::move(reordered);
    tenantsChanged();
}

void SharedArenaWindow::setArenaSize(std::optional<std::uint64_t> bytes)
{
    m_sizeFromMinimum = !bytes.has_value();
    m_arenaSize = bytes;
    if (!bytes) {
        if (const SharedArenaAnalysisPtr a = analysis(); a && a->minArenaBytes) {
            m_arenaSize = a->minArenaBytes;
            m_size->setBytes(*m_arenaSize);
        }
    }
    requestAnalysis();
}

std::vector<QString> SharedArenaWindow::tenantNames() const
{
    std::vector<QString> names;
    for (const Tenant& t : m_tenants)
        names.push_back(toQString(t.name));
    return names;
}

SharedArenaAnalysisPtr SharedArenaWindow::analysis() const
{
    return m_selection->shared();
}

bool SharedArenaWindow::analyzing() const
{
    return m_tracker->busy(this, kLane);
}

QString SharedArenaWindow::verdictText() const
{
    return QTextDocumentFragment::fromHtml(m_verdict->text()).toPlainText();
}

QString SharedArenaWindow::message() const
{
    return m_message->isVisible() ? m_message->text() : QString();
}

void SharedArenaWindow::tenantsChanged()
{
    m_list->setTenants(tenantNames(), nullptr); // their figures come with the analysis
    requestAnalysis();
}

void SharedArenaWindow::requestAnalysis()
{
    if (m_tenants.empty()) {
        m_tracker->discard(this, kLane);
        m_selection->setShared(nullptr);
        return;
    }
    EmulationSettings settings = m_firmware;
    settings.arenaSize = m_arenaSize;
    m_tracker->start(
        this, kLane, tr("Analysing the models in one arena"),
        [tenants = m_tenants, settings](const JobControl& job) {
            AnalysisLimits limits;
            limits.cancel = job.cancel();
            limits.progress = job.progressSink();
            return analyzeSharedArena(tenants, settings, Construction::AllFirst, limits);
        },
        [this](const SharedArenaAnalysisPtr& a) { showAnalysis(a); });
}

void SharedArenaWindow::showAnalysis(const SharedArenaAnalysisPtr& a)
{
    // The first analysis has no size: start at the smallest shared arena, as the main window does.
    if (m_sizeFromMinimum && !a->arenaSize() && a->minArenaBytes) {
        m_arenaSize = a->minArenaBytes;
        m_size->setBytes(*m_arenaSize);
        requestAnalysis();
    }
    m_selection->setShared(a);
    m_list->setTenants(tenantNames(), a);
    m_verdict->setText(sharedVerdictHtml(*a));
    m_bestOrder->setEnabled(a->bestOrder.has_value());
    m_toMinimum->setEnabled(a->minArenaBytes.has_value());
    if (!analyzing())
        emit analysisShown();
}

} // namespace arenascope
