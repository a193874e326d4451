#include "device_controls.h"

#include "ui/text.h"

#include "concept_help.h"

#include "core/emulation/tflm_distributions.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QSignalBlocker>

#include <array>

namespace arenascope {

namespace {

constexpr std::array kKernelSets = { KernelSet::Reference, KernelSet::CmsisNn, KernelSet::EspNn };
// The TFLM row lists tflmVersions() newest first, then every distribution by name
// (tflm_distributions.h): row i < snapshot count is snapshot size - 1 - i.
struct TflmChoice {
    TflmVersion version;
    std::string_view distribution;
};
TflmChoice tflmChoice(int row)
{
    const auto all = tflmVersions();
    const auto dists = tflmDistributions();
    const auto n = static_cast<int>(all.size());
    row = std::clamp(row, 0, n + static_cast<int>(dists.size()) - 1);
    if (row < n)
        return { all[all.size() - 1 - static_cast<std::size_t>(row)].version, {} };
    const TflmDistribution& d = dists[static_cast<std::size_t>(row - n)];
    return { d.snapshot, d.name };
}
int tflmRow(TflmVersion v, std::string_view distribution)
{
    const auto all = tflmVersions();
    const auto dists = tflmDistributions();
    for (std::size_t i = 0; i < dists.size(); ++i)
        if (!distribution.empty() && dists[i].name == distribution)
            return static_cast<int>(all.size() + i);
    for (std::size_t i = 0; i < all.size(); ++i)
        if (all[i].version == v)
            return static_cast<int>(all.size() - 1 - i);
    return 0;
}
constexpr std::array kCpus = { Cpu::CortexM0, Cpu::CortexM0Plus, Cpu::CortexM3, Cpu::CortexM4, Cpu::CortexM7,
    Cpu::CortexM33, Cpu::CortexM55, Cpu::CortexM85 };

// The one target a kernel set is built for, if it has one.
std::optional<TargetKind> onlyTarget(KernelSet k)
{
    if (k == KernelSet::CmsisNn)
        return TargetKind::CortexM;
    if (k == KernelSet::EspNn)
        return TargetKind::Ilp32;
    return std::nullopt;
}

template <typename T, std::size_t N> int indexOf(const std::array<T, N>& list, T value)
{
    return static_cast<int>(std::find(list.begin(), list.end(), value) - list.begin());
}

template <typename T> int indexOf(std::span<const T> list, T value)
{
    return static_cast<int>(std::find(list.begin(), list.end(), value) - list.begin());
}

template <typename T> T at(std::span<const T> list, const QComboBox* box)
{
    return list[static_cast<std::size_t>(std::clamp(box->currentIndex(), 0, static_cast<int>(list.size()) - 1))];
}

} // namespace

DeviceControls::DeviceControls(QWidget* parent)
    : QObject(parent)
    , m_board(new QComboBox(parent))
    , m_target(new QComboBox(parent))
    , m_kernels(new QComboBox(parent))
    , m_cpu(new QComboBox(parent))
    , m_chip(new QComboBox(parent))
    , m_espNn(new QComboBox(parent))
    , m_tflm(new QComboBox(parent))
    , m_ethosU(new QCheckBox(tr("Ethos-U NPU (Vela's ethos-u operator)"), parent))
{
    m_board->addItem(tr("Custom"));
    for (const Board& b : boards()) {
        m_board->addItem(toQString(b.title));
        m_board->setItemData(m_board->count() - 1,
            tr("%1\nRAM: %2\nKernels: %3").arg(toQString(b.chip), toQString(b.ramSource), toQString(b.distribution)),
            Qt::ToolTipRole);
    }
    m_board->setToolTip(tr("The board sets the target, kernels and CPU its usual TFLM build uses, and the RAM "
                           "budget's device RAM. Custom: choose them yourself."));
    m_board->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_board->setMinimumContentsLength(10);
    connect(m_board, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_updating)
            chooseBoard();
    });
    tagConcept(m_board, "target");
    for (TargetKind t : allTargets())
        m_target->addItem(QStringLiteral("%1: %2").arg(toQString(targetName(t)), toQString(targetDescription(t))));
    m_target->setToolTip(tr("The device's ABI decides the size of TFLM's runtime structs in the tail.\n"
                            "cortex-m: arm-none-eabi GCC, 4-byte pointers, short enums (TfLiteTensor is 32 bytes).\n"
                            "ilp32: 32-bit with int-sized enums, as ESP32 (Xtensa) and RISC-V GCC build (TfLiteTensor "
                            "40 bytes).\n"
                            "x86_64: a 64-bit host build, 8-byte pointers and size_t (TfLiteTensor 64 bytes).\n"
                            "What each build costs the open model: the verdict's Other builds."));
    m_kernels->addItem(tr("reference kernels"));
    m_kernels->addItem(tr("CMSIS-NN kernels"));
    m_kernels->addItem(tr("ESP-NN kernels"));
    m_kernels->setToolTip(tr("Which kernels the firmware is built with. Arm's CMSIS-NN kernels "
                             "(OPTIMIZED_KERNEL_DIR=cmsis_nn, Cortex-M) and Espressif's ESP-NN kernels "
                             "(esp-tflite-micro, ESP32 chips) allocate other op data and scratch buffers."));
    for (Cpu c : kCpus) {
        EmulationSettings s;
        s.cpu = c;
        m_cpu->addItem(
            QStringLiteral("%1 (%2)").arg(toQString(cpuName(c)), toQString(cpuExtensionName(s.cpuExtension()))));
    }
    m_cpu->setCurrentIndex(indexOf(kCpus, Cpu::CortexM4));
    m_cpu->setToolTip(tr("The CPU CMSIS-NN is compiled for: M0/M0+/M3 have neither DSP nor MVE, M4/M7/M33 "
                         "have DSP, M55/M85 have MVE. Some scratch buffers depend on it."));
    for (EspChip c : allEspChips())
        m_chip->addItem(toQString(espChipTitle(c)));
    m_chip->setCurrentIndex(indexOf(allEspChips(), EspChip::Esp32S3));
    m_chip->setToolTip(tr("The chip esp-nn is built for: ESP32-S3 has its own kernels and scratch buffers; every "
                          "other chip uses esp-nn's generic optimisations"));
    for (EspNnVersion v : allEspNnVersions())
        m_espNn->addItem(v == kNewestEspNn ? tr("%1 (newest: what a rebuild takes)").arg(toQString(espNnVersionName(v)))
                                           : toQString(espNnVersionName(v)));
    m_espNn->setCurrentIndex(indexOf(allEspNnVersions(), kNewestEspNn));
    m_espNn->setToolTip(tr("The espressif/esp-nn version in the build. esp-tflite-micro asks for esp-nn >= 1.1.1, "
                           "so a rebuild takes the newest; its scratch sizes changed in 1.2.0, 1.2.1 and 1.2.3."));
    const auto snapshots = tflmVersions();
    for (auto it = snapshots.rbegin(); it != snapshots.rend(); ++it) {
        const TflmVersionInfo& i = *it;
        // The date first: it is what tells snapshots apart in a narrow panel.
        m_tflm->addItem(tr("%1 %2").arg(toQString(i.date.substr(0, 7)), toQString(i.id)));
        m_tflm->setItemData(m_tflm->count() - 1,
            tr("Shipped by: %1\n%2")
                .arg(toQString(i.shippedBy),
                    i.measured ? tr("Measured against real TFLM at this snapshot.")
                               : tr("Read from source, not yet measured at this snapshot.")),
            Qt::ToolTipRole);
    }
    for (const TflmDistribution& d : tflmDistributions()) {
        m_tflm->addItem(toQString(tflmDistributionLabel(d)));
        m_tflm->setItemData(m_tflm->count() - 1,
            tr("tflite-micro %1 (%2), emulated as %3.\nCompared: %4%5")
                .arg(toQString(d.upstream), toQString(d.upstreamDate), toQString(tflmVersionId(d.snapshot)),
                    toQString(d.evidence), d.exact() ? QString() : tr("\nDiffers: %1").arg(toQString(d.differs))),
            Qt::ToolTipRole);
    }
    m_tflm->setToolTip(
        tr("The TFLM the firmware is built from: a snapshot, or the distribution that ships it (Zephyr, "
           "esp-tflite-micro, the Arduino library, pico-tflmicro, vendor SDKs; '=' its TFLM files are the "
           "snapshot's, '~' emulated as the nearer snapshot). Distributions pin one for years; the kernels' "
           "op data and scratch buffers, and which operators exist, differ between them."));
    for (QComboBox* c : { m_target, m_kernels, m_cpu, m_chip, m_espNn, m_tflm }) {
        // Narrow panels: combo boxes shrink to a short prefix, the popup shows the whole text.
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
        connect(c, &QComboBox::currentIndexChanged, this, [this, c] {
            if (m_updating)
                return;
            sync(c);
            leaveBoardIfChanged();
            emit changed();
        });
    }
    m_ethosU->setToolTip(tr("TFLM built with CO_PROCESSOR=ethos_u: the ethos-u custom operator Vela writes runs on an "
                            "Arm Ethos-U NPU; the other operators keep the kernels above"));
    connect(m_ethosU, &QCheckBox::toggled, this, [this] {
        if (m_updating)
            return;
        leaveBoardIfChanged();
        emit changed();
    });
    tagConcept(m_ethosU, "co_processor");
    tagConcept(m_target, "target");
    tagConcept(m_tflm, "tflm_version");
    for (QComboBox* c : { m_kernels, m_chip, m_espNn })
        tagConcept(c, "kernels");
}

