// The pure geometry behind the timeline and the arena map, table-tested.
#include "ui/models/arena_map_layout.h"
#include "ui/models/timeline_geometry.h"

#include "core/model/loader.h"

#include <QtTest>

using namespace arenascope;

class TstTimelineGeometry : public QObject {
    Q_OBJECT
private slots:
    void mapping_data()
    {
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("offset");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        // View: steps [0, 10] over 100 px from x=50; offsets [0, 1000] over 200 px from y=20.
        QTest::newRow("origin") << 0.0 << 0.0 << 50.0 << 220.0;
        QTest::newRow("far corner") << 10.0 << 1000.0 << 150.0 << 20.0;
        QTest::newRow("middle") << 5.0 << 500.0 << 100.0 << 120.0;
        QTest::newRow("beyond") << 12.0 << -100.0 << 170.0 << 240.0;
    }
    void mapping()
    {
        QFETCH(double, step);
        QFETCH(double, offset);
        QFETCH(double, x);
        QFETCH(double, y);
        TimelineGeometry g { 0, 10, 0, 1000, 50, 20, 100, 200 };
        QCOMPARE(g.mapStepToX(step), x);
        QCOMPARE(g.mapOffsetToY(offset), y);
        QCOMPARE(g.mapXToStep(x), step);
        QCOMPARE(g.mapYToOffset(y), offset);
    }

    void hitTest_data()
    {
        QTest::addColumn<double>("step");
        QTest::addColumn<double>("offset");
        QTest::addColumn<int>("expected");
        QTest::newRow("inside a") << 1.0 << 10.0 << 0;
        QTest::newRow("a's last step edge") << 2.4 << 10.0 << 0;
        QTest::newRow("past a's lifetime") << 2.5 << 10.0 << -1;
        QTest::newRow("inside b") << 3.0 << 40.0 << 1;
        QTest::newRow("b's end offset is exclusive") << 3.0 << 64.0 << -1;
        QTest::newRow("unplaced c is never hit") << 5.0 << 5.0 << -1;
        QTest::newRow("gap between a and b") << 1.0 << 40.0 << -1;
    }
    void hitTest()
    {
        QFETCH(double, step);
        QFETCH(double, offset);
        QFETCH(int, expected);
        std::vector<PlannedBuffer> buffers(3);
        buffers[0].first = 0;
        buffers[0].last = 2;
        buffers[0].offset = 0;
        buffers[0].alignedBytes = 32;
        buffers[1].first = 2;
        buffers[1].last = 4;
        buffers[1].offset = 32;
        buffers[1].alignedBytes = 32;
        buffers[2].first = 4;
        buffers[2].last = 6;
        buffers[2].offset = -1;
        buffers[2].alignedBytes = 16;
        QCOMPARE(TimelineGeometry::hitTest(buffers, step, offset), expected);
    }

    void arenaMapCoversTheArena()
    {
        auto m = loadModelFile(ARENASCOPE_EXAMPLE_MODEL);
        QVERIFY(m.ok());
        auto a = analyze(m.value(), EmulationSettings {}.withArena(64 * 1024));
        const ArenaMapLayout all = ArenaMapLayout::build(*a, -1);
        QCOMPARE(all.arenaBytes, std::uint64_t(64 * 1024));
        QCOMPARE(all.headEnd, static_cast<std::uint64_t>(a->atSize->planBytes));
        QCOMPARE(all.arenaBytes - all.tailBegin, a->atSize->tailBytes);
        // Tail segments (with their padding) exactly tile [tailBegin, arena end).
        std::uint64_t tail = 0;
        for (const auto& s : all.segments)
            if (s.begin >= all.tailBegin && s.kind != ArenaSegment::Kind::TempPeak)
                tail += s.end - s.begin;
        QCOMPARE(tail, a->atSize->tailBytes);
        // At one step only the buffers alive then are drawn.
        const ArenaMapLayout step1 = ArenaMapLayout::build(*a, 1);
        int buffers = 0;
        for (const auto& s : step1.segments)
            if (s.kind == ArenaSegment::Kind::Buffer) {
                const auto& b = a->atSize->planned[static_cast<std::size_t>(s.plannedBuffer)];
                QVERIFY(b.first <= 1 && 1 <= b.last);
                ++buffers;
            }
        QVERIFY(buffers > 0);
        QVERIFY(step1.segmentAt(0) != nullptr);
    }

    void arenaMapReplaysTheLogUpToAnEvent()
    {
        auto m = loadModelFile(ARENASCOPE_EXAMPLE_MODEL);
        QVERIFY(m.ok());
        auto a = analyze(m.value(), EmulationSettings {}.withArena(64 * 1024));
        const auto& events = a->atSize->events;
        auto count = [](const ArenaMapLayout& l, ArenaSegment::Kind kind) {
            return std::count_if(l.segments.begin(), l.segments.end(), [&](const auto& s) { return s.kind == kind; });
        };
        // After the first event: only the arena allocator object in the tail.
        const auto first = ArenaMapLayout::buildAtEvent(*a, 0);
        QCOMPARE(count(first, ArenaSegment::Kind::Tail), 1);
        QCOMPARE(count(first, ArenaSegment::Kind::Buffer), 0);
        // During a kernel's Prepare: its temp tensors are shown, no plan yet.
        int prepareTemp = -1;
        for (std::size_t i = 0; i < events.size() && prepareTemp < 0; ++i)
            if (events[i].phase == Phase::KernelPrepare && events[i].region == Region::Temp)
                prepareTemp = static_cast<int>(i);
        QVERIFY(prepareTemp >= 0);
        const auto during = ArenaMapLayout::buildAtEvent(*a, prepareTemp);
        QVERIFY(count(during, ArenaSegment::Kind::TempPeak) >= 1);
        QCOMPARE(count(during, ArenaSegment::Kind::Buffer), 0);
        // The last event: the committed plan and the whole tail, as build() shows it.
        const auto last = ArenaMapLayout::buildAtEvent(*a, static_cast<int>(events.size()) - 1);
        const auto all = ArenaMapLayout::build(*a, -1);
        QCOMPARE(last.tailBegin, all.tailBegin);
        QCOMPARE(last.headEnd, all.headEnd);
        QCOMPARE(count(last, ArenaSegment::Kind::Buffer), count(all, ArenaSegment::Kind::Buffer));
        QCOMPARE(count(last, ArenaSegment::Kind::TempPeak), 0);
    }
};

QTEST_MAIN(TstTimelineGeometry)
#include "tst_timeline_geometry.moc"
