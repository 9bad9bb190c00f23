#include "converters/sdf/sdf_values.h"

#include <string>

#include <Eigen/Geometry>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "values.sdf";

class SdfValuesTest : public DiagnosticTest {
 protected:
  // Parses <r>\n{element}</r>: `element` is on line 2, at /r/{tag}.
  XmlElement Element(const std::string& element) {
    xml_ = XmlTree::Parse("<r>\n" + element + "</r>", kFile, &diags_);
    EXPECT_TRUE(xml_.has_value());
    return xml_ ? FirstChildElement(RootElement(*xml_)) : XmlElement();
  }

  PoseSpec Pose(const std::string& element) {
    const XmlElement pose = Element(element);
    return pose ? ReadPose(pose, &diags_) : PoseSpec{};
  }

  // As SDFormat 1.9 and later read it.
  PoseSpec Pose19(const std::string& element) {
    const XmlElement pose = Element(element);
    return pose ? ReadPose(pose, &diags_, {"relative_to", true})
                : PoseSpec{};
  }

  std::optional<XmlTree> xml_;
};

TEST_F(SdfValuesTest, PoseValues) {
  const PoseSpec p = Pose("<pose relative_to='f'>1 2 3 0.1 -0.2 0.3</pose>");
  EXPECT_TRUE(p.present);
  EXPECT_EQ(p.relative_to, "f");
  EXPECT_LT(PoseDistance(p.X, PoseFromXyzRpy({1, 2, 3}, {0.1, -0.2, 0.3})),
            1e-15);
  EXPECT_EQ(p.source().file, kFile);
  EXPECT_EQ(p.source().line, 2);
  EXPECT_EQ(p.source().path, "/r/pose");
}

TEST_F(SdfValuesTest, PoseWhitespaceOfAnyKind) {
  const PoseSpec p = Pose("<pose>\n\t1\t2\r\n 3 \n 0  0\t\t1.5e0 \n</pose>");
  EXPECT_LT(PoseDistance(p.X, PoseFromXyzRpy({1, 2, 3}, {0, 0, 1.5})), 1e-15);
  EXPECT_EQ(p.relative_to, "");
}

TEST_F(SdfValuesTest, EmptyPoseIsIdentity) {
  for (const char* text : {"<pose/>", "<pose></pose>", "<pose> \n </pose>",
                           "<pose relative_to='a'/>"}) {
    const PoseSpec p = Pose(text);
    EXPECT_TRUE(p.present) << text;
    EXPECT_TRUE(p.X.isApprox(Pose::Identity())) << text;
  }
}

TEST_F(SdfValuesTest, BadPoseTextIsPoseInvalid) {
  for (const char* text :
       {"1 2 3", "1 2 3 4 5 6 7", "a b c d e f", "1 2 3 0 0 inf",
        "1 2 3 0 0 nan", "1,2,3,0,0,0", "1 2 3 0 0 0x1", "0 0 0 0 0 1e400"}) {
    const PoseSpec p = Pose(std::string("<pose>") + text + "</pose>");
    EXPECT_TRUE(p.X.isApprox(Pose::Identity())) << text;
    const Diagnostic d = TakeError(Code::kPoseInvalid);
    EXPECT_EQ(d.source.line, 2) << text;
    EXPECT_EQ(d.source.path, "/r/pose") << text;
    EXPECT_NE(d.message.find(text), std::string::npos) << d.message;
  }
}

TEST_F(SdfValuesTest, SdfOneNineAttributesWarn) {
  // Read as 1.7/1.8 values: 90 stays radians.
  const PoseSpec p = Pose("<pose degrees='true'>0 0 0 0 0 90</pose>");
  TakeWarning(Code::kAttributeInvalid);
  EXPECT_LT(PoseDistance(p.X, PoseFromXyzRpy({0, 0, 0}, {0, 0, 90})), 1e-12);
  (void)Pose("<pose rotation_format='euler_rpy'>0 0 0 0 0 0</pose>");
  TakeWarning(Code::kAttributeInvalid);
}

// Expected rotations are built from axis-angle here, not from the reader's
// RPY or quaternion paths.
TEST_F(SdfValuesTest, DegreesAreEulerAnglesInDegrees) {
  const PoseSpec p = Pose19("<pose degrees='true'>1 2 3 90 0 0</pose>");
  Eigen::Isometry3d expected = Eigen::Isometry3d::Identity();
  expected.translation() = Eigen::Vector3d(1, 2, 3);
  expected.linear() =
      Eigen::AngleAxisd(EIGEN_PI / 2, Eigen::Vector3d::UnitX()).matrix();
  EXPECT_LT(PoseDistance(p.X, expected), 1e-15);
  // yaw 30, pitch 45 degrees: Rz(yaw) Ry(pitch).
  const PoseSpec q = Pose19("<pose degrees='1'>0 0 0 0 45 30</pose>");
  const Eigen::Matrix3d R =
      (Eigen::AngleAxisd(EIGEN_PI / 6, Eigen::Vector3d::UnitZ()) *
       Eigen::AngleAxisd(EIGEN_PI / 4, Eigen::Vector3d::UnitY()))
          .matrix();
  EXPECT_LT((q.X.linear() - R).norm(), 1e-15);
  // degrees="false" and euler_rpy are radians, the default.
  const PoseSpec r = Pose19(
      "<pose degrees='false' rotation_format='euler_rpy'>0 0 0 0 0 1</pose>");
  EXPECT_LT(PoseDistance(r.X, PoseFromXyzRpy({0, 0, 0}, {0, 0, 1})), 1e-15);
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
}

