#include "fact_compare.h"

#include "log_parser.h"
#include "log_wordings.h"

namespace arenascope {

namespace {

bool isAllocatorFailure(FactKind k)
{
    return k == FactKind::ResizeFailed || k == FactKind::TailFailed || k == FactKind::TempFailed;
}

bool isPlanFact(FactKind k)
{
    return k == FactKind::PlanBuffer || k == FactKind::PlanRow;
}

bool isRecordingFact(FactKind k)
{
    return k == FactKind::RecordingTotal || k == FactKind::RecordingHead || k == FactKind::RecordingTail
        || k == FactKind::RecordingCategory;
}

// A kernel's TF_LITE_ENSURE(context, x != nullptr) after AllocateTemp*Tensor returned null: the
// emulation fails on that temp tensor in Prepare and its lines so far are the log's.
bool impliedNullCheck(const LogFact& want, const EmulationResult& result, const std::vector<LogFact>& emulated)
{
    constexpr std::string_view kTail = " != nullptr was not true.";
    if (want.kind != FactKind::KernelCheck || want.subject.size() <= kTail.size()
        || want.subject.substr(want.subject.size() - kTail.size()) != kTail)
        return false;
    if (!result.failure || !result.failure->capacity || result.failure->phase != Phase::KernelPrepare)
        return false;
    for (const LogFact& e : emulated)
        if (e.kind == FactKind::TempFailed || e.wording == "populate_temp" || e.wording == "temp_tensor")
            return true;
    return false;
}

} // namespace

AttemptFacts attemptOf(const ParsedLog& log, std::size_t attempt)
{
    AttemptFacts a;
    if (attempt >= log.attempts.size())
        return a;
    a.failed = log.attempts[attempt].failed();
    for (const LogFact* f : log.attemptFacts(attempt)) {
        if (f->kind == FactKind::AllocateTensorsFailed)
            continue;
        a.options.planPrint = a.options.planPrint || isPlanFact(f->kind);
        a.options.recordingBlock = a.options.recordingBlock || isRecordingFact(f->kind);
        if (!a.primary && isAllocatorFailure(f->kind) && f->requested && f->available)
            a.primary = *f;
        a.facts.push_back(*f);
    }
    return a;
}

std::optional<LogFact> emulatedPrimary(const EmulationResult& result)
{
    if (!result.failure)
        return std::nullopt;
    for (const std::string& line : result.failure->log)
        if (auto f = matchWording(line); f && isAllocatorFailure(f->kind))
            return f;
    return std::nullopt;
}

FactComparison compareAttempt(const AttemptFacts& attempt, const EmulationResult& result)
{
    FactComparison c;
    c.emulatedLines = emulatedLogLines(result, attempt.options);
    const std::vector<LogFact> emulated = factsOfLines(c.emulatedLines);
    // Greedy in-order matching: each log fact takes the first emulated fact after the previous.
    std::size_t at = 0;
    for (std::size_t i = 0; i < attempt.facts.size(); ++i) {
        const LogFact& want = attempt.facts[i];
        std::size_t k = at;
        while (k < emulated.size() && !emulated[k].sameAs(want))
            ++k;
        if (k == emulated.size() && impliedNullCheck(want, result, emulated)) {
            c.implied.push_back(i);
            continue;
        }
        if (k == emulated.size()) {
            c.firstDifferent = i;
            // What stands there instead: the emulated fact of the same kind, else the next line.
            for (std::size_t j = at; j < emulated.size(); ++j)
                if (emulated[j].kind == want.kind) {
                    c.emulatedInstead = emulated[j].text;
                    break;
                }
            if (c.emulatedInstead.empty() && at < emulated.size())
                c.emulatedInstead = emulated[at].text;
            c.why = c.emulatedInstead.empty() ? "this build prints nothing where the log says: " + want.text
                                              : "this build prints: " + c.emulatedInstead;
            return c;
        }
        ++c.reproducedFacts;
        at = k + 1;
    }
    const bool emulatedFails = result.failure.has_value();
    if (attempt.failed != emulatedFails) {
        c.why = emulatedFails ? "this build fails here with: "
                + (result.failure->log.empty() ? result.failure->message : result.failure->log.front())
                              : "this build allocates here, the log shows a failure";
        c.emulatedInstead = emulatedFails ? result.failure->message : "";
        return c;
    }
    c.reproduced = true;
    c.exact = emulated.size() + c.implied.size() == attempt.facts.size();
    return c;
}

} // namespace arenascope
