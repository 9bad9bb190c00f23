#include "converters/sdf/schema_gen/statement_line.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace sdfconv::schema_gen {
namespace {

using Tokens = std::vector<std::string>;

TEST(StatementLine, QuotedValuesAreOneToken) {
  std::string error;
  EXPECT_EQ(Tokenize("add a/b default=\"0 0 0\" x=\"\"  # note", &error),
            (Tokens{"add", "a/b", "default=0 0 0", "x="}));
  EXPECT_TRUE(error.empty());
}

TEST(StatementLine, StrayQuotesAreErrors) {
  for (const char* line : {"add \"a\"", "set a default=\"0", "set a x=\"1\"y"}) {
    std::string error;
    EXPECT_TRUE(Tokenize(line, &error).empty()) << line;
    EXPECT_FALSE(error.empty()) << line;
  }
}

TEST(StatementLine, QuotedValuesReadBack) {
  for (const std::string value : {"1.9", "", "0 0 0", "a\tb", "#x", "a=b"}) {
    const std::optional<std::string> quoted = Quote(value);
    ASSERT_TRUE(quoted.has_value()) << value;
    std::string error;
    EXPECT_EQ(Tokenize("k=" + *quoted, &error), Tokens{"k=" + value});
    EXPECT_TRUE(error.empty()) << value;
  }
}

TEST(StatementLine, LinesSplitAtLineBreaks) {
  EXPECT_EQ(Lines("a\n\nb"), (std::vector<std::string_view>{"a", "", "b"}));
  EXPECT_EQ(Lines("a\n"), (std::vector<std::string_view>{"a", ""}));
}

TEST(StatementLine, UnwritableValuesAreRefused) {
  EXPECT_FALSE(Quote("say \"hi\"").has_value());
  EXPECT_FALSE(Quote("two\nlines").has_value());
  EXPECT_FALSE(Quote("cr\r").has_value());
}

}  // namespace
}  // namespace sdfconv::schema_gen
