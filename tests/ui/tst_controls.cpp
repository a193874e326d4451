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

    // The Board row sets target, kernels and CPU as --board does; changing a row by hand leaves
    // the board (Custom), and a saved board comes back only with its build.
    void boardSetsTheBuildAndLeavesWhenARowChanges()
    {
        ControlsPanel panel;
        QComboBox* board = nullptr;
        for (auto* c : panel.findChildren<QComboBox*>())
            if (c->itemText(0) == QStringLiteral("Custom"))
                board = c;
        QVERIFY(board);
        QSignalSpy boardChanged(&panel, &ControlsPanel::boardChanged);
        QSignalSpy settingsChanged(&panel, &ControlsPanel::settingsChanged);
        const Board* pico = findBoard("rpi-pico");
        QVERIFY(pico);
        board->setCurrentIndex(static_cast<int>(pico - boards().data()) + 1);
        QCOMPARE(panel.board(), pico);
        QCOMPARE(boardChanged.count(), 1);
        QVERIFY(settingsChanged.count() >= 1);
        EmulationSettings expected = withBoard(*pico, panel.settings());
        QVERIFY(panel.settings() == expected);
        QCOMPARE(panel.settings().cpu, Cpu::CortexM0Plus);
        // Another CPU by hand: no longer the Pico's build.
        EmulationSettings s = panel.settings();
        s.cpu = Cpu::CortexM7;
        panel.applySettings(s);
        QCOMPARE(panel.board(), nullptr);
        QCOMPARE(board->currentIndex(), 0);
        // Restoring a board whose build the settings do not show keeps Custom.
        panel.setBoard(pico);
        QCOMPARE(panel.board(), nullptr);
        s.cpu = Cpu::CortexM0Plus;
        panel.applySettings(s);
        panel.setBoard(pico);
        QCOMPARE(panel.board(), pico);
    }
};

QTEST_MAIN(TstControls)
#include "tst_controls.moc"
