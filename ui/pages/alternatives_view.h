#pragma once
// What the other builds need, beside the verdict: the model's smallest arena under each other
// configuration users ship (core/analysis/alternatives.h), its difference to the one shown,
// the largest first. Double-clicking (or Enter on) a row switches the settings to that build.
// Shows core's list; computes nothing.

#include "core/analysis/alternatives.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace arenascope {

class AlternativesView : public QWidget {
    Q_OBJECT
public:
    explicit AlternativesView(QWidget* parent = nullptr);
    void setAlternatives(const std::vector<Alternative>& alternatives);
    void clear(); // while the list for new settings is computed
    // The list shown; empty while it is computed.
    const std::vector<Alternative>& alternatives() const { return m_alternatives; }

signals:
    void chosen(const EmulationSettings& settings); // arenaSize unset: keep the user's

private:
    QLabel* m_title;
    QTreeWidget* m_list;
    std::vector<Alternative> m_alternatives;
};

} // namespace arenascope
