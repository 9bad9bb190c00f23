// SDFormat 1.11's //axis/mimic written as URDF <mimic>: each case read back
// with urdfdom, offsets worked out by hand (offset - multiplier * reference),
// and forward kinematics compared with the flat back end.
#include <string>

#include <gtest/gtest.h>
#include <urdf_parser/urdf_parser.h>

#include "converters/urdf_export/urdf_export_test_support.h"
#include "converters/urdf_export/urdf_writer.h"

namespace sdfconv {
namespace {

struct Output {
  Exported e;
  urdf::ModelInterfaceSharedPtr model;  // the URDF read back
};

// Exports `sdf` (expecting it valid and exported), reads the URDF back and
// compares its forward kinematics with the flat back end's.
Output Write(const std::string& sdf, UrdfExportOptions options = {}) {
  Output out;
  out.e = Export(sdf, options);
  EXPECT_TRUE(out.e.urdf.has_value()) << FirstError(out.e.diags);
  if (!out.e.urdf) return out;
  out.model = urdf::parseURDF(*out.e.urdf);
  EXPECT_TRUE(out.model) << *out.e.urdf;
  ExpectFk(out.e, options);
  return out;
}

// The warnings' messages, one a line.
std::string Warnings(const Diagnostics& diags) {
  std::string out;
  for (const Diagnostic& d : diags.items()) {
    if (d.severity == Severity::kWarning) out += d.message + "\n";
  }
  return out;
}

// Model m: links a, b, c; revolute `leader` a -> b; `follower` b -> c
// whose <axis> holds `mimic`.
std::string Model(const std::string& mimic,
                  const std::string& follower_type = "revolute") {
  return R"(<sdf version="1.11"><model name="m">
  <link name="a"/><link name="b"><pose>1 0 0 0 0 0</pose></link>
  <link name="c"><pose>2 0 0 0 0 0</pose></link>
  <joint name="leader" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper></limit></axis>
  </joint>
  <joint name="follower" type=")" +
         follower_type + R"("><parent>b</parent><child>c</child>
    <axis><xyz>0 1 0</xyz>)" +
         mimic + R"(</axis>
  </joint>
</model></sdf>)";
}

TEST(UrdfMimic, ReferenceFoldsIntoTheOffset) {
  // follower = 4 (leader - 3) + 2 = 4 leader - 10.
  const Output out = Write(Model(
      "<mimic joint='leader'><multiplier>4</multiplier><offset>2</offset>"
      "<reference>3</reference></mimic>"));
  ASSERT_TRUE(out.model);
  const urdf::JointConstSharedPtr f = out.model->getJoint("follower");
  ASSERT_TRUE(f && f->mimic);
  EXPECT_EQ(f->mimic->joint_name, "leader");
  EXPECT_EQ(f->mimic->multiplier, 4.0);
  EXPECT_EQ(f->mimic->offset, -10.0);
  EXPECT_FALSE(out.model->getJoint("leader")->mimic);
  EXPECT_TRUE(out.e.diags.items().empty()) << Warnings(out.e.diags);
}

TEST(UrdfMimic, FractionalReference) {
  // 0.25 - 0.5 * 3 = -1.25, exact in binary.
  const Output out = Write(Model(
      "<mimic joint='leader'><multiplier>0.5</multiplier>"
      "<offset>0.25</offset><reference>3</reference></mimic>"));
  ASSERT_TRUE(out.model);
  EXPECT_NE(out.e.urdf->find(
                R"(<mimic joint="leader" multiplier="0.5" offset="-1.25"/>)"),
            std::string::npos)
      << *out.e.urdf;
}

TEST(UrdfMimic, WithoutReferenceTheTextIsCopied) {
  const Output out = Write(Model(
      "<mimic joint='leader'><multiplier> 0.5e1 </multiplier>"
      "<offset>+2.50</offset></mimic>"));
  ASSERT_TRUE(out.model);
  EXPECT_NE(out.e.urdf->find(
                R"(<mimic joint="leader" multiplier="0.5e1" offset="+2.50"/>)"),
            std::string::npos)
      << *out.e.urdf;
  EXPECT_EQ(out.model->getJoint("follower")->mimic->multiplier, 5.0);
  EXPECT_EQ(out.model->getJoint("follower")->mimic->offset, 2.5);
}

TEST(UrdfMimic, Defaults) {
  const Output out = Write(Model("<mimic joint='leader'/>", "prismatic"));
  ASSERT_TRUE(out.model);
  EXPECT_NE(out.e.urdf->find(
                R"(<mimic joint="leader" multiplier="1" offset="0"/>)"),
            std::string::npos)
      << *out.e.urdf;
}

TEST(UrdfMimic, LeaderInANestedModel) {
  const Output out = Write(R"(<sdf version="1.11"><model name="m">
  <link name="a"/>
  <model name="n"><link name="x"><pose>1 0 0 0 0 0</pose></link>
    <link name="y"><pose>1 1 0 0 0 0</pose></link>
    <joint name="lead" type="revolute"><parent>x</parent><child>y</child>
      <axis><xyz>1 0 0</xyz></axis></joint></model>
  <joint name="fix" type="fixed"><parent>a</parent><child>n::x</child></joint>
  <link name="c"/>
  <joint name="follower" type="continuous"><parent>a</parent><child>c</child>
    <axis><xyz>0 0 1</xyz><mimic joint="n::lead"><multiplier>-1</multiplier>
    </mimic></axis></joint>
</model></sdf>)");
  ASSERT_TRUE(out.model);
  const urdf::JointConstSharedPtr f = out.model->getJoint("follower");
  ASSERT_TRUE(f && f->mimic);
  EXPECT_EQ(f->mimic->joint_name, "n/lead");
  EXPECT_EQ(f->mimic->multiplier, -1.0);
}

