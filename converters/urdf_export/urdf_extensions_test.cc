// The `urdf:` content and <gazebo> blocks the URDF back end writes, on small
// inline models: each mapping's result is read back (urdfdom, or the URDF
// front end) and its values asserted.
#include <cstdlib>
#include <fstream>
#include <map>
#include <optional>
#include <string>

#include <gtest/gtest.h>
#include <urdf_parser/urdf_parser.h>

#include "converters/registry.h"
#include "converters/urdf/gazebo_settings.h"
#include "converters/urdf/urdf_to_sdf.h"
#include "converters/urdf_export/urdf_writer.h"
#include "converters/xml/xml_sources.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

// SDF text -> URDF text (empty when refused).
std::string Export(const std::string& sdf) {
  Diagnostics diags;
  XmlSources sources;
  auto doc = ReadString(sdf, "t.sdf", &diags, {}, &sources);
  if (!doc || diags.HasErrors()) return "";
  const FrameGraph graph = BuildFrameGraph(*doc, &diags);
  UrdfExportOptions options;
  options.sources = &sources;
  return WriteUrdf(*doc, graph, ResolveAll(*doc, graph), options, &diags)
      .value_or("");
}

std::string RoundTrip(const std::string& urdf) {
  Diagnostics diags;
  auto xml = XmlTree::Parse(urdf, "t.urdf", &diags);
  auto sdf = UrdfToSdf(*xml, {}, &diags);
  return sdf ? Export(*sdf) : "";
}

TEST(UrdfExtensions, JointContentRenamedJointAndFloatingJoint) {
  // Joint `b` is named like a link: the SDF renames it b_joint, keeping
  // urdf:name="b"; the export restores `b`, and the mimic still names it.
  const std::string out = RoundTrip(R"(<robot name="r">
    <link name="a"><inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
    <link name="b"><inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
    <link name="c"><inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
    <link name="d"/>
    <joint name="b" type="revolute"><parent link="a"/><child link="b"/>
      <limit lower="-1" upper="1" effort="2" velocity="3"/>
      <safety_controller soft_lower_limit="-0.5" soft_upper_limit="0.5"
        k_position="10" k_velocity="20"/>
      <calibration rising="0.25"/></joint>
    <joint name="m" type="revolute"><parent link="b"/><child link="c"/>
      <origin xyz="0 0 1"/>
      <limit lower="-1" upper="1" effort="2" velocity="3"/>
      <mimic joint="b" multiplier="2" offset="0.5"/></joint>
    <joint name="f" type="floating"><parent link="a"/><child link="d"/>
      <origin xyz="1 2 3" rpy="0 0 0.5"/></joint>
    <transmission name="t"><type>x</type><joint name="b"/></transmission>
  </robot>)");
  ASSERT_FALSE(out.empty());
  const urdf::ModelInterfaceSharedPtr m = urdf::parseURDF(out);
  ASSERT_TRUE(m) << out;
  ASSERT_TRUE(m->getJoint("b"));
  ASSERT_TRUE(m->getJoint("b")->safety);
  EXPECT_EQ(m->getJoint("b")->safety->k_velocity, 20);
  ASSERT_TRUE(m->getJoint("b")->calibration);
  EXPECT_EQ(*m->getJoint("b")->calibration->rising, 0.25);
  ASSERT_TRUE(m->getJoint("m")->mimic);
  EXPECT_EQ(m->getJoint("m")->mimic->joint_name, "b");
  EXPECT_EQ(m->getJoint("m")->mimic->multiplier, 2);
  const urdf::JointConstSharedPtr f = m->getJoint("f");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->type, urdf::Joint::FLOATING);
  EXPECT_NEAR(f->parent_to_joint_origin_transform.position.y, 2, 1e-12);
  EXPECT_NE(out.find("<transmission name=\"t\">"), std::string::npos);
  EXPECT_NE(out.find("<joint name=\"b\"/>"), std::string::npos) << out;
}

