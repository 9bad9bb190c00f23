#include "core/closest_word.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

namespace sdfconv {
namespace {

TEST(ClosestWordTest, CountsEachKindOfEditOnce) {
  EXPECT_EQ(EditDistance("visual", "visual"), 0u);
  EXPECT_EQ(EditDistance("visul", "visual"), 1u);     // insertion
  EXPECT_EQ(EditDistance("visuals", "visual"), 1u);   // deletion
  EXPECT_EQ(EditDistance("visuel", "visual"), 1u);    // substitution
  EXPECT_EQ(EditDistance("viusal", "visual"), 1u);    // swap of neighbours
  EXPECT_EQ(EditDistance("Visual", "visual"), 0u);    // case ignored
  EXPECT_EQ(EditDistance("alwaysOn", "always_on"), 1u);
  EXPECT_EQ(EditDistance("", "link"), 4u);
  EXPECT_EQ(EditDistance("ca", "abc"), 3u);  // no edit twice (alignment)
}

TEST(ClosestWordTest, SuggestsTheClosestWithinTwoEdits) {
  const std::vector<std::string> link = {"gravity", "pose",  "inertial",
                                         "collision", "visual", "sensor"};
  EXPECT_EQ(ClosestWord("visul", link), "visual");
  EXPECT_EQ(ClosestWord("colision", link), "collision");
  EXPECT_EQ(ClosestWord("sensro", link), "sensor");
  EXPECT_EQ(ClosestWord("inertia", link), "inertial");
  EXPECT_EQ(ClosestWord("Pose", link), "pose");
  EXPECT_EQ(ClosestWord("colisin", link), "collision");  // two edits
}

TEST(ClosestWordTest, SuggestsNothingFarOrForAWordOfAFewLetters) {
  const std::vector<std::string> model = {"link", "joint", "model", "frame"};
  const std::vector<std::string> link = {"pose", "visual"};
  EXPECT_EQ(ClosestWord("lamp", model), std::nullopt);       // 3 edits
  EXPECT_EQ(ClosestWord("x", model), std::nullopt);          // 1 letter
  EXPECT_EQ(ClosestWord("X", {"x"}), "x");                    // 0 edits
  // A third of the letters: a short word's two edits suggest nothing.
  EXPECT_EQ(ClosestWord("vsul", link), std::nullopt);
  EXPECT_EQ(ClosestWord("port", link), std::nullopt);
  EXPECT_EQ(ClosestWord("api", {"gps", "imu"}), std::nullopt);
  EXPECT_EQ(ClosestWord("ab", {"cd"}), std::nullopt);  // 2 edits, 2 letters
  EXPECT_EQ(ClosestWord("ab", {"cd", "a"}), "a");
  EXPECT_EQ(ClosestWord("visual", {}), std::nullopt);
}

TEST(ClosestWordTest, TiesGoToTheFirstListed) {
  EXPECT_EQ(ClosestWord("lnk", {"link", "ink"}), "link");
  EXPECT_EQ(ClosestWord("lnk", {"ink", "link"}), "ink");
}

}  // namespace
}  // namespace sdfconv