TEST(UrdfMimic, ApproximatedPieces) {
  // The leader's <axis2> is the piece u_axis2; the follower's own <axis2>
  // following its <axis> is v_axis2 mimicking v.
  UrdfExportOptions options;
  options.approximate = true;
  const Output out = Write(R"(<sdf version="1.11"><model name="m">
  <link name="a"/><link name="b"/><link name="c"/><link name="d"/>
  <joint name="u" type="universal"><parent>a</parent><child>b</child>
    <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
  <joint name="f" type="revolute"><parent>b</parent><child>c</child>
    <axis><xyz>0 0 1</xyz><mimic joint="u" axis="axis2"/></axis></joint>
  <joint name="v" type="universal"><parent>c</parent><child>d</child>
    <axis><xyz>1 0 0</xyz></axis>
    <axis2><xyz>0 1 0</xyz><mimic joint="v"><multiplier>2</multiplier></mimic>
    </axis2></joint>
</model></sdf>)",
                           options);
  ASSERT_TRUE(out.model);
  ASSERT_TRUE(out.model->getJoint("f")->mimic);
  EXPECT_EQ(out.model->getJoint("f")->mimic->joint_name, "u_axis2");
  ASSERT_TRUE(out.model->getJoint("v_axis2")->mimic);
  EXPECT_EQ(out.model->getJoint("v_axis2")->mimic->joint_name, "v");
  EXPECT_EQ(out.model->getJoint("v_axis2")->mimic->multiplier, 2.0);
  EXPECT_FALSE(out.model->getJoint("v")->mimic);
}

TEST(UrdfMimic, LeaderNotExportedIsLeftOutWithAWarning) {
  // The world joint to the exported model follows a joint of another
  // model, which the URDF does not hold.
  UrdfExportOptions options;
  options.model = "m";
  const Output out = Write(R"(<sdf version="1.11"><world name="w">
  <model name="m"><link name="a"/></model>
  <model name="r"><link name="x"/><link name="y"/>
    <joint name="k" type="revolute"><parent>x</parent><child>y</child>
      <axis><xyz>0 0 1</xyz></axis></joint></model>
  <joint name="wj" type="revolute"><parent>world</parent><child>m::a</child>
    <axis><xyz>0 0 1</xyz><mimic joint="r::k"/></axis></joint>
</world></sdf>)",
                           options);
  ASSERT_TRUE(out.model);
  ASSERT_TRUE(out.model->getJoint("wj"));
  EXPECT_FALSE(out.model->getJoint("wj")->mimic);
  ASSERT_EQ(out.e.diags.size(), 1u) << Warnings(out.e.diags);
  const Diagnostic& d = out.e.diags.items()[0];
  EXPECT_EQ(d.severity, Severity::kWarning);
  EXPECT_EQ(d.code, Code::kUrdfExportUnsupported);
  EXPECT_EQ(d.message,
            "the <mimic> of joint 'wj' <axis> is left out: its leader, joint "
            "'r::k' <axis>, is no joint of the URDF");
  EXPECT_EQ(d.source.path,
            R"(/sdf/world[@name="w"]/joint[@name="wj"]/axis/mimic)");
}

TEST(UrdfMimic, TheSdfMimicWinsOverAKeptUrdfMimic) {
  const Output out = Write(R"(<sdf version="1.11" xmlns:urdf="urn:sdfconv:urdf">
<model name="m">
  <link name="a"/><link name="b"/><link name="c"/>
  <joint name="leader" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz></axis></joint>
  <joint name="follower" type="revolute"><parent>b</parent><child>c</child>
    <axis><xyz>0 0 1</xyz><mimic joint="leader"><multiplier>2</multiplier>
    </mimic></axis>
    <urdf:mimic joint="leader" multiplier="3"/></joint>
</model></sdf>)");
  ASSERT_TRUE(out.model);
  EXPECT_EQ(out.model->getJoint("follower")->mimic->multiplier, 2.0);
  EXPECT_EQ(out.e.urdf->find("multiplier=\"3\""), std::string::npos);
  ASSERT_EQ(out.e.diags.size(), 1u) << Warnings(out.e.diags);
  EXPECT_EQ(out.e.diags.items()[0].code, Code::kUrdfExportUnsupported);
}

TEST(UrdfMimic, AKeptUrdfMimicAloneIsWrittenAsBefore) {
  const Output out = Write(R"(<sdf version="1.8" xmlns:urdf="urn:sdfconv:urdf">
<model name="m">
  <link name="a"/><link name="b"/><link name="c"/>
  <joint name="leader" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>0 0 1</xyz></axis></joint>
  <joint name="follower" type="revolute"><parent>b</parent><child>c</child>
    <axis><xyz>0 0 1</xyz></axis>
    <urdf:mimic joint="leader" multiplier="3"/></joint>
</model></sdf>)");
  ASSERT_TRUE(out.model);
  EXPECT_NE(out.e.urdf->find(R"(<mimic joint="leader" multiplier="3"/>)"),
            std::string::npos);
  EXPECT_TRUE(out.e.diags.items().empty()) << Warnings(out.e.diags);
}

}  // namespace
}  // namespace sdfconv
