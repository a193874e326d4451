#include "verdict_panel.h"

#include "ui/models/verdict_html.h"

namespace arenascope {

VerdictPanel::VerdictPanel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setAlignment(Qt::AlignTop | Qt::AlignLeft);
    setMargin(8);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    // As wide as the dock, never wider: the text wraps instead of the dock scrolling sideways.
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
}

void VerdictPanel::setAnalysis(const AnalysisPtr& a)
{
    if (!a) {
        setText(tr("<p>Open a .tflite model (File &gt; Open, or drop it on the window).</p>"));
        return;
    }
    setText(verdictHtml(*a, m_changeNote));
    const QString title = verdictTitle(*a);
    if (title != m_title) {
        m_title = title;
        emit titleChanged(title);
    }
}

} // namespace arenascope