TEST(UrdfExtensions, MasslessFixedLinkStaysALinkWithItsVisual) {
  const std::string out = RoundTrip(R"(<robot name="r">
    <link name="a"><inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
    <link name="tool"><visual><origin xyz="0 0 0.25"/>
      <geometry><sphere radius="0.5"/></geometry></visual></link>
    <joint name="fix" type="fixed"><parent link="a"/><child link="tool"/>
      <origin xyz="1 0 0"/></joint>
    <gazebo reference="tool"><sensor name="s" type="imu">
      <pose>0 0 0.1 0 0 0</pose></sensor></gazebo>
  </robot>)");
  const urdf::ModelInterfaceSharedPtr m = urdf::parseURDF(out);
  ASSERT_TRUE(m) << out;
  ASSERT_TRUE(m->getJoint("fix"));
  EXPECT_EQ(m->getJoint("fix")->parent_link_name, "a");
  ASSERT_EQ(m->getLink("tool")->visual_array.size(), 1u);
  EXPECT_NEAR(m->getLink("tool")->visual_array[0]->origin.position.z, 0.25,
              1e-12);
  // The sensor moved to body `a` relative to frame `tool` comes back to
  // `tool`, its pose as written.
  EXPECT_NE(out.find("<gazebo reference=\"tool\">\n    <sensor name=\"s\" "
                     "type=\"imu\">\n      <pose>0 0 0.1 0 0 0</pose>"),
            std::string::npos)
      << out;
}

// A URDF link with a unit inertia and `content`.
std::string Body(const std::string& name, const std::string& content = "") {
  return "<link name=\"" + name + "\"><inertial><mass value=\"1\"/><inertia "
         "ixx=\"1\" ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/>"
         "</inertial>" + content + "</link>\n";
}

// Fails, printing `text`, unless `text` holds `part`.
void ExpectHas(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << part << "\n" << text;
}

// URDF text -> the SDF text the import writes (empty when refused).
std::string Import(const std::string& urdf) {
  Diagnostics diags;
  const auto xml = XmlTree::Parse(urdf, "t.urdf", &diags);
  return xml ? UrdfToSdf(*xml, {}, &diags).value_or("") : "";
}

// `text` written to the file `file` in the test's temporary folder; its path.
std::string WriteTemp(const std::string& text, const std::string& file) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  const std::string path =
      std::string(tmp != nullptr ? tmp : "/tmp") + "/" + file;
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

// libsdformat 12's verdict on SDF text (written to a file it loads).
testing::OracleResult Oracle(const std::string& sdf, const std::string& name) {
  return testing::LoadWithSdformat(WriteTemp(sdf, name + ".sdf"));
}

// Custom content whose names hold '::' (Valkyrie's <api name="pkg::Class">
// inside a <gazebo> sensor, Gazebo plugin class names): the SDF the import
// writes loads in libsdformat 12 without error, and the URDF export writes
// every such attribute back byte for byte.
TEST(UrdfExtensions, DoubleColonNamesLoadInLibsdformatAndComeBack) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const std::string gazebo = R"(<gazebo reference="a">
      <sensor name="ft" type="force_torque">
        <api name="ati_sensor_interface::ATISensorInterface"/>
        <plugin name="gz::sim::systems::ForceTorque" filename="f">
          <y name="p::q"/></plugin></sensor>
      <collision><surface><z name="s::t"/></surface></collision></gazebo>
    <gazebo><plugin name="gz::sim::systems::JointStatePublisher"
      filename="gz-sim-joint-state-publisher-system"/></gazebo>)";
  const std::string urdf = R"(<robot name="r">
    <link name="a"><inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
      <collision><geometry><sphere radius="1"/></geometry></collision></link>
    )" + gazebo + "</robot>";
  const std::string sdf = Import(urdf);
  const testing::OracleResult imported = Oracle(sdf, "imported");
  EXPECT_TRUE(imported.valid) << sdf << imported.diagnostics;
  EXPECT_TRUE(imported.errors.empty());
  // The same SDF with the URDF's name as written is refused: the check
  // above can fail.
  std::string as_written = sdf;
  const std::string repaired = "name=\"ati_sensor_interface_ATISensorInterface\"";
  const size_t at = as_written.find(repaired);
  ASSERT_NE(at, std::string::npos) << sdf;
  as_written.replace(at, repaired.size(),
                     "name=\"ati_sensor_interface::ATISensorInterface\"");
  const testing::OracleResult refused = Oracle(as_written, "as_written");
  ASSERT_FALSE(refused.errors.empty());
  EXPECT_EQ(refused.errors.front().code, "RESERVED_NAME");

  const std::string out = Export(sdf);
  for (const char* attribute :
       {"<api name=\"ati_sensor_interface::ATISensorInterface\"/>",
        "<plugin name=\"gz::sim::systems::ForceTorque\" filename=\"f\">",
        "<y name=\"p::q\"/>", "<z name=\"s::t\"/>",
        "<plugin name=\"gz::sim::systems::JointStatePublisher\" "
        "filename=\"gz-sim-joint-state-publisher-system\"/>"}) {
    ExpectHas(out, attribute);
  }
  EXPECT_EQ(out.find("urdf:name"), std::string::npos) << out;
  EXPECT_EQ(out.find("ati_sensor_interface_ATISensorInterface"),
            std::string::npos)
      << out;
}

