#include "playback_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QShortcut>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

namespace arenascope {

namespace {
constexpr int kPlayIntervalMillis = 350;
}

PlaybackBar::PlaybackBar(SelectionState* selection, QWidget* parent)
    : QWidget(parent)
    , m_selection(selection)
    , m_back(new QToolButton(this))
    , m_play(new QToolButton(this))
    , m_forward(new QToolButton(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_text(new QLabel(this))
    , m_timer(new QTimer(this))
{
    m_back->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_back->setToolTip(tr("Previous allocation (Left)"));
    m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
    m_play->setToolTip(tr("Play the allocations one by one (Space)"));
    m_forward->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_forward->setToolTip(tr("Next allocation (Right)"));
    m_slider->setToolTip(tr("Every allocation TFLM's AllocateTensors makes, in order: the arena map, the "
                            "allocation log and the walkthrough show the arena right after the one chosen"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* controls = new QHBoxLayout;
    controls->addWidget(m_back);
    controls->addWidget(m_play);
    controls->addWidget(m_forward);
    controls->addWidget(m_slider, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_text);
    m_timer->setInterval(kPlayIntervalMillis);

    connect(m_back, &QToolButton::clicked, this, &PlaybackBar::stepBack);
    connect(m_forward, &QToolButton::clicked, this, &PlaybackBar::stepForward);
    connect(m_play, &QToolButton::clicked, this, &PlaybackBar::togglePlay);
    connect(m_slider, &QSlider::valueChanged, this, [this](int v) {
        if (v != m_selection->event())
            m_selection->selectEvent(v);
    });
    connect(m_timer, &QTimer::timeout, this, [this] {
        const int next = position() + 1;
        if (next > lastEvent() || (m_failedEvent >= 0 && position() >= m_failedEvent)) {
            togglePlay();
            return;
        }
        m_selection->selectEvent(next);
        if (next == m_failedEvent)
            togglePlay(); // stop on the failing allocation
    });
    connect(m_selection, &SelectionState::eventChanged, this, &PlaybackBar::follow);
    connect(m_selection, &SelectionState::analysisSettled, this, &PlaybackBar::rebuild);
    connect(m_selection, &SelectionState::sharedChanged, this, &PlaybackBar::rebuild);
    for (const auto& [key, slot] :
        { std::pair { Qt::Key_Space, &PlaybackBar::togglePlay }, std::pair { Qt::Key_Left, &PlaybackBar::stepBack },
            std::pair { Qt::Key_Right, &PlaybackBar::stepForward } }) {
        auto* shortcut = new QShortcut(QKeySequence(key), this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    }
    setFocusPolicy(Qt::StrongFocus);
    // Room for the controls and two lines of the sentence.
    setMinimumHeight(m_slider->sizeHint().height() + 3 * fontMetrics().lineSpacing() + 12);
    rebuild();
}

int PlaybackBar::position() const
{
    return m_selection->event();
}

QString PlaybackBar::sentence() const
{
    return m_text->text();
}

bool PlaybackBar::playing() const
{
    return m_timer->isActive();
}

void PlaybackBar::setStepMillis(int millis)
{
    m_timer->setInterval(millis);
}

int PlaybackBar::lastEvent() const
{
    return m_steps.count() - 1;
}

void PlaybackBar::rebuild()
{
    m_steps = m_selection->shared() ? AllocationSteps::of(m_selection->shared())
                                    : AllocationSteps::of(m_selection->analysis());
    m_failedEvent = m_steps.failed();
    const QSignalBlocker block(m_slider);
    m_slider->setRange(-1, std::max(lastEvent(), -1));
    const bool any = lastEvent() >= 0;
    for (QWidget* w : std::initializer_list<QWidget*> { m_back, m_play, m_forward, m_slider })
        w->setEnabled(any);
    follow(m_selection->event());
}

void PlaybackBar::follow(int event)
{
    {
        const QSignalBlocker block(m_slider);
        m_slider->setValue(event);
    }
    if (lastEvent() < 0) {
        m_text->setText(tr("Open a model to play its allocations back."));
        return;
    }
    if (event < 0) {
        m_text->setText(tr("Before AllocateTensors: the arena is empty. %1 allocations follow; press Play or "
                           "Right.")
                            .arg(lastEvent() + 1));
        return;
    }
    m_text->setText(tr("%1 of %2: %3").arg(event + 1).arg(lastEvent() + 1).arg(m_steps.sentence(event)));
}

void PlaybackBar::stepForward()
{
    if (position() < lastEvent())
        m_selection->selectEvent(position() + 1);
}

void PlaybackBar::stepBack()
{
    if (position() >= 0)
        m_selection->selectEvent(position() - 1);
}

void PlaybackBar::togglePlay()
{
    if (m_timer->isActive()) {
        m_timer->stop();
    } else {
        if (position() >= lastEvent() || (m_failedEvent >= 0 && position() >= m_failedEvent))
            m_selection->selectEvent(-1); // from the start again
        m_timer->start();
    }
    m_play->setIcon(style()->standardIcon(m_timer->isActive() ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(m_timer->isActive() ? tr("Pause (Space)") : tr("Play the allocations one by one (Space)"));
}

} // namespace arenascope
