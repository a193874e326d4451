#pragma once
// The status bar's view of the JobTracker: once a job has run for half a second, what it does
// ("Searching for the smallest arena"), how far it got (a bar that fills when the job reports
// progress, else one that spins) and Cancel, which stops every long job: a search then delivers
// what it found so far, marked as not proven smallest.

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace arenascope {

class JobTracker;

class JobStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit JobStatusWidget(JobTracker* tracker, QWidget* parent = nullptr);

private:
    void setLongRunning(bool running, const QString& description);
    void setProgress(int permille);

    QLabel* m_description;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
};

} // namespace arenascope
