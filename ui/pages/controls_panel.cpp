#include "controls_panel.h"

#include "concept_help.h"

#include "byte_size_edit.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>

#include <array>

namespace arenascope {

namespace {
constexpr int kSliderSteps = 1000;
constexpr std::array kCpus = { Cpu::CortexM0, Cpu::CortexM0Plus, Cpu::CortexM3, Cpu::CortexM4, Cpu::CortexM7,
    Cpu::CortexM33, Cpu::CortexM55, Cpu::CortexM85 };

QString targetTooltip()
{
    return ControlsPanel::tr(
        "The device's ABI decides the size of TFLM's runtime structs in the tail.\n"
        "cortex-m: arm-none-eabi GCC, 4-byte pointers, short enums (TfLiteTensor is 32 bytes).\n"
        "ilp32: 32-bit with int-sized enums, as ESP32 (Xtensa) and RISC-V GCC build (TfLiteTensor 40 bytes).\n"
        "x86_64: a 64-bit host build, 8-byte pointers and size_t (TfLiteTensor 64 bytes).");
}
} // namespace

ControlsPanel::ControlsPanel(QWidget* parent)
    : QWidget(parent)
    , m_arena(new ByteSizeEdit(tr("The tensor_arena size given to the interpreter"), this))
    , m_nonPersistent(new ByteSizeEdit(tr("Size of the non-persistent arena (head and temp), e.g. in fast SRAM, "
                                          "when the persistent tail lives in its own arena"),
          this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_toMinimum(new QPushButton(tr("Set to minimum"), this))
    , m_target(new QComboBox(this))
    , m_kernels(new QComboBox(this))
    , m_cpu(new QComboBox(this))
    , m_planner(new QComboBox(this))
    , m_interpreter(new QComboBox(this))
    , m_preserve(new QCheckBox(tr("preserve_all_tensors"), this))
    , m_resourceVariables(new QSpinBox(this))
    , m_split(new QCheckBox(tr("Separate persistent arena"), this))
    , m_nonPersistentLabel(new QLabel(tr("Non-persistent"), this))
{
    m_slider->setRange(0, kSliderSteps);
    m_slider->setToolTip(tr("Arena size from 0 to twice the smallest arena that works"));
    m_toMinimum->setObjectName(QStringLiteral("setToMinimum"));
    m_toMinimum->setToolTip(tr("Set the arena to the smallest size for which AllocateTensors succeeds"));
    m_toMinimum->setEnabled(false);
    for (TargetKind t : allTargets())
        m_target->addItem(QStringLiteral("%1: %2").arg(
            QString::fromUtf8(targetName(t).data()), QString::fromUtf8(targetDescription(t).data())));
    m_targetTip = targetTooltip();
    m_target->setToolTip(m_targetTip);
    // Narrow panels: combo boxes shrink to a short prefix, the popup shows the whole text.
    for (QComboBox* c : { m_target, m_kernels, m_cpu, m_planner, m_interpreter }) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
    }
    m_kernels->addItem(tr("reference kernels"));
    m_kernels->addItem(tr("CMSIS-NN kernels"));
    m_kernels->setToolTip(tr("Which kernels the firmware is built with. Arm's CMSIS-NN kernels "
                             "(OPTIMIZED_KERNEL_DIR=cmsis_nn) allocate other op data and scratch buffers, "
                             "sized for the CPU's DSP or MVE extension. Cortex-M only."));
    for (Cpu c : kCpus) {
        EmulationSettings s;
        s.cpu = c;
        m_cpu->addItem(QStringLiteral("%1 (%2)").arg(
            QString::fromUtf8(cpuName(c).data()), QString::fromUtf8(cpuExtensionName(s.cpuExtension()).data())));
    }
    m_cpu->setCurrentIndex(3); // cortex-m4
    m_cpu->setToolTip(tr("The CPU CMSIS-NN is compiled for: M0/M0+/M3 have neither DSP nor MVE, M4/M7/M33 "
                         "have DSP, M55/M85 have MVE. Some scratch buffers depend on it."));
    m_planner->addItem(tr("greedy"));
    m_planner->addItem(tr("linear"));
    m_planner->setToolTip(tr("GreedyMemoryPlanner reuses bytes between buffers that are never alive together. "
                             "LinearMemoryPlanner places every buffer after the previous one (no reuse)."));
    m_interpreter->addItem(tr("plain"));
    m_interpreter->addItem(tr("recording"));
    m_interpreter->setToolTip(tr("RecordingMicroInterpreter adds bookkeeping to the tail and reports allocations "
                                 "by category"));
    m_preserve->setToolTip(tr("MicroInterpreter(..., preserve_all_tensors=true) keeps every tensor alive for "
                              "debugging: TFLM switches to the linear planner"));
    m_resourceVariables->setRange(0, 100000);
    m_resourceVariables->setToolTip(tr("MicroResourceVariables::Create(allocator, N) before the interpreter: "
                                       "needed by models with VAR_HANDLE; 0 = none created"));
    m_split->setToolTip(tr("Use the four-argument MicroAllocator::Create: the persistent tail in the arena above, "
                           "head and temp in a second arena"));
    tagConcept(m_arena, "smallest_arena");
    tagConcept(m_target, "target");
    tagConcept(m_kernels, "kernels");
    tagConcept(m_planner, "lifetime");
    tagConcept(m_interpreter, "recording");
    tagConcept(m_preserve, "preserve_all_tensors");
    tagConcept(m_split, "tail");
    tagConcept(m_nonPersistent, "head");
    buildForm();
    m_arena->setBytes(64 * 1024);
    m_nonPersistent->setBytes(64 * 1024);
    connectSignals();
    syncDeviceControls();
}

void ControlsPanel::buildForm()
{
    auto* form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow panel puts labels above fields
    form->addRow(tr("Arena size"), m_arena);
    form->addRow(QString(), m_slider);
    form->addRow(QString(), m_toMinimum);
    form->addRow(tr("Target"), m_target);
    form->addRow(tr("Kernels"), m_kernels);
    form->addRow(tr("CPU"), m_cpu);
    form->addRow(tr("Planner"), m_planner);
    form->addRow(tr("Interpreter"), m_interpreter);
    form->addRow(QString(), m_preserve);
    form->addRow(tr("Resource variables"), m_resourceVariables);
    form->addRow(QString(), m_split);
    form->addRow(m_nonPersistentLabel, m_nonPersistent);
    m_nonPersistentLabel->setVisible(false);
    m_nonPersistent->setVisible(false);
}

void ControlsPanel::connectSignals()
{
    auto changed = [this] {
        if (m_updating)
            return;
        syncSlider();
        syncDeviceControls();
        emit settingsChanged();
    };
    connect(m_arena, &ByteSizeEdit::bytesChanged, this, changed);
    connect(m_arena, &ByteSizeEdit::unitChosen, this, &ControlsPanel::unitChosen);
    connect(m_nonPersistent, &ByteSizeEdit::bytesChanged, this, changed);
    for (QComboBox* box : { m_target, m_kernels, m_cpu, m_planner, m_interpreter })
        connect(box, &QComboBox::currentIndexChanged, this, changed);
    connect(m_preserve, &QCheckBox::toggled, this, changed);
    connect(m_resourceVariables, &QSpinBox::valueChanged, this, changed);
    connect(m_split, &QCheckBox::toggled, this, [this, changed](bool on) {
        m_nonPersistentLabel->setVisible(on);
        m_nonPersistent->setVisible(on);
        changed();
    });
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (m_updating || !m_minimum)
            return;
        setArenaBytes(2 * *m_minimum * static_cast<std::uint64_t>(v) / kSliderSteps);
    });
    connect(m_toMinimum, &QPushButton::clicked, this, [this] {
        if (!m_minimum)
            return;
        m_updating = true;
        m_arena->setBytes(*m_minimum);
        if (m_split->isChecked() && m_minimumNonPersistent)
            m_nonPersistent->setBytes(*m_minimumNonPersistent);
        m_updating = false;
        syncSlider();
        emit settingsChanged();
    });
}

