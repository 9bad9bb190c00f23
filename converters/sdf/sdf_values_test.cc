#include "converters/sdf/sdf_values.h"

#include <string>

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

  std::optional<XmlTree> xml_;
};

TEST_F(SdfValuesTest, PoseValues) {
  const PoseSpec p = Pose("<pose relative_to='f'>1 2 3 0.1 -0.2 0.3</pose>");
  EXPECT_TRUE(p.present);
  EXPECT_EQ(p.relative_to, "f");
  EXPECT_LT(PoseDistance(p.X, PoseFromXyzRpy({1, 2, 3}, {0.1, -0.2, 0.3})),
            1e-15);
  EXPECT_EQ(p.source.file, kFile);
  EXPECT_EQ(p.source.line, 2);
  EXPECT_EQ(p.source.path, "/r/pose");
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
