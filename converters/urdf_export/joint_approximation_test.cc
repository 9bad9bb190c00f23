// Tests of --approximate: the chain each SDF joint type becomes, its names,
// and the written URDF (parsed by urdfdom, forward kinematics at zero
// positions equal to the flat back end's within 1e-9).
#include "converters/urdf_export/joint_approximation.h"

#include <string>

#include <gtest/gtest.h>
#include <urdf_parser/urdf_parser.h>

#include "converters/urdf_export/urdf_export_test_support.h"

namespace sdfconv {
namespace {

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(JointApproximation, Chains) {
  EXPECT_FALSE(ApproximateJoint("revolute", 1));
  EXPECT_FALSE(ApproximateJoint("no_such_type", 0));
  for (const char* type : {"universal", "revolute2"}) {
    auto a = ApproximateJoint(type, 2);
    ASSERT_TRUE(a);
    ASSERT_EQ(a->pieces.size(), 2u);
    EXPECT_EQ(a->pieces[0].type, "revolute");
    EXPECT_EQ(a->pieces[0].sdf_axis, 0);
    EXPECT_EQ(a->pieces[1].sdf_axis, 1);
  }
  auto ball = ApproximateJoint("ball", 0);
  ASSERT_TRUE(ball);
  ASSERT_EQ(ball->pieces.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(ball->pieces[k].type, "continuous");
    EXPECT_EQ(ball->pieces[k].sdf_axis, -1);
    EXPECT_EQ(*ball->pieces[k].axis_J, Eigen::Vector3d::Unit(k));
  }
  auto screw = ApproximateJoint("screw", 1);
  ASSERT_EQ(screw->pieces.size(), 1u);
  EXPECT_EQ(screw->pieces[0].type, "revolute");
  EXPECT_EQ(screw->pieces[0].sdf_axis, 0);
  EXPECT_EQ(ApproximateJoint("gearbox", 2)->pieces[0].sdf_axis, 1);
  EXPECT_EQ(ApproximateJoint("gearbox", 1)->pieces[0].sdf_axis, 0);
}

TEST(JointApproximation, Names) {
  EXPECT_EQ(PieceJointName("arm/j", 0), "arm/j");
  EXPECT_EQ(PieceJointName("arm/j", 2), "arm/j_axis3");
  EXPECT_EQ(PieceLinkName("arm/j", 0), "arm/j_link1");
  EXPECT_EQ(ApproximationWarning("u", "universal",
                                 *ApproximateJoint("universal", 2)),
            "joint 'u' (universal) is written as revolute 'u' about <axis> "
            "and revolute 'u_axis2' about <axis2>, joined by the massless "
            "link 'u_link1' (--approximate): the same motion: SDFormat "
            "defines a universal joint as these two revolute joints in "
            "series");
}

// A universal joint whose frame, axes and child link frame all differ.
constexpr char kUniversal[] = R"(<sdf version="1.8"><model name="m">
  <pose>0 0 1 0 0 0.4</pose>
  <link name="a"/>
  <link name="b"><pose>0.5 0.2 0.3 0.1 0.7 -0.2</pose>
    <visual name="v"><pose>0 0 0.1 0 0.2 0</pose>
      <geometry><box><size>1 1 1</size></box></geometry></visual>
    <inertial><pose>0.1 0 0 0 0 0.3</pose><mass>2</mass></inertial></link>
  <joint name="u" type="universal"><pose>0 0.1 0 0.3 0 0</pose>
    <parent>a</parent><child>b</child>
    <axis><xyz expressed_in="__model__">0 1 0</xyz>
      <limit><lower>-1</lower><upper>1.5</upper><effort>3</effort></limit>
      <dynamics><damping>0.2</damping></dynamics></axis>
    <axis2><xyz>1 0 1</xyz>
      <limit><lower>-0.5</lower><upper>0.25</upper></limit></axis2></joint>
</model></sdf>)";

TEST(JointApproximation, RefusedWithoutTheOption) {
  Exported e = Export(kUniversal);
  EXPECT_FALSE(e.urdf);
  EXPECT_EQ(FirstErrorCode(e.diags), Code::kUrdfExportUnsupported);
  EXPECT_TRUE(Has(FirstError(e.diags), "--approximate writes it as 2 "
                                       "revolute joints"));
}

TEST(JointApproximation, UniversalIsTwoRevolutes) {
  UrdfExportOptions options;
  options.approximate = true;
  Exported e = Export(kUniversal, options);
  ExpectFk(e, options);
  const std::string& u = *e.urdf;
  EXPECT_TRUE(Has(u, "<link name=\"u_link1\">\n  </link>"));  // massless
  EXPECT_TRUE(Has(u, "<joint name=\"u\" type=\"revolute\">"));
  EXPECT_TRUE(Has(u, "<parent link=\"a\"/>\n    <child link=\"u_link1\"/>"));
  // The second piece sits at the same frame as the first.
  EXPECT_TRUE(Has(u, "<joint name=\"u_axis2\" type=\"revolute\">\n"
                     "    <origin xyz=\"0 0 0\" rpy=\"0 0 0\"/>\n"
                     "    <parent link=\"u_link1\"/>\n"
                     "    <child link=\"b\"/>"));
  EXPECT_TRUE(Has(u, "lower=\"-1\" upper=\"1.5\" effort=\"3\""));
  EXPECT_TRUE(Has(u, "<dynamics damping=\"0.2\" friction=\"0\"/>"));
  EXPECT_TRUE(Has(u, "lower=\"-0.5\" upper=\"0.25\" effort=\"1e+16\""));
  // <axis2> 1 0 1 in the joint frame, normalized.
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(u);
  ASSERT_TRUE(model);
  const urdf::Vector3& axis2 = model->getJoint("u_axis2")->axis;
  EXPECT_LT((Eigen::Vector3d(axis2.x, axis2.y, axis2.z) -
             Eigen::Vector3d(1, 0, 1).normalized())
                .norm(),
            kTol);
  int warnings = 0;
  for (const Diagnostic& d : e.diags.items()) {
    EXPECT_EQ(d.severity, Severity::kWarning);
    EXPECT_EQ(d.code, Code::kUrdfExportUnsupported);
    if (Has(d.message, "'u_link1'")) ++warnings;
  }
  EXPECT_EQ(warnings, 1);
}

TEST(JointApproximation, BallIsThreeContinuousJoints) {
  UrdfExportOptions options;
  options.approximate = true;
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"><pose>0 0 -1 0.2 0 0</pose></link>
    <joint name="fix" type="fixed"><parent>world</parent><child>a</child>
    </joint>
    <joint name="s" type="ball"><pose relative_to="a">0.1 0 0 0 0.5 0</pose>
      <parent>a</parent><child>b</child></joint>
  </model></sdf>)", options);
  ExpectFk(e, options);
  const std::string& u = *e.urdf;
  EXPECT_TRUE(Has(u, "<joint name=\"s\" type=\"continuous\">"));
  EXPECT_TRUE(Has(u, "<joint name=\"s_axis2\" type=\"continuous\">"));
  EXPECT_TRUE(Has(u, "<joint name=\"s_axis3\" type=\"continuous\">"));
  EXPECT_TRUE(Has(u, "<child link=\"s_link2\"/>\n    <axis xyz=\"0 1 0\"/>"));
  EXPECT_TRUE(Has(u, "<child link=\"b\"/>\n    <axis xyz=\"0 0 1\"/>\n"
                     "  </joint>"));  // no <limit>
}

