#include "verdict_panel.h"

#include "core/emulation/emulation_result.h"

namespace arenascope {

VerdictPanel::VerdictPanel(QWidget* parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setAlignment(Qt::AlignTop | Qt::AlignLeft);
    setMargin(8);
}

void VerdictPanel::setAnalysis(const AnalysisPtr& a)
{
    if (!a) {
        setText({});
        return;
    }
    const EmulationResult& m = *a->measured;
    QString html;
    const Failure* f = a->failure();
    if (f && !f->capacity) {
        html += tr("<h3 style='color:#c02020'>Fails before the arena size matters</h3>"
                   "<p><b>TFLM says:</b> <tt>%1</tt></p><p>No arena size fixes this: register the operator "
                   "or convert the model to supported types.</p>")
                    .arg(QString::fromStdString(f->message).toHtmlEscaped());
    } else if (a->fits().value_or(true)) {
        html += tr("<h3 style='color:#2c7f2c'>Fits</h3>");
    } else {
        const Failure& af = *a->atSize->failure;
        html += tr("<h3 style='color:#c02020'>Does not fit: %1 bytes missing</h3>").arg(af.missing);
        html += tr("<p>Breaks in <b>%1</b>%2.</p>")
                    .arg(QString::fromUtf8(phaseName(af.phase)))
                    .arg(af.op >= 0 ? tr(" at operator %1").arg(af.op) : QString());
        html += tr("<p><b>TFLM says:</b> <tt>%1</tt></p>").arg(QString::fromStdString(af.message).toHtmlEscaped());
    }
    if (a->minArenaBytes)
        html += tr("<p>Smallest arena that works: <b>%1 bytes</b></p>").arg(*a->minArenaBytes);
    html += tr("<table>"
               "<tr><td>arena used</td><td align=right>%1</td></tr>"
               "<tr><td>head (memory plan)</td><td align=right>%2</td></tr>"
               "<tr><td>tail (persistent)</td><td align=right>%3</td></tr>"
               "<tr><td>temp peak</td><td align=right>%4</td></tr>"
               "<tr><td>lower bound</td><td align=right>%5</td></tr>"
               "<tr><td>alignment waste</td><td align=right>%6</td></tr>"
               "<tr><td>model file (flash)</td><td align=right>%7</td></tr></table>")
                .arg(m.arenaUsedBytes)
                .arg(m.headBytes)
                .arg(m.tailBytes)
                .arg(m.tempPeakBytes)
                .arg(a->lowerBoundBytes)
                .arg(a->alignmentWasteBytes)
                .arg(a->model->fileSize());
    for (const auto& w : a->atSize->warnings)
        html += tr("<p style='color:#b06000'>Warning: %1</p>").arg(QString::fromStdString(w).toHtmlEscaped());
    setText(html);
}

} // namespace arenascope