// CMSIS-NN is built only for Cortex-M: elsewhere the kernel set is the reference one.
void ControlsPanel::syncDeviceControls()
{
    const bool cortexM = m_target->currentIndex() == 0;
    if (!cortexM && m_kernels->currentIndex() != 0) {
        const QSignalBlocker block(m_kernels);
        m_kernels->setCurrentIndex(0);
    }
    m_kernels->setEnabled(cortexM);
    m_cpu->setEnabled(cortexM && m_kernels->currentIndex() == 1);
}

std::uint64_t ControlsPanel::arenaBytes() const
{
    return m_arena->bytes();
}

void ControlsPanel::setArenaBytes(std::uint64_t bytes)
{
    if (bytes == arenaBytes())
        return;
    m_arena->setBytes(bytes);
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
    if (bytes == m_nonPersistent->bytes())
        return;
    m_nonPersistent->setBytes(bytes);
    if (!m_updating)
        emit settingsChanged();
}

void ControlsPanel::setMinimum(std::optional<std::uint64_t> bytes, std::optional<std::uint64_t> nonPersistentBytes)
{
    m_minimum = bytes;
    m_minimumNonPersistent = nonPersistentBytes;
    m_toMinimum->setEnabled(bytes.has_value());
    m_slider->setEnabled(bytes.has_value());
    syncSlider();
}

