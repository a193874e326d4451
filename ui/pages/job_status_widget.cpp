#include "job_status_widget.h"

#include "ui/job_tracker.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace arenascope {

JobStatusWidget::JobStatusWidget(JobTracker* tracker, QWidget* parent)
    : QWidget(parent)
    , m_description(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_description);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_bar->setMaximumWidth(160);
    m_bar->setAccessibleName(tr("Background work in progress"));
    m_cancel->setToolTip(tr("Stop the search; what it found so far stays, marked as not proven smallest"));
    connect(m_cancel, &QPushButton::clicked, tracker, &JobTracker::cancelLongRunning);
    connect(tracker, &JobTracker::longRunning, this, &JobStatusWidget::setLongRunning);
    connect(tracker, &JobTracker::progress, this, &JobStatusWidget::setProgress);
    hide();
}

void JobStatusWidget::setLongRunning(bool running, const QString& description)
{
    m_description->setText(description);
    setProgress(-1);
    setVisible(running);
}

void JobStatusWidget::setProgress(int permille)
{
    if (permille < 0) {
        m_bar->setRange(0, 0); // spins: the job reports no progress
        return;
    }
    m_bar->setRange(0, 1000);
    m_bar->setValue(permille);
}

} // namespace arenascope
