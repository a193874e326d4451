#include "settings_history.h"

#include "core/analysis/analysis.h"

#include <QUndoStack>

namespace arenascope {

class SettingsCommand : public QUndoCommand {
public:
    SettingsCommand(SettingsHistory* history, EmulationSettings before, EmulationSettings after)
        : m_history(history)
        , m_before(std::move(before))
        , m_after(std::move(after))
    {
        setText(sameExceptSize(m_before, m_after) ? QObject::tr("arena size") : QObject::tr("settings"));
    }
    int id() const override { return sameExceptSize(m_before, m_after) ? 1 : -1; }
    bool mergeWith(const QUndoCommand* other) override
    {
        const auto* o = static_cast<const SettingsCommand*>(other);
        if (!sameExceptSize(o->m_before, o->m_after) || !sameExceptSize(m_after, o->m_before))
            return false;
        m_after = o->m_after;
        return true;
    }
    void undo() override { show(m_before); }
    void redo() override
    {
        if (m_first) { // pushed after the change was made: nothing to do
            m_first = false;
            return;
        }
        show(m_after);
    }

private:
    void show(const EmulationSettings& s)
    {
        m_history->m_current = s;
        m_history->m_apply(s);
    }

    SettingsHistory* m_history;
    EmulationSettings m_before;
    EmulationSettings m_after;
    bool m_first = true;
};

SettingsHistory::SettingsHistory(std::function<void(const EmulationSettings&)> apply, QObject* parent)
    : QObject(parent)
    , m_apply(std::move(apply))
    , m_stack(new QUndoStack(this))
{
}

void SettingsHistory::changed(const EmulationSettings& now)
{
    if (m_current && *m_current == now)
        return;
    if (m_current)
        m_stack->push(new SettingsCommand(this, *m_current, now));
    m_current = now;
}

void SettingsHistory::reset(const EmulationSettings& now)
{
    m_stack->clear();
    m_current = now;
}

} // namespace arenascope
