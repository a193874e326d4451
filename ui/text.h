#pragma once
// Text between the core and Qt: the core speaks UTF-8 (std::string, std::string_view and the
// C strings of its name tables), the views QString. Every conversion goes through here, so none
// reads past a string_view or drops its length.

#include <QString>

#include <string>
#include <string_view>

namespace arenascope {

inline QString toQString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// A name table's C string; nullptr gives an empty string.
inline QString toQString(const char* text)
{
    return text ? QString::fromUtf8(text) : QString();
}

inline std::string toStdString(const QString& text)
{
    return text.toStdString();
}

} // namespace arenascope
