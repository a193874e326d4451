// The HTML report: verdict text, escaping of model-provided names, self-containment,
// embedded PNG images; base64 against RFC 4648.

#include "report_fixtures.h"

#include "core/analysis/analysis.h"
#include "core/report/base64.h"
#include "core/report/html_report.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arenascope {
namespace {

using namespace reporttest;

// Enough structure to trust a browser with it: every non-void element closed in order.
// Returns what is wrong, or an empty string.
std::string unbalancedTags(const std::string& html)
{
    static const std::vector<std::string> kVoid = { "meta", "img", "br", "hr", "link", "input" };
    std::vector<std::string> open;
    for (std::size_t i = html.find('<'); i != std::string::npos; i = html.find('<', i + 1)) {
        const std::size_t end = html.find('>', i);
        if (end == std::string::npos)
            return "unterminated tag";
        const std::string tag = html.substr(i + 1, end - i - 1);
        if (tag.starts_with("!"))
            continue;
        const bool closing = tag.starts_with("/");
        const std::string body = closing ? tag.substr(1) : tag;
        const std::string name = body.substr(0, body.find_first_of(" /"));
        if (closing) {
            if (open.empty() || open.back() != name)
                return "</" + name + "> closes " + (open.empty() ? "nothing" : "<" + open.back() + ">");
            open.pop_back();
        } else if (std::find(kVoid.begin(), kVoid.end(), name) == kVoid.end()) {
            open.push_back(name);
        }
    }
    return open.empty() ? std::string() : "<" + open.back() + "> never closed";
}

TEST(HtmlReport, VerdictAndEscapedNames)
{
    const ModelPtr model = renamedExample(kOddNames);
    ASSERT_TRUE(model);
    const auto html = htmlReport(*analyze(model, EmulationSettings {}.withArena(20000)));
    ASSERT_TRUE(html) << describe(html.error());
    const std::string& h = html.value();
    EXPECT_EQ(unbalancedTags(h), "");
    EXPECT_TRUE(h.starts_with("<!DOCTYPE html>\n"));
    EXPECT_TRUE(h.ends_with("</html>\n"));
    // The headline gives the arena's shortfall; TFLM's message (the first failing allocation's) stays below.
    EXPECT_NE(h.find("Does not fit: 5,716 B short of the smallest arena (25,716 B)"), std::string::npos);
    EXPECT_NE(h.find("Failed to resize buffer. Requested: 24000, available 18416, missing: 5584"), std::string::npos);
    EXPECT_NE(h.find("commit_plan"), std::string::npos);
    EXPECT_NE(h.find("<th>smallest arena that works</th><td class=\"n\">25,716 B</td>"), std::string::npos);
    // The breakdown states the arena its figures were taken in: the smallest, as the model does not fit.
    EXPECT_NE(h.find("Figures of AllocateTensors in an arena of 25,716 B."), std::string::npos);
    EXPECT_NE(h.find("<td>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more</td>"), std::string::npos);
    EXPECT_NE(h.find("<td>say &quot;hi&quot;</td>"), std::string::npos);
    EXPECT_EQ(h.find("<script"), std::string::npos);
    // Self-contained: nothing to fetch.
    EXPECT_EQ(h.find("http://"), std::string::npos);
    EXPECT_EQ(h.find("https://"), std::string::npos);
    EXPECT_EQ(h.find("<link"), std::string::npos);
}

TEST(HtmlReport, FitsAndFailsBeforeSizeMatters)
{
    const ModelPtr model = loadExample();
    ASSERT_TRUE(model);
    const std::string fits = htmlReport(*analyze(model, EmulationSettings {}.withArena(25716))).value();
    EXPECT_NE(fits.find("Fits: exactly the smallest arena (25,716 B)"), std::string::npos);

    const ModelPtr custom = renamedExample({}, "<MyOp>");
    ASSERT_TRUE(custom);
    const AnalysisPtr a = analyze(custom, EmulationSettings {}.withArena(100000));
    ASSERT_TRUE(a->failure() && !a->failure()->capacity);
    const std::string fails = htmlReport(*a).value();
    EXPECT_NE(fails.find("Fails before the arena size matters"), std::string::npos);
    EXPECT_NE(fails.find("operator 0 (&lt;MyOp&gt;) of subgraph 0"), std::string::npos);
    EXPECT_EQ(fails.find("<MyOp>"), std::string::npos);
    EXPECT_EQ(unbalancedTags(fails), "");
}

TEST(HtmlReport, EmbedsPngImagesAndRejectsOthers)
{
    // A 1x1 PNG.
    const std::vector<std::uint8_t> png = { 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d,
        0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f,
        0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xcf, 0xc0, 0xf0,
        0x1f, 0x00, 0x05, 0x00, 0x01, 0xff, 0x89, 0x99, 0x3d, 0x1d, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
        0xae, 0x42, 0x60, 0x82 };
    const AnalysisPtr a = analyze(loadExample(), EmulationSettings {});
    const auto html = htmlReport(*a, { { "Timeline <1>", png } });
    ASSERT_TRUE(html);
    const std::string img = "<img src=\"data:image/png;base64," + base64Encode(png) + "\" alt=\"Timeline &lt;1&gt;\">";
    EXPECT_NE(html.value().find(img), std::string::npos);
    EXPECT_NE(html.value().find("<figcaption>Timeline &lt;1&gt;</figcaption>"), std::string::npos);
    const auto bad = htmlReport(*a, { { "ok", png }, { "not a png", { 'G', 'I', 'F', '8', '9', 'a', 0, 0, 0 } } });
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().code, ErrorCode::InvalidArgument);
    EXPECT_NE(describe(bad.error()).find("image 2"), std::string::npos);
}

TEST(HtmlReport, Base64MatchesRfc4648Vectors)
{
    const std::pair<std::string_view, std::string_view> vectors[] = { { "", "" }, { "f", "Zg==" }, { "fo", "Zm8=" },
        { "foo", "Zm9v" }, { "foob", "Zm9vYg==" }, { "fooba", "Zm9vYmE=" }, { "foobar", "Zm9vYmFy" } };
    for (const auto& [text, encoded] : vectors)
        EXPECT_EQ(base64Encode(std::vector<std::uint8_t>(text.begin(), text.end())), encoded) << text;
    EXPECT_EQ(base64Encode(std::vector<std::uint8_t> { 0xfb, 0xff }), "+/8=");
}

} // namespace
} // namespace arenascope
