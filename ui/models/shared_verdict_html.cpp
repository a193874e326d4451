#include "shared_verdict_html.h"

#include "verdict_html.h"

#include "ui/byte_text.h"
#include "ui/text.h"

#include <QCoreApplication>
#include <QStringList>

namespace arenascope {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("SharedArenaWindow", text);
}

QString esc(std::string_view s)
{
    return toQString(s).toHtmlEscaped();
}

const Failure* failureOf(const TenantOutcome& t)
{
    return t.result && t.result->failure ? &*t.result->failure : nullptr;
}

QString tenantTable(const SharedArenaAnalysis& a)
{
    const SharedArenaResult& run = a.figuresRun();
    QString html = tr("<p>Figures in an arena of %1, in build order:</p>").arg(bytesText(run.settings.arenaBytes()));
    html += QStringLiteral("<table cellspacing=0 cellpadding=2><tr><th align=left>%1</th><th>%2</th>"
                           "<th align=right>%3</th><th align=right>%4</th><th align=right>%5</th></tr>")
                .arg(tr("model"), tr("status"), tr("used after"), tr("tail added"), tr("plan"));
    for (std::size_t k = 0; k < run.tenants.size(); ++k) {
        const TenantOutcome& t = run.tenants[k];
        html += QStringLiteral("<tr><td>%1. %2</td><td>%3</td><td align=right>%4</td><td align=right>%5</td>"
                               "<td align=right>%6</td></tr>")
                    .arg(k + 1)
                    .arg(esc(a.tenants[k].name), toQString(tenantStatusName(t.status)), bytesText(t.arenaUsedAfter),
                        bytesText(t.tailAdded),
                        bytesText(static_cast<std::uint64_t>(std::max<std::int64_t>(t.planBytes, 0))));
    }
    return html + QStringLiteral("</table>");
}

} // namespace

QString sharedVerdictHtml(const SharedArenaAnalysis& a)
{
    const SharedVerdict& v = a.verdict;
    QString html = QStringLiteral("<p style='font-size:large; color:%1'><b>%2</b></p>")
                       .arg(verdictHeadlineColor(v.kind, QStringLiteral("inherit")), esc(v.headline));
    if (v.breakingTenant >= 0) {
        html += tr("<p><b>TFLM says:</b> %1<br><b>Where:</b> %2</p>").arg(esc(v.tflmMessage), esc(v.where));
    }
    if (a.minArenaBytes)
        html += tr("<p>Smallest shared arena: <b>%1</b>%2</p>")
                    .arg(bytesText(*a.minArenaBytes),
                        a.requiredTenants == a.tenants.size() ? tr(" (every model allocates)")
                                                              : tr(" (the first %1 models)").arg(a.requiredTenants));
    if (const TenantOutcome* below = a.belowMinimum ? a.belowMinimum->firstFailure() : nullptr) {
        const auto k = static_cast<std::size_t>(below - a.belowMinimum->tenants.data());
        const Failure* f = failureOf(*below);
        html += tr("<p>One byte less: %1 fails first: %2</p>")
                    .arg(esc(a.tenants[k].name), f ? esc(f->message) : QString());
    }
    html += tenantTable(a);
    if (a.bestOrder) {
        QStringList names;
        for (std::size_t k : a.bestOrder->order)
            names << esc(a.tenants[k].name);
        html += tr("<p><b>A better order:</b> %1 needs %2 (saves %3).</p>")
                    .arg(names.join(QStringLiteral(", ")), bytesText(a.bestOrder->minArenaBytes),
                        bytesText(*a.minArenaBytes - a.bestOrder->minArenaBytes));
    } else if (a.ordersTried > 0) {
        html += tr("<p>No other order needs less (%1).</p>")
                    .arg(a.everyOrderTried ? tr("every order tried") : tr("%1 orders tried").arg(a.ordersTried));
    }
    if (!a.repeatedModels.empty())
        html += tr("<p>The same model file more than once: legal in TFLM, each interpreter has its own state.</p>");
    for (const std::string& w : a.figuresRun().warnings)
        html += QStringLiteral("<p style='color:#9a5b00'>%1</p>").arg(esc(w));
    for (const std::string& n : a.notes)
        html += QStringLiteral("<p><i>%1</i></p>").arg(esc(n));
    return html;
}

} // namespace arenascope
