#pragma once
// One table per enum gives both directions: the name a value prints as, and the value a name
// parses to. Adding an enumerator is one row; the printer and the parser cannot disagree.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace arenascope {

template <typename Enum> struct EnumName {
    Enum value;
    std::string_view name; // a string literal, so name.data() is NUL-terminated
};

// The name of `value` in `table`, or `fallback` for a value the table lacks.
template <typename Enum, std::size_t N>
constexpr std::string_view nameIn(const EnumName<Enum> (&table)[N], Enum value, std::string_view fallback = "?")
{
    for (const EnumName<Enum>& row : table)
        if (row.value == value)
            return row.name;
    return fallback;
}

// True when `table` has one row for each value 0 .. last, in declaration order: the check a
// switch's -Wswitch warning made before the names became tables. Each table asserts it:
//   static_assert(namesEachValue(kRegions, Region::Tail));
template <typename Enum, std::size_t N> constexpr bool namesEachValue(const EnumName<Enum> (&table)[N], Enum last)
{
    if (N != static_cast<std::size_t>(last) + 1)
        return false;
    for (std::size_t i = 0; i < N; ++i)
        if (static_cast<std::size_t>(table[i].value) != i)
            return false;
    return true;
}

// The value named `name` in `table` (exact spelling), or nullopt.
template <typename Enum, std::size_t N>
constexpr std::optional<Enum> valueIn(const EnumName<Enum> (&table)[N], std::string_view name)
{
    for (const EnumName<Enum>& row : table)
        if (row.name == name)
            return row.value;
    return std::nullopt;
}

} // namespace arenascope

namespace arenascope {

// The first row of `table` whose `field` equals `key`, or nullptr: a parser over a table of
// richer rows (a chip with its title, a target with its description).
template <typename Table, typename Row, typename Field, typename Key>
constexpr const Row* rowWhere(const Table& table, Field Row::*field, const Key& key)
{
    for (const Row& row : table)
        if (row.*field == key)
            return &row;
    return nullptr;
}

// The first row of `table` whose `field` equals `key`, or `fallback` where none does: the info
// row of a value in a table that has one for every value (its test checks that).
template <typename Table, typename Row, typename Field, typename Key>
constexpr const Row& rowWhereOr(const Table& table, Field Row::*field, const Key& key, const Row& fallback)
{
    const Row* row = rowWhere(table, field, key);
    return row ? *row : fallback;
}

// The `wanted` field of the first row whose `field` equals `key`, or nullopt: a parser's answer.
template <typename Table, typename Row, typename Field, typename Key, typename Value>
constexpr std::optional<Value> fieldWhere(const Table& table, Field Row::*field, const Key& key, Value Row::*wanted)
{
    const Row* row = rowWhere(table, field, key);
    return row ? std::optional<Value>(row->*wanted) : std::nullopt;
}

// Every row's `field` in table order, joined by '|': the choices a usage text lists.
template <typename Table, typename Row, typename Field> std::string fieldsJoined(const Table& table, Field Row::*field)
{
    std::string s;
    for (const Row& row : table)
        s += (s.empty() ? "" : "|") + std::string(row.*field);
    return s;
}

} // namespace arenascope
