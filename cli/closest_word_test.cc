#include "cli/closest_word.h"

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

const std::vector<std::string> kCommands = {"check", "convert", "upgrade",
                                            "graph"};

TEST(ClosestWordTest, CountsEachKindOfEditOnce) {
  EXPECT_EQ(EditDistance("check", "check"), 0u);
  EXPECT_EQ(EditDistance("chek", "check"), 1u);     // a deletion
  EXPECT_EQ(EditDistance("checkk", "check"), 1u);   // an insertion
  EXPECT_EQ(EditDistance("chack", "check"), 1u);    // a substitution
  EXPECT_EQ(EditDistance("hceck", "check"), 1u);    // a swap
  EXPECT_EQ(EditDistance("", "graph"), 5u);
  EXPECT_EQ(EditDistance("CHECK", "check"), 0u);    // case ignored
  EXPECT_EQ(EditDistance("kitten", "sitting"), 3u);
}

TEST(ClosestWordTest, SuggestsTheCommandAFewEditsAway) {
  EXPECT_EQ(ClosestWord("chek", kCommands), "check");
  EXPECT_EQ(ClosestWord("upgarde", kCommands), "upgrade");
  EXPECT_EQ(ClosestWord("grpah", kCommands), "graph");
  EXPECT_EQ(ClosestWord("Convert", kCommands), "convert");
  EXPECT_EQ(ClosestWord("element_invalid", {"ELEMENT_MISSING",
                                            "ELEMENT_INVALID"}),
            "ELEMENT_INVALID");
}

TEST(ClosestWordTest, SuggestsNothingFarOrForAWordOfAFewLetters) {
  EXPECT_EQ(ClosestWord("validate", kCommands), std::nullopt);
  EXPECT_EQ(ClosestWord("x", kCommands), std::nullopt);
  EXPECT_EQ(ClosestWord("ab", {"a"}), "a");  // one edit, two letters
  EXPECT_EQ(ClosestWord("ab", {"cd"}), std::nullopt);
  EXPECT_EQ(ClosestWord("chek", {}), std::nullopt);
}

TEST(ClosestWordTest, TheFirstOfEquallyCloseWordsWins) {
  EXPECT_EQ(ClosestWord("cat", {"bat", "hat"}), "bat");
  EXPECT_EQ(ClosestWord("cat", {"hat", "bat"}), "hat");
}

}  // namespace
}  // namespace sdfconv