// A negative URDF effort / velocity (eve_r3 writes -1.0: "unlimited") is
// SDFormat's "unlimited" too; the export writes the URDF's text back, not
// the default it writes for plain SDF (1e16). A value edited in the SDF
// wins.
TEST(UrdfExtensions, NegativeEffortAndVelocityComeBackAsWritten) {
  const std::string urdf = R"(<robot name="r">
)" + Body("a") + Body("b") + Body("c") + R"(
    <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
      <limit lower="-1.0472" upper="1.0472" effort="-1.0" velocity="-1.0"/></joint>
    <joint name="k" type="continuous"><parent link="b"/><child link="c"/>
      <limit effort="-2" velocity="3"/></joint>
  </robot>)";
  const std::string sdf = Import(urdf);
  ExpectHas(sdf, "<effort>-1</effort>");
  const std::string out = Export(sdf);
  ExpectHas(out, "<limit lower=\"-1.0472\" upper=\"1.0472\" "
                 "effort=\"-1.0\" velocity=\"-1.0\"/>");
  ExpectHas(out, "<limit effort=\"-2\" velocity=\"3\"/>");
  std::string edited = sdf;
  const size_t at = edited.find("<effort>-1</effort>");
  edited.replace(at, std::string("<effort>-1</effort>").size(),
                 "<effort>5</effort>");
  ExpectHas(Export(edited), "effort=\"5\" velocity=\"-1.0\"");
}

// A visual and a collision of one link may share a name in URDF, not in
// SDFormat: the import renames the collision, and the export writes the
// URDF name back.
TEST(UrdfExtensions, RenamedCollisionGetsItsUrdfNameBack) {
  const std::string out = RoundTrip(R"(<robot name="r">
    <link name="a"><inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
      <visual name="shell"><geometry><sphere radius="1"/></geometry></visual>
      <collision name="shell"><geometry><sphere radius="1"/></geometry>
      </collision></link></robot>)");
  ExpectHas(out, "<visual name=\"shell\">");
  ExpectHas(out, "<collision name=\"shell\">");
}

// A <gazebo><visual> block's content goes into every visual of the link
// (Baxter's screen plugin); the export writes it back as one block.
TEST(UrdfExtensions, GazeboVisualContentComesBack) {
  const std::string out = RoundTrip(R"(<robot name="r">
    <link name="a"><inertial><mass value="1"/>
      <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
      <visual><geometry><sphere radius="1"/></geometry></visual>
      <visual><geometry><box size="1 1 1"/></geometry></visual></link>
    <gazebo reference="a"><visual><transparency>0.5</transparency>
      <plugin name="screen" filename="libv.so"><h>600</h></plugin></visual>
    </gazebo></robot>)");
  ExpectHas(out,
            "<gazebo reference=\"a\">\n    <visual>\n"
            "      <transparency>0.5</transparency>\n"
            "      <plugin name=\"screen\" filename=\"libv.so\">\n"
            "        <h>600</h>\n      </plugin>\n    </visual>\n"
            "  </gazebo>");
}

