#include "planner_watch_dialog.h"

#include "core/solver/model_buffers.h"

#include "core/util/format.h"
#include "ui/plots/plot_colors.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QSlider>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace arenascope {

// One planner's buffers so far, drawn over time (x: steps) and offset (y, 0 at the bottom).
class PlanCanvas : public QWidget {
public:
    PlanCanvas(const std::vector<BufferRequest>& requests, const PlannerTrace& trace, QString title, QWidget* parent)
        : QWidget(parent)
        , m_requests(requests)
        , m_trace(trace)
        , m_title(std::move(title))
    {
        setMinimumSize(320, 260);
        for (const BufferRequest& r : m_requests) {
            m_lastStep = std::max(m_lastStep, r.last + 1);
            m_firstStep = std::min(m_firstStep, r.first);
        }
        m_height = std::max<std::int64_t>(m_trace.plan.maxBytes, 1);
    }
    // Shows the trace after `step` placements; the y scale stays `height` so two canvases compare.
    void show(int step, std::int64_t height)
    {
        m_step = step;
        m_height = std::max<std::int64_t>(height, 1);
        update();
    }

protected:
    void paintEvent(QPaintEvent*) override
    {
        QPainter p(this);
        p.setRenderHint(QPainter::Antialiasing, false);
        const QRectF area = rect().adjusted(8, 24, -8, -8);
        p.drawText(QRectF(8, 2, width() - 16, 20), Qt::AlignLeft | Qt::AlignVCenter, m_title);
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(area);
        const double steps = std::max(1, m_lastStep - m_firstStep);
        auto box = [&](std::int32_t first, std::int32_t last, std::int64_t begin, std::int64_t end) {
            const double x0 = area.left() + area.width() * (first - m_firstStep) / steps;
            const double x1 = area.left() + area.width() * (last + 1 - m_firstStep) / steps;
            const double y0 = area.bottom() - area.height() * static_cast<double>(end) / static_cast<double>(m_height);
            const double y1
                = area.bottom() - area.height() * static_cast<double>(begin) / static_cast<double>(m_height);
            return QRectF(QPointF(x0, y0), QPointF(x1, y1));
        };
        std::int64_t head = 0;
        for (int k = 0; k <= m_step && k < static_cast<int>(m_trace.steps.size()); ++k) {
            const PlacementStep& s = m_trace.steps[static_cast<std::size_t>(k)];
            const BufferRequest& r = m_requests[static_cast<std::size_t>(s.request)];
            const bool current = k == m_step;
            p.setPen(QPen(palette().color(QPalette::Base), 1));
            p.setBrush(current ? colors::selection() : colors::bufferKind(BufferKind::Activation));
            p.drawRect(box(r.first, r.last, s.offset, std::int64_t { s.offset } + r.size));
            head = s.headAfter;
        }
        // The gaps the current buffer was measured against.
        if (m_step >= 0 && m_step < static_cast<int>(m_trace.steps.size())) {
            const PlacementStep& s = m_trace.steps[static_cast<std::size_t>(m_step)];
            const BufferRequest& r = m_requests[static_cast<std::size_t>(s.request)];
            for (const GapTried& g : s.gaps) {
                if (g.end <= g.begin)
                    continue;
                p.setBrush(Qt::NoBrush);
                p.setPen(QPen(g.fits ? colors::fits() : colors::failure(), 2, Qt::DashLine));
                p.drawRect(box(r.first, r.last, g.begin, g.end));
            }
        }
        p.setPen(QPen(palette().color(QPalette::Text), 1, Qt::DashLine));
        const double y = area.bottom() - area.height() * static_cast<double>(head) / static_cast<double>(m_height);
        p.drawLine(QPointF(area.left(), y), QPointF(area.right(), y));
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRectF(area.left() + 4, y - 18, area.width() - 8, 16), Qt::AlignRight | Qt::AlignVCenter,
            tr("head %1").arg(QString::fromStdString(formatBytes(static_cast<std::uint64_t>(head)))));
    }

private:
    const std::vector<BufferRequest>& m_requests;
    const PlannerTrace& m_trace;
    QString m_title;
    std::int32_t m_firstStep = 0;
    std::int32_t m_lastStep = 1;
    std::int64_t m_height = 1;
    int m_step = -1;
};

PlannerWatchDialog* PlannerWatchDialog::open(const AnalysisPtr& shown, QWidget* parent)
{
    if (!shown || !shown->measured->ok)
        return nullptr;
    auto* watch = new PlannerWatchDialog(plannerRequests(*shown->measured), parent);
    watch->setAttribute(Qt::WA_DeleteOnClose);
    watch->show();
    return watch;
}

