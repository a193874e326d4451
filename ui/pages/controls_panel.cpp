#include "controls_panel.h"

#include "concept_help.h"

#include "byte_size_edit.h"
#include "device_controls.h"

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
} // namespace

ControlsPanel::ControlsPanel(QWidget* parent)
    : QWidget(parent)
    , m_arena(new ByteSizeEdit(tr("The tensor_arena size given to the interpreter"), this))
    , m_nonPersistent(new ByteSizeEdit(tr("Size of the non-persistent arena (head and temp), e.g. in fast SRAM, "
                                          "when the persistent tail lives in its own arena"),
          this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_toMinimum(new QPushButton(tr("Set to minimum"), this))
    , m_device(new DeviceControls(this))
    , m_planner(new QComboBox(this))
    , m_interpreter(new QComboBox(this))
    , m_preserve(new QCheckBox(tr("preserve_all_tensors"), this))
    , m_resourceVariables(new QSpinBox(this))
    , m_split(new QCheckBox(tr("Separate persistent arena"), this))
    , m_nonPersistentLabel(new QLabel(tr("Non-persistent"), this))
    , m_arenaOffset(new QSpinBox(this))
    , m_variablesArenaOn(new QCheckBox(tr("Variables in their own arena"), this))
    , m_variablesArena(new ByteSizeEdit(tr("Size of the arena the resource variables are created in "
                                           "(MicroAllocator::Create(var_arena, size))"),
          this))
{
    m_slider->setRange(0, kSliderSteps);
    m_slider->setToolTip(tr("Arena size from 0 to twice the smallest arena that works"));
    m_toMinimum->setObjectName(QStringLiteral("setToMinimum"));
    m_toMinimum->setToolTip(tr("Set the arena to the smallest size for which AllocateTensors succeeds"));
    m_toMinimum->setEnabled(false);
    for (QComboBox* c : { m_planner, m_interpreter }) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
    }
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
    m_arenaOffset->setRange(0, 15);
    m_arenaOffset->setSuffix(tr(" B past 16"));
    m_arenaOffset->setToolTip(tr("Where the arena starts: bytes past a 16-byte boundary, as a buffer from a heap "
                                 "(malloc, heap_caps_malloc) may. MicroAllocator::Create aligns the start up and "
                                 "loses 16 - offset bytes."));
    m_variablesArenaOn->setToolTip(tr("Create the resource variables in an arena of their own, as ESPHome's "
                                      "micro_wake_word does (MicroResourceVariables::Create(MicroAllocator::Create("
                                      "var_arena, size), N)): MicroResourceVariables and its entries leave "
                                      "this arena's tail (the variables' buffers stay)"));
    tagConcept(m_arena, "smallest_arena");
    tagConcept(m_planner, "lifetime");
    tagConcept(m_interpreter, "recording");
    tagConcept(m_preserve, "preserve_all_tensors");
    tagConcept(m_split, "tail");
    tagConcept(m_resourceVariables, "resource_variables");
    tagConcept(m_variablesArenaOn, "resource_variables");
    tagConcept(m_variablesArena, "resource_variables");
    tagConcept(m_arenaOffset, "arena_offset");
    tagConcept(m_nonPersistent, "head");
    buildForm();
    m_arena->setBytes(64 * 1024);
    m_nonPersistent->setBytes(64 * 1024);
    m_variablesArena->setBytes(1024);
    connectSignals();
}

void ControlsPanel::buildForm()
{
    auto* form = new QFormLayout(this);
    form->setRowWrapPolicy(QFormLayout::WrapLongRows); // a narrow panel puts labels above fields
    form->addRow(tr("Arena size"), m_arena);
    form->addRow(QString(), m_slider);
    form->addRow(QString(), m_toMinimum);
    m_device->addRows(form);
    form->addRow(tr("Planner"), m_planner);
    form->addRow(tr("Interpreter"), m_interpreter);
    form->addRow(QString(), m_preserve);
    form->addRow(tr("Resource variables"), m_resourceVariables);
    form->addRow(QString(), m_variablesArenaOn);
    form->addRow(tr("Variables arena"), m_variablesArena);
    form->addRow(tr("Arena start"), m_arenaOffset);
    form->addRow(QString(), m_split);
    form->addRow(m_nonPersistentLabel, m_nonPersistent);
    m_form = form;
    syncRows();
}

void ControlsPanel::connectSignals()
{
    auto changed = [this] {
        if (m_updating)
            return;
        syncSlider();
        syncRows();
        emit settingsChanged();
    };
    connect(m_arena, &ByteSizeEdit::bytesChanged, this, changed);
    connect(m_arena, &ByteSizeEdit::unitChosen, this, &ControlsPanel::unitChosen);
    connect(m_nonPersistent, &ByteSizeEdit::bytesChanged, this, changed);
    connect(m_variablesArena, &ByteSizeEdit::bytesChanged, this, changed);
    connect(m_device, &DeviceControls::changed, this, changed);
    connect(m_device, &DeviceControls::boardChanged, this, &ControlsPanel::boardChanged);
    for (QComboBox* box : { m_planner, m_interpreter })
        connect(box, &QComboBox::currentIndexChanged, this, changed);
    for (QCheckBox* box : { m_preserve, m_split, m_variablesArenaOn })
        connect(box, &QCheckBox::toggled, this, changed);
    for (QSpinBox* box : { m_resourceVariables, m_arenaOffset })
        connect(box, &QSpinBox::valueChanged, this, changed);
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

// Rows that only mean something with another choice: the second arena's size when split, the
// variables arena's size when variables exist and live apart; an arena offset and a variables
// arena are emulated with one tensor arena.
void ControlsPanel::syncRows()
{
    if (!m_form)
        return;
    const bool split = m_split->isChecked();
    const bool variables = m_resourceVariables->value() > 0 && !split;
    m_form->setRowVisible(m_nonPersistent, split);
    m_form->setRowVisible(m_variablesArenaOn, variables);
    m_form->setRowVisible(m_variablesArena, variables && m_variablesArenaOn->isChecked());
    m_form->setRowVisible(m_arenaOffset, !split);
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
    EmulationSettings s = m_device->applyTo(EmulationSettings {});
    s.planner = m_planner->currentIndex() == 1 ? PlannerKind::Linear : PlannerKind::Greedy;
    s.interpreter = m_interpreter->currentIndex() == 1 ? InterpreterKind::Recording : InterpreterKind::Plain;
    s.preserveAllTensors = m_preserve->isChecked();
    s.resourceVariables = static_cast<std::uint32_t>(m_resourceVariables->value());
    s.arenaSize = arenaBytes();
    if (m_split->isChecked())
        s.nonPersistentBytes = m_nonPersistent->bytes();
    else
        s.arenaOffset = static_cast<std::uint32_t>(m_arenaOffset->value());
    if (s.resourceVariables > 0 && !m_split->isChecked() && m_variablesArenaOn->isChecked())
        s.resourceVariablesArena = m_variablesArena->bytes();
    return s;
}

void ControlsPanel::applySettings(const EmulationSettings& s)
{
    m_updating = true;
    m_device->show(s);
    m_planner->setCurrentIndex(s.planner == PlannerKind::Linear ? 1 : 0);
    m_interpreter->setCurrentIndex(s.interpreter == InterpreterKind::Recording ? 1 : 0);
    m_preserve->setChecked(s.preserveAllTensors);
    m_resourceVariables->setValue(static_cast<int>(s.resourceVariables));
    m_split->setChecked(s.nonPersistentBytes.has_value());
    if (s.arenaSize)
        m_arena->setBytes(*s.arenaSize);
    if (s.nonPersistentBytes)
        m_nonPersistent->setBytes(*s.nonPersistentBytes);
    m_arenaOffset->setValue(static_cast<int>(s.arenaOffset));
    m_variablesArenaOn->setChecked(s.resourceVariablesArena.has_value());
    if (s.resourceVariablesArena)
        m_variablesArena->setBytes(*s.resourceVariablesArena);
    m_updating = false;
    syncRows();
    syncSlider();
}

const Board* ControlsPanel::board() const
{
    return m_device->board();
}

void ControlsPanel::setBoard(const Board* board)
{
    m_device->setBoard(board);
}

} // namespace arenascope