void DeviceControls::addRows(QFormLayout* form)
{
    m_form = form;
    form->addRow(tr("Board"), m_board);
    form->addRow(tr("TFLM"), m_tflm);
    form->addRow(tr("Target"), m_target);
    form->addRow(tr("Kernels"), m_kernels);
    form->addRow(tr("CPU"), m_cpu);
    form->addRow(tr("Chip"), m_chip);
    form->addRow(tr("esp-nn"), m_espNn);
    form->addRow(QString(), m_ethosU);
    sync(nullptr);
}

// Keeps target and kernel set buildable, and shows only the kernel set's own rows.
void DeviceControls::sync(QComboBox* origin)
{
    const QSignalBlocker blockTarget(m_target);
    const QSignalBlocker blockKernels(m_kernels);
    const KernelSet kernels = kKernelSets[static_cast<std::size_t>(std::max(0, m_kernels->currentIndex()))];
    const TargetKind target = at(allTargets(), m_target);
    const auto needed = onlyTarget(kernels);
    if (needed && *needed != target) {
        if (origin == m_target)
            m_kernels->setCurrentIndex(0);
        else
            m_target->setCurrentIndex(indexOf(allTargets(), *needed));
    }
    const KernelSet shown = kKernelSets[static_cast<std::size_t>(std::max(0, m_kernels->currentIndex()))];
    if (m_form) {
        m_form->setRowVisible(m_cpu, shown == KernelSet::CmsisNn);
        m_form->setRowVisible(m_chip, shown == KernelSet::EspNn);
        m_form->setRowVisible(m_espNn, shown == KernelSet::EspNn);
    }
}