// A robot-level <gazebo> block's SDF joint (PR2's gripper joints close a
// kinematic loop for Gazebo) is simulator content: the export writes it
// back into a robot-level <gazebo> block, with its URDF name, and the URDF
// tree stays the URDF's.
TEST(UrdfExtensions, GazeboJointGoesBackToItsBlock) {
  const std::string out = RoundTrip(R"(<robot name="r">
)" + Body("a") + Body("b") + Body("c") + R"(
    <joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint>
    <joint name="k" type="continuous"><parent link="a"/><child link="c"/></joint>
    <gazebo><joint name="j" type="prismatic"><parent>b</parent>
      <child>c</child><axis><xyz>0 1 0</xyz></axis></joint>
      <controller:p3d xmlns:controller="urn:c" name="p"/></gazebo>
    <drake:thing xmlns:drake="urn:d" name="t"/>
  </robot>)");
  const urdf::ModelInterfaceSharedPtr m = urdf::parseURDF(out);
  ASSERT_TRUE(m) << out;
  EXPECT_EQ(m->joints_.size(), 2u);
  EXPECT_EQ(m->getJoint("j")->type, urdf::Joint::CONTINUOUS);
  EXPECT_EQ(m->getJoint("k")->child_link_name, "c");
  ExpectHas(out, "<gazebo>\n    <joint name=\"j\" type=\"prismatic\">\n"
                 "      <parent>b</parent>");
  // Namespaced content of the block goes back into it; the URDF's own
  // namespaced elements stay at robot level.
  ExpectHas(out, "    </joint>\n    <controller:p3d name=\"p\"/>\n  </gazebo>");
  ExpectHas(out, "\n  <drake:thing name=\"t\"/>\n");
}

// A URDF revolute joint with lower/upper beyond 1e16 (iris.urdf, written
// from an SDF) is "unbounded" to SDFormat; the export, which writes an
// unbounded SDF revolute joint as continuous, keeps it revolute with the
// URDF's numbers as written.
TEST(UrdfExtensions, UnboundedRevoluteStaysRevolute) {
  const std::string out = RoundTrip(R"(<robot name="r">)" + Body("a") +
                                    Body("b") + R"(
    <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
      <limit lower="-1e+16" upper="1e+16" effort="1" velocity="2"/></joint>
  </robot>)");
  ExpectHas(out, "<joint name=\"j\" type=\"revolute\">");
  ExpectHas(out, "<limit lower=\"-1e+16\" upper=\"1e+16\" effort=\"1\" "
                 "velocity=\"2\"/>");
}

// Every setting of the one table (gazebo_settings.h) that the import and
// the export both read comes back from URDF -> SDFormat -> URDF as written.
TEST(GazeboBlocks, EverySettingOfTheTableRoundTrips) {
  const auto value = [](GazeboValueKind kind) {
    return kind == GazeboValueKind::kBool      ? std::string("true")
           : kind == GazeboValueKind::kVector3 ? std::string("0 1 0")
           : kind == GazeboValueKind::kInteger ? std::string("7")
                                               : std::string("0.25");
  };
  std::string link_settings, joint_settings;
  const auto add = [&](const GazeboSetting& s, std::string* to) {
    *to += "<" + std::string(s.tag) + ">" + value(s.kind) + "</" +
           std::string(s.tag) + ">";
  };
  for (const GazeboSetting& s : kGazeboCollisionSettings) {
    add(s, &link_settings);
  }
  for (const GazeboSetting& s : kGazeboLinkSettings) add(s, &link_settings);
  for (const GazeboSetting& s : kGazeboJointSettings) add(s, &joint_settings);
  const std::string out = RoundTrip(R"(<robot name="r">
    <link name="a"><inertial><mass value="1"/>
      <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    </link>
    <link name="b"><inertial><mass value="1"/>
      <inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
      <collision><geometry><sphere radius="1"/></geometry></collision>
    </link>
    <joint name="j" type="revolute"><parent link="a"/><child link="b"/>
      <axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/>
    </joint>
    <gazebo reference="b">)" + link_settings + R"(</gazebo>
    <gazebo reference="j">)" + joint_settings + R"(</gazebo>
  </robot>)");
  ASSERT_FALSE(out.empty());
  Diagnostics diags;
  const auto xml = XmlTree::Parse(out, "out.urdf", &diags);
  ASSERT_TRUE(xml) << out;
  std::map<std::string, std::map<std::string, std::string>> back;
  for (XmlElement g = FirstChildElement(RootElement(*xml), "gazebo"); g;
       g = NextSiblingElement(g, "gazebo")) {
    const std::string ref = Attribute(g, "reference").value_or("");
    for (XmlElement c : ChildElements(g))
      back[ref][std::string(Tag(c))] = Text(c);
  }
  const auto expect = [&](const std::string& ref, const GazeboSetting& s) {
    EXPECT_EQ(back[ref][std::string(s.tag)], value(s.kind))
        << s.tag << " of " << ref << "\n" << out;
  };
  for (const GazeboSetting& s : kGazeboCollisionSettings) expect("b", s);
  for (const GazeboSetting& s : kGazeboLinkSettings) expect("b", s);
  for (const GazeboSetting& s : kGazeboJointSettings) expect("j", s);
}

