// URDF <mimic>s that urdfdom reads but that name no joint, the joint itself,
// or loop: warnings with the codes of the SDFormat rule; the robot is still
// imported and each <mimic> kept as written.
#include "converters/urdf/urdf_mimics.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/urdf/urdf_snippet_test_util.h"

namespace sdfconv {
namespace {

constexpr char kInertial[] =
    R"(<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)";

// Links l0 .. l`n` and revolute joints j1 .. j`n` (j_i: l_{i-1} -> l_i),
// one per line from line 2; joint j_i mimics mimics[i - 1] when not empty.
std::string Chain(const std::vector<std::string>& mimics) {
  std::string out = "<link name=\"l0\">" + std::string(kInertial) + "</link>";
  for (size_t i = 1; i <= mimics.size(); ++i) {
    const std::string n = std::to_string(i);
    out += "<link name=\"l" + n + "\">" + kInertial + "</link>";
    out += "<joint name=\"j" + n + "\" type=\"revolute\"><parent link=\"l" +
           std::to_string(i - 1) + "\"/><child link=\"l" + n +
           "\"/><limit lower=\"-1\" upper=\"1\" effort=\"1\" velocity=\"1\"/>";
    if (!mimics[i - 1].empty()) {
      out += "<mimic joint=\"" + mimics[i - 1] + "\" multiplier=\"2\"/>";
    }
    out += "</joint>\n";
  }
  return out;
}

using UrdfMimicsTest = UrdfSnippetTest;

TEST_F(UrdfMimicsTest, AMimicOfAnotherJointIsFine) {
  ASSERT_TRUE(Convert(Chain({"", "j1", "j2"})));
  EXPECT_EQ(Attr({"model", "joint@j3", "urdf:mimic"}, "joint"), "j2");
}

TEST_F(UrdfMimicsTest, SelfAndMissingLeadersAreWarnedAndKept) {
  ASSERT_TRUE(Convert(Chain({"j1", "nope"})));
  const Diagnostic self = TakeWarning(Code::kJointAxisMimicInvalid);
  EXPECT_EQ(self.source.line, 2);
  EXPECT_NE(self.message.find("joint 'j1' mimics itself"), std::string::npos)
      << self.message;
  const Diagnostic missing = TakeWarning(Code::kJointAxisMimicInvalid);
  EXPECT_EQ(missing.source.line, 3);
  EXPECT_NE(missing.message.find(
                "joint 'j2' mimics joint 'nope', which the robot does not "
                "have"),
            std::string::npos)
      << missing.message;
  EXPECT_EQ(Attr({"model", "joint@j1", "urdf:mimic"}, "joint"), "j1");
  EXPECT_EQ(Attr({"model", "joint@j2", "urdf:mimic"}, "joint"), "nope");
}

TEST_F(UrdfMimicsTest, ACycleIsWarnedOnceWithEveryMember) {
  // j1 -> j3 -> j2 -> j1, and j4 follows the cycle without being in it.
  ASSERT_TRUE(Convert(Chain({"j3", "j1", "j2", "j1"})));
  const Diagnostic cycle = TakeWarning(Code::kJointAxisMimicCycle);
  EXPECT_EQ(cycle.source.line, 2);
  EXPECT_NE(cycle.message.find(
                "mimic cycle: joint 'j1' -> joint 'j3' -> joint 'j2' -> "
                "joint 'j1'"),
            std::string::npos)
      << cycle.message;
  EXPECT_EQ(cycle.related.size(), 2u);
}

TEST_F(UrdfMimicsTest, ALongCycleNamesItsFirstMembers) {
  constexpr int kJoints = 1000;
  std::vector<std::string> mimics;
  for (int i = 1; i <= kJoints; ++i) {
    mimics.push_back("j" + std::to_string(i % kJoints + 1));
  }
  ASSERT_TRUE(Convert(Chain(mimics)));
  const Diagnostic cycle = TakeWarning(Code::kJointAxisMimicCycle);
  EXPECT_EQ(cycle.related.size(), static_cast<size_t>(kJoints - 1));
  EXPECT_NE(cycle.message.find("joint 'j8' -> ... (992 more;"),
            std::string::npos)
      << cycle.message;
  EXPECT_LT(cycle.message.size(), 400u);
}

}  // namespace
}  // namespace sdfconv