EmulationSettings DeviceControls::applyTo(EmulationSettings s) const
{
    s.target = at(allTargets(), m_target);
    s.kernels = kKernelSets[static_cast<std::size_t>(std::max(0, m_kernels->currentIndex()))];
    s.cpu = kCpus[static_cast<std::size_t>(std::max(0, m_cpu->currentIndex()))];
    s.espChip = at(allEspChips(), m_chip);
    s.espNn = at(allEspNnVersions(), m_espNn);
    s.coProcessor = m_ethosU->isChecked() ? CoProcessor::EthosU : CoProcessor::None;
    const TflmChoice tflm = tflmChoice(m_tflm->currentIndex());
    s.tflm = tflm.version;
    s.tflmDistribution = tflm.distribution;
    return s;
}

void DeviceControls::show(const EmulationSettings& s)
{
    m_updating = true;
    m_target->setCurrentIndex(indexOf(allTargets(), s.target));
    m_kernels->setCurrentIndex(indexOf(kKernelSets, s.kernels));
    m_cpu->setCurrentIndex(indexOf(kCpus, s.cpu));
    m_chip->setCurrentIndex(indexOf(allEspChips(), s.espChip));
    m_espNn->setCurrentIndex(indexOf(allEspNnVersions(), s.espNn));
    m_ethosU->setChecked(s.coProcessor == CoProcessor::EthosU);
    m_tflm->setCurrentIndex(tflmRow(s.tflm, s.tflmDistribution));
    m_updating = false;
    sync(m_target); // settings that cannot be built keep their target, with the reference kernels
    leaveBoardIfChanged(); // settings from elsewhere (undo, a lesson) may not be the board's build
}

const Board* DeviceControls::board() const
{
    const int i = m_board->currentIndex();
    return i <= 0 ? nullptr : &boards()[static_cast<std::size_t>(i - 1)];
}

bool DeviceControls::showsBuildOf(const Board& board) const
{
    const EmulationSettings s = applyTo(EmulationSettings {});
    EmulationSettings expected = withBoard(board, s);
    expected.espNn = s.espNn; // the esp-nn version is the build's choice, not the board's
    expected.tflm = s.tflm; // and so is the TFLM snapshot
    expected.tflmDistribution = s.tflmDistribution;
    return expected == s;
}

void DeviceControls::setBoard(const Board* board)
{
    // A board whose build the rows no longer show (settings changed since) is not restored.
    const int index = board && showsBuildOf(*board) ? static_cast<int>(board - boards().data()) + 1 : 0;
    const QSignalBlocker block(m_board);
    m_board->setCurrentIndex(index);
}

void DeviceControls::chooseBoard()
{
    const Board* b = board();
    if (b) {
        show(withBoard(*b, applyTo(EmulationSettings {})));
        emit changed();
    }
    emit boardChanged(b);
}

// A row changed by hand: the board stays chosen while the rows still show its build.
void DeviceControls::leaveBoardIfChanged()
{
    const Board* b = board();
    if (!b || showsBuildOf(*b))
        return;
    {
        const QSignalBlocker block(m_board);
        m_board->setCurrentIndex(0);
    }
    emit boardChanged(nullptr);
}

} // namespace arenascope
