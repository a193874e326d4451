#pragma once
// The verdict: the headline, TFLM's own message and what it means, the smallest arena that
// works, flash beside RAM and the breakdown. Formats core's Verdict (core/analysis/verdict.h);
// computes nothing itself.

#include "core/analysis/analysis.h"

#include <QLabel>

namespace arenascope {

class VerdictPanel : public QLabel {
    Q_OBJECT
public:
    explicit VerdictPanel(QWidget* parent = nullptr);
    void setAnalysis(const AnalysisPtr& analysis);
    // What the last settings change did ("+2,720 B smallest arena vs cortex-m: ..."), shown
    // above the verdict until the next change; empty hides it.
    void setChangeNote(const QString& note) { m_changeNote = note; }

    // The dock title for the current verdict: a question only when it does not fit.
    QString title() const { return m_title; }

signals:
    void titleChanged(const QString& title);

private:
    QString m_title;
    QString m_changeNote;
};

} // namespace arenascope
