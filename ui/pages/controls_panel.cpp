#include "controls_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

namespace arenascope {

namespace {
constexpr std::uint64_t kUnits[] = { 1, 1024, 1024 * 1024 };
constexpr int kSliderSteps = 1000;
} // namespace

ControlsPanel::ControlsPanel(QWidget* parent)
    : QWidget(parent)
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_toMinimum(new QPushButton(tr("Set to minimum"), this))
    , m_planner(new QComboBox(this))
    , m_target(new QComboBox(this))
    , m_interpreter(new QComboBox(this))
    , m_preserve(new QCheckBox(tr("preserve_all_tensors"), this))
    , m_split(new QCheckBox(tr("Separate persistent arena"), this))
{
    m_arena = makeSizeEditor(tr("The tensor_arena size given to the interpreter"));
    m_nonPersistent = makeSizeEditor(tr("Size of the non-persistent arena (head and temp), e.g. in fast SRAM, "
                                        "when the persistent tail lives in its own arena"));
    m_slider->setRange(0, kSliderSteps);
    m_slider->setToolTip(tr("Arena size from 0 to twice the smallest arena that works"));
    m_toMinimum->setToolTip(tr("Set the arena to the smallest size for which AllocateTensors succeeds"));
    m_toMinimum->setEnabled(false);
    m_planner->addItem(tr("greedy"));
    m_planner->addItem(tr("linear"));
    m_planner->setToolTip(tr("GreedyMemoryPlanner reuses bytes between buffers that are never alive together. "
                             "LinearMemoryPlanner places every buffer after the previous one (no reuse)."));
    m_target->addItem(tr("cortex-m (32-bit)"));
    m_target->addItem(tr("x86_64 (64-bit host)"));
    m_target->setToolTip(tr("The device ABI: pointer width and struct sizes of TFLM's runtime data"));
    m_interpreter->addItem(tr("plain"));
    m_interpreter->addItem(tr("recording"));
    m_interpreter->setToolTip(tr("RecordingMicroInterpreter adds bookkeeping to the tail and reports allocations "
                                 "by category"));
    m_preserve->setToolTip(tr("MicroInterpreter(..., preserve_all_tensors=true) keeps every tensor alive for "
                              "debugging: TFLM switches to the linear planner"));
    m_split->setToolTip(tr("Use the four-argument MicroAllocator::Create: the persistent tail in the arena above, "
                           "head and temp in a second arena"));

    auto* form = new QFormLayout(this);
    auto* sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_arena.value, 1);
    sizeRow->addWidget(m_arena.unit);
    form->addRow(tr("Arena size"), sizeRow);
    form->addRow(QString(), m_slider);
    form->addRow(QString(), m_toMinimum);
    form->addRow(tr("Planner"), m_planner);
    form->addRow(tr("Target"), m_target);
    form->addRow(tr("Interpreter"), m_interpreter);
    form->addRow(QString(), m_preserve);
    form->addRow(QString(), m_split);
    auto* npRow = new QHBoxLayout;
    npRow->addWidget(m_nonPersistent.value, 1);
    npRow->addWidget(m_nonPersistent.unit);
    auto* npLabel = new QLabel(tr("Non-persistent"), this);
    form->addRow(npLabel, npRow);
    auto showSplit = [this, npLabel](bool on) {
        npLabel->setVisible(on);
        m_nonPersistent.value->setVisible(on);
        m_nonPersistent.unit->setVisible(on);
    };
    showSplit(false);
    setArenaBytes(64 * 1024);
    setBytes(m_nonPersistent, 64 * 1024);

    auto changed = [this] {
        if (m_updating)
            return;
        syncSlider();
        emit settingsChanged();
    };
    for (SizeEditor* e : { &m_arena, &m_nonPersistent }) {
        connect(e->value, &QSpinBox::valueChanged, this, changed);
        connect(e->unit, &QComboBox::currentIndexChanged, this, changed);
    }
    connect(m_planner, &QComboBox::currentIndexChanged, this, changed);
    connect(m_target, &QComboBox::currentIndexChanged, this, changed);
    connect(m_interpreter, &QComboBox::currentIndexChanged, this, changed);
    connect(m_preserve, &QCheckBox::toggled, this, changed);
    connect(m_split, &QCheckBox::toggled, this, [showSplit, changed](bool on) {
        showSplit(on);
        changed();
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (m_updating || !m_minimum)
            return;
        const std::uint64_t span = 2 * *m_minimum;
        setArenaBytes(span * static_cast<std::uint64_t>(v) / kSliderSteps);
    });
    connect(m_toMinimum, &QPushButton::clicked, this, [this] {
        if (m_minimum)
            setArenaBytes(*m_minimum);
    });
}

