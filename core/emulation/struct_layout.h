#pragma once
// C/C++ struct layout by a target's ABI rules. Every struct TFLM places in the arena is
// described by its members (StructDef); its size and alignment are computed here for the
// chosen target, never taken from sizeof on the machine that runs ArenaScope.
//
// The rules (AAPCS for 32-bit Arm, the ILP32 GCC ABIs of Xtensa and RISC-V, and x86-64 SysV):
// - every scalar is aligned to its size; 64-bit integers and doubles are 8-aligned on all
//   three targets (unlike i386);
// - a struct's alignment is its largest member's, its size rounded up to that alignment;
// - a plain C enum is an int, except with arm-none-eabi GCC's short enums (the bare-metal
//   default, -fshort-enums) where it takes the smallest integer type holding its values;
// - a base class with virtual functions is laid out first and, as the Itanium C++ ABI does
//   for non-POD bases, its tail padding may hold the derived class's first members.
//
// Usage:
//   inline constexpr Field kPoint[] = {i32(), i32(), plainEnum()};
//   inline constexpr StructDef kPointDef{"Point", kPoint};
//   StructLayout l = layoutOf(kPointDef, abi);   // {12, 4} with int enums, {12, 4} short

#include <cstdint>
#include <span>
#include <string_view>

namespace arenascope {

struct StructLayout {
    std::uint32_t size = 0;
    std::uint32_t align = 1;
    std::uint32_t dataSize = 0; // size without tail padding (Itanium "dsize")
};

// What decides a layout: pointer (and size_t) width and the enum rule.
struct Abi {
    std::uint32_t pointerBytes = 4;
    bool shortEnums = false;
};

enum class FieldType : std::uint8_t {
    Bool,
    Int8,
    Int16,
    Int32,
    Int64,
    Float,
    Double,
    Pointer, // any data or function pointer, and a vptr
    SizeT, // size_t, intptr_t, ptrdiff_t: pointer-sized integers
    Enum, // a plain C enum (no fixed underlying type)
    Struct, // a nested struct or union-free aggregate (def)
    Base, // a non-POD base class (def), laid out first
};

struct StructDef;

struct Field {
    FieldType type = FieldType::Int32;
    std::uint32_t count = 1; // array length; 1 for a single member
    const StructDef* def = nullptr;
    // For Enum: the largest value the enum declares (decides its short-enum size).
    std::uint32_t enumMax = 0;
};

struct StructDef {
    std::string_view name;
    std::span<const Field> fields;
};

// Size and alignment of `def` on `abi`.
StructLayout layoutOf(const StructDef& def, const Abi& abi);

// Member helpers for the definition tables (n = array length).
constexpr Field boolean(std::uint32_t n = 1)
{
    return { FieldType::Bool, n };
}
constexpr Field i8(std::uint32_t n = 1)
{
    return { FieldType::Int8, n };
}
constexpr Field i16(std::uint32_t n = 1)
{
    return { FieldType::Int16, n };
}
constexpr Field i32(std::uint32_t n = 1)
{
    return { FieldType::Int32, n };
}
constexpr Field i64(std::uint32_t n = 1)
{
    return { FieldType::Int64, n };
}
constexpr Field f32(std::uint32_t n = 1)
{
    return { FieldType::Float, n };
}
constexpr Field f64(std::uint32_t n = 1)
{
    return { FieldType::Double, n };
}
constexpr Field ptr(std::uint32_t n = 1)
{
    return { FieldType::Pointer, n };
}
constexpr Field sizeT(std::uint32_t n = 1)
{
    return { FieldType::SizeT, n };
}
// A plain enum whose values are 0..maxValue (every TFLM enum stored in the arena fits a byte).
constexpr Field plainEnum(std::uint32_t maxValue = 255, std::uint32_t n = 1)
{
    return { FieldType::Enum, n, nullptr, maxValue };
}
constexpr Field nested(const StructDef& def, std::uint32_t n = 1)
{
    return { FieldType::Struct, n, &def };
}
constexpr Field base(const StructDef& def)
{
    return { FieldType::Base, 1, &def };
}

} // namespace arenascope
