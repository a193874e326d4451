#include "log_parser.h"

#include "log_wordings.h"

#include "core/util/format.h"

#include <sstream>

namespace arenascope {

namespace {

// Facts that begin a failure: TFLM stops at its first failure, so a second one is another attempt.
bool startsFailure(FactKind k)
{
    switch (k) {
    case FactKind::ResizeFailed:
    case FactKind::TailFailed:
    case FactKind::TempFailed:
    case FactKind::PlanTooLarge:
    case FactKind::AllocatorInternal:
    case FactKind::TempNotFreed:
    case FactKind::ScratchLimit:
    case FactKind::KernelCheck:
    case FactKind::KernelMessage:
    case FactKind::ResourceVariables:
        return true;
    default:
        return false;
    }
}

// Facts after which TFLM prints nothing more for this AllocateTensors.
bool endsFailure(const LogFact& f)
{
    switch (f.kind) {
    case FactKind::PrepareFailed:
    case FactKind::AllocateTensorsFailed:
        return true;
    case FactKind::TensorStepFailed:
        return f.wording == "init_io_tensor" || f.wording == "init_tensor";
    case FactKind::AllocationStepFailed:
        return f.wording == "start_allocation";
    case FactKind::UnresolvedOp:
        return f.wording == "registration" || f.wording == "missing_registration" || f.wording == "skipping_op"
            || f.wording == "no_parser";
    default:
        return false;
    }
}

bool isAllocatorFailure(FactKind k)
{
    return k == FactKind::ResizeFailed || k == FactKind::TailFailed || k == FactKind::TempFailed
        || k == FactKind::PlanTooLarge;
}

bool isPlan(FactKind k)
{
    return k == FactKind::PlanBuffer || k == FactKind::PlanRow;
}

bool isRecording(FactKind k)
{
    return k == FactKind::RecordingTotal || k == FactKind::RecordingHead || k == FactKind::RecordingTail
        || k == FactKind::RecordingCategory;
}

class Builder {
public:
    explicit Builder(const LogParseLimits& limits)
        : m_limits(limits)
    {
    }

    void line(std::size_t number, std::string_view text)
    {
        if (text.find_first_not_of(" \t") == std::string_view::npos)
            return; // TFLM's messages ending in "\n" leave blank lines
        std::optional<LogFact> fact = matchWording(text);
        if (!fact)
            fact = matchKernelCheck(text);
        if (!fact && isAllocateTensorsFailedLine(text)) {
            fact = LogFact {};
            fact->kind = FactKind::AllocateTensorsFailed;
            fact->wording = "allocate_tensors_failed";
            fact->text = std::string(text);
        }
        if (!fact) {
            ignore(number, text);
            return;
        }
        if (fact->kind == FactKind::PrepareFailed && m_pendingLine + 1 == number && !m_pending.empty()) {
            // The kernel's own message, printed right before TFLM names the node.
            LogFact message;
            message.kind = FactKind::KernelMessage;
            message.wording = "kernel_message";
            message.line = m_pendingLine;
            message.text = m_pending;
            message.subject = m_pending;
            --m_log.ignoredLines;
            if (!m_log.ignoredSample.empty() && m_log.ignoredSample.back().line == m_pendingLine)
                m_log.ignoredSample.pop_back();
            add(std::move(message));
        }
        m_pending.clear();
        fact->line = number;
        add(std::move(*fact));
    }

    ParsedLog finish(std::size_t lines, std::uint64_t bytes)
    {
        closeAttempt();
        m_log.lines = lines;
        m_log.bytesRead = bytes;
        if (m_droppedFacts > 0)
            m_log.notes.push_back(formatString("%zu more lines about the arena were left out (the first %zu are kept)",
                m_droppedFacts, m_limits.maxFacts));
        if (m_droppedAttempts > 0)
            m_log.notes.push_back(formatString("%zu more distinct attempts were left out (the first %zu are kept)",
                m_droppedAttempts, m_limits.maxAttempts));
        return std::move(m_log);
    }

private:
    void ignore(std::size_t number, std::string_view text)
    {
        ++m_log.ignoredLines;
        if (m_log.ignoredSample.size() < 20)
            m_log.ignoredSample.push_back({ number, std::string(text.substr(0, 200)) });
        m_pending = std::string(text.substr(0, 400));
        m_pendingLine = number;
    }

