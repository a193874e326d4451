// The main window loads a model, recomputes on a size change, and keeps the previous
// model when a bad file is opened.
#include "ui/main_window.h"

#include <QLabel>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

using namespace arenascope;

class TstMainWindow : public QObject {
    Q_OBJECT
private slots:
    void opensTheExampleAndFits()
    {
        MainWindow w;
        QVERIFY(w.openModel(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL)));
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Fits")));
    }

    void oneByteBelowTheMinimumDoesNotFit()
    {
        MainWindow w;
        QVERIFY(w.openModel(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL)));
        auto* spin = w.findChild<QSpinBox*>();
        QVERIFY(spin);
        const int minimum = spin->value();  // the window starts at the smallest working arena
        spin->setValue(minimum - 1);
        QVERIFY2(w.statusBar()->currentMessage().startsWith(QStringLiteral("Does not fit")),
                 qPrintable(w.statusBar()->currentMessage()));
        spin->setValue(minimum);
        QVERIFY(w.statusBar()->currentMessage().startsWith(QStringLiteral("Fits")));
    }

    void badFileKeepsThePreviousModel()
    {
        MainWindow w;
        QVERIFY(w.openModel(QStringLiteral(ARENASCOPE_EXAMPLE_MODEL)));
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.tflite"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not a model at all");
        f.close();
        QVERIFY(!w.openModel(bad));
        QVERIFY(w.windowTitle().contains(QStringLiteral("example_kws_int8")));
        bool shown = false;
        for (auto* label : w.findChildren<QLabel*>())
            shown = shown || (label->isVisibleTo(&w) && label->text().contains(QStringLiteral("Could not open")));
        QVERIFY(shown);
    }
};

QTEST_MAIN(TstMainWindow)
#include "tst_main_window.moc"