void ControlsPanel::setTargetNote(const QString& note)
{
    m_target->setToolTip(note.isEmpty() ? m_targetTip : m_targetTip + QStringLiteral("\n\n") + note);
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
    s.target = allTargets()[static_cast<std::size_t>(std::max(0, m_target->currentIndex()))];
    s.kernels = m_kernels->currentIndex() == 1 ? KernelSet::CmsisNn : KernelSet::Reference;
    s.cpu = kCpus[static_cast<std::size_t>(std::max(0, m_cpu->currentIndex()))];
    s.planner = m_planner->currentIndex() == 1 ? PlannerKind::Linear : PlannerKind::Greedy;
    s.interpreter = m_interpreter->currentIndex() == 1 ? InterpreterKind::Recording : InterpreterKind::Plain;
    s.preserveAllTensors = m_preserve->isChecked();
    s.resourceVariables = static_cast<std::uint32_t>(m_resourceVariables->value());
    s.arenaSize = arenaBytes();
    if (m_split->isChecked())
        s.nonPersistentBytes = m_nonPersistent->bytes();
    return s;
}

void ControlsPanel::applySettings(const EmulationSettings& s)
{
    m_updating = true;
    const auto targets = allTargets();
    m_target->setCurrentIndex(static_cast<int>(std::find(targets.begin(), targets.end(), s.target) - targets.begin()));
    m_kernels->setCurrentIndex(s.kernels == KernelSet::CmsisNn ? 1 : 0);
    m_cpu->setCurrentIndex(static_cast<int>(std::find(kCpus.begin(), kCpus.end(), s.cpu) - kCpus.begin()));
    m_planner->setCurrentIndex(s.planner == PlannerKind::Linear ? 1 : 0);
    m_interpreter->setCurrentIndex(s.interpreter == InterpreterKind::Recording ? 1 : 0);
    m_preserve->setChecked(s.preserveAllTensors);
    m_resourceVariables->setValue(static_cast<int>(s.resourceVariables));
    m_split->setChecked(s.nonPersistentBytes.has_value());
    if (s.arenaSize)
        m_arena->setBytes(*s.arenaSize);
    if (s.nonPersistentBytes)
        m_nonPersistent->setBytes(*s.nonPersistentBytes);
    m_updating = false;
    syncDeviceControls();
    syncSlider();
}

} // namespace arenascope
