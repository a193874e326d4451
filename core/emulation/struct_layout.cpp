#include "struct_layout.h"

#include "core/arena/align.h"

#include <algorithm>

namespace arenascope {

namespace {

std::uint32_t enumBytes(const Field& f, const Abi& abi)
{
    if (!abi.shortEnums)
        return 4;
    return f.enumMax <= 0xFF ? 1 : f.enumMax <= 0xFFFF ? 2 : 4;
}

// {size, align} of one element of a field; for a nested struct its full layout.
StructLayout elementLayout(const Field& f, const Abi& abi)
{
    auto scalar = [](std::uint32_t n) { return StructLayout { n, n, n }; };
    switch (f.type) {
    case FieldType::Bool:
    case FieldType::Int8:
        return scalar(1);
    case FieldType::Int16:
        return scalar(2);
    case FieldType::Int32:
    case FieldType::Float:
        return scalar(4);
    case FieldType::Int64:
    case FieldType::Double:
        return scalar(8);
    case FieldType::Pointer:
    case FieldType::SizeT:
        return scalar(abi.pointerBytes);
    case FieldType::Enum:
        return scalar(enumBytes(f, abi));
    case FieldType::Struct:
    case FieldType::Base:
        return layoutOf(*f.def, abi);
    }
    return scalar(1);
}

std::uint32_t roundUp(std::uint32_t v, std::uint32_t a)
{
    return static_cast<std::uint32_t>(alignUp(v, a));
}

} // namespace

StructLayout layoutOf(const StructDef& def, const Abi& abi)
{
    std::uint32_t offset = 0;
    std::uint32_t align = 1;
    for (const Field& f : def.fields) {
        const StructLayout e = elementLayout(f, abi);
        align = std::max(align, e.align);
        offset = roundUp(offset, e.align);
        // A non-POD base's tail padding is reused by what follows it.
        offset += f.type == FieldType::Base ? e.dataSize : e.size * f.count;
    }
    return StructLayout { roundUp(offset, align), align, offset };
}

} // namespace arenascope
