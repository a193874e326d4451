// Every concept the views use has a tooltip and a help page.
#include "core/analysis/concepts.h"

#include <gtest/gtest.h>

#include <set>

namespace arenascope {
namespace {

TEST(Concepts, EveryTermTheUiUsesIsExplained)
{
    for (const char* id : { "flash_vs_ram", "head", "tail", "temp", "scratch", "persistent_buffer", "padding",
             "lifetime", "lower_bound", "smallest_arena", "shortfall", "recording", "preserve_all_tensors", "target",
             "kernels", "non_arena_ram" }) {
        const Concept* c = findConcept(id);
        ASSERT_NE(c, nullptr) << id;
        EXPECT_FALSE(c->term.empty()) << id;
        EXPECT_GT(c->tooltip.size(), 20u) << id;
        EXPECT_GT(c->page.size(), c->tooltip.size()) << id;
    }
    std::set<std::string_view> ids;
    for (const Concept& c : concepts())
        EXPECT_TRUE(ids.insert(c.id).second) << "twice: " << c.id;
}

} // namespace
} // namespace arenascope
