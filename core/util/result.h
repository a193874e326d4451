#pragma once
// Result<T>: a value or an Error, the only way the core reports failure (STYLE.md rule 13).
//
// Usage:
//   Result<std::uint64_t> r = allocator.allocatePersistent(bytes, 16);
//   if (!r) return r.error();
//   use(r.value());

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace arenascope {

enum class ErrorCode {
    Io, // the file could not be read
    InvalidModel, // the bytes are not a well-formed .tflite model
    Unsupported, // well-formed, but TFLM (or ArenaScope) does not support it
    UnresolvedOp, // an operator without a registration: no arena size fixes it
    OutOfMemory, // an arena capacity failure, quantified in TFLM's own words
    Internal, // a bug in ArenaScope
    InvalidArgument, // a bad command-line or API argument
};

struct Error {
    ErrorCode code = ErrorCode::Internal;
    std::string message; // one sentence; TFLM's wording where TFLM prints one
    std::string context; // where: "file.tflite: subgraph 0, tensor 12", or empty
    // TFLM fails here without printing anything: `message` is ArenaScope's explanation, not
    // TFLM's words.
    bool tflmSilent = false;
};

inline std::string describe(const Error& e)
{
    return e.context.empty() ? e.message : e.context + ": " + e.message;
}

struct Ok { };

template <typename T> class [[nodiscard]] Result {
public:
    Result(T value)
        : m_data(std::move(value))
    {
    }
    Result(Error error)
        : m_data(std::move(error))
    {
    }

    explicit operator bool() const { return m_data.index() == 0; }
    bool ok() const { return m_data.index() == 0; }
    T& value() & { return std::get<0>(m_data); }
    const T& value() const& { return std::get<0>(m_data); }
    T&& value() && { return std::get<0>(std::move(m_data)); }
    const Error& error() const { return std::get<1>(m_data); }
    // Success or the error, without the value.
    Result<Ok> status() const
    {
        if (ok())
            return Ok {};
        return error();
    }

private:
    std::variant<T, Error> m_data;
};

// Result<void>: success, or an Error.
using Status = Result<Ok>;
inline Status okStatus()
{
    return Ok {};
}

inline Error makeError(ErrorCode code, std::string message, std::string context = {})
{
    return Error { code, std::move(message), std::move(context) };
}

} // namespace arenascope

// Returns the error of a failed Result/Status from the enclosing function.
#define ARENASCOPE_TRY(expr)                                                                                           \
    do {                                                                                                               \
        auto arenascopeTryResult_ = (expr);                                                                            \
        if (!arenascopeTryResult_)                                                                                     \
            return arenascopeTryResult_.error();                                                                       \
    } while (false)

// Declares `var` as the value of a successful Result, or returns its error from the enclosing
// function: `ARENASCOPE_TRY_ASSIGN(length, requireOption(ctx, "fft_length"));`.
#define ARENASCOPE_TRY_ASSIGN(var, expr)                                                                               \
    auto var##Result_ = (expr);                                                                                        \
    if (!var##Result_)                                                                                                 \
        return var##Result_.error();                                                                                   \
    auto var = std::move(var##Result_).value()
