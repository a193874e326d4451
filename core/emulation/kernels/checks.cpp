#include "checks.h"

#include "core/emulation/tflm_check_sites.h"

#include <utility>

namespace arenascope::kernels {

Checks::Checks(KernelContext& ctx, std::string file, CheckLines lines)
    : m_ctx(ctx)
    , m_file(std::move(file))
    , m_lines(lines)
{
}

Status Checks::fail(int line, const std::string& text) const
{
    CheckSite at { m_file, line, true };
    if (m_lines == CheckLines::Newest)
        at = checkSite(m_ctx.settings().tflm, m_file, line);
    if (!at.present)
        return okStatus();
    return m_ctx.kernelError(
        formatString("%.*s:%d %s", static_cast<int>(at.file.size()), at.file.data(), at.line, text.c_str()));
}

Status Checks::ensure(int line, bool ok, const char* condition) const
{
    if (ok)
        return okStatus();
    return fail(line, formatString("%s was not true.", condition));
}

Status Checks::eq(int line, const char* a, const char* b, long long va, long long vb) const
{
    if (va == vb)
        return okStatus();
    // TFLM prints both with %d: the value's low 32 bits.
    return fail(line, formatString("%s != %s (%d != %d)", a, b, static_cast<int>(va), static_cast<int>(vb)));
}

Status Checks::typeCodesEq(int line, const char* a, const char* b, DataType ta, DataType tb) const
{
    return eq(line, a, b, tfliteType(ta).code, tfliteType(tb).code);
}

Status Checks::typesEq(int line, const char* a, const char* b, DataType ta, DataType tb) const
{
    if (ta == tb)
        return okStatus();
    return fail(line, formatString("%s != %s (%s != %s)", a, b, tfliteType(ta).name, tfliteType(tb).name));
}

Status Checks::near(int line, const char* a, const char* b, float va, float vb, float epsilon) const
{
    const float delta = va > vb ? va - vb : vb - va;
    if (delta <= epsilon)
        return okStatus();
    return fail(
        line, formatString("%s not near %s (%f != %f)", a, b, static_cast<double>(va), static_cast<double>(vb)));
}

Status Checks::msg(bool ok, const char* message) const
{
    if (ok)
        return okStatus();
    const std::string_view at
        = m_lines == CheckLines::Newest ? checkFile(m_ctx.settings().tflm, m_file) : std::string_view(m_file);
    return m_ctx.kernelError(formatString("%.*s %s", static_cast<int>(at.size()), at.data(), message));
}

Status Checks::counts(int inputLine, std::size_t inputs, int outputLine, std::size_t outputs) const
{
    const std::string in = std::to_string(inputs);
    const std::string out = std::to_string(outputs);
    ARENASCOPE_TRY(eq(inputLine, "NumInputs(node)", in.c_str(), static_cast<long long>(m_ctx.inputCount()),
        static_cast<long long>(inputs)));
    return eq(outputLine, "NumOutputs(node)", out.c_str(), static_cast<long long>(m_ctx.outputCount()),
        static_cast<long long>(outputs));
}

Status Checks::notNull(int line, const Tensor* t, const char* name) const
{
    if (t)
        return okStatus();
    return ensure(line, false, (std::string(name) + " != nullptr").c_str());
}

Status Checks::hold(TempTensors& temps, std::initializer_list<Held> rows) const
{
    for (const Held& row : rows) {
        ARENASCOPE_TRY(temps.holdUnchecked(row.slot));
        ARENASCOPE_TRY(notNull(row.line, tensorIn(m_ctx, row.slot), row.name));
    }
    return okStatus();
}

} // namespace arenascope::kernels