TEST(GazeboBlocks, PlainSdfSensorSurfaceAndPlugin) {
  // Link `b`'s SDF frame is 0.5 above its joint frame: the sensor pose is
  // re-expressed in the joint (URDF link) frame.
  const std::string out = Export(R"(<sdf version="1.8"><model name="m">
    <plugin name="p" filename="libp.so"><k>1</k></plugin>
    <link name="a"/>
    <link name="b"><pose>0 0 1.5 0 0 0</pose>
      <self_collide>true</self_collide>
      <collision name="c"><geometry><sphere><radius>1</radius></sphere>
        </geometry><surface><friction><ode><mu>0.3</mu><mu2>0.4</mu2></ode>
        </friction></surface></collision>
      <sensor name="cam" type="camera"><pose>0 0 0.25 0 0 0</pose></sensor>
    </link>
    <joint name="j" type="revolute"><pose>0 0 -0.5 0 0 0</pose>
      <parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz></axis>
      <physics><provide_feedback>true</provide_feedback>
        <ode><provide_feedback>true</provide_feedback></ode></physics></joint>
  </model></sdf>)");
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(urdf::parseURDF(out)) << out;
  EXPECT_NE(out.find("<gazebo reference=\"b\">\n    <mu1>0.3</mu1>\n"
                     "    <mu2>0.4</mu2>\n    <selfCollide>true</selfCollide>\n"
                     "    <sensor name=\"cam\" type=\"camera\">\n"
                     "      <pose>0 0 0.75 0 0 0</pose>"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("<gazebo reference=\"j\">\n    <provideFeedback>true"
                     "</provideFeedback>\n  </gazebo>"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("<gazebo>\n    <plugin name=\"p\" filename=\"libp.so\">"),
            std::string::npos)
      << out;
  EXPECT_EQ(out.find("urdf:"), std::string::npos);
}

// Where each sensor and light of an SDF text is: the link it moves with
// and its world pose (zero joint positions).
struct Placement {
  std::string link;
  Pose X_W;
};
std::map<std::string, Placement> Placements(const std::string& sdf) {
  std::map<std::string, Placement> out;
  Diagnostics diags;
  auto doc = ReadString(sdf, "t.sdf", &diags);
  if (!doc || diags.HasErrors()) return out;
  const FrameGraph graph = BuildFrameGraph(*doc, &diags);
  const Resolution r = ResolveAll(*doc, graph);
  for (ElementId e = 0; e < static_cast<ElementId>(doc->size()); ++e) {
    const ElementKind kind = doc->at(e).kind;
    if (kind != ElementKind::kSensor && kind != ElementKind::kLight) continue;
    const ElementId link = MovesWith(*doc, graph, e);
    out[doc->at(e).name] = {link >= 0 ? doc->at(link).name : "?", r.X_W[e]};
  }
  return out;
}

TEST(GazeboBlocks, SensorPosedOnAnotherLinkStaysOnItsOwn) {
  // Every sensor and light is on `arm`, posed relative to frames that move
  // with `base` (across joint j) or with `arm` (frame `tool`).
  const std::string sdf = R"(<sdf version="1.8"><model name="m">
    <link name="base"/>
    <frame name="mark" attached_to="base"><pose>0 0.2 0 0 0 0</pose></frame>
    <link name="arm"><pose>0 0 1 0 0 0</pose>
      <sensor name="imu" type="imu">
        <pose relative_to="base">0.1 0 0.2 0 0 0.3</pose></sensor>
      <sensor name="cam" type="camera">
        <pose relative_to="mark">0 0 0.5 0 0.2 0</pose></sensor>
      <light name="lamp" type="point">
        <pose relative_to="base">0 0.3 0.4 0 0 0</pose></light>
      <sensor name="tool_imu" type="imu">
        <pose relative_to="tool">0 0 0.1 0 0 0</pose></sensor>
    </link>
    <frame name="tool" attached_to="arm"><pose>0.5 0 0 0 0 0</pose></frame>
    <joint name="j" type="revolute"><pose>0 0 -0.5 0.2 0 0</pose>
      <parent>base</parent><child>arm</child><axis><xyz>1 0 0</xyz></axis>
    </joint>
  </model></sdf>)";
  const std::string out = Export(sdf);
  ASSERT_FALSE(out.empty());
  EXPECT_TRUE(urdf::parseURDF(out)) << out;
  EXPECT_EQ(out.find("<gazebo reference=\"base\">"), std::string::npos) << out;
  EXPECT_EQ(out.find("<gazebo reference=\"mark\">"), std::string::npos) << out;
  EXPECT_NE(out.find("<gazebo reference=\"tool\">\n    <sensor name=\"tool_imu\""
                     " type=\"imu\">\n      <pose>0 0 0.1 0 0 0</pose>"),
            std::string::npos)
      << out;
  // Imported again: each on the link it moved with, where it was.
  Diagnostics diags;
  auto xml = XmlTree::Parse(out, "t.urdf", &diags);
  ASSERT_TRUE(xml);
  const auto back = UrdfToSdf(*xml, {}, &diags);
  ASSERT_TRUE(back);
  const auto before = Placements(sdf);
  const auto after = Placements(*back);
  ASSERT_EQ(before.size(), 4u);
  for (const auto& [name, placed] : before) {
    EXPECT_EQ(placed.link, "arm") << name;
    ASSERT_TRUE(after.count(name)) << name << "\n" << *back;
    EXPECT_EQ(after.at(name).link, "arm") << name << "\n" << *back;
    EXPECT_LT(PoseDistance(after.at(name).X_W, placed.X_W), 1e-9) << name;
  }
}

// World poses of the links of an SDF (or, imported, URDF) text as sdfconv
// resolves them, by scoped name.
std::map<std::string, Pose> LinkPoses(const std::string& sdf) {
  Diagnostics diags;
  XmlSources sources;
  std::map<std::string, Pose> out;
  auto doc = ReadString(sdf, "t.sdf", &diags, {}, &sources);
  if (!doc || diags.HasErrors()) return out;
  const FrameGraph graph = BuildFrameGraph(*doc, &diags);
  const Resolution r = ResolveAll(*doc, graph);
  for (ElementId e = 0; e < static_cast<ElementId>(doc->size()); ++e) {
    if (doc->at(e).kind == ElementKind::kLink) {
      out[doc->ScopedName(e)] = r.X_W[e];
    }
  }
  return out;
}

// The same, as libsdformat 12 reads a URDF text (its URDF reader).
std::map<std::string, Pose> OracleLinkPoses(const std::string& urdf,
                                            const std::string& name) {
  const testing::OracleResult read = testing::LoadWithSdformatResolvingLoaded(
      WriteTemp(urdf, name + ".urdf"), {});
  std::map<std::string, Pose> out;
  for (const testing::OracleFrame& f : read.frames) {
    if (f.kind == "link") out[f.name] = f.X_WF;
  }
  return out;
}

// Every link of `expected` is in `got` at the same world pose (1e-9).
void ExpectSamePoses(const std::map<std::string, Pose>& expected,
                     const std::map<std::string, Pose>& got,
                     const std::string& what) {
  EXPECT_FALSE(expected.empty()) << what;
  for (const auto& [name, X] : expected) {
    ASSERT_TRUE(got.count(name)) << what << ": no link " << name;
    EXPECT_LT(PoseDistance(got.at(name), X), 1e-9) << what << ": " << name;
  }
}

// A URDF's robot-level <gazebo><pose> (iCub's models) is the model pose of
// the SDF the import writes, as libsdformat's URDF reader makes it; the
// export writes the model pose back there, as written, so URDF -> SDF ->
// URDF keeps the robot's placement, also with a `world` link (the world
// joint's origin stays the model's, not folded with the pose).
TEST(GazeboBlocks, RobotLevelPoseComesBack) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  for (const bool world : {false, true}) {
    SCOPED_TRACE(world ? "world link" : "free");
    const std::string urdf =
        std::string("<robot name=\"r\">\n") +
        (world ? "<link name=\"world\"/>\n<joint name=\"fix\" type=\"fixed\">"
                 "<parent link=\"world\"/><child link=\"base\"/></joint>\n"
               : "") +
        Body("base") + Body("arm") + R"(
    <joint name="j" type="revolute"><parent link="base"/><child link="arm"/>
      <origin xyz="0.1 0 0.2" rpy="0 0.5 0"/><axis xyz="0 1 0"/>
      <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
    <gazebo>
      <pose>0.0 0.0 0.63 0.0 0.0 3.14</pose>
    </gazebo>
  </robot>)";
    const std::string sdf = Import(urdf);
    ASSERT_FALSE(sdf.empty());
    ExpectHas(sdf, "<pose>0.0 0.0 0.63 0.0 0.0 3.14</pose>");
    Diagnostics diags;
    const std::string out = Export(sdf);
    ASSERT_FALSE(out.empty());
    ExpectHas(out, "  <gazebo>\n    <pose>0.0 0.0 0.63 0.0 0.0 3.14</pose>\n");
    if (world) {
      ExpectHas(out, "<joint name=\"fix\" type=\"fixed\">\n    <origin "
                     "xyz=\"0 0 0\" rpy=\"0 0 0\"/>");
    }
    const auto placed = LinkPoses(sdf);
    EXPECT_LT(PoseDistance(placed.at("r::base"),
                           PoseFromXyzRpy({0, 0, 0.63}, {0, 0, 3.14})),
              1e-15);
    ExpectSamePoses(placed, LinkPoses(Import(out)), "sdfconv, the export");
    const std::string name = world ? "robot_pose_world" : "robot_pose_free";
    const auto theirs = OracleLinkPoses(urdf, name + "_in");
    ExpectSamePoses(placed, theirs, "libsdformat, the input");
    ExpectSamePoses(placed, OracleLinkPoses(out, name + "_out"),
                    "libsdformat, the export");
  }
}

