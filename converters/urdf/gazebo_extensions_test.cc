// <gazebo> extensions (docs/urdf.md, "Gazebo extensions").
#include <string>

#include <gtest/gtest.h>

#include "converters/urdf/urdf_snippet_test_util.h"

namespace sdfconv {
namespace {

using GazeboTest = UrdfSnippetTest;

constexpr char kInertial[] =
    R"(<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>)";
constexpr char kBox[] = R"(<geometry><box size="1 1 1"/></geometry>)";

std::string Robot(const std::string& gazebo) {
  return std::string("<link name=\"a\">") + kInertial + "<visual name=\"v\">" +
         kBox + "</visual><collision name=\"c\">" + kBox +
         "</collision></link>\n<link name=\"b\">" + kInertial +
         "</link>\n<joint name=\"j\" type=\"continuous\"><parent link=\"a\"/>"
         "<child link=\"b\"/></joint>\n" +
         gazebo;
}

TEST_F(GazeboTest, SurfaceSettingsGoToEveryCollision) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo reference="a">
      <mu1>0.9</mu1><mu2 value="0.8"/><fdir1>1 0 0</fdir1><kp>1e6</kp>
      <kd>100</kd><maxVel>0.1</maxVel><minDepth>0.001</minDepth>
      <laserRetro>2</laserRetro><maxContacts>5</maxContacts></gazebo>)")));
  const std::vector<std::string> c = {"model", "link@a", "collision@c"};
  auto at = [&](std::vector<std::string> rest) {
    std::vector<std::string> p = c;
    p.insert(p.end(), rest.begin(), rest.end());
    return p;
  };
  EXPECT_EQ(Text(at({"surface", "friction", "ode", "mu"})), "0.9");
  EXPECT_EQ(Text(at({"surface", "friction", "ode", "mu2"})), "0.8");
  EXPECT_EQ(Text(at({"surface", "friction", "ode", "fdir1"})), "1 0 0");
  EXPECT_EQ(Text(at({"surface", "contact", "ode", "kp"})), "1e6");
  EXPECT_EQ(Text(at({"surface", "contact", "ode", "kd"})), "100");
  EXPECT_EQ(Text(at({"surface", "contact", "ode", "max_vel"})), "0.1");
  EXPECT_EQ(Text(at({"surface", "contact", "ode", "min_depth"})), "0.001");
  EXPECT_EQ(Text(at({"laser_retro"})), "2");
  EXPECT_EQ(Text(at({"max_contacts"})), "5");
}

TEST_F(GazeboTest, LinkProperties) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo reference="a"><selfCollide>yes</selfCollide>
      <turnGravityOff>true</turnGravityOff><dampingFactor>0.1</dampingFactor>
      </gazebo><gazebo reference="b"><gravity>false</gravity></gazebo>)")));
  EXPECT_EQ(Text({"model", "link@a", "self_collide"}), "true");
  EXPECT_EQ(Text({"model", "link@a", "gravity"}), "false");
  EXPECT_EQ(Text({"model", "link@a", "velocity_decay", "linear"}), "0.1");
  EXPECT_EQ(Text({"model", "link@a", "velocity_decay", "angular"}), "0.1");
  EXPECT_EQ(Text({"model", "link@b", "gravity"}), "false");
}

TEST_F(GazeboTest, MaterialScriptGoesToEveryVisual) {
  ASSERT_TRUE(Convert(Robot(
      R"(<gazebo reference="a"><material>Gazebo/Red</material></gazebo>)")));
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "material", "script",
                  "name"}),
            "Gazebo/Red");
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "material", "script", "uri"}),
            "file://media/materials/scripts/gazebo.material");
}

TEST_F(GazeboTest, SensorsPluginsAndUnknownContentAreCopied) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo reference="a">
      <sensor name="cam" type="camera"><pose>0 0 1 0 0 0</pose></sensor>
      <plugin name="p" filename="libp.so"><x>1</x></plugin>
      <velocity_decay><linear>0.5</linear></velocity_decay>
      <collision><surface><bounce/></surface></collision>
      <visual><transparency>0.5</transparency></visual></gazebo>)")));
  EXPECT_EQ(Text({"model", "link@a", "sensor@cam", "pose"}), "0 0 1 0 0 0");
  EXPECT_EQ(Text({"model", "link@a", "plugin@p", "x"}), "1");
  EXPECT_EQ(Text({"model", "link@a", "velocity_decay", "linear"}), "0.5");
  EXPECT_TRUE(Has({"model", "link@a", "collision@c", "surface", "bounce"}));
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "transparency"}), "0.5");
  // No SDFormat version has a link's <plugin>: copied, and said.
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 7);
}

