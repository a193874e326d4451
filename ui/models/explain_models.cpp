#include "explain_models.h"

#include "core/devicelog/fact_compare.h"
#include "core/devicelog/log_parser.h"
#include "core/util/format.h"

#include <QBrush>
#include <QColor>

namespace arenascope {

namespace {

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

ExplainMatchModel::ExplainMatchModel(QObject* parent)
    : QAbstractListModel(parent)
{
}

void ExplainMatchModel::setResult(const ExplainResultPtr& result)
{
    beginResetModel();
    m_result = result;
    endResetModel();
}

const ExplainMatch* ExplainMatchModel::matchAt(int row) const
{
    if (!m_result || row < 0 || static_cast<std::size_t>(row) >= m_result->matches.size())
        return nullptr;
    return &m_result->matches[static_cast<std::size_t>(row)];
}

int ExplainMatchModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_result ? 0 : static_cast<int>(m_result->matches.size());
}

QVariant ExplainMatchModel::data(const QModelIndex& index, int role) const
{
    const ExplainMatch* m = index.isValid() ? matchAt(index.row()) : nullptr;
    if (!m)
        return {};
    if (role == Qt::DisplayRole) {
        QString need = m->minArenaBytes ? tr("needs %1").arg(qs(formatBytes(*m->minArenaBytes))) : QString();
        return tr("%1\narena %2%3")
            .arg(qs(m->title), qs(formatBytes(m->arenaBytes())),
                need.isEmpty() ? QString() : QStringLiteral(", ") + need);
    }
    if (role == Qt::ToolTipRole)
        return qs(m->configuration);
    return {};
}

LogLinesModel::LogLinesModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

void LogLinesModel::setLines(
    const ExplainResultPtr& result, const std::vector<std::string>& emulated, const QString& buildName)
{
    beginResetModel();
    m_result = result;
    m_buildName = buildName;
    m_rows.clear();
    if (!result) {
        endResetModel();
        return;
    }
    const ParsedLog& log = result->log;
    const std::size_t aligned = result->explainedAttempts.empty() ? log.attempts.size() : result->explainedAttempts[0];
    const std::vector<LogFact> lines = factsOfLines(emulated);
    std::size_t next = 0; // the next emulated line not shown yet
    for (std::size_t a = 0; a < log.attempts.size(); ++a)
        for (std::size_t i : log.attempts[a].facts) {
            const LogFact& f = log.facts[i];
            Row row { static_cast<int>(i), qs(f.text), {}, Agreement::Same };
            if (a != aligned || emulated.empty() || f.kind == FactKind::AllocateTensorsFailed) {
                m_rows.push_back(row);
                continue;
            }
            std::size_t k = next;
            while (k < lines.size() && !lines[k].sameAs(f))
                ++k;
            if (k == lines.size()) {
                row.agreement = Agreement::DeviceOnly;
                m_rows.push_back(row);
                continue;
            }
            for (; next < k; ++next)
                m_rows.push_back({ -1, {}, qs(lines[next].text), Agreement::EmulatedOnly });
            row.emulated = qs(lines[k].text);
            m_rows.push_back(row);
            next = k + 1;
        }
    for (; next < lines.size(); ++next)
        m_rows.push_back({ -1, {}, qs(lines[next].text), Agreement::EmulatedOnly });
    endResetModel();
}

int LogLinesModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LogLinesModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant LogLinesModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || static_cast<std::size_t>(index.row()) >= m_rows.size())
        return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    if (role == kAgreementRole)
        return static_cast<int>(row.agreement);
    if (role == kFactRole)
        return row.fact;
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
        switch (index.column()) {
        case Line:
            return row.fact >= 0
                ? QVariant(static_cast<qulonglong>(m_result->log.facts[static_cast<std::size_t>(row.fact)].line))
                : QVariant();
        case Device:
            return row.device;
        case Emulated:
            return row.emulated;
        default:
            return {};
        }
    }
    if (role == Qt::BackgroundRole && row.agreement != Agreement::Same)
        return QBrush(row.agreement == Agreement::DeviceOnly ? QColor(0xfd, 0xe2, 0xe1) : QColor(0xfd, 0xf3, 0xd8));
    if (role == Qt::TextAlignmentRole && index.column() == Line)
        return QVariant(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant LogLinesModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    // The build's name is long: in the tooltip, the column says what it holds.
    if (role == Qt::ToolTipRole && section == Emulated && !m_buildName.isEmpty())
        return m_buildName;
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Line:
        return tr("Line");
    case Device:
        return tr("Device log");
    case Emulated:
        return m_buildName.isEmpty() ? tr("Emulated") : tr("The chosen build prints");
    default:
        return {};
    }
}

} // namespace arenascope
