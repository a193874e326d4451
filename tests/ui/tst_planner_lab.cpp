// Tools > Planner Lab as a user runs it: the three planners in one table beside the lower
// bound, computed off the GUI thread.
#include "ui/pages/planner_lab_dialog.h"

#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

using namespace arenascope;

class TstPlannerLab : public QObject {
    Q_OBJECT
private slots:
    void tableShowsEveryPlannerBesideTheBound()
    {
        // MiniMalloc's example: greedy by size needs 16, the exact search proves 12.
        auto set = readBufferCsv("id,lower,upper,size\nb1,0,3,4\nb2,3,9,4\nb3,0,9,4\nb4,9,21,4\nb5,0,21,4\n", "x");
        QVERIFY(set);
        PlannerLabDialog lab(set.value(), QStringLiteral("example"));
        QSignalSpy done(&lab, &PlannerLabDialog::finished);
        lab.run();
        QVERIFY(done.wait(30000));
        QCOMPARE(lab.results().size(), std::size_t(3));
        QTableWidget* t = lab.table();
        QCOMPARE(t->item(0, 0)->text(), QStringLiteral("tflm-greedy"));
        QCOMPARE(t->item(2, 0)->text(), QStringLiteral("exact"));
        QCOMPARE(t->item(2, 1)->text(), QStringLiteral("12 B"));
        QCOMPARE(t->item(2, 3)->text(), QStringLiteral("proven"));
        QCOMPARE(t->item(2, 2)->text(), QStringLiteral("1.000"));
        for (int r = 0; r < 3; ++r)
            QVERIFY(lab.results()[static_cast<std::size_t>(r)].peakBytes >= 12);
    }
};

QTEST_MAIN(TstPlannerLab)
#include "tst_planner_lab.moc"
