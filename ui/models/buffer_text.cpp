#include "buffer_text.h"

#include "ui/text.h"

#include "core/model/npu_tensors.h"

#include <QCoreApplication>
#include <QStringList>

namespace arenascope {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("TimelinePlot", text);
}

QString tensorText(const Model& model, const PlannedBuffer& b)
{
    const auto& sg = model.subgraphs()[static_cast<std::size_t>(b.subgraph)];
    const Tensor& t = sg.tensors[static_cast<std::size_t>(b.tensor)];
    QStringList dims;
    for (auto d : t.shape)
        dims << QString::number(d);
    const auto names = [&sg](const std::vector<std::int32_t>& ops) {
        QStringList list;
        for (std::int32_t o : ops) {
            const Operator& op = sg.operators[static_cast<std::size_t>(o)];
            list << QStringLiteral("#%1 %2").arg(op.id.value).arg(toQString(op.displayName()));
        }
        return list;
    };
    const QStringList producers = names(sg.producers[static_cast<std::size_t>(b.tensor)]);
    const QStringList consumers = names(sg.consumers[static_cast<std::size_t>(b.tensor)]);
    QString html = tr("<b>%1</b><br>tensor %2, %3 [%4]<br>")
                       .arg(toQString(t.name).toHtmlEscaped())
                       .arg(b.tensor)
                       .arg(toQString(dataTypeName(t.type)))
                       .arg(dims.join(QStringLiteral(", ")));
    html += tr("produced by: %1<br>used by: %2<br>")
                .arg(producers.isEmpty() ? tr("model input") : producers.join(QStringLiteral(", ")))
                .arg(consumers.isEmpty() ? tr("model output") : consumers.join(QStringLiteral(", ")));
    switch (npuScratchRole(model, b.subgraph, b.tensor)) {
    case NpuScratch::Scratch:
        html += tr("the NPU's scratch area, placed by Vela (offline plan)<br>");
        break;
    case NpuScratch::ScratchFast:
        html += tr("the NPU's fast scratch area, placed by Vela (offline plan)<br>");
        break;
    case NpuScratch::None:
        break;
    }
    return html;
}

} // namespace

QString bufferTooltip(const Model& model, const PlannedBuffer& b)
{
    QString html = b.tensor >= 0
        ? tensorText(model, b)
        : tr("<b>scratch buffer %1</b><br>requested by operator %2<br>").arg(b.scratchIndex).arg(b.op);
    html += tr("kind: %1<br>bytes: %2 (+%3 padding)<br>offsets: %4 – %5<br>lifetime: steps %6 – %7")
                .arg(toQString(bufferKindName(b.kind)))
                .arg(b.bytes)
                .arg(b.alignedBytes - b.bytes)
                .arg(b.offset)
                .arg(b.offset + static_cast<std::int64_t>(b.alignedBytes))
                .arg(b.first)
                .arg(b.last);
    return html;
}

} // namespace arenascope