TEST_F(GazeboTest, JointSettings) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo reference="j">
      <provideFeedback>true</provideFeedback>
      <implicitSpringDamper>1</implicitSpringDamper>
      <stopCfm>0.1</stopCfm><stopErp>0.2</stopErp><fudgeFactor>0.5</fudgeFactor>
      <springStiffness>10</springStiffness><springReference>0.3</springReference>
      <sensor name="ft" type="force_torque"/></gazebo>)")));
  const std::vector<std::string> j = {"model", "joint@j"};
  auto at = [&](std::vector<std::string> rest) {
    std::vector<std::string> p = j;
    p.insert(p.end(), rest.begin(), rest.end());
    return p;
  };
  EXPECT_EQ(Text(at({"physics", "provide_feedback"})), "true");
  EXPECT_FALSE(Has(at({"physics", "ode", "provide_feedback"})));  // not 1.8
  EXPECT_EQ(Text(at({"physics", "ode", "implicit_spring_damper"})), "true");
  EXPECT_EQ(Text(at({"physics", "ode", "limit", "cfm"})), "0.1");
  EXPECT_EQ(Text(at({"physics", "ode", "limit", "erp"})), "0.2");
  EXPECT_EQ(Text(at({"physics", "ode", "fudge_factor"})), "0.5");
  EXPECT_EQ(Text(at({"axis", "dynamics", "spring_stiffness"})), "10");
  EXPECT_EQ(Text(at({"axis", "dynamics", "spring_reference"})), "0.3");
  EXPECT_TRUE(Has(at({"sensor@ft"})));
}

TEST_F(GazeboTest, RobotSettings) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo><static>true</static>
      <plugin name="ros" filename="libros.so"/></gazebo>)")));
  EXPECT_EQ(Text({"model", "static"}), "true");
  EXPECT_TRUE(Has({"model", "plugin@ros"}));
}

TEST_F(GazeboTest, UnknownReferenceIsKeptWithAWarning) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo reference="nope"><mu1>1</mu1></gazebo>)")));
  EXPECT_EQ(Attr({"model", "urdf:gazebo"}, "reference"), "nope");
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 5);
}

TEST_F(GazeboTest, MalformedNumberIsAWarning) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo reference="a"><mu1>lots</mu1></gazebo>)")));
  EXPECT_FALSE(Has({"model", "link@a", "collision@c", "surface"}));
  TakeWarning(Code::kValueInvalid);
}

// //max_contacts is an int: 0.25 would make the SDFormat invalid.
TEST_F(GazeboTest, NonIntegerMaxContactsIsAWarning) {
  ASSERT_TRUE(Convert(
      Robot(R"(<gazebo reference="a"><maxContacts>0.25</maxContacts>
      <mu1>0.5</mu1></gazebo>)")));
  EXPECT_FALSE(Has({"model", "link@a", "collision@c", "max_contacts"}));
  EXPECT_EQ(Text({"model", "link@a", "collision@c", "surface", "friction",
                  "ode", "mu"}),
            "0.5");
  EXPECT_NE(TakeWarning(Code::kValueInvalid).message.find("an integer"),
            std::string::npos);
}

TEST_F(GazeboTest, SettingsWithNothingToApplyToAreKept) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo reference="b"><mu1>1</mu1></gazebo>)")));
  EXPECT_EQ(Text({"model", "urdf:gazebo", "mu1"}), "1");
  TakeWarning(Code::kElementInvalid);
}

