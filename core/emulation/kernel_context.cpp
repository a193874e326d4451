#include "kernel_context.h"

namespace arenascope {

namespace {
const Tensor* tensorAt(const Subgraph& sg, const std::vector<std::int32_t>& list, std::size_t i)
{
    if (i >= list.size() || list[i] < 0)
        return nullptr;
    return &sg.tensors[static_cast<std::size_t>(list[i])];
}
} // namespace

const Tensor* KernelContext::input(std::size_t i) const
{
    return tensorAt(subgraph(), op().inputs, i);
}

const Tensor* KernelContext::output(std::size_t i) const
{
    return tensorAt(subgraph(), op().outputs, i);
}

} // namespace arenascope
