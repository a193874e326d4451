#include "explain_log_dialog.h"

#include "../job_tracker.h"
#include "../models/explain_models.h"

#include "core/analysis/concepts.h"
#include "core/devicelog/fact_text.h"
#include "core/devicelog/log_parser.h"
#include "core/report/explain_report.h"
#include "core/util/format.h"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <fstream>
#include <sstream>

namespace arenascope {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

QString esc(const std::string& s)
{
    return qs(s).toHtmlEscaped();
}

struct JobResult {
    ExplainResultPtr result;
    std::string error;
};

QString conceptAnchor(std::string_view id)
{
    const Concept* c = findConcept(id);
    if (!c)
        return {};
    return QStringLiteral(" <a href=\"concept:%1\">%2</a>")
        .arg(QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size())),
            QString::fromUtf8(c->term.data(), static_cast<qsizetype>(c->term.size())).toHtmlEscaped());
}

} // namespace

ExplainLogDialog::ExplainLogDialog(JobTracker* tracker, QWidget* parent)
    : QDialog(parent)
    , m_tracker(tracker)
    , m_summary(new QLabel(this))
    , m_lines(new QTableView(this))
    , m_linesModel(new LogLinesModel(this))
    , m_lineText(new QTextBrowser(this))
    , m_matches(new QListView(this))
    , m_matchModel(new ExplainMatchModel(this))
    , m_matchText(new QTextBrowser(this))
    , m_again(new QPushButton(tr("Explain &Again"), this))
{
    setObjectName(QStringLiteral("explainLogDialog"));
    setWindowTitle(tr("Explain Device Log"));
    setSizeGripEnabled(true);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_lines->setModel(m_linesModel);
    m_lines->setObjectName(QStringLiteral("logLines"));
    m_lines->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_lines->setSelectionMode(QAbstractItemView::SingleSelection);
    m_lines->verticalHeader()->hide();
    // Whole lines, wrapped (an elided line hides the number that differs).
    m_lines->setWordWrap(true);
    m_lines->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_lines->horizontalHeader()->setSectionResizeMode(LogLinesModel::Line, QHeaderView::ResizeToContents);
    m_lines->horizontalHeader()->setSectionResizeMode(LogLinesModel::Device, QHeaderView::Stretch);
    m_lines->horizontalHeader()->setSectionResizeMode(LogLinesModel::Emulated, QHeaderView::Stretch);
    m_matches->setModel(m_matchModel);
    m_matches->setObjectName(QStringLiteral("matches"));
    m_matches->setAlternatingRowColors(true);
    m_matches->setWordWrap(true); // a build's title is long: wrapped, never scrolled sideways
    m_matches->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_matches->setResizeMode(QListView::Adjust);
    m_matches->setAccessibleName(tr("Builds that print this log"));
    for (QTextBrowser* b : { m_lineText, m_matchText }) {
        b->setOpenLinks(false);
        connect(b, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
            if (url.scheme() == QStringLiteral("concept"))
                emit conceptRequested(url.path());
        });
    }

    auto* left = new QSplitter(Qt::Vertical, this);
    left->addWidget(m_lines);
    left->addWidget(m_lineText);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 1);
    auto* right = new QSplitter(Qt::Vertical, this);
    right->addWidget(m_matches);
    right->addWidget(m_matchText);
    right->setStretchFactor(0, 1);
    right->setStretchFactor(1, 2);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_again, QDialogButtonBox::ActionRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
    connect(m_again, &QPushButton::clicked, this, [this] { run(m_source); });
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(1100, 640);

    connect(m_matches->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showMatch(current.row()); });
    // Clicking the row already current (the first, described when the result came) chooses it too.
    connect(m_matches, &QListView::clicked, this, [this](const QModelIndex& index) {
        if (const ExplainMatch* m = m_matchModel->matchAt(index.row()))
            emit chosen(m->settings);
    });
    connect(m_lines->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) { showLine(current.row()); });
}

