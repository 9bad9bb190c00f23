#include "converters/sdf/sdf_names.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(SdfNames, LegalNames) {
  EXPECT_TRUE(IsLegalSdfName("base_link"));
  EXPECT_TRUE(IsLegalSdfName("__x"));
  EXPECT_TRUE(IsLegalSdfName("___"));  // too short to be __x__
  EXPECT_FALSE(IsLegalSdfName(""));
  EXPECT_FALSE(IsLegalSdfName("world"));
  EXPECT_FALSE(IsLegalSdfName("__x__"));
  EXPECT_FALSE(IsLegalSdfName("____"));
  EXPECT_FALSE(IsLegalSdfName("a::b"));
}

TEST(SdfNames, RepairKeepsLegalFreeNamesAndDerivesTheOthers) {
  std::set<std::string> used;
  const auto claim = [&](const std::string& name, const std::string& tag) {
    const std::string n =
        RepairName(name, tag, [&](const std::string& c) {
          return used.count(c) > 0;
        });
    used.insert(n);
    return n;
  };
  EXPECT_EQ(claim("elbow", "link"), "elbow");
  EXPECT_EQ(claim("elbow", "joint"), "elbow_joint");
  EXPECT_EQ(claim("elbow", "joint"), "elbow_joint_2");
  EXPECT_EQ(claim("a::b", "joint"), "a_b");
  EXPECT_EQ(claim("a::b", "joint"), "a_b_joint");
  EXPECT_EQ(claim("world", "link"), "world_link");
  EXPECT_EQ(claim("__base__", "link"), "base");
  EXPECT_EQ(claim("__base__", "link"), "base_link");
  EXPECT_EQ(claim("____", "frame"), "frame");
  EXPECT_EQ(claim("", "joint"), "joint");
  EXPECT_EQ(claim("", "joint"), "joint_joint");
  EXPECT_EQ(claim("__a::b__", "link"), "a_b_link");  // a_b is taken
}

}  // namespace
}  // namespace sdfconv
