#include "core/limits.h"

#include <fstream>
#include <sstream>
#include <string>

#include "gtest/gtest.h"

namespace sdfconv {
namespace {

TEST(LimitsTest, SetsANamedLimit) {
  Limits limits;
  EXPECT_EQ(SetLimit(&limits, "include_instances=7"), std::nullopt);
  EXPECT_EQ(limits.include_instances, 7u);
  EXPECT_EQ(SetLimit(&limits, "input_bytes=2147483647"), std::nullopt);
  EXPECT_EQ(limits.input_bytes, 2147483647u);
  EXPECT_EQ(limits.elements, Limits().elements);  // the others untouched
}

TEST(LimitsTest, RefusesWhatIsNotALimit) {
  Limits limits;
  const Limits before = limits;
  for (const char* bad :
       {"elements", "elements=", "elements=0", "elements=-1", "elements=1e6",
        "elements=12x", "input_bytes=2147483648", "depth=99999999999",
        "elements=18446744073709551616", "nope=3", "=3"}) {
    SCOPED_TRACE(bad);
    EXPECT_NE(SetLimit(&limits, bad), std::nullopt);
  }
  EXPECT_EQ(limits.elements, before.elements);
  EXPECT_EQ(limits.input_bytes, before.input_bytes);
  EXPECT_EQ(limits.depth, before.depth);
  const std::optional<std::string> unknown = SetLimit(&limits, "nope=3");
  ASSERT_TRUE(unknown.has_value());
  EXPECT_NE(unknown->find("include_instances"), std::string::npos) << *unknown;
}

// docs/limits.md has a row per limit with its name and default.
TEST(LimitsTest, EveryLimitIsDocumentedWithItsDefault) {
  std::ifstream in("docs/limits.md");
  ASSERT_TRUE(in) << "docs/limits.md not found";
  std::stringstream text;
  text << in.rdbuf();
  const Limits defaults;
  for (const LimitInfo& info : LimitTable()) {
    const std::string row = "| `" + std::string(info.name) + "` | " +
                            std::to_string(defaults.*info.field) + " |";
    EXPECT_NE(text.str().find(row), std::string::npos) << row;
  }
}

}  // namespace
}  // namespace sdfconv