void ExplainLogDialog::explainFile(const QString& path, const ModelPtr& model)
{
    m_path = path;
    m_text.clear();
    m_model = model;
    run(QFileInfo(path).fileName());
}

void ExplainLogDialog::explainText(const QString& text, const QString& source, const ModelPtr& model)
{
    m_path.clear();
    m_text = text;
    m_model = model;
    run(source);
}

void ExplainLogDialog::run(const QString& source)
{
    m_source = source;
    m_searching = true;
    m_again->setEnabled(false);
    m_summary->setText(m_model
            ? tr("Explaining %1: searching the builds ArenaScope emulates...").arg(source.toHtmlEscaped())
            : tr("Reading %1...").arg(source.toHtmlEscaped()));
    const std::string path = m_path.toStdString();
    const std::string text = m_text.toStdString();
    const ModelPtr model = m_model;
    m_tracker->start(
        this, QStringLiteral("explain"), tr("Explaining the device log"),
        [path, text, model](const JobControl& job) {
            auto out = std::make_shared<JobResult>();
            Result<ParsedLog> log = makeError(ErrorCode::Io, "");
            if (!path.empty()) {
                std::ifstream in(path, std::ios::binary);
                if (!in) {
                    out->error = "cannot read " + path;
                    return out;
                }
                log = parseDeviceLog(in);
            } else {
                log = parseDeviceLogText(text);
            }
            if (!log) {
                out->error = log.error().message;
                return out;
            }
            ExplainOptions options;
            options.cancel = job.cancel();
            options.progress = job.progressSink();
            out->result = explainLog(std::move(log.value()), model, options);
            return out;
        },
        [this](const std::shared_ptr<JobResult>& r) { showResult(r->result, qs(r->error)); });
}

QString ExplainLogDialog::summary() const
{
    const ExplainResult& r = *m_result;
    QString text = tr("<b>%1</b>: %2 lines, %3 about the arena, %4 ignored.")
                       .arg(m_source.toHtmlEscaped())
                       .arg(r.log.lines)
                       .arg(r.log.facts.size())
                       .arg(r.log.ignoredLines);
    if (!r.modelGiven)
        return text + tr(" Open the model the device ran to find the build and arena size that print it.");
    if (r.explainedAttempts.empty())
        return text + tr(" Nothing to reproduce.");
    if (!r.matches.empty())
        return text
            + tr(" Reproduced by %n build(s) (%1 configurations, %2 s). Choose one to see it in the window.", "",
                static_cast<int>(r.matches.size()))
                  .arg(r.configurations)
                  .arg(r.seconds, 0, 'f', 1);
    return text + tr(" <b>No build ArenaScope emulates reproduces it</b>; the nearest is shown.");
}

void ExplainLogDialog::showResult(const ExplainResultPtr& result, const QString& error)
{
    m_searching = false;
    m_again->setEnabled(true);
    if (!error.isEmpty() || !result) {
        m_summary->setText(tr("<b>%1</b>: %2").arg(m_source.toHtmlEscaped(), error.toHtmlEscaped()));
        emit finished();
        return;
    }
    m_result = result;
    m_summary->setText(summary());
    m_matchModel->setResult(result);
    if (!result->matches.empty()) {
        m_quiet = true; // the first is described; the window switches when the user chooses
        m_matches->setCurrentIndex(m_matchModel->index(0));
        m_quiet = false;
    } else {
        const std::vector<std::string> nearest
            = result->nearest ? result->nearest->emulatedLines : std::vector<std::string> {};
        m_linesModel->setLines(result, nearest, result->nearest ? qs(result->nearest->title) : QString());
        QString html;
        if (result->nearest)
            html += tr("<p><b>Nearest:</b> %1 at %2<br><code>%3</code></p>")
                        .arg(esc(result->nearest->title),
                            qs(formatBytes(result->nearest->settings.arenaSize.value_or(0))),
                            esc(result->nearest->configuration));
        if (!result->nearestWhy.empty())
            html += QStringLiteral("<p>%1</p>").arg(esc(result->nearestWhy));
        for (const std::string& n : result->notes)
            html += QStringLiteral("<p>%1</p>").arg(esc(n));
        m_matchText->setHtml(html);
    }
    if (m_linesModel->rowCount() > 0)
        m_lines->setCurrentIndex(m_linesModel->index(0, LogLinesModel::Device));
    emit finished();
}