PlannerWatchDialog::PlannerWatchDialog(std::vector<BufferRequest> requests, QWidget* parent)
    : QDialog(parent)
    , m_requests(std::move(requests))
    , m_greedy(traceGreedy(m_requests))
    , m_linear(traceLinear(m_requests))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_text(new QLabel(this))
    , m_heads(new QLabel(this))
    , m_timer(new QTimer(this))
{
    setWindowTitle(tr("Watch the Greedy Planner"));
    m_greedyCanvas = new PlanCanvas(m_requests, m_greedy, tr("Greedy (TFLM's default)"), this);
    m_linearCanvas = new PlanCanvas(m_requests, m_linear, tr("Linear (every buffer after the previous)"), this);
    auto* canvases = new QHBoxLayout;
    canvases->addWidget(m_greedyCanvas, 1);
    canvases->addWidget(m_linearCanvas, 1);
    auto* previous = new QPushButton(tr("&Previous"), this);
    auto* play = new QPushButton(tr("P&lay"), this);
    auto* next = new QPushButton(tr("&Next"), this);
    auto* controls = new QHBoxLayout;
    controls->addWidget(previous);
    controls->addWidget(play);
    controls->addWidget(next);
    controls->addWidget(m_slider, 1);
    m_text->setWordWrap(true);
    m_text->setMinimumHeight(3 * fontMetrics().lineSpacing());
    m_slider->setRange(-1, stepCount() - 1);
    auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(canvases, 1);
    layout->addLayout(controls);
    layout->addWidget(m_text);
    layout->addWidget(m_heads);
    layout->addWidget(close);
    connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_slider, &QSlider::valueChanged, this, &PlannerWatchDialog::showStep);
    connect(previous, &QPushButton::clicked, this, [this] { m_slider->setValue(m_step - 1); });
    connect(next, &QPushButton::clicked, this, [this] { m_slider->setValue(m_step + 1); });
    connect(play, &QPushButton::clicked, this, [this, play] {
        if (m_timer->isActive()) {
            m_timer->stop();
        } else {
            if (m_step >= stepCount() - 1)
                m_slider->setValue(-1);
            m_timer->start(400);
        }
        play->setText(m_timer->isActive() ? tr("P&ause") : tr("P&lay"));
    });
    connect(m_timer, &QTimer::timeout, this, [this, play] {
        if (m_step >= stepCount() - 1) {
            m_timer->stop();
            play->setText(tr("P&lay"));
            return;
        }
        m_slider->setValue(m_step + 1);
    });
    resize(980, 560);
    showStep(-1);
}

void PlannerWatchDialog::showStep(int step)
{
    m_step = std::clamp(step, -1, stepCount() - 1);
    if (m_slider->value() != m_step)
        m_slider->setValue(m_step);
    // One y scale for both: the larger of the two final plans.
    const std::int64_t height = std::max(m_greedy.plan.maxBytes, m_linear.plan.maxBytes);
    m_greedyCanvas->show(m_step, height);
    m_linearCanvas->show(m_step, height);
    if (m_step < 0)
        m_text->setText(tr("%1 buffers to place. Offline-planned buffers go first, at their offsets; then the others, "
                           "largest first. Press Next or Play.")
                            .arg(stepCount()));
    else
        m_text->setText(tr("Step %1 of %2: %3")
                            .arg(m_step + 1)
                            .arg(stepCount())
                            .arg(QString::fromStdString(
                                explainPlacement(m_requests, m_greedy.steps[static_cast<std::size_t>(m_step)]))));
    m_heads->setText(tr("Final head: greedy %1, linear %2 (%3 more)")
                         .arg(QString::fromStdString(formatBytes(static_cast<std::uint64_t>(m_greedy.plan.maxBytes))),
                             QString::fromStdString(formatBytes(static_cast<std::uint64_t>(m_linear.plan.maxBytes))),
                             QString::fromStdString(formatBytes(static_cast<std::uint64_t>(
                                 std::max<std::int64_t>(0, m_linear.plan.maxBytes - m_greedy.plan.maxBytes))))));
}

QString PlannerWatchDialog::explanation() const
{
    return m_text->text();
}

std::vector<std::int32_t> PlannerWatchDialog::greedyOffsetsSoFar() const
{
    std::vector<std::int32_t> offsets(m_requests.size(), -1);
    for (int k = 0; k <= m_step; ++k) {
        const PlacementStep& s = m_greedy.steps[static_cast<std::size_t>(k)];
        offsets[static_cast<std::size_t>(s.request)] = s.offset;
    }
    return offsets;
}

} // namespace arenascope
