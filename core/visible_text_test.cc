#include "core/visible_text.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(VisibleText, KeepsPrintableAsciiAndUtf8) {
  EXPECT_EQ(VisibleText("model/a b.sdf"), "model/a b.sdf");
  EXPECT_EQ(VisibleText("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\xa4\x96"),
            "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\xa4\x96");
}

TEST(VisibleText, EscapesLineBreaksAndTab) {
  EXPECT_EQ(VisibleText("a\nb\rc\td"), "a\\nb\\rc\\td");
}

TEST(VisibleText, EscapesOtherC0AndDel) {
  EXPECT_EQ(VisibleText("\x1b[31mred"), "\\x1b[31mred");
  EXPECT_EQ(VisibleText(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(VisibleText("\x07\x7f"), "\\x07\\x7f");
}

TEST(VisibleText, EscapesC1SeparatorsAndBidiControls) {
  EXPECT_EQ(VisibleText("\xc2\x9b" "31m"), "\\u009b31m");
  EXPECT_EQ(VisibleText("\xc2\x85"), "\\u0085");
  EXPECT_EQ(VisibleText("a\xe2\x80\xa8" "b"), "a\\u2028b");
  EXPECT_EQ(VisibleText("\xe2\x80\xae" "fds.exe"), "\\u202efds.exe");
  EXPECT_EQ(VisibleText("\xe2\x81\xa6"), "\\u2066");
  EXPECT_EQ(VisibleText("\xc2\xa0"), "\xc2\xa0");  // U+00A0 is shown
}

TEST(VisibleText, EscapesBytesThatAreNotUtf8) {
  EXPECT_EQ(VisibleText("\xff.sdf"), "\\xff.sdf");
  EXPECT_EQ(VisibleText("\xc3"), "\\xc3");                 // cut short
  EXPECT_EQ(VisibleText("\xc0\xaf"), "\\xc0\\xaf");        // overlong '/'
  EXPECT_EQ(VisibleText("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // surrogate
  EXPECT_EQ(VisibleText("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");
  EXPECT_EQ(VisibleText("\xe2\x82" "x"), "\\xe2\\x82x");
}

TEST(VisibleText, EscapesTheBackslashSoNoEscapeIsForged) {
  EXPECT_EQ(VisibleText("a\\nb"), "a\\\\nb");
  EXPECT_NE(VisibleText("a\\nb"), VisibleText("a\nb"));
  EXPECT_NE(VisibleText("\\xff"), VisibleText("\xff"));
}

TEST(VisibleText, ResultHasNoControlAndIsUtf8ForEveryByte) {
  std::set<std::string> seen;
  for (int b = 0; b < 256; ++b) {
    const std::string text = "a" + std::string(1, static_cast<char>(b)) + "z";
    const std::string shown = VisibleText(text);
    EXPECT_TRUE(IsUtf8(shown)) << b;
    for (unsigned char c : shown) {
      EXPECT_TRUE(c >= 0x20 && c != 0x7F) << "byte " << b;
    }
    EXPECT_TRUE(seen.insert(shown).second) << "byte " << b << " collides";
  }
}

TEST(IsUtf8, AcceptsValidAndRejectsTheRest) {
  EXPECT_TRUE(IsUtf8(""));
  EXPECT_TRUE(IsUtf8("plain"));
  EXPECT_TRUE(IsUtf8("caf\xc3\xa9 \xf0\x9f\xa4\x96"));
  EXPECT_FALSE(IsUtf8("\xff"));
  EXPECT_FALSE(IsUtf8("\xc0\xaf"));
  EXPECT_FALSE(IsUtf8("\xed\xa0\x80"));
  EXPECT_FALSE(IsUtf8("caf\xc3"));
}

}  // namespace
}  // namespace sdfconv