TEST_F(GazeboTest, FrameContentMovesToItsBodyRelativeToTheFrame) {
  ASSERT_TRUE(Convert(Robot(R"(<link name="tool0"/>
      <joint name="f" type="fixed"><parent link="a"/><child link="tool0"/></joint>
      <gazebo reference="tool0"><sensor name="s" type="contact"/>
        <gravity>false</gravity></gazebo>)")));
  EXPECT_EQ(Attr({"model", "link@a", "sensor@s", "pose"}, "relative_to"),
            "tool0");
  EXPECT_EQ(Text({"model", "urdf:gazebo", "gravity"}), "false");
  TakeWarning(Code::kElementInvalid);
}

TEST_F(GazeboTest, NamedContentKeepsSiblingNamesUnique) {
  ASSERT_TRUE(Convert(Robot(R"(<gazebo><joint name="j" type="fixed">
      <parent>a</parent><child>b</child></joint></gazebo>)")));
  EXPECT_EQ(Attr({"model", "joint@j_joint"}, "urdf:name"), "j");
  // Not a URDF joint: the export writes it back into a <gazebo> block.
  EXPECT_EQ(Attr({"model", "joint@j_joint"}, "urdf:kind"), "gazebo");
  EXPECT_FALSE(Attr({"model", "joint@j"}, "urdf:kind"));
  TakeWarning(Code::kDuplicateName);
}

TEST_F(GazeboTest, NamespacedContentIsDeclared) {
  ASSERT_TRUE(ConvertText(
      "<robot name=\"r\" xmlns:sensor=\"http://s\">\n" +
      Robot(R"(<gazebo reference="a"><sensor:contact><x/></sensor:contact></gazebo>)") +
      "</robot>"));
  EXPECT_TRUE(Has({"model", "link@a", "sensor:contact", "x"}));
  EXPECT_NE(sdf_.find("xmlns:sensor=\"http://s\""), std::string::npos);
}

// libsdformat 12 refuses '::' in the `name` of any element of a 1.8 file,
// except inside <plugin> and namespaced elements (parser.cc,
// recursiveSiblingNoDoubleColonInNames): nested content is renamed, unique
// among its named siblings, and urdf:name keeps what the URDF wrote.
TEST_F(GazeboTest, DoubleColonInNestedNamesIsRepairedOutsidePlugins) {
  ASSERT_TRUE(ConvertText(
      "<robot name=\"r\" xmlns:c=\"urn:c\">\n" +
      Robot(R"(<gazebo reference="a"><sensor name="ft" type="force_torque">
        <api name="ati::Ati"/><api name="ati_Ati"/>
        <plugin name="gz::sim::P" filename="p"><y name="p::q"/></plugin>
        <c:x name="c::d"/></sensor>
        <collision><surface><z name="s::t"/></surface></collision></gazebo>
      <gazebo><plugin name="gz::sim::systems::JointStatePublisher"
        filename="j"/></gazebo>)") +
      "</robot>"));
  const std::vector<std::string> ft = {"model", "link@a", "sensor@ft"};
  auto under = [&](std::vector<std::string> base,
                   const std::vector<std::string>& rest) {
    base.insert(base.end(), rest.begin(), rest.end());
    return base;
  };
  // `ati_Ati` is a sibling's: the repair takes the next free variant.
  EXPECT_EQ(Attr(under(ft, {"api@ati_Ati_api"}), "urdf:name"), "ati::Ati");
  EXPECT_FALSE(Attr(under(ft, {"api@ati_Ati"}), "urdf:name"));
  EXPECT_TRUE(Has(under(ft, {"plugin@gz::sim::P", "y@p::q"})));
  EXPECT_TRUE(Has(under(ft, {"c:x@c::d"})));
  EXPECT_EQ(Attr({"model", "link@a", "collision@c", "surface", "z@s_t"},
                 "urdf:name"),
            "s::t");
  EXPECT_TRUE(Has({"model", "plugin@gz::sim::systems::JointStatePublisher"}));
  EXPECT_EQ(TakeWarning(Code::kReservedName).source.line, 6);
  EXPECT_EQ(TakeWarning(Code::kReservedName).source.line, 9);
  // <api> and <z> are not SDFormat: the reader says they are ignored.
  for (int i = 0; i < 3; ++i) TakeWarning(Code::kElementUnknown);
}

}  // namespace
}  // namespace sdfconv
