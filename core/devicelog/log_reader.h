#pragma once
// Reading a device log as users paste or save it: a serial monitor's output with whatever the
// firmware's logging framework puts in front of TFLM's words. Lines end in LF, CRLF or a lone
// CR; ANSI colour codes and these prefixes are stripped, repeatedly:
//
//   E (1234) micro_wake_word: ...              ESP-IDF (E/W/I/D/V, milliseconds since boot, tag)
//   [12:34:56][E][micro_wake_word:057]: ...    ESPHome (time from the dashboard, level, tag:line)
//   [00:00:01.234,000] <err> tflm: ...         Zephyr (uptime, level, module)
//   12:34:56.789 -> ...                        Arduino IDE serial monitor with timestamps
//   12:34:56.789 > ...                         PlatformIO's monitor with the time filter
//   [    1.234567] ...                         a kernel-style uptime
//
// Reading is bounded: at most `maxBytes` are read (the rest is counted as left out), a line
// longer than `maxLineBytes` is cut, and a file that is not text (NUL bytes or mostly control
// bytes in its first 64 KiB, or a .tflite model) is refused with a message.
//
// Usage:
//   auto stats = readLogLines(in, {}, [&](std::size_t number, std::string_view text) { ... });
//   if (!stats) report(stats.error().message);

#include "core/util/result.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <string_view>

namespace arenascope {

struct LogReadLimits {
    std::uint64_t maxBytes = 256ULL * 1024 * 1024; // read no further (a 1 GB log: its first 256 MiB)
    std::size_t maxLineBytes = 4096; // a longer line is cut here
};

struct LogReadStats {
    std::size_t lines = 0;
    std::uint64_t bytesRead = 0;
    bool truncated = false; // stopped at maxBytes with more to read
    std::size_t longLines = 0; // lines cut at maxLineBytes
};

// Calls `onLine(number, text)` for each line (1-based), its text free of device prefixes, colour
// codes and line ends. Fails on binary input, with the reason.
Result<LogReadStats> readLogLines(
    std::istream& in, const LogReadLimits& limits, const std::function<void(std::size_t, std::string_view)>& onLine);

// One raw line (no line end) without ANSI escapes and device prefixes; `scratch` holds the text
// when escapes had to be removed.
std::string_view cleanLogLine(std::string_view raw, std::string& scratch);

// Why `head` (a file's first bytes) is not a text log, or empty when it is.
std::string binaryReason(std::string_view head);

} // namespace arenascope