TEST(JointApproximation, ScrewAndGearboxAreRevolute) {
  UrdfExportOptions options;
  options.approximate = true;
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"><pose>1 0 0 0 0 0</pose></link>
    <link name="c"><pose>2 0 0 0 0 1</pose></link>
    <joint name="screw" type="screw"><parent>a</parent><child>b</child>
      <thread_pitch>0.01</thread_pitch>
      <axis><xyz>1 0 0</xyz><limit><lower>-3</lower><upper>3</upper></limit>
      </axis></joint>
    <joint name="gear" type="gearbox"><parent>b</parent><child>c</child>
      <gearbox_reference_body>a</gearbox_reference_body>
      <gearbox_ratio>2</gearbox_ratio>
      <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
  </model></sdf>)", options);
  ExpectFk(e, options);
  // 1.8's thread_pitch 0.01 rad/m: -2 pi / 0.01 = -628.3185... m/rev.
  bool pitch_named = false;
  for (const Diagnostic& d : e.diags.items()) {
    pitch_named = pitch_named ||
                  Has(d.message, "(screw_thread_pitch -628.318530717958");
  }
  EXPECT_TRUE(pitch_named);
  const std::string& u = *e.urdf;
  EXPECT_TRUE(Has(u, "<joint name=\"screw\" type=\"revolute\">"));
  EXPECT_TRUE(Has(u, "lower=\"-3\" upper=\"3\""));
  // Gearbox: about <axis2>, unlimited, so continuous.
  EXPECT_TRUE(Has(u, "<joint name=\"gear\" type=\"continuous\">"));
  EXPECT_TRUE(Has(u, "<child link=\"c\"/>\n    <axis xyz=\"0 1 0\"/>"));
}

TEST(JointApproximation, NameCollisionIsRefused) {
  UrdfExportOptions options;
  options.approximate = true;
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/><link name="u_link1"/>
    <joint name="u" type="revolute2"><parent>a</parent><child>b</child>
      <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
    <joint name="f" type="fixed"><parent>b</parent><child>u_link1</child>
    </joint>
  </model></sdf>)", options);
  EXPECT_FALSE(e.urdf);
  EXPECT_EQ(FirstErrorCode(e.diags), Code::kUrdfExportUnsupported);
  EXPECT_TRUE(Has(FirstError(e.diags),
                  "two URDF links would be named 'u_link1' (--approximate "
                  "names the pieces of joint 'u' after it"));
}

