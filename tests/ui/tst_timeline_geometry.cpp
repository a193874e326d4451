// The pure geometry behind the timeline and the arena map, table-tested.
#include "ui/models/arena_map_layout.h"
#include "ui/models/label_layout.h"
#include "ui/models/timeline_geometry.h"

#include "core/analysis/analysis.h"
#include "core/model/loader.h"

#include <QtTest>

using namespace arenascope;

namespace {

// A buffer alive from step `first` to `last` at `offset` (-1: not placed), `alignedBytes` long.
PlannedBuffer planned(std::int32_t first, std::int32_t last, std::int64_t offset, std::uint64_t alignedBytes)
{
    PlannedBuffer b;
    b.first = first;
    b.last = last;
    b.offset = offset;
    b.alignedBytes = alignedBytes;
    return b;
}

} // namespace

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
        const std::vector<PlannedBuffer> buffers { planned(0, 2, 0, 32), planned(2, 4, 32, 32), planned(4, 6, -1, 16) };
        const std::vector<BufferBox> boxes = TimelineGeometry::placeBuffers(buffers);
        QCOMPARE(boxes.size(), std::size_t(2)); // the unplaced one is not drawn
        const int hit = TimelineGeometry::hitTest(boxes, step, offset);
        QCOMPARE(hit < 0 ? -1 : boxes[static_cast<std::size_t>(hit)].buffer, expected);
        // The same through pixels: the view maps the point once.
        const TimelineGeometry g { -1, 9, 0, 100, 10, 10, 500, 400 };
        const int atPixel = g.hitTestAt(QPointF(g.mapStepToX(step), g.mapOffsetToY(offset)), boxes);
        QCOMPARE(atPixel, hit);
    }

    // Several tenants on their own stretches of steps over the same offsets: each box names its
    // tenant and buffer, and a point finds the one drawn there.
    void tenantsArePlacedSideBySide()
    {
        std::vector<PlannedBuffer> plan { planned(0, 3, 0, 32) };
        plan[0].bytes = 20;
        std::vector<BufferBox> boxes = TimelineGeometry::placeBuffers(plan, 0.0, 0);
        const std::vector<BufferBox> second = TimelineGeometry::placeBuffers(plan, 5.0, 1);
        boxes.insert(boxes.end(), second.begin(), second.end());
        QCOMPARE(boxes[1].first, 5.0 - TimelineGeometry::kHalfStep);
        QCOMPARE(boxes[1].used, 20.0);
        QCOMPARE(boxes[1].hi, 32.0);
        QCOMPARE(TimelineGeometry::hitTest(boxes, 1.0, 10.0), 0);
        QCOMPARE(boxes[static_cast<std::size_t>(TimelineGeometry::hitTest(boxes, 6.0, 10.0))].tenant, 1);
        QCOMPARE(TimelineGeometry::hitTest(boxes, 4.5, 10.0), -1); // between the tenants
    }

    void theBarMapsOffsetsAlongX()
    {
        const TimelineGeometry g = TimelineGeometry::bar(QRectF(8, 40, 400, 30), 1000);
        QCOMPARE(g.offsetToPixel(0), 8.0);
        QCOMPARE(g.offsetToPixel(500), 208.0);
        QCOMPARE(g.offsetToPixel(4000), 408.0); // beyond the arena: at its end
        QCOMPARE(g.pixelToOffset(208), 500.0);
        QCOMPARE(g.pixelToOffset(0), 0.0);
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

    // The map's segments in offset order, as a stable sort of the plan's buffers, the tail's
    // allocations, the temp peak and the overflow (in that order) puts them: at a size that fits
    // and at one that does not (the plan runs into the tail).
    void arenaMapSegmentsAreInOffsetOrder()
    {
        auto m = loadModelFile(ARENASCOPE_EXAMPLE_MODEL);
        QVERIFY(m.ok());
        const auto base = analyze(m.value(), EmulationSettings {}.withArena(64 * 1024));
        QVERIFY(base->minArenaBytes);
        for (const std::uint64_t size : { std::uint64_t(64 * 1024), *base->minArenaBytes - 512 }) {
            const AnalysisPtr a = reanalyzeAtSize(*base, size);
            const ArenaMapLayout layout = ArenaMapLayout::build(*a, -1);
            const EmulationResult& at = *a->atSize;
            const EmulationResult& plan = at.ok ? at : *a->measured;
            std::vector<ArenaSegment> expected;
            const auto add
                = [&](ArenaSegment::Kind kind, std::uint64_t begin, std::uint64_t end, int buffer, int event) {
                      if (end > begin)
                          expected.push_back({ kind, begin, end, Category::PlannedHead, buffer, nullptr, event });
                  };
            for (std::size_t i = 0; i < plan.planned.size(); ++i) {
                const PlannedBuffer& b = plan.planned[i];
                if (b.offset < 0)
                    continue;
                const auto begin = static_cast<std::uint64_t>(b.offset);
                add(ArenaSegment::Kind::Buffer, begin, begin + b.bytes, static_cast<int>(i), -1);
                add(ArenaSegment::Kind::Padding, begin + b.bytes, begin + b.alignedBytes, static_cast<int>(i), -1);
            }
            for (std::size_t i = 0; i < at.events.size(); ++i) {
                const AllocationEvent& e = at.events[i];
                if (e.region != Region::Tail || e.failed)
                    continue;
                add(ArenaSegment::Kind::Tail, e.offset, e.offset + e.requested, -1, static_cast<int>(i));
                add(ArenaSegment::Kind::Padding, e.offset + e.requested, e.offset + e.used, -1, static_cast<int>(i));
            }
            if (at.tempPeakBytes > 0)
                add(ArenaSegment::Kind::TempPeak, layout.headEnd,
                    std::min(layout.headEnd + at.tempPeakBytes, layout.arenaBytes), -1, -1);
            add(ArenaSegment::Kind::Overflow, layout.tailBegin, layout.headEnd, -1, -1);
            std::stable_sort(expected.begin(), expected.end(),
                [](const ArenaSegment& x, const ArenaSegment& y) { return x.begin < y.begin; });
            QCOMPARE(layout.segments.size(), expected.size());
            for (std::size_t i = 0; i < expected.size(); ++i) {
                const ArenaSegment& got = layout.segments[i];
                QCOMPARE(got.kind, expected[i].kind);
                QCOMPARE(got.begin, expected[i].begin);
                QCOMPARE(got.end, expected[i].end);
                QCOMPARE(got.plannedBuffer, expected[i].plannedBuffer);
                QCOMPARE(got.event, expected[i].event);
            }
            const bool overflows = std::any_of(layout.segments.begin(), layout.segments.end(),
                [](const ArenaSegment& s) { return s.kind == ArenaSegment::Kind::Overflow; });
            QCOMPARE(overflows, !*a->fits());
        }
    }

    // What each pixel column of the bar shows: the last solid segment laid there, with a hatched
    // one on top when it came after it; at least `minimumWidth` pixels for each segment.
    void arenaMapColumnsShowTheLastSegmentDrawn_data()
    {
        QTest::addColumn<double>("minimumWidth");
        QTest::addColumn<QList<QList<int>>>("runs"); // first column, end column, segment
        // Bar: 100 px from x = 10 over 1,000 bytes (10 bytes a pixel). Segments: a buffer
        // [0, 100), its padding [100, 120), a buffer [120, 124) narrower than a pixel, a tail
        // allocation [600, 1000), the overflow [500, 700) on top of the tail. Solid runs first,
        // then the hatched ones that show (the padding where no buffer came after it).
        QTest::newRow("one pixel at least")
            << 1.0 << QList<QList<int>> { { 10, 20, 0 }, { 22, 23, 2 }, { 70, 110, 3 }, { 20, 22, 1 }, { 60, 80, 4 } };
        QTest::newRow("three pixels at least (playback)")
            << 3.0 << QList<QList<int>> { { 10, 20, 0 }, { 22, 25, 2 }, { 70, 110, 3 }, { 20, 22, 1 }, { 60, 80, 4 } };
    }

    void arenaMapColumnsShowTheLastSegmentDrawn()
    {
        QFETCH(double, minimumWidth);
        QFETCH(QList<QList<int>>, runs);
        ArenaMapLayout layout;
        layout.arenaBytes = 1000;
        layout.segments = {
            { ArenaSegment::Kind::Buffer, 0, 100 },
            { ArenaSegment::Kind::Padding, 100, 120 },
            { ArenaSegment::Kind::Buffer, 120, 124 },
            { ArenaSegment::Kind::Tail, 600, 1000 },
            { ArenaSegment::Kind::Overflow, 500, 700 },
        };
        const auto got = layout.columnRuns(10, 100, minimumWidth);
        QCOMPARE(static_cast<int>(got.size()), static_cast<int>(runs.size()));
        for (std::size_t i = 0; i < got.size(); ++i) {
            const QList<int>& want = runs[static_cast<qsizetype>(i)];
            QCOMPARE(got[i].first, want[0]);
            QCOMPARE(got[i].end, want[1]);
            QCOMPARE(static_cast<int>(got[i].segment), want[2]);
        }
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

    // One table for both views: the arena size, the head, the temp peak and the tail's start,
    // labelled on the timeline (lines and the tail band) and on the arena map (ticks on the bar)
    // by the one layout. Whatever the figures, no two labels drawn overlap, every one stays in
    // its view, the arena size's label is always there; the rows say which are drawn.
    void bothViewsShareOneLabelLayout_data()
    {
        QTest::addColumn<double>("arena");
        QTest::addColumn<double>("head");
        QTest::addColumn<double>("peak"); // temp bytes above the head
        QTest::addColumn<double>("tail");
        QTest::addColumn<QList<bool>>("onTimeline"); // arena, head, peak, tail band
        QTest::addColumn<QList<bool>>("onBar"); // arena, tail, head, 0
        QTest::newRow("apart") << 1000.0 << 300.0 << 200.0 << 800.0 << QList<bool> { true, true, true, true }
                               << QList<bool> { true, true, true, true };
        // Head, peak and tail within a few pixels of the arena line: the head's label goes
        // below its line, the peak's has no clear place, the tail band is too thin; on the bar
        // the head's tick label has no room on either side.
        QTest::newRow("crowded at the top")
            << 1000.0 << 950.0 << 30.0 << 990.0 << QList<bool> { true, true, false, false }
            << QList<bool> { true, true, false, true };
        // A small head with a large tail: on the timeline the head's label would cross the
        // peak's line (and has no room below the plot's edge); on the bar 0's label has no side left.
        QTest::newRow("head and tail near 0")
            << 1000.0 << 30.0 << 30.0 << 40.0 << QList<bool> { true, false, true, true }
            << QList<bool> { true, true, true, false };
    }
    void bothViewsShareOneLabelLayout()
    {
        QFETCH(double, arena);
        QFETCH(double, head);
        QFETCH(double, peak);
        QFETCH(double, tail);
        QFETCH(QList<bool>, onTimeline);
        QFETCH(QList<bool>, onBar);
        const QSizeF text(90, 14);
        auto line = [&](double offset, double along, Qt::Alignment side, int priority) {
            LabelMark m;
            m.offset = offset;
            m.size = text;
            m.priority = priority;
            m.along = along;
            m.horizontal = side;
            m.mustShow = priority == 4;
            return m;
        };
        LabelMark band = line(tail, 0.25, Qt::AlignHCenter, 1);
        band.kind = LabelMark::Kind::Band;
        band.extent = arena;
        const TimelineGeometry timeline { -0.7, 9.7, 0, arena * 1.15, 50, 20, 400, 200 };
        const std::vector<LabelBox> lines
            = timeline.layoutLabels({ line(arena, 0.99, Qt::AlignRight, 4), line(head, 0.01, Qt::AlignLeft, 3),
                                        line(head + peak, 0.55, Qt::AlignHCenter, 2), band },
                timeline.plotRect());
        auto tick = [&](double offset, int priority, bool below) {
            LabelMark m;
            m.kind = LabelMark::Kind::Tick;
            m.offset = offset;
            m.size = QSizeF(60, 14);
            m.priority = priority;
            m.below = below;
            return m;
        };
        const TimelineGeometry bar = TimelineGeometry::bar(QRectF(8, 40, 400, 30), arena);
        const QRectF barView(0, 0, 416, 104);
        const std::vector<LabelBox> ticks = bar.layoutLabels(
            { tick(arena, 4, false), tick(tail, 3, true), tick(head, 2, false), tick(0, 1, true) }, barView);
        for (const auto& [boxes, expected, view] :
            { std::tuple { lines, onTimeline, timeline.plotRect() }, std::tuple { ticks, onBar, barView } }) {
            for (std::size_t i = 0; i < boxes.size(); ++i) {
                QCOMPARE(boxes[i].visible, expected[static_cast<qsizetype>(i)]);
                if (!boxes[i].visible)
                    continue;
                const QRectF at = boxes[i].atAlternative ? boxes[i].alternative : boxes[i].rect;
                QVERIFY(view.contains(at));
                for (std::size_t j = i + 1; j < boxes.size(); ++j)
                    if (boxes[j].visible)
                        QVERIFY(!at.intersects(boxes[j].atAlternative ? boxes[j].alternative : boxes[j].rect));
            }
        }
    }

    void labelsNeverOverlap_data()
    {
        QTest::addColumn<QList<QRectF>>("rects"); // in priority order, highest first
        QTest::addColumn<QList<bool>>("shown");
        const QRectF arena(300, 10, 90, 14);
        QTest::newRow("apart") << QList<QRectF> { arena, QRectF(5, 100, 90, 14), QRectF(150, 60, 90, 14) }
                               << QList<bool> { true, true, true };
        QTest::newRow("head under the arena label")
            << QList<QRectF> { arena, QRectF(320, 20, 90, 14) } << QList<bool> { true, false };
        QTest::newRow("temp peak on the head, tail clear")
            << QList<QRectF> { arena, QRectF(5, 100, 90, 14), QRectF(60, 95, 90, 14), QRectF(150, 40, 90, 14) }
            << QList<bool> { true, true, false, true };
        QTest::newRow("hidden one does not hide others") << QList<QRectF> { arena, QRectF(320, 18, 70, 14),
            QRectF(380, 25, 10, 14) } << QList<bool> { true, false, true };
        QTest::newRow("outside the plot")
            << QList<QRectF> { QRectF(350, -5, 90, 14), QRectF(5, 100, 90, 14) } << QList<bool> { false, true };
        QTest::newRow("touching edges are apart")
            << QList<QRectF> { QRectF(0, 0, 50, 10), QRectF(50, 0, 50, 10) } << QList<bool> { true, true };
    }
    void labelsNeverOverlap()
    {
        QFETCH(QList<QRectF>, rects);
        QFETCH(QList<bool>, shown);
        std::vector<LabelBox> boxes;
        for (int i = 0; i < rects.size(); ++i)
            boxes.push_back(LabelBox { rects[i], static_cast<int>(rects.size() - i), true, {}, false, -1, false });
        hideOverlaps(boxes, QRectF(0, 0, 400, 300));
        for (int i = 0; i < rects.size(); ++i)
            QCOMPARE(boxes[static_cast<std::size_t>(i)].visible, shown[i]);
    }

    void aLabelMovesBelowItsLineRatherThanHide()
    {
        // The head's label above its line would sit on the arena's; below it, it is clear.
        std::vector<LabelBox> boxes { { QRectF(300, 10, 90, 14), 2, true, QRectF(300, 26, 90, 14), false, -1, false },
            { QRectF(310, 12, 60, 14), 1, true, QRectF(310, 28, 60, 14), false, -1, false } };
        hideOverlaps(boxes, QRectF(0, 0, 400, 300));
        QVERIFY(boxes[0].visible && !boxes[0].atAlternative);
        QVERIFY(boxes[1].visible && boxes[1].atAlternative);
        // Off the top of the plot: below the line.
        std::vector<LabelBox> top { { QRectF(300, -8, 90, 14), 1, true, QRectF(300, 6, 90, 14), false, -1, false } };
        hideOverlaps(top, QRectF(0, 0, 400, 300));
        QVERIFY(top[0].visible && top[0].atAlternative);
        // A label may touch its own line, never another one.
        const std::vector<QRectF> lines { QRectF(0, 48.5, 400, 3), QRectF(0, 58.5, 400, 3) };
        std::vector<LabelBox> onLines { { QRectF(10, 36, 90, 14), 2, true, QRectF(10, 50, 90, 14), false, 0, false },
            { QRectF(200, 46, 90, 14), 1, true, QRectF(200, 60, 90, 14), false, 1, false } };
        hideOverlaps(onLines, QRectF(0, 0, 400, 300), lines);
        QVERIFY(onLines[0].visible && !onLines[0].atAlternative); // touches line 0, its own
        QVERIFY(onLines[1].visible && onLines[1].atAlternative); // above, it would cross line 0
    }
};

QTEST_MAIN(TstTimelineGeometry)
#include "tst_timeline_geometry.moc"
