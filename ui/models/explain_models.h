#pragma once
// Item models over an explained device log (core/devicelog/explainer.h), for the Explain Device
// Log dialog:
// - ExplainMatchModel: the builds that reproduce the log, one row each (title, arena, need).
// - LogLinesModel: the log's lines beside the lines a build prints at its arena size, row by
//   row where they agree; a line only one side has stands alone, marked.
// They adapt core's result; nothing is computed here but the row alignment.

#include "core/devicelog/explainer.h"

#include <QAbstractListModel>
#include <QAbstractTableModel>

namespace arenascope {

class ExplainMatchModel : public QAbstractListModel {
    Q_OBJECT
public:
    explicit ExplainMatchModel(QObject* parent = nullptr);
    void setResult(const ExplainResultPtr& result);
    const ExplainMatch* matchAt(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;

private:
    ExplainResultPtr m_result;
};

class LogLinesModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Line, Device, Emulated, ColumnCount };
    // How a row's two sides compare.
    enum class Agreement { Same, DeviceOnly, EmulatedOnly };
    static constexpr int kAgreementRole = Qt::UserRole + 1;
    static constexpr int kFactRole = Qt::UserRole + 2; // index into the log's facts, -1 for none

    explicit LogLinesModel(QObject* parent = nullptr);
    // The log's first explained attempt beside `emulated` (a build's lines; empty: the log alone).
    void setLines(const ExplainResultPtr& result, const std::vector<std::string>& emulated, const QString& buildName);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        int fact = -1; // the log's fact, -1 when only the emulation prints the line
        QString device;
        QString emulated;
        Agreement agreement = Agreement::Same;
    };
    std::vector<Row> m_rows;
    ExplainResultPtr m_result;
    QString m_buildName;
};

} // namespace arenascope