// SDFormat's default <axis2> (joint.sdf: xyz 0 0 1, in the joint frame; in
// the model frame before 1.5), not an invented one; the warning says so.
TEST(JointApproximation, AbsentAxis2HasItsDefault) {
  auto a = ApproximateJoint("universal", 1);
  ASSERT_TRUE(a);
  EXPECT_FALSE(a->pieces[0].default_axis);
  EXPECT_TRUE(a->pieces[1].default_axis);
  EXPECT_FALSE(ApproximateJoint("universal", 2)->pieces[1].default_axis);
  EXPECT_EQ(ApproximationWarning("u", "universal", *a),
            "joint 'u' (universal) is written as revolute 'u' about <axis> "
            "and revolute 'u_axis2' about <axis2> (absent: its default xyz "
            "0 0 1 is used), joined by the massless link 'u_link1' "
            "(--approximate): the same motion: SDFormat defines a universal "
            "joint as these two revolute joints in series");
  for (const char* type : {"universal", "revolute2"}) {
    UrdfExportOptions options;
    options.approximate = true;
    Exported e = Export(std::string(R"(<sdf version="1.8"><model name="m">
      <link name="a"/><link name="b"><pose>0 0 1 0 0.4 0</pose></link>
      <joint name="u" type=")") + type + R"("><pose>0 0 0 0.3 0 0</pose>
        <parent>a</parent><child>b</child>
        <axis><xyz>0 1 0</xyz></axis></joint>
    </model></sdf>)", options);
    ExpectFk(e, options);  // axes included: <axis2> is 0 0 1 in J
    const urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(*e.urdf);
    ASSERT_TRUE(model);
    const urdf::Vector3& axis2 = model->getJoint("u_axis2")->axis;
    EXPECT_EQ(Eigen::Vector3d(axis2.x, axis2.y, axis2.z),
              Eigen::Vector3d::UnitZ())
        << type;
    EXPECT_EQ(model->getJoint("u_axis2")->type, urdf::Joint::CONTINUOUS);
    ASSERT_EQ(e.diags.items().size(), 1u);
    EXPECT_EQ(e.diags.items()[0].severity, Severity::kWarning);
    EXPECT_EQ(e.diags.items()[0].code, Code::kUrdfExportUnsupported);
    EXPECT_EQ(e.diags.items()[0].source.path,
              "/sdf/model[@name=\"m\"]/joint[@name=\"u\"]");
  }
}

TEST(JointApproximation, AbsentAxesInLegacyAndNativeJoints) {
  UrdfExportOptions options;
  options.approximate = true;
  // 1.4: axes (and so the default) are in the model frame.
  Exported legacy = Export(R"(<sdf version="1.4"><model name="m">
    <pose>0 0 0 0 0.5 0</pose>
    <link name="a"/><link name="b"><pose>0 0 1 0.3 0 0</pose></link>
    <joint name="u" type="universal"><pose>0 0 0 0 0 0.7</pose>
      <parent>a</parent><child>b</child><axis><xyz>1 0 0</xyz></axis></joint>
  </model></sdf>)", options);
  ExpectFk(legacy, options);
  const urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(*legacy.urdf);
  ASSERT_TRUE(model);
  const urdf::Vector3& axis2 = model->getJoint("u_axis2")->axis;
  // R_MJ = R_ML R_LJ with L = b: Rx(0.3) Rz(0.7); the axis in J is R_MJ^T z.
  const Eigen::Matrix3d R_MJ =
      (Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX()) *
       Eigen::AngleAxisd(0.7, Eigen::Vector3d::UnitZ()))
          .toRotationMatrix();
  EXPECT_LT((Eigen::Vector3d(axis2.x, axis2.y, axis2.z) -
             R_MJ.transpose() * Eigen::Vector3d::UnitZ())
                .norm(),
            kTol);
  // A revolute joint without <axis>: 0 0 1 in J.
  Exported native = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"><pose>0 0 1 0.3 0 0</pose></link>
    <joint name="r" type="revolute"><parent>a</parent><child>b</child></joint>
  </model></sdf>)");
  ExpectFk(native);
  const urdf::ModelInterfaceSharedPtr r = urdf::parseURDF(*native.urdf);
  ASSERT_TRUE(r);
  const urdf::Vector3& axis = r->getJoint("r")->axis;
  EXPECT_EQ(Eigen::Vector3d(axis.x, axis.y, axis.z), Eigen::Vector3d::UnitZ());
}

TEST(JointApproximation, NestedAndLegacy) {
  UrdfExportOptions options;
  options.approximate = true;
  Exported e = Export(R"(<sdf version="1.6"><model name="m">
    <link name="a"><pose>0 0 0 0 0 0.7</pose></link>
    <model name="hand"><pose>1 0 0 0 0.3 0</pose>
      <link name="palm"><pose>0 0 1 0.2 0 0</pose></link></model>
    <joint name="wrist" type="universal"><pose>0 0.2 0 0 0.4 0</pose>
      <parent>a</parent><child>hand::palm</child>
      <axis><xyz>0 1 0</xyz><use_parent_model_frame>true</use_parent_model_frame>
      </axis>
      <axis2><xyz>0 0 1</xyz></axis2></joint>
  </model></sdf>)", options);
  ExpectFk(e, options);
  EXPECT_TRUE(Has(*e.urdf, "<link name=\"wrist_link1\">"));
}

}  // namespace
}  // namespace sdfconv
