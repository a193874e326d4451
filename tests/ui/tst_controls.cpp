// The settings panel as a user drives it: the arena size keeps its bytes when the unit
// changes, CMSIS-NN follows the target, and every device setting reaches EmulationSettings.
#include "ui/pages/byte_size_edit.h"
#include "ui/pages/controls_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalSpy>
#include <QSpinBox>
#include <QtTest>

using namespace arenascope;

class TstControls : public QObject {
    Q_OBJECT
private slots:
    void unitSwitchKeepsTheSize()
    {
        ByteSizeEdit edit(QStringLiteral("size"));
        edit.setBytes(82296);
        QSignalSpy changed(&edit, &ByteSizeEdit::bytesChanged);
        for (int unit : { 1, 2, 0, 1 }) {
            edit.setUnitIndex(unit);
            QCOMPARE(edit.bytes(), std::uint64_t(82296));
        }
        QCOMPARE(changed.count(), 0);
        auto* value = edit.findChild<QDoubleSpinBox*>();
        QVERIFY(value);
        QCOMPARE(value->text(), QStringLiteral("80.37")); // 82,296 B shown in KiB
        // Typing a value sets that many units.
        value->setValue(100);
        QCOMPARE(edit.bytes(), std::uint64_t(102400));
        QCOMPARE(changed.count(), 1);
    }

    void exactSizesShowInTheirLargestUnit()
    {
        ByteSizeEdit edit(QStringLiteral("size"));
        edit.setBytes(64 * 1024);
        QCOMPARE(edit.unitIndex(), 1);
        edit.setBytes(3 * 1024 * 1024);
        QCOMPARE(edit.unitIndex(), 2);
        edit.setBytes(82296);
        QCOMPARE(edit.unitIndex(), 0);
    }

    void panelUnitSwitchDoesNotChangeTheArena()
    {
        ControlsPanel panel;
        panel.setArenaBytes(82296);
        QSignalSpy changed(&panel, &ControlsPanel::settingsChanged);
        auto* edit = panel.findChild<ByteSizeEdit*>();
        QVERIFY(edit);
        edit->setUnitIndex(1);
        QCOMPARE(panel.arenaBytes(), std::uint64_t(82296));
        QCOMPARE(panel.settings().arenaSize.value_or(0), std::uint64_t(82296));
        QCOMPARE(changed.count(), 0);
    }

    void deviceSettingsRoundTrip()
    {
        ControlsPanel panel;
        EmulationSettings s;
        s.target = TargetKind::CortexM;
        s.kernels = KernelSet::CmsisNn;
        s.cpu = Cpu::CortexM55;
        s.resourceVariables = 7;
        s.arenaSize = 12345;
        panel.applySettings(s);
        const EmulationSettings got = panel.settings();
        QCOMPARE(got.kernels, KernelSet::CmsisNn);
        QCOMPARE(got.cpu, Cpu::CortexM55);
        QCOMPARE(got.resourceVariables, 7u);
        QCOMPARE(got.arenaSize.value_or(0), std::uint64_t(12345));
        // Another target: CMSIS-NN is not built there, the kernel set falls back to reference.
        s.target = TargetKind::X86_64;
        panel.applySettings(s);
        QCOMPARE(panel.settings().kernels, KernelSet::Reference);
        QVERIFY(settingsConflict(panel.settings()).empty());
    }
};

QTEST_MAIN(TstControls)
#include "tst_controls.moc"
