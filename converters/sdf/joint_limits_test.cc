// Joint limit defaults and screw pitch per version. Expected pitches are
// written out by hand (2 pi / 12.566 = 0.50000..., libsdformat's own test
// values for joint_screw_thread_pitch.sdf).
#include "converters/sdf/joint_limits.h"

#include <limits>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/xml/xml_tree.h"
#include "core/document.h"

namespace sdfconv {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kTwoPi = 6.283185307179586;  // 2 pi, to the last digit

const int k19 = VersionNumber(1, 9);
const int k110 = VersionNumber(1, 10);
const int k111 = VersionNumber(1, 11);

class JointLimitsTest : public DiagnosticTest {
 protected:
  XmlElement Parse(const std::string& text) {
    xml_ = XmlTree::Parse(text, "limits.sdf", &diags_);
    EXPECT_TRUE(xml_.has_value());
    return xml_ ? RootElement(*xml_) : XmlElement();
  }
  std::optional<XmlTree> xml_;
};

TEST_F(JointLimitsTest, AbsentLimitsBefore110) {
  for (const char* text : {"<axis/>", "<axis><limit/></axis>"}) {
    const AxisLimits l = ReadAxisLimits(Parse(text), k19);
    EXPECT_EQ(l.lower, -1e16) << text;
    EXPECT_EQ(l.upper, 1e16);
    EXPECT_EQ(l.effort, -1.0);
    EXPECT_EQ(l.velocity, -1.0);
    EXPECT_FALSE(l.effort_written);
    EXPECT_FALSE(l.velocity_written);
  }
  const AxisLimits none = ReadAxisLimits(XmlElement(), VersionNumber(1, 2));
  EXPECT_EQ(none.lower, -1e16);
  EXPECT_EQ(none.effort, -1.0);
}

TEST_F(JointLimitsTest, AbsentLimitsFrom110) {
  for (int version : {k110, k111, VersionNumber(1, 12)}) {
    const AxisLimits l = ReadAxisLimits(Parse("<axis/>"), version);
    EXPECT_EQ(l.lower, -kInf) << version;
    EXPECT_EQ(l.upper, kInf);
    EXPECT_EQ(l.effort, kInf);
    EXPECT_EQ(l.velocity, kInf);
  }
}

TEST_F(JointLimitsTest, WrittenValuesWinInEveryVersion) {
  const XmlElement axis = Parse(
      "<axis><limit><lower>-1.5</lower><upper> inf </upper>"
      "<effort>5.5</effort><velocity>-INF</velocity></limit></axis>");
  for (int version : {k19, k110}) {
    const AxisLimits l = ReadAxisLimits(axis, version);
    EXPECT_EQ(l.lower, -1.5);
    EXPECT_EQ(l.upper, kInf);
    EXPECT_EQ(l.effort, 5.5);
    EXPECT_EQ(l.velocity, -kInf);
    EXPECT_TRUE(l.effort_written);
    EXPECT_TRUE(l.velocity_written);
  }
}

TEST_F(JointLimitsTest, NotANumberIsTheDefault) {
  const AxisLimits l =
      ReadAxisLimits(Parse("<axis><limit><lower>x</lower></limit></axis>"),
                     k110);
  EXPECT_EQ(l.lower, -kInf);
}

TEST_F(JointLimitsTest, BoundedAndEnforced) {
  EXPECT_TRUE(IsBounded(3.0));
  EXPECT_TRUE(IsBounded(-9.9e15));
  EXPECT_FALSE(IsBounded(1e16));
  EXPECT_FALSE(IsBounded(-1e16));
  EXPECT_FALSE(IsBounded(-kInf));
  EXPECT_TRUE(IsEnforced(0.0));
  EXPECT_TRUE(IsEnforced(10.0));
  EXPECT_FALSE(IsEnforced(-1.0));
  EXPECT_FALSE(IsEnforced(kInf));
}

// The five joints of libsdformat's joint_screw_thread_pitch.sdf (1.10).
TEST_F(JointLimitsTest, ScrewThreadPitchFrom110) {
  EXPECT_EQ(ScrewThreadPitch(Parse("<joint/>"), k110), 1.0);
  EXPECT_EQ(ScrewThreadPitch(
                Parse("<joint><screw_thread_pitch>0.5</screw_thread_pitch>"
                      "<thread_pitch>-12.566</thread_pitch></joint>"),
                k110),
            0.5);
  EXPECT_NEAR(ScrewThreadPitch(
                  Parse("<joint><thread_pitch>-12.566</thread_pitch></joint>"),
                  k110),
              kTwoPi / 12.566, 1e-15);
  EXPECT_EQ(ScrewThreadPitch(
                Parse("<joint><thread_pitch>0.5</thread_pitch>"
                      "<screw_thread_pitch>0.5</screw_thread_pitch></joint>"),
                k111),
            0.5);
}

TEST_F(JointLimitsTest, ThreadPitchBefore110) {
  // Default thread_pitch 1 rad/m: a left-handed 2 pi metres per revolution.
  EXPECT_NEAR(ScrewThreadPitch(Parse("<joint/>"), k19), -kTwoPi, 1e-15);
  EXPECT_NEAR(
      ScrewThreadPitch(Parse("<joint><thread_pitch>20</thread_pitch></joint>"),
                       VersionNumber(1, 6)),
      -kTwoPi / 20, 1e-15);
  // <screw_thread_pitch> is not an element of 1.9: not read.
  EXPECT_NEAR(ScrewThreadPitch(
                  Parse("<joint><screw_thread_pitch>0.5</screw_thread_pitch>"
                        "</joint>"),
                  k19),
              -kTwoPi, 1e-15);
}

}  // namespace
}  // namespace sdfconv