    void add(LogFact fact)
    {
        if (m_log.facts.size() >= m_limits.maxFacts) {
            ++m_droppedFacts;
            return;
        }
        if (startsNewAttempt(fact))
            closeAttempt();
        m_current.push_back(m_log.facts.size());
        m_failed = m_failed || fact.kind == FactKind::AllocateTensorsFailed || startsFailure(fact.kind)
            || fact.kind == FactKind::UnresolvedOp || fact.kind == FactKind::PrepareFailed
            || fact.kind == FactKind::AllocationStepFailed || fact.kind == FactKind::TensorStepFailed;
        const bool ends = endsFailure(fact);
        m_log.facts.push_back(std::move(fact));
        if (ends && m_log.facts.back().kind == FactKind::AllocateTensorsFailed)
            closeAttempt();
        else if (ends)
            m_closed = true;
    }

    bool startsNewAttempt(const LogFact& f) const
    {
        if (m_current.empty())
            return false;
        const LogFact& last = m_log.facts[m_current.back()];
        if (f.kind == FactKind::AllocateTensorsFailed)
            return false; // it closes the attempt it follows
        if (f.kind == FactKind::PlanBuffer && f.index == 0)
            return true;
        if (f.kind == FactKind::RecordingTotal) // printed after a successful AllocateTensors
            return !(isPlan(last.kind) && !m_failed);
        if (m_closed)
            return true;
        if (isRecording(last.kind) && !isRecording(f.kind))
            return true;
        // TFLM stops at its first allocator failure: a second one is another AllocateTensors. (A
        // kernel's check after a temp tensor that did not fit belongs to the same one.)
        if (isAllocatorFailure(f.kind))
            for (std::size_t i : m_current)
                if (isAllocatorFailure(m_log.facts[i].kind))
                    return true;
        return false;
    }

    void closeAttempt()
    {
        if (m_current.empty())
            return;
        LogAttempt attempt;
        attempt.facts = std::move(m_current);
        attempt.failedFlag = m_failed;
        m_current.clear();
        m_failed = false;
        m_closed = false;
        for (LogAttempt& a : m_log.attempts)
            if (sameAttempt(a, attempt)) {
                ++a.repeats;
                return;
            }
        if (m_log.attempts.size() >= m_limits.maxAttempts) {
            ++m_droppedAttempts;
            return;
        }
        m_log.attempts.push_back(std::move(attempt));
    }

    bool sameAttempt(const LogAttempt& a, const LogAttempt& b) const
    {
        if (a.facts.size() != b.facts.size() || a.failedFlag != b.failedFlag)
            return false;
        for (std::size_t i = 0; i < a.facts.size(); ++i)
            if (!m_log.facts[a.facts[i]].sameAs(m_log.facts[b.facts[i]]))
                return false;
        return true;
    }

    const LogParseLimits& m_limits;
    ParsedLog m_log;
    std::vector<std::size_t> m_current;
    bool m_failed = false;
    bool m_closed = false;
    std::string m_pending; // the last ignored line, a kernel message if "failed to prepare" follows
    std::size_t m_pendingLine = 0;
    std::size_t m_droppedFacts = 0;
    std::size_t m_droppedAttempts = 0;
};

} // namespace

Result<ParsedLog> parseDeviceLog(std::istream& in, const LogParseLimits& limits)
{
    Builder builder(limits);
    auto stats = readLogLines(in, limits.read, [&](std::size_t n, std::string_view text) { builder.line(n, text); });
    if (!stats)
        return stats.error();
    ParsedLog log = builder.finish(stats.value().lines, stats.value().bytesRead);
    if (stats.value().truncated)
        log.notes.push_back(
            formatString("only the first %s of the log were read", formatBytes(limits.read.maxBytes).c_str()));
    if (stats.value().longLines > 0)
        log.notes.push_back(formatString(
            "%zu lines longer than %zu bytes were cut", stats.value().longLines, limits.read.maxLineBytes));
    return log;
}

Result<ParsedLog> parseDeviceLogText(std::string_view text, const LogParseLimits& limits)
{
    std::istringstream in { std::string(text) };
    return parseDeviceLog(in, limits);
}

std::vector<LogFact> factsOfLines(const std::vector<std::string>& lines)
{
    std::string joined;
    for (const std::string& l : lines)
        joined += l + "\n";
    LogParseLimits unbounded;
    unbounded.maxAttempts = 1'000'000;
    unbounded.maxFacts = 1'000'000;
    auto parsed = parseDeviceLogText(joined, unbounded);
    if (!parsed)
        return {};
    return std::move(parsed.value().facts);
}

std::vector<const LogFact*> ParsedLog::attemptFacts(std::size_t a) const
{
    std::vector<const LogFact*> out;
    if (a < attempts.size())
        for (std::size_t i : attempts[a].facts)
            out.push_back(&facts[i]);
    return out;
}

} // namespace arenascope