// An SDFormat model's pose that did not come from a URDF goes the same way:
// the robot-level <gazebo><pose> is where the URDF's root frame is (the
// root link's world pose; for a `world` root the model frame), and
// libsdformat and sdfconv reading the URDF put every link where the SDF
// has it.
TEST(GazeboBlocks, ModelPoseIsTheRobotLevelPose) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  // With masses: libsdformat's URDF reader leaves out massless links.
  const std::string mass = "<inertial><mass>1</mass></inertial>";
  const std::string links = R"(
    <link name="base"><pose>0 0.5 0 0 0 0.3</pose>)" + mass + R"(</link>
    <link name="arm"><pose>1 0.5 0 0.2 0 0</pose>)" + mass + R"(</link>
    <joint name="j" type="revolute"><parent>base</parent><child>arm</child>
      <axis><xyz>1 0 0</xyz><limit><lower>-1</lower><upper>1</upper>
      <effort>1</effort><velocity>1</velocity></limit></axis></joint>)";
  for (const std::string fixed :
       {std::string(), std::string("<joint name=\"bolt\" type=\"fixed\">"
                                   "<parent>world</parent><child>base</child>"
                                   "</joint>")}) {
    SCOPED_TRACE(fixed.empty() ? "free" : "fixed to the world");
    const std::string sdf = "<sdf version=\"1.8\"><model name=\"m\">"
                            "<pose>1 2 3 0.1 0.2 0.3</pose>" +
                            links + fixed + "</model></sdf>";
    const std::string out = Export(sdf);
    ASSERT_FALSE(out.empty());
    ExpectHas(out, "  <gazebo>\n    <pose>");
    const auto placed = LinkPoses(sdf);
    ExpectSamePoses(placed, LinkPoses(Import(out)), "sdfconv");
    ExpectSamePoses(placed,
                    OracleLinkPoses(out, fixed.empty() ? "model_pose_free"
                                                       : "model_pose_fixed"),
                    "libsdformat");
    if (!fixed.empty()) {  // the model frame: the model's <pose> as written
      ExpectHas(out, "<pose>1 2 3 0.1 0.2 0.3</pose>");
    }
  }
  // The root link at the world origin: nothing to write.
  const std::string still = Export(
      "<sdf version=\"1.8\"><model name=\"m\"><link name=\"base\">" + mass +
      "</link></model></sdf>");
  ASSERT_FALSE(still.empty());
  EXPECT_EQ(still.find("<gazebo>"), std::string::npos) << still;
}

}  // namespace
}  // namespace sdfconv
