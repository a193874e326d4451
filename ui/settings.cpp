#include "settings.h"

#include "ui/text.h"

#include "core/emulation/tflm_distributions.h"

#include <QSettings>

#include <utility>

namespace arenascope {

namespace {
// Keys and defaults, all in one place.
constexpr auto kRecentFiles = "recentFiles";
constexpr auto kExportFolder = "exportFolder";
constexpr auto kGeometry = "window/geometry";
constexpr auto kState = "window/state";
constexpr auto kPlanner = "emulation/planner"; // "greedy"
constexpr auto kTarget = "emulation/target"; // "cortex-m"
constexpr auto kInterpreter = "emulation/interpreter"; // "plain"
constexpr auto kPreserve = "emulation/preserveAllTensors";
constexpr auto kKernels = "emulation/kernels"; // "reference"
constexpr auto kCpu = "emulation/cpu"; // "cortex-m4"
constexpr auto kEspChip = "emulation/espChip"; // "esp32s3"
constexpr auto kEspNn = "emulation/espNn"; // the newest esp-nn
constexpr auto kTflm = "emulation/tflm"; // the newest TFLM snapshot (or a distribution's name)
constexpr auto kCoProcessor = "emulation/coProcessor"; // "none"
constexpr auto kResourceVariables = "emulation/resourceVariables"; // 0
constexpr auto kDark = "view/darkPalette"; // false
constexpr auto kBoard = "emulation/board"; // "" (Custom)
} // namespace

QStringList Settings::recentFiles() const
{
    return QSettings().value(QString::fromLatin1(kRecentFiles)).toStringList();
}

void Settings::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    files.removeAll(path);
    files.prepend(path);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(QString::fromLatin1(kRecentFiles), files);
}

QByteArray Settings::windowGeometry() const
{
    return QSettings().value(QString::fromLatin1(kGeometry)).toByteArray();
}
void Settings::setWindowGeometry(const QByteArray& g)
{
    QSettings().setValue(QString::fromLatin1(kGeometry), g);
}
QByteArray Settings::windowState() const
{
    return QSettings().value(QString::fromLatin1(kState)).toByteArray();
}
void Settings::setWindowState(const QByteArray& s)
{
    QSettings().setValue(QString::fromLatin1(kState), s);
}

EmulationSettings Settings::emulation() const
{
    QSettings q;
    EmulationSettings s;
    s.planner = parsePlanner(q.value(QString::fromLatin1(kPlanner), QStringLiteral("greedy")).toString().toStdString())
                    .value_or(PlannerKind::Greedy);
    s.target = parseTarget(q.value(QString::fromLatin1(kTarget), QStringLiteral("cortex-m")).toString().toStdString())
                   .value_or(TargetKind::CortexM);
    s.interpreter
        = parseInterpreter(q.value(QString::fromLatin1(kInterpreter), QStringLiteral("plain")).toString().toStdString())
              .value_or(InterpreterKind::Plain);
    s.preserveAllTensors = q.value(QString::fromLatin1(kPreserve), false).toBool();
    s.kernels
        = parseKernelSet(q.value(QString::fromLatin1(kKernels), QStringLiteral("reference")).toString().toStdString())
              .value_or(KernelSet::Reference);
    s.cpu = parseCpu(q.value(QString::fromLatin1(kCpu), QStringLiteral("cortex-m4")).toString().toStdString())
                .value_or(Cpu::CortexM4);
    s.espChip = parseEspChip(q.value(QString::fromLatin1(kEspChip), QStringLiteral("esp32s3")).toString().toStdString())
                    .value_or(EspChip::Esp32S3);
    s.espNn = parseEspNnVersion(q.value(QString::fromLatin1(kEspNn)).toString().toStdString()).value_or(kNewestEspNn);
    s.coProcessor
        = parseCoProcessor(q.value(QString::fromLatin1(kCoProcessor), QStringLiteral("none")).toString().toStdString())
              .value_or(CoProcessor::None);
    s.resourceVariables = q.value(QString::fromLatin1(kResourceVariables), 0).toUInt();
    // A snapshot id or a distribution name (tflm_distributions.h).
    const TflmResolution tflm = resolveTflm(q.value(QString::fromLatin1(kTflm)).toString().toStdString());
    s.tflm = tflm.version.value_or(kNewestTflm);
    s.tflmDistribution = tflm.distribution ? tflm.distribution->name : std::string_view {};
    if (!settingsConflict(s).empty())
        s.kernels = KernelSet::Reference;
    return s;
}

void Settings::setEmulation(const EmulationSettings& s)
{
    const std::pair<const char*, QVariant> values[] = {
        { kPlanner, toQString(plannerName(s.planner)) },
        { kTarget, toQString(targetName(s.target)) },
        { kInterpreter, toQString(interpreterName(s.interpreter)) },
        { kPreserve, s.preserveAllTensors },
        { kKernels, toQString(kernelSetName(s.kernels)) },
        { kCpu, toQString(cpuName(s.cpu)) },
        { kEspChip, toQString(espChipName(s.espChip)) },
        { kEspNn, toQString(espNnVersionName(s.espNn)) },
        { kCoProcessor, toQString(coProcessorName(s.coProcessor)) },
        { kResourceVariables, s.resourceVariables },
        { kTflm, toQString(s.tflmDistribution.empty() ? tflmVersionId(s.tflm) : s.tflmDistribution) },
    };
    QSettings q;
    // Only what changed: a drag of the arena line changes none of these, and anything set is
    // written to the settings file when `q` goes (a file write per drag frame otherwise).
    for (const auto& [key, value] : values)
        if (q.value(QString::fromLatin1(key)) != value)
            q.setValue(QString::fromLatin1(key), value);
}

QString Settings::board() const
{
    return QSettings().value(QString::fromLatin1(kBoard)).toString();
}

void Settings::setBoard(const QString& id)
{
    QSettings().setValue(QString::fromLatin1(kBoard), id);
}

bool Settings::darkPalette() const
{
    return QSettings().value(QString::fromLatin1(kDark), false).toBool();
}
void Settings::setDarkPalette(bool dark)
{
    QSettings().setValue(QString::fromLatin1(kDark), dark);
}

QString Settings::exportFolder() const
{
    return QSettings().value(QString::fromLatin1(kExportFolder)).toString();
}

void Settings::setExportFolder(const QString& folder)
{
    QSettings().setValue(QString::fromLatin1(kExportFolder), folder);
}

} // namespace arenascope