TEST_F(SdfValuesTest, QuaternionXyzw) {
  // 90 degrees about z: (x y z w) = (0 0 sin45 cos45).
  const PoseSpec p = Pose19(
      "<pose rotation_format='quat_xyzw'>1 2 3 0 0 0.7071067811865476 "
      "0.7071067811865476</pose>");
  const Eigen::Vector3d x_turned = p.X.linear() * Eigen::Vector3d::UnitX();
  EXPECT_LT((x_turned - Eigen::Vector3d::UnitY()).norm(), 1e-15);
  EXPECT_EQ(p.X.translation(), Eigen::Vector3d(1, 2, 3));
  // Seven digits are a unit quaternion: no warning.
  (void)Pose19("<pose rotation_format='quat_xyzw'>0 0 0 0.7071068 0 0 "
               "0.7071068</pose>");
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  // Empty text is the identity in this form too.
  EXPECT_TRUE(Pose19("<pose rotation_format='quat_xyzw'/>")
                  .X.isApprox(Eigen::Isometry3d::Identity()));
}

TEST_F(SdfValuesTest, NonUnitQuaternionIsNormalisedWithAWarning) {
  const PoseSpec p =
      Pose19("<pose rotation_format='quat_xyzw'>0 0 0 0 0 2 2</pose>");
  const Diagnostic d = TakeWarning(Code::kPoseQuaternionNormalized);
  EXPECT_EQ(d.source.path, "/r/pose");
  const Eigen::Vector3d x_turned = p.X.linear() * Eigen::Vector3d::UnitX();
  EXPECT_LT((x_turned - Eigen::Vector3d::UnitY()).norm(), 1e-15);
  EXPECT_LT((p.X.linear().determinant() - 1.0), 1e-15);
}

TEST_F(SdfValuesTest, RotationFormatErrors) {
  struct Case {
    const char* pose;
    Code code;
  };
  const Case cases[] = {
      // both at once, another format, a degrees that is no bool
      {"<pose rotation_format='quat_xyzw' degrees='true'>0 0 0 0 0 0 1</pose>",
       Code::kAttributeInvalid},
      {"<pose rotation_format='quat_wxyz'>0 0 0 1 0 0 0</pose>",
       Code::kAttributeInvalid},
      {"<pose rotation_format='euler_ypr'>0 0 0 0 0 0</pose>",
       Code::kAttributeInvalid},
      {"<pose degrees='yes'>0 0 0 0 0 0</pose>", Code::kAttributeInvalid},
      // wrong counts
      {"<pose rotation_format='quat_xyzw'>0 0 0 0 0 0</pose>",
       Code::kPoseInvalid},
      {"<pose rotation_format='euler_rpy'>0 0 0 0 0 0 1</pose>",
       Code::kPoseInvalid},
      {"<pose degrees='true'>0 0 0 0 0 0 1</pose>", Code::kPoseInvalid},
      // non-finite numbers, a zero quaternion
      {"<pose rotation_format='quat_xyzw'>0 0 0 0 0 0 nan</pose>",
       Code::kPoseInvalid},
      {"<pose degrees='true'>0 0 inf 0 0 0</pose>", Code::kPoseInvalid},
      {"<pose rotation_format='quat_xyzw'>0 0 0 0 0 0 0</pose>",
       Code::kPoseInvalid},
      {"<pose rotation_format='quat_xyzw'>0 0 0 1e300 0 0 1e300</pose>",
       Code::kPoseInvalid},
  };
  for (const Case& c : cases) {
    const PoseSpec p = Pose19(c.pose);
    EXPECT_TRUE(p.X.isApprox(Eigen::Isometry3d::Identity())) << c.pose;
    const Diagnostic d = TakeError(c.code);
    EXPECT_EQ(d.source.path, "/r/pose") << c.pose;
    EXPECT_EQ(Remaining(), 0u) << c.pose << DescribeRemaining();
  }
}

TEST_F(SdfValuesTest, Bool) {
  EXPECT_TRUE(ReadBool(Element("<static> TRUE </static>"), false,
                       &diags_));
  EXPECT_FALSE(ReadBool(Element("<static>\n0</static>"), true, &diags_));
  EXPECT_TRUE(ReadBool(Element("<static>yes</static>"), true, &diags_));
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.path, "/r/static");
}

TEST_F(SdfValuesTest, DoubleAndVector) {
  EXPECT_EQ(ReadDouble(Element("<mass> 2.5</mass>"), 1.0, &diags_),
            2.5);
  EXPECT_EQ(ReadDouble(Element("<mass>heavy</mass>"), 1.0, &diags_),
            1.0);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
  EXPECT_EQ(ReadVector3(Element("<xyz> 1 0\n0 </xyz>"),
                        Eigen::Vector3d::UnitZ(), &diags_),
            Eigen::Vector3d(1, 0, 0));
  EXPECT_EQ(ReadVector3(Element("<xyz>1 0</xyz>"),
                        Eigen::Vector3d::UnitZ(), &diags_),
            Eigen::Vector3d::UnitZ());
  TakeError(Code::kValueInvalid);
}

TEST_F(SdfValuesTest, DescribeElement) {
  EXPECT_EQ(DescribeElement(Element("<link name='l'/>")), "<link name=\"l\">");
  EXPECT_EQ(DescribeElement(Element("<inertial/>")), "<inertial>");
}

}  // namespace
}  // namespace sdfconv
