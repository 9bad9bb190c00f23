#include "converters/xml/text_values.h"

#include <gtest/gtest.h>

#include <charconv>
#include <clocale>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <system_error>
#include <vector>

namespace sdfconv {
namespace {

TEST(TextValuesTest, Trim) {
  EXPECT_EQ(TrimWhitespace(" \t\n a b \r\f\v"), "a b");
  EXPECT_EQ(TrimWhitespace("   "), "");
}

TEST(TextValuesTest, XmlSpaceIsSixCharacters) {
  const std::string six = " \t\n\r\f\v";
  for (int value = 0; value < 256; ++value) {
    const char c = static_cast<char>(value);
    EXPECT_EQ(IsXmlSpace(c), six.find(c) != std::string::npos) << value;
  }
}

TEST(TextValuesTest, ParseDouble) {
  EXPECT_EQ(ParseDouble(" 1.5 "), 1.5);
  EXPECT_EQ(ParseDouble("-2"), -2.0);
  EXPECT_EQ(ParseDouble("+2"), 2.0);
  EXPECT_EQ(ParseDouble(".5"), 0.5);
  EXPECT_EQ(ParseDouble("1e-3"), 1e-3);
  EXPECT_EQ(ParseDouble("1E3"), 1000.0);
  for (const char* bad : {"", " ", "1.5x", "inf", "-inf", "nan", "0x10", "1e999",
                          "+-1", "++1", "+", "-", "1 2", "1,5"}) {
    EXPECT_EQ(ParseDouble(bad), std::nullopt) << bad;
  }
}

TEST(TextValuesTest, ParseReal) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(ParseReal(" 1.5 "), 1.5);
  EXPECT_EQ(ParseReal("inf"), inf);
  EXPECT_EQ(ParseReal(" -INF\n"), -inf);
  EXPECT_EQ(ParseReal("+Infinity"), inf);
  EXPECT_EQ(ParseReal("-infinity"), -inf);
  for (const char* bad : {"", "nan", "in", "infinit", "--inf", "inf inf",
                          "1e999", "- inf"}) {
    EXPECT_EQ(ParseReal(bad), std::nullopt) << bad;
  }
}

TEST(TextValuesTest, ParseDoubles) {
  EXPECT_EQ(ParseDoubles("1 2\t3\n4\r\n5  6", 6),
            (std::vector<double>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(ParseDoubles("  0 0 1  ", 3), (std::vector<double>{0, 0, 1}));
  EXPECT_EQ(ParseDoubles("", 0), std::vector<double>{});
  EXPECT_EQ(ParseDoubles("1 2", 3), std::nullopt);
  EXPECT_EQ(ParseDoubles("1 2 3 4", 3), std::nullopt);
  EXPECT_EQ(ParseDoubles("1 two 3", 3), std::nullopt);
  EXPECT_EQ(ParseDoubles("1 nan 3", 3), std::nullopt);
  EXPECT_EQ(ParseDoubles("1,2,3", 3), std::nullopt);
}

// AreDoubles answers as ParseDoubles does, whether it converts or not:
// every text of up to five characters from those that matter to numbers,
// and long plain numbers around the length where it starts converting.
TEST(TextValuesTest, AreDoublesAgreesWithParseDoubles) {
  const std::string alphabet = "019.-+eE xni";
  std::vector<std::string> texts = {""};
  for (size_t length = 1; length <= 5; ++length) {
    const size_t before = texts.size();
    for (size_t k = 0; k < before; ++k) {
      if (texts[k].size() != length - 1) continue;
      for (char c : alphabet) texts.push_back(texts[k] + c);
    }
  }
  for (const int zeros : {0, 290, 298, 299, 300, 301, 320, 400}) {
    texts.push_back("1" + std::string(zeros, '0'));
    texts.push_back("0." + std::string(zeros, '0') + "1");
    texts.push_back("-" + std::string(zeros, '9') + ".5");
  }
  texts.push_back("1e308 1e309");
  texts.push_back("1e-400");
  int accepted = 0;
  for (const std::string& text : texts) {
    for (size_t count = 0; count <= 2; ++count) {
      const bool parsed = ParseDoubles(text, count).has_value();
      ASSERT_EQ(AreDoubles(text, count), parsed)
          << "'" << text << "', " << count;
      accepted += parsed;
    }
  }
  EXPECT_GT(accepted, 1000);
}

// The plain decimals read without std::from_chars give its double, bit for
// bit: random decimals of every length around the fast path's bounds (16
// significant digits, 2^53, 22 digits after the point), signs and zeros.
TEST(TextValuesTest, PlainDecimalsReadAsFromChars) {
  std::mt19937_64 random(11);
  auto digits = [&](size_t n) {
    std::string out;
    for (size_t i = 0; i < n; ++i)
      out += static_cast<char>('0' + random() % 10);
    return out;
  };
  std::vector<std::string> tokens = {"0",
                                     "-0",
                                     "0.0",
                                     "-0.0",
                                     "1.",
                                     ".5",
                                     "-.5",
                                     "007",
                                     "9007199254740992",
                                     "9007199254740993",
                                     "0.1",
                                     "0.3",
                                     "123456789012345678901234567890"};
  for (int n = 0; n < 200000; ++n) {
    const size_t before = random() % 20;
    const size_t after = random() % 26;
    std::string token = (random() % 3 == 0 ? "-" : "") + digits(before);
    if (after > 0 || random() % 2 == 0) token += "." + digits(after);
    tokens.push_back(token);
  }
  int read = 0;
  for (const std::string& token : tokens) {
    double expected = 0.0;
    const auto [end, ec] =
        std::from_chars(token.data(), token.data() + token.size(), expected);
    const std::optional<double> value = ParseDouble(token);
    if (ec != std::errc() || end != token.data() + token.size()) {
      EXPECT_EQ(value, std::nullopt) << token;
      continue;
    }
    ASSERT_TRUE(value.has_value()) << token;
    ASSERT_EQ(std::memcmp(&*value, &expected, sizeof(double)), 0)
        << token << ": " << *value << " against " << expected;
    ++read;
  }
  EXPECT_GT(read, 150000);
}

// A list reads each of its tokens as ParseDouble reads it alone, bit for
// bit, whatever whitespace separates them: lists of random tokens, plain
// decimals around the fast path's bounds among exponents, signs and words.
TEST(TextValuesTest, ListsReadEachTokenAsParseDouble) {
  std::mt19937_64 random(7);
  const std::vector<std::string> specials = {"+1.5",
                                             "-0",
                                             "1e3",
                                             "-2.5E-3",
                                             "+-1",
                                             "inf",
                                             "1e999",
                                             "x",
                                             "5.",
                                             ".5",
                                             "-.",
                                             "+",
                                             "1.2.3",
                                             "12345678901234567",
                                             "0.00000000000000000000001",
                                             "9007199254740993"};
  const std::string spaces = " \t\n\r\f\v";
  int lists = 0;
  for (int n = 0; n < 20000; ++n) {
    const size_t count = 1 + random() % 6;
    std::string text;
    std::vector<std::string> tokens;
    for (size_t k = 0; k < count; ++k) {
      std::string token;
      if (random() % 4 == 0) {
        token = specials[random() % specials.size()];
      } else {
        if (random() % 3 == 0) token += random() % 2 == 0 ? "-" : "+";
        for (size_t d = random() % 19; d > 0; --d) {
          token += static_cast<char>('0' + random() % 10);
        }
        if (random() % 2 == 0) token += ".";
        for (size_t d = random() % 25; d > 0; --d) {
          token += static_cast<char>('0' + random() % 10);
        }
      }
      if (token.empty()) token = "0";
      tokens.push_back(token);
      for (size_t s = random() % 3 + (k > 0 ? 1 : 0); s > 0; --s) {
        text += spaces[random() % spaces.size()];
      }
      text += token;
    }
    std::vector<double> expected;
    bool all = true;
    for (const std::string& token : tokens) {
      const std::optional<double> value = ParseDouble(token);
      all = all && value.has_value();
      if (value) expected.push_back(*value);
    }
    const std::optional<std::vector<double>> read = ParseDoubles(text, count);
    ASSERT_EQ(read.has_value(), all) << "'" << text << "'";
    ASSERT_EQ(AreDoubles(text, count), all) << "'" << text << "'";
    EXPECT_FALSE(ParseDoubles(text, count + 1).has_value()) << text;
    if (!all) continue;
    ASSERT_EQ(
        std::memcmp(read->data(), expected.data(), count * sizeof(double)), 0)
        << "'" << text << "'";
    ++lists;
  }
  EXPECT_GT(lists, 5000);
}

TEST(TextValuesTest, LocaleIndependent) {
  // A locale with a decimal comma, if the machine has one.
  if (std::setlocale(LC_ALL, "de_DE.UTF-8") == nullptr) {
    GTEST_SKIP() << "no de_DE.UTF-8 locale on this machine";
  }
  EXPECT_EQ(ParseDouble("1.5"), 1.5);
  std::setlocale(LC_ALL, "C");
}

TEST(TextValuesTest, ParseInteger) {
  EXPECT_EQ(ParseInteger("0"), 0);
  EXPECT_EQ(ParseInteger(" 42\n"), 42);
  EXPECT_EQ(ParseInteger("-7"), -7);
  EXPECT_EQ(ParseInteger("+7"), 7);
  EXPECT_EQ(ParseInteger("9223372036854775807"), 9223372036854775807LL);
  for (const char* bad : {"", " ", "1.5", "1e3", "0x10", "1x", "x1", "+-1",
                          "--1", "+", "-", "1 2", "9223372036854775808"}) {
    EXPECT_EQ(ParseInteger(bad), std::nullopt) << bad;
  }
}

TEST(TextValuesTest, ParseBool) {
  for (const char* t : {"true", "TRUE", " True\n", "1", " 1 "}) {
    EXPECT_EQ(ParseBool(t), true) << t;
  }
  for (const char* f : {"false", "FALSE", "\tFalse ", "0"}) {
    EXPECT_EQ(ParseBool(f), false) << f;
  }
  for (const char* bad : {"", "yes", "no", "2", "01", "truee", "t"}) {
    EXPECT_EQ(ParseBool(bad), std::nullopt) << bad;
  }
}

TEST(TextValuesTest, FormatNumberIsShortestRoundTrip) {
  EXPECT_EQ(FormatNumber(0.1), "0.1");
  EXPECT_EQ(FormatNumber(-0.0), "0");
  EXPECT_EQ(FormatNumber(1e-20), "1e-20");
  EXPECT_EQ(FormatNumber(0.1 + 0.2), "0.30000000000000004");
  EXPECT_EQ(FormatNumbers({1, 2.5, -3}), "1 2.5 -3");
  EXPECT_EQ(FormatNumbers({}), "");
  for (const double v : {1.5707963267948966, -2.2250738585072014e-308,
                         1.7976931348623157e308, 1.0 / 3.0}) {
    const std::string text = FormatNumber(v);
    ASSERT_TRUE(ParseDouble(text).has_value()) << text;
    EXPECT_EQ(*ParseDouble(text), v) << text;
  }
}

}  // namespace
}  // namespace sdfconv
