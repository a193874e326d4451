// Every item model passes QAbstractItemModelTester, before and after a recompute, on a
// shared model and on the bundled example.
#include "ui/models/analysis_key.h"
#include "ui/models/event_log_model.h"
#include "ui/models/tensor_table_model.h"
#include "ui/text.h"

#include "core/model/loader.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace arenascope;

class TstModels : public QObject {
    Q_OBJECT
private:
    static AnalysisPtr analysisOf(const char* path, std::optional<std::uint64_t> size)
    {
        auto m = loadModelFile(path);
        if (!m)
            return nullptr;
        return analyze(m.value(), EmulationSettings {}.withArena(size));
    }

private slots:
    // "Same model, same build" in one place: the model object and every setting but the sizes.
    void analysisKeyComparesTheBuildNotTheSize()
    {
        auto loaded = loadModelFile(ARENASCOPE_EXAMPLE_MODEL);
        QVERIFY(loaded);
        const ModelPtr model = loaded.value();
        const EmulationSettings small = EmulationSettings {}.withArena(1000);
        QVERIFY(AnalysisKey(model, small) == AnalysisKey(model, EmulationSettings {}.withArena(2000)));
        QVERIFY(AnalysisKey(model, small) == AnalysisKey(model, EmulationSettings {}));
        EmulationSettings linear = small;
        linear.planner = PlannerKind::Linear;
        QVERIFY(AnalysisKey(model, small) != AnalysisKey(model, linear));
        QVERIFY(AnalysisKey(model, small).sameModel(AnalysisKey(model, linear)));
        // Separate arenas are another build; their sizes are not.
        EmulationSettings split = small;
        split.nonPersistentBytes = 500;
        QVERIFY(AnalysisKey(model, small) != AnalysisKey(model, split));
        EmulationSettings splitOther = split;
        splitOther.nonPersistentBytes = 700;
        QVERIFY(AnalysisKey(model, split) == AnalysisKey(model, splitOther));
        // The same file loaded again is another model (a reload may differ).
        auto again = loadModelFile(ARENASCOPE_EXAMPLE_MODEL);
        QVERIFY(again);
        QVERIFY(AnalysisKey(model, small) != AnalysisKey(again.value(), small));
        const AnalysisPtr a = analyze(model, small);
        QVERIFY(AnalysisKey::of(*a) == AnalysisKey(model, EmulationSettings {}.withArena(3000)));
    }

    // One conversion for core text: a view's own length (not a terminating zero), UTF-8, null.
    void textConversions()
    {
        const std::string_view part = std::string_view("conv2d_1/Relu6;extra").substr(0, 14);
        QCOMPARE(toQString(part), QStringLiteral("conv2d_1/Relu6"));
        QCOMPARE(toQString(std::string("gr\xc3\xb6\xc3\x9f"
                                       "e")),
            QStringLiteral("gr\u00f6\u00dfe"));
        QCOMPARE(toQString(static_cast<const char*>(nullptr)), QString());
        QCOMPARE(toStdString(QStringLiteral("gr\u00f6\u00dfe")),
            std::string("gr\xc3\xb6\xc3\x9f"
                        "e"));
        QCOMPARE(toQString(toStdString(QStringLiteral("\u2026"))), QStringLiteral("\u2026"));
    }

    void tensorTable()
    {
        TensorTableModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto a = analysisOf(ARENASCOPE_EXAMPLE_MODEL, 100000);
        QVERIFY(a);
        model.setAnalysis(a);
        QCOMPARE(model.rowCount(), static_cast<int>(a->model->tensorCount()));
        // The input tensor is planned at offset 0 in the head... whatever the plan says, the
        // table shows the same numbers as the core.
        for (int r = 0; r < model.rowCount(); ++r) {
            const auto& p = a->measured->tensors[static_cast<std::size_t>(r)];
            QCOMPARE(model.index(r, TensorTableModel::Bytes).data().toULongLong(), p.bytes);
            if (p.offset)
                QCOMPARE(model.index(r, TensorTableModel::Offset).data().toULongLong(), *p.offset);
        }
        model.setAnalysis(analysisOf(ARENASCOPE_SHARED_DIR "/models/tflm/keyword_scrambled.tflite", 1024));
        model.setAnalysis(nullptr);
        QCOMPARE(model.rowCount(), 0);
    }

    void eventLog()
    {
        EventLogModel model;
        QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
        auto fits = analysisOf(ARENASCOPE_EXAMPLE_MODEL, 1 << 20);
        model.setAnalysis(fits);
        QCOMPARE(model.failedEvent(), -1);
        int events = 0;
        for (int g = 0; g < model.rowCount(); ++g)
            events += model.rowCount(model.index(g, 0));
        QCOMPARE(events, static_cast<int>(fits->atSize->events.size()));
        auto fails = analysisOf(ARENASCOPE_EXAMPLE_MODEL, 4096);
        model.setAnalysis(fails);
        const int failed = model.failedEvent();
        QVERIFY(failed >= 0);
        const QModelIndex idx = model.indexOfEvent(failed);
        QVERIFY(idx.isValid());
        QVERIFY(idx.data(EventLogModel::kFailedRole).toBool());
        QVERIFY(idx.parent().data(EventLogModel::kFailedRole).toBool());
        model.setAnalysis(nullptr);
    }
};

QTEST_MAIN(TstModels)
#include "tst_models.moc"