void ExplainLogDialog::showMatch(int row)
{
    const ExplainMatch* m = m_matchModel->matchAt(row);
    if (!m)
        return;
    describeMatch(*m);
    if (!m_quiet)
        emit chosen(m->settings);
}

void ExplainLogDialog::describeMatch(const ExplainMatch& match)
{
    const ExplainMatch* m = &match;
    m_linesModel->setLines(m_result, m->emulatedLines, qs(m->title));
    QString html = QStringLiteral("<p><b>%1</b></p><p>arena %2").arg(esc(m->title), qs(formatBytes(m->arenaBytes())));
    if (!m->sizes.empty() && (m->sizes.front().unbounded || m->sizes.front().lo != m->sizes.front().hi))
        html += tr(" (the log reads the same at %1)").arg(qs(sizeRangeText(m->sizes.front())));
    html += tr(", starting %1 B past a 16-byte boundary</p>").arg(m->settings.arenaOffset);
    html += QStringLiteral("<p><code>%1</code></p>").arg(esc(m->configuration));
    if (m->minArenaBytes) {
        const auto delta = static_cast<std::int64_t>(*m->minArenaBytes) - static_cast<std::int64_t>(m->arenaBytes());
        html
            += tr("<p>That build needs <b>%1</b> (%2).</p>")
                   .arg(qs(formatBytes(*m->minArenaBytes)),
                       delta > 0 ? tr("%1 more than the device had").arg(qs(formatSignedBytes(delta))) : tr("it fits"));
    }
    if (!m->otherVersions.empty()) {
        html += tr("<p>At %1:</p><ul>").arg(qs(formatBytes(m->arenaBytes())));
        for (const OtherVersion& o : m->otherVersions)
            html += QStringLiteral("<li>%1 needs %2 (%3)</li>")
                        .arg(esc(o.label),
                            o.minArenaBytes ? qs(formatBytes(*o.minArenaBytes)) : tr("more than any arena"),
                            o.fitsDeviceArena ? tr("fits") : tr("does not fit"));
        html += QStringLiteral("</ul>");
    }
    if (!m->alike.empty())
        html += tr(
            "<p>%n other configuration(s) print the same at every size.</p>", "", static_cast<int>(m->alike.size()));
    if (!m_result->tellApart.empty())
        html += tr("<p>To tell the builds apart: %1.</p>").arg(esc(m_result->tellApart));
    for (const std::string& n : m_result->notes)
        html += QStringLiteral("<p>%1</p>").arg(esc(n));
    m_matchText->setHtml(html);
}

void ExplainLogDialog::showLine(int row)
{
    const int fact = m_linesModel->data(m_linesModel->index(row, 0), LogLinesModel::kFactRole).toInt();
    if (!m_result || fact < 0) {
        const QString emulated = m_linesModel->data(m_linesModel->index(row, LogLinesModel::Emulated)).toString();
        m_lineText->setHtml(emulated.isEmpty()
                ? QString()
                : tr("<p>The chosen build prints <code>%1</code> here; the log does not have this line.</p>")
                      .arg(emulated.toHtmlEscaped()));
        return;
    }
    const LogFact& f = m_result->log.facts[static_cast<std::size_t>(fact)];
    const FactText t = explainFact(f);
    m_lineText->setHtml(tr("<p><b>Line %1</b> <code>%2</code></p><p>%3%4</p>")
                            .arg(f.line)
                            .arg(esc(f.text), esc(t.text), conceptAnchor(t.conceptId)));
}

} // namespace arenascope