ControlsPanel::SizeEditor ControlsPanel::makeSizeEditor(const QString& tooltip)
{
    SizeEditor e;
    e.value = new QSpinBox(this);
    e.value->setRange(0, 1 << 30);
    e.value->setGroupSeparatorShown(true);
    e.value->setToolTip(tooltip);
    e.unit = new QComboBox(this);
    e.unit->addItems({ tr("B"), tr("KiB"), tr("MiB") });
    e.unit->setToolTip(tooltip);
    return e;
}

std::uint64_t ControlsPanel::bytesOf(const SizeEditor& e)
{
    return static_cast<std::uint64_t>(e.value->value()) * kUnits[std::max(0, e.unit->currentIndex())];
}

void ControlsPanel::setBytes(SizeEditor& e, std::uint64_t bytes)
{
    // Show the largest unit that holds the value exactly; bytes otherwise.
    int unit = 0;
    for (int u = 2; u > 0; --u) {
        if (bytes % kUnits[u] == 0 && bytes >= kUnits[u]) {
            unit = u;
            break;
        }
    }
    const QSignalBlocker b1(e.value);
    const QSignalBlocker b2(e.unit);
    e.unit->setCurrentIndex(unit);
    e.value->setValue(static_cast<int>(std::min<std::uint64_t>(bytes / kUnits[unit], 1u << 30)));
}

std::uint64_t ControlsPanel::arenaBytes() const
{
    return bytesOf(m_arena);
}

void ControlsPanel::setArenaBytes(std::uint64_t bytes)
{
    if (bytes == arenaBytes())
        return;
    setBytes(m_arena, bytes);
    syncSlider();
    if (!m_updating)
        emit settingsChanged();
}

void ControlsPanel::setPlanArenaBytes(std::uint64_t bytes)
{
    if (!m_split->isChecked()) {
        setArenaBytes(bytes);
        return;
    }
    if (bytes == bytesOf(m_nonPersistent))
        return;
    setBytes(m_nonPersistent, bytes);
    if (!m_updating)
        emit settingsChanged();
}

void ControlsPanel::setMinimum(std::optional<std::uint64_t> bytes)
{
    m_minimum = bytes;
    m_toMinimum->setEnabled(bytes.has_value());
    m_slider->setEnabled(bytes.has_value());
    syncSlider();
}

void ControlsPanel::syncSlider()
{
    if (!m_minimum || *m_minimum == 0)
        return;
    const QSignalBlocker block(m_slider);
    const double f = static_cast<double>(arenaBytes()) / static_cast<double>(2 * *m_minimum);
    m_slider->setValue(static_cast<int>(std::clamp(f, 0.0, 1.0) * kSliderSteps));
}

EmulationSettings ControlsPanel::settings() const
{
    EmulationSettings s;
    s.planner = m_planner->currentIndex() == 1 ? PlannerKind::Linear : PlannerKind::Greedy;
    s.target = m_target->currentIndex() == 1 ? TargetKind::X86_64 : TargetKind::CortexM;
    s.interpreter = m_interpreter->currentIndex() == 1 ? InterpreterKind::Recording : InterpreterKind::Plain;
    s.preserveAllTensors = m_preserve->isChecked();
    s.arenaSize = arenaBytes();
    if (m_split->isChecked())
        s.nonPersistentBytes = bytesOf(m_nonPersistent);
    return s;
}

void ControlsPanel::applySettings(const EmulationSettings& s)
{
    m_updating = true;
    m_planner->setCurrentIndex(s.planner == PlannerKind::Linear ? 1 : 0);
    m_target->setCurrentIndex(s.target == TargetKind::X86_64 ? 1 : 0);
    m_interpreter->setCurrentIndex(s.interpreter == InterpreterKind::Recording ? 1 : 0);
    m_preserve->setChecked(s.preserveAllTensors);
    m_split->setChecked(s.nonPersistentBytes.has_value());
    if (s.nonPersistentBytes)
        setBytes(m_nonPersistent, *s.nonPersistentBytes);
    m_updating = false;
}

} // namespace arenascope
