// Tests of the URDF back end: each output is parsed back with urdfdom and its
// forward kinematics at zero joint positions compared with the flat back
// end's world poses (links, joints, frames, visuals, collisions, inertials,
// axes) within 1e-9; then the same over the corpus (testing/corpus.h:
// skipped when absent, failed when incomplete).
#include "converters/urdf_export/urdf_writer.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <urdf_parser/urdf_parser.h>

#include "converters/flat/flat_writer.h"
#include "converters/urdf_export/urdf_export_test_support.h"
#include "converters/registry.h"
#include "converters/xml/xml_sources.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

constexpr char kArm[] = R"(<sdf version="1.8">
<model name="arm">
  <pose>1 2 3 0.1 0.2 0.3</pose>
  <link name="base">
    <inertial><pose>0 0 0.1 0 0 0</pose><mass>2</mass></inertial>
    <visual name="v"><pose>0.1 0 0 0 0 1</pose>
      <geometry><box><size>1 2 0.1</size></box></geometry>
      <material><diffuse>1 0 0 1</diffuse></material></visual>
    <collision name="c"><geometry><mesh><uri>model://arm/meshes/base.dae</uri>
      <scale>2 2 2</scale></mesh></geometry></collision>
  </link>
  <link name="upper"><pose>0 0 1 0.5 0 0</pose>
    <inertial><pose>0.2 0 0 0 0.3 0</pose><mass>1</mass></inertial>
    <visual name="v"><geometry><cylinder><radius>0.1</radius>
      <length>1</length></cylinder></geometry></visual>
  </link>
  <link name="fore"><pose relative_to="upper">0 0 1 0 0 0</pose>
    <collision name="c"><geometry><sphere><radius>0.1</radius></sphere>
      </geometry></collision></link>
  <joint name="shoulder" type="revolute">
    <pose>0.3 0 0 0 0.7 0</pose>
    <parent>base</parent><child>upper</child>
    <axis><xyz expressed_in="__model__">0 1 0</xyz>
      <limit><lower>-1</lower><upper>1</upper><effort>10</effort></limit>
      <dynamics><damping>0.5</damping></dynamics></axis>
  </joint>
  <joint name="elbow" type="revolute">
    <parent>upper</parent><child>fore</child>
    <axis><xyz>1 0 0</xyz></axis>
  </joint>
  <frame name="tool" attached_to="fore"><pose>0 0 0.5 0 0 0</pose></frame>
</model></sdf>)";

TEST(UrdfWriter, ArmMatchesFlatPoses) {
  Exported e = Export(kArm);
  ExpectFk(e);
  const std::string& u = *e.urdf;
  EXPECT_NE(u.find("<joint name=\"shoulder\" type=\"revolute\">"),
            std::string::npos);
  EXPECT_NE(u.find("<joint name=\"elbow\" type=\"continuous\">"),
            std::string::npos);
  EXPECT_NE(u.find("effort=\"10\" velocity=\"1e+16\""), std::string::npos);
  EXPECT_NE(u.find("package://arm/meshes/base.dae"), std::string::npos);
  EXPECT_NE(u.find("scale=\"2 2 2\""), std::string::npos);
  EXPECT_NE(u.find("<color rgba=\"1 0 0 1\"/>"), std::string::npos);
  EXPECT_NE(u.find("<link name=\"tool\">"), std::string::npos);
  EXPECT_NE(u.find("<dynamics damping=\"0.5\" friction=\"0\"/>"),
            std::string::npos);
  // The free model's pose, its root link at the model frame: the
  // robot-level <gazebo><pose>, as written (ExpectFk places the root there).
  EXPECT_NE(u.find("  <gazebo>\n    <pose>1 2 3 0.1 0.2 0.3</pose>\n  "
                   "</gazebo>\n"),
            std::string::npos)
      << u;
  EXPECT_EQ(e.diags.size(), 0u);
}

// A file holding a lone light or actor has no model: a clear refusal.
TEST(UrdfWriter, ALoneLightOrActorIsRefused) {
  for (const char* top : {"<light name='sun' type='directional'/>",
                          "<actor name='walker'/>"}) {
    Exported e = Export(std::string("<sdf version='1.8'>") + top + "</sdf>");
    EXPECT_FALSE(e.urdf);
    EXPECT_EQ(FirstErrorCode(e.diags), Code::kUrdfExportUnsupported);
    EXPECT_NE(FirstError(e.diags).find("and no model"), std::string::npos)
        << FirstError(e.diags);
  }
}

TEST(UrdfWriter, FramesCanBeDropped) {
  UrdfExportOptions options;
  options.frames = UrdfFrames::kDrop;
  Exported e = Export(kArm, options);
  ExpectFk(e, options);
  EXPECT_EQ(e.urdf->find("tool"), std::string::npos);
}

TEST(UrdfWriter, MeshUriKeep) {
  UrdfExportOptions options;
  options.mesh_uri = UrdfMeshUri::kKeep;
  Exported e = Export(kArm, options);
  EXPECT_NE(e.urdf->find("model://arm/meshes/base.dae"), std::string::npos);
}

TEST(UrdfWriter, WorldJointGivesWorldLinkAndKeepsModelPose) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <pose>1 0 0 0 0 1.5</pose>
    <link name="a"><pose>0 1 0 0 0 0</pose></link>
    <link name="b"><pose>0 0 1 0 0 0</pose></link>
    <joint name="fix" type="fixed"><parent>world</parent><child>a</child></joint>
    <joint name="slide" type="prismatic"><pose>0.5 0 0 0 0 0</pose>
      <parent>a</parent><child>b</child>
      <axis><xyz>0 0 1</xyz><limit><lower>0</lower><upper>2</upper>
      <effort>1</effort><velocity>3</velocity></limit></axis></joint>
  </model></sdf>)");
  ExpectFk(e);
  EXPECT_NE(e.urdf->find("<link name=\"world\">"), std::string::npos);
  EXPECT_NE(e.urdf->find("lower=\"0\" upper=\"2\" effort=\"1\" velocity=\"3\""),
            std::string::npos);
  EXPECT_EQ(e.diags.size(), 0u);
}

TEST(UrdfWriter, WorldLevelJointsToTheModelAreWorldJoints) {
  // SDFormat 1.8 //world/joint: from the world to the exported model is a
  // joint from the URDF world link; to another model is left out, warned.
  UrdfExportOptions options;
  options.model = "m";
  Exported e = Export(R"(<sdf version="1.8"><world name="w">
    <model name="m"><pose>1 0 0 0 0 1.5</pose>
      <link name="a"><pose>0 1 0 0 0 0</pose></link></model>
    <model name="other"><link name="x"/></model>
    <joint name="bolt" type="fixed"><parent>world</parent><child>m::a</child></joint>
    <joint name="tie" type="fixed"><parent>m::a</parent><child>other::x</child></joint>
  </world></sdf>)",
                      options);
  ExpectFk(e, options);
  ASSERT_TRUE(e.urdf);
  const auto model = urdf::parseURDF(*e.urdf);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getRoot()->name, "world");
  ASSERT_TRUE(model->getJoint("bolt"));
  EXPECT_EQ(model->getJoint("bolt")->child_link_name, "a");
  EXPECT_FALSE(model->getJoint("tie"));
  ASSERT_EQ(e.diags.size(), 1u);
  EXPECT_EQ(e.diags.items()[0].code, Code::kUrdfExportUnsupported);
  EXPECT_NE(e.diags.items()[0].message.find("'tie'"), std::string::npos);
}

TEST(UrdfWriter, NestedModelsFlattenWithSeparator) {
  const std::string sdf = R"(<sdf version="1.8"><model name="m">
    <link name="a"/>
    <model name="hand"><pose>1 0 0 0 0.3 0</pose>
      <link name="palm"><pose>0 0 1 0 0 0</pose>
        <visual name="v"><geometry><box><size>1 1 1</size></box></geometry>
        </visual></link></model>
    <joint name="wrist" type="continuous"><parent>a</parent>
      <child>hand::palm</child><axis><xyz>0 0 1</xyz></axis></joint>
  </model></sdf>)";
  Exported e = Export(sdf);
  ExpectFk(e);
  EXPECT_NE(e.urdf->find("<link name=\"hand/palm\">"), std::string::npos);
  UrdfExportOptions options;
  options.separator = "__";
  Exported f = Export(sdf, options);
  ExpectFk(f, options);
  EXPECT_NE(f.urdf->find("<link name=\"hand__palm\">"), std::string::npos);
}

TEST(UrdfWriter, LegacyAxisInParentModelFrame) {
  Exported e = Export(R"(<sdf version="1.6"><model name="m">
    <link name="a"><pose>0 0 0 0 0 0.7</pose></link>
    <link name="b"><pose>1 0 0 0.3 0 0</pose></link>
    <joint name="j" type="revolute"><pose>0 0.2 0 0 0.4 0</pose>
      <parent>a</parent><child>b</child>
      <axis><xyz>0 1 0</xyz><use_parent_model_frame>true</use_parent_model_frame>
      <limit><lower>-1</lower><upper>1</upper></limit></axis></joint>
  </model></sdf>)");
  ExpectFk(e);
}

TEST(UrdfWriter, StaticModelIsFixedToWorld) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <static>true</static><pose>0 0 1 0 0 0</pose>
    <link name="a"/><link name="b"><pose>1 0 0 0 0 0</pose></link>
  </model></sdf>)");
  ExpectFk(e);
  EXPECT_NE(e.urdf->find("a_fixed_to_world"), std::string::npos);
}

// A static model keeps its joints: its root link is fixed to the world
// (Gazebo keeps it from moving), the rest hangs from it as written, and its
// frames stay on their links.
constexpr char kStaticArm[] = R"(<sdf version="1.8"><model name="m">
    <static>true</static><pose>0 0 1 0 0 0.5</pose>
    <link name="base"/><link name="tip"><pose>1 0 0 0 0.3 0</pose></link>
    <joint name="j" type="revolute"><pose>0 0.1 0 0 0 0</pose>
      <parent>base</parent><child>tip</child>
      <axis><xyz>0 1 0</xyz><limit><lower>-1</lower><upper>1</upper></limit>
      </axis></joint>
    <frame name="f" attached_to="tip"><pose>0 0 0.5 0 0 0</pose></frame>
  </model></sdf>)";

TEST(UrdfWriter, StaticModelKeepsItsJoints) {
  Exported e = Export(kStaticArm);
  ExpectFk(e);
  EXPECT_FALSE(e.diags.HasErrors());
  const urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(*e.urdf);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getRoot()->name, "world");
  const auto fixed = model->getJoint("base_fixed_to_world");
  ASSERT_TRUE(fixed);
  EXPECT_EQ(fixed->type, urdf::Joint::FIXED);
  EXPECT_EQ(fixed->parent_link_name, "world");
  EXPECT_EQ(fixed->child_link_name, "base");
  const auto j = model->getJoint("j");
  ASSERT_TRUE(j);
  EXPECT_EQ(j->type, urdf::Joint::REVOLUTE);
  EXPECT_EQ(j->parent_link_name, "base");
  EXPECT_EQ(j->child_link_name, "tip");
  EXPECT_FALSE(model->getJoint("tip_fixed_to_world"));
  ASSERT_TRUE(model->getJoint("f_joint"));
  EXPECT_EQ(model->getJoint("f_joint")->parent_link_name, "tip");
  // URDF's world is the root: no other link can be.
  UrdfExportOptions options;
  options.root_link = "tip";
  Exported r = Export(kStaticArm, options);
  EXPECT_FALSE(r.urdf);
  EXPECT_EQ(FirstErrorCode(r.diags), Code::kUrdfExportUnsupported);
}

TEST(UrdfWriter, StaticNestedModelKeepsItsJoints) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <model name="s"><static>true</static><pose>0 1 0 0 0 0.3</pose>
      <link name="b"/><link name="c"><pose>0 0 1 0.2 0 0</pose></link>
      <joint name="j" type="prismatic"><parent>b</parent><child>c</child>
        <axis><xyz>0 0 1</xyz><limit><lower>0</lower><upper>1</upper></limit>
        </axis></joint>
      <frame name="f" attached_to="c"><pose>0.1 0 0 0 0 0</pose></frame>
    </model>
    <link name="a"><pose>1 0 0 0 0 0</pose></link>
    <joint name="mount" type="revolute"><parent>s::c</parent><child>a</child>
      <axis><xyz>1 0 0</xyz></axis></joint>
  </model></sdf>)");
  ExpectFk(e);
  const urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(*e.urdf);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getRoot()->name, "world");
  ASSERT_TRUE(model->getJoint("s/b_fixed_to_world"));
  EXPECT_EQ(model->getJoint("s/j")->type, urdf::Joint::PRISMATIC);
  EXPECT_EQ(model->getJoint("s/j")->parent_link_name, "s/b");
  EXPECT_EQ(model->getJoint("mount")->parent_link_name, "s/c");
  EXPECT_EQ(model->getJoint("s/f_joint")->parent_link_name, "s/c");
}

TEST(UrdfWriter, RefusesAStaticLinkAsChildOfAMovingOne) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/>
    <model name="s"><static>true</static><link name="b"/></model>
    <joint name="j" type="revolute"><parent>a</parent><child>s::b</child>
      <axis><xyz>1 0 0</xyz></axis></joint>
  </model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_EQ(FirstErrorCode(e.diags), Code::kUrdfExportNotTree);
  EXPECT_EQ(e.diags.items().at(0).source.path,
            "/sdf/model[@name=\"m\"]/joint[@name=\"j\"]");
}

TEST(UrdfWriter, IncludedStaticModelKeepsItsJoints) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "urdf_writer_static";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "arm.sdf") << R"(<sdf version="1.8"><model name="arm">
  <link name="base"/><link name="tip"><pose>0 0 1 0 0 0</pose></link>
  <joint name="j" type="revolute"><parent>base</parent><child>tip</child>
    <axis><xyz>0 1 0</xyz></axis></joint>
  <frame name="f" attached_to="tip"/>
</model></sdf>)";
  std::ofstream(dir / "cell.sdf") << R"(<sdf version="1.8"><model name="cell">
  <include><uri>arm.sdf</uri><name>a1</name><static>true</static>
    <pose>1 0 0 0 0 0.5</pose></include>
</model></sdf>)";
  Loaded in;
  ASSERT_TRUE(Load("", (dir / "cell.sdf").string(), &in))
      << FirstError(in.diags);
  Diagnostics diags;
  const auto urdf = WriteUrdf(*in.doc, in.graph, in.resolution,
                              WithSources(in), &diags);
  ASSERT_TRUE(urdf) << FirstError(diags);
  EXPECT_EQ(CompareFk(in, *urdf, "cell", "/"), "");
  const urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(*urdf);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getJoint("a1/base_fixed_to_world")->parent_link_name,
            "world");
  EXPECT_EQ(model->getJoint("a1/j")->type, urdf::Joint::CONTINUOUS);
  EXPECT_EQ(model->getJoint("a1/j")->child_link_name, "a1/tip");
  EXPECT_EQ(model->getJoint("a1/f_joint")->parent_link_name, "a1/tip");
}

TEST(UrdfWriter, RefusesLoop) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/><link name="c"/>
    <joint name="j1" type="fixed"><parent>a</parent><child>b</child></joint>
    <joint name="j2" type="fixed"><parent>b</parent><child>c</child></joint>
    <joint name="j4" type="fixed"><parent>c</parent><child>a</child></joint>
  </model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_EQ(FirstError(e.diags),
            "joint 'j4' closes a loop between 'c' and 'a'; URDF needs a tree");
  EXPECT_EQ(e.diags.items()[0].code, Code::kUrdfExportNotTree);
}

TEST(UrdfWriter, RefusesSecondParent) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/><link name="c"/>
    <joint name="j1" type="fixed"><parent>a</parent><child>c</child></joint>
    <joint name="j2" type="fixed"><parent>b</parent><child>c</child></joint>
  </model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_NE(FirstError(e.diags).find("'j2' makes link 'c' the child of a "
                                     "second joint ('j1')"),
            std::string::npos);
}

TEST(UrdfWriter, RefusesTwoRoots) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/></model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_NE(FirstError(e.diags).find("'a', 'b' are each a root"),
            std::string::npos);
}

TEST(UrdfWriter, RefusesBallJoint) {
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/>
    <joint name="j" type="ball"><parent>a</parent><child>b</child></joint>
  </model></sdf>)");
  EXPECT_FALSE(e.urdf);
  EXPECT_NE(FirstError(e.diags).find("'j' is of type 'ball'"),
            std::string::npos);
  EXPECT_NE(FirstError(e.diags).find("--approximate"), std::string::npos);
  EXPECT_EQ(FirstErrorCode(e.diags), Code::kUrdfExportUnsupported);
}

TEST(UrdfWriter, UnsupportedGeometrySkippedOrRefused) {
  const std::string sdf = R"(<sdf version="1.8"><model name="m">
    <link name="a"><collision name="c"><geometry><plane><normal>0 0 1</normal>
      <size>1 1</size></plane></geometry></collision></link>
  </model></sdf>)";
  Exported e = Export(sdf);
  ASSERT_TRUE(e.urdf);
  EXPECT_EQ(e.diags.items().at(0).severity, Severity::kWarning);
  UrdfExportOptions options;
  options.unsupported_geometry = UrdfUnsupportedGeometry::kRefuse;
  Exported f = Export(sdf, options);
  EXPECT_FALSE(f.urdf);
}

TEST(UrdfWriter, IncludedModelsKeepTheirGeometryAndLimits) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / "urdf_writer_include";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "finger.sdf") << R"(<sdf version="1.6"><model name="f">
  <link name="a"><visual name="v"><geometry><box><size>1 2 3</size></box>
  </geometry></visual></link>
  <link name="b"><pose>0 0 1 0 0 0</pose></link>
  <joint name="j" type="revolute"><parent>a</parent><child>b</child>
    <axis><xyz>0 1 0</xyz><limit><lower>-0.5</lower><upper>0.7</upper>
    <effort>3</effort><velocity>4</velocity></limit></axis></joint>
</model></sdf>)";
  std::ofstream(dir / "hand.sdf") << R"(<sdf version="1.8"><model name="hand">
  <link name="palm"/>
  <include><uri>finger.sdf</uri><name>f1</name><pose>1 0 0 0 0 0</pose></include>
  <joint name="mount" type="fixed"><parent>palm</parent><child>f1::a</child></joint>
</model></sdf>)";
  Loaded in;
  ASSERT_TRUE(Load("", (dir / "hand.sdf").string(), &in))
      << FirstError(in.diags);
  Diagnostics diags;
  const auto urdf = WriteUrdf(*in.doc, in.graph, in.resolution,
                              WithSources(in), &diags);
  ASSERT_TRUE(urdf) << FirstError(diags);
  EXPECT_EQ(CompareFk(in, *urdf, "hand", "/"), "");
  const urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(*urdf);
  ASSERT_TRUE(model);
  const auto box = std::dynamic_pointer_cast<urdf::Box>(
      model->getLink("f1/a")->visual->geometry);
  ASSERT_TRUE(box);
  EXPECT_EQ(box->dim.y, 2);
  const auto j = model->getJoint("f1/j");
  ASSERT_TRUE(j && j->limits);
  EXPECT_EQ(j->limits->lower, -0.5);
  EXPECT_EQ(j->limits->effort, 3);
}

TEST(UrdfWriter, WorldNeedsAModelName) {
  const std::string sdf = R"(<sdf version="1.8"><world name="w">
    <model name="a"><link name="l"/></model>
    <model name="b"><pose>0 0 1 0 0 0</pose><link name="l"/></model>
  </world></sdf>)";
  Exported e = Export(sdf);
  EXPECT_FALSE(e.urdf);
  UrdfExportOptions options;
  options.model = "b";
  Exported f = Export(sdf, options);
  ExpectFk(f, options);
}

// A file of several worlds: the model is named as every output names it,
// WORLD::MODEL; a bare name found in one world only is enough. A world
// joint of the model's own world is exported; the other world's are not.
TEST(UrdfWriter, SeveralWorldsNeedTheWorldsModelName) {
  const std::string sdf = R"(<sdf version="1.8">
  <world name="one">
    <model name="arm"><link name="l"/></model>
    <model name="cart"><pose>0 0 2 0 0 0</pose><link name="c"/></model>
  </world>
  <world name="two">
    <model name="arm"><pose>0 0 1 0 0 0.5</pose><link name="l"/>
      <link name="k"><pose>1 0 0 0 0 0</pose></link>
      <joint name="j" type="revolute"><parent>l</parent><child>k</child>
        <axis><xyz>0 0 1</xyz></axis></joint></model>
    <joint name="bolt" type="fixed"><parent>world</parent><child>arm::l</child></joint>
  </world>
</sdf>)";
  Exported none = Export(sdf);
  EXPECT_FALSE(none.urdf);
  EXPECT_EQ(FirstErrorCode(none.diags), Code::kUrdfExportUnsupported);
  EXPECT_NE(FirstError(none.diags).find("one::arm, one::cart, two::arm"),
            std::string::npos)
      << FirstError(none.diags);
  UrdfExportOptions options;
  options.model = "arm";  // in both worlds
  Exported ambiguous = Export(sdf, options);
  EXPECT_FALSE(ambiguous.urdf);
  EXPECT_EQ(FirstErrorCode(ambiguous.diags), Code::kUrdfExportUnsupported);
  options.model = "three::arm";
  EXPECT_FALSE(Export(sdf, options).urdf);
  options.model = "two::arm";
  Exported two = Export(sdf, options);
  ExpectFk(two, options);
  ASSERT_TRUE(two.urdf);
  const auto model = urdf::parseURDF(*two.urdf);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getRoot()->name, "world");
  ASSERT_TRUE(model->getJoint("bolt"));
  EXPECT_TRUE(model->getJoint("j"));
  options.model = "cart";  // one world has it
  Exported cart = Export(sdf, options);
  options.model = "one::cart";  // the prefix of its flat names
  ExpectFk(cart, options);
}

// Joint limits through their version's defaults (converters/sdf/
// joint_limits.h): before 1.10 an absent limit is -1e16 / 1e16 and an
// absent effort / velocity -1, from 1.10 on -inf / inf and inf. URDF has no
// infinity: both write the same URDF.
std::string LimitModel(const std::string& version) {
  return R"(<sdf version=")" + version + R"("><model name="m">
    <link name="a"/><link name="b"/><link name="c"/><link name="d"/>
    <link name="e"/><link name="f"/>
    <joint name="rev" type="revolute"><parent>a</parent><child>b</child>
      <axis><xyz>0 0 1</xyz></axis></joint>
    <joint name="pri" type="prismatic"><parent>b</parent><child>c</child>
      <axis><xyz>1 0 0</xyz></axis></joint>
    <joint name="half" type="revolute"><parent>c</parent><child>d</child>
      <axis><xyz>0 1 0</xyz><limit><lower>-0.5</lower><upper>inf</upper>
      <effort>inf</effort></limit></axis></joint>
    <joint name="bounded" type="prismatic"><parent>d</parent><child>e</child>
      <axis><xyz>0 1 0</xyz><limit><lower>-inf</lower><upper>2</upper>
      <effort>7</effort><velocity>-1</velocity></limit></axis></joint>
    <joint name="cont" type="continuous"><parent>e</parent><child>f</child>
      <axis><xyz>0 1 0</xyz><limit><velocity>3</velocity></limit></axis>
    </joint>
  </model></sdf>)";
}

TEST(UrdfWriter, LimitsOfEveryVersion) {
  const Exported old = Export(LimitModel("1.8"));
  const Exported v19 = Export(LimitModel("1.9"));
  const Exported now = Export(LimitModel("1.10"));
  ExpectFk(old);
  ExpectFk(now);
  ASSERT_TRUE(old.urdf && v19.urdf && now.urdf);
  EXPECT_EQ(*v19.urdf, *old.urdf);
  EXPECT_EQ(*now.urdf, *old.urdf);
  const urdf::ModelInterfaceSharedPtr u = urdf::parseURDF(*now.urdf);
  ASSERT_TRUE(u) << *now.urdf;
  // A revolute joint with no finite limit turns freely: continuous, and no
  // <limit> (none written) -- sdformat_urdf makes it a revolute joint with
  // infinite limits, which URDF text cannot hold.
  EXPECT_EQ(u->getJoint("rev")->type, urdf::Joint::CONTINUOUS);
  EXPECT_FALSE(u->getJoint("rev")->limits);
  EXPECT_EQ(u->getJoint("pri")->limits->lower, -1e16);
  EXPECT_EQ(u->getJoint("pri")->limits->upper, 1e16);
  EXPECT_EQ(u->getJoint("pri")->limits->effort, 1e16);  // default_effort
  EXPECT_EQ(u->getJoint("pri")->limits->velocity, 1e16);
  EXPECT_EQ(u->getJoint("half")->type, urdf::Joint::REVOLUTE);
  EXPECT_EQ(u->getJoint("half")->limits->lower, -0.5);
  EXPECT_EQ(u->getJoint("half")->limits->upper, 1e16);
  EXPECT_EQ(u->getJoint("half")->limits->effort, 1e16);
  EXPECT_EQ(u->getJoint("bounded")->limits->lower, -1e16);
  EXPECT_EQ(u->getJoint("bounded")->limits->upper, 2);
  EXPECT_EQ(u->getJoint("bounded")->limits->effort, 7);
  EXPECT_EQ(u->getJoint("bounded")->limits->velocity, 1e16);
  ASSERT_TRUE(u->getJoint("cont")->limits);
  EXPECT_EQ(u->getJoint("cont")->limits->velocity, 3);
  EXPECT_EQ(u->getJoint("cont")->limits->effort, 1e16);
  EXPECT_EQ(now.urdf->find("inf"), std::string::npos);
}

// ---- Corpus -------------------------------------------------------------

// Re-roots the exported model at each of its URDF links in turn and checks
// forward kinematics each time; returns how many re-rootings were written
// (refusals are links that are frames or that --approximate added).
int CheckEveryRoot(const Loaded& in, UrdfExportOptions options,
                   const std::string& urdf, const std::string& where) {
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(urdf);
  if (!model || model->getRoot()->name == "world") return 0;
  int written = 0;
  for (const auto& [name, link] : model->links_) {
    options.root_link = name;
    Diagnostics diags;
    auto rerooted =
        WriteUrdf(*in.doc, in.graph, in.resolution, options, &diags);
    if (!rerooted) {
      EXPECT_EQ(FirstErrorCode(diags), Code::kUrdfExportUnsupported);
      continue;
    }
    ++written;
    EXPECT_EQ(urdf::parseURDF(*rerooted)->getRoot()->name, name);
    EXPECT_EQ(CompareFk(in, *rerooted, ModelPrefix(*in.doc, options.model),
                        options.separator),
              "")
        << where << " --root-link " << name;
  }
  return written;
}

TEST(UrdfWriterCorpus, ForwardKinematicsMatchFlat) {
  const std::string corpus = testing::CorpusRoot();
  int files = 0, invalid = 0, exported = 0, refused = 0, approximated = 0,
      rerooted = 0;
  std::map<std::string, int> reasons;
  for (const char* dir : {"gazebo_models", "sdformat-tests"}) {
    const std::string root = testing::RequireCorpusFolder(dir);
    if (root.empty()) return;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(root)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".sdf" && ext != ".world")) {
        continue;
      }
      ++files;
      Loaded in;
      // gazebo_models includes by model:// from its own folder;
      // sdformat-tests by bare names from integration/model.
      ReadOptions read;
      read.include_search.use_environment = false;
      read.include_search.model_paths = {
          (std::filesystem::path(corpus) / "gazebo_models").string(),
          (std::filesystem::path(corpus) / "sdformat-tests/integration/model")
              .string()};
      if (!Load("", entry.path().string(), &in, read)) {
        ++invalid;
        continue;
      }
      std::vector<std::string> models{""};
      // An empty root (no element) is refused like a world without model.
      if (in.doc->size() > 0 && in.doc->at(0).kind == ElementKind::kWorld) {
        models.clear();
        for (ElementId c : in.doc->at(0).children) {
          if (in.doc->at(c).kind == ElementKind::kModel) {
            models.push_back(in.doc->at(c).name);
          }
        }
      }
      for (const std::string& model : models) {
        UrdfExportOptions options = WithSources(in);
        options.model = model;
        Diagnostics diags;
        auto urdf = WriteUrdf(*in.doc, in.graph, in.resolution, options, &diags);
        if (!urdf) {
          ++refused;
          std::string reason = FirstError(diags);
          // The reason with every quoted name replaced by '_'.
          std::string bucket;
          bool quoted = false;
          for (char c : reason.substr(0, reason.find(';'))) {
            if (c == '\'') {
              if (!quoted) bucket += "'_'";
              quoted = !quoted;
            } else if (!quoted) {
              bucket += c;
            }
          }
          ++reasons[bucket];
          options.approximate = true;
          Diagnostics approximate_diags;
          urdf = WriteUrdf(*in.doc, in.graph, in.resolution, options,
                           &approximate_diags);
          if (!urdf) {
            if (FirstError(approximate_diags) != reason) {
              std::printf("with --approximate, %s model %s: %s\n",
                          entry.path().c_str(), model.c_str(),
                          FirstError(approximate_diags).c_str());
            }
            continue;
          }
          ++approximated;
        } else {
          ++exported;
        }
        const std::string where = entry.path().string() + " model " + model;
        EXPECT_EQ(CompareFk(in, *urdf, ModelPrefix(*in.doc, model),
                            options.separator),
                  "")
            << where << (options.approximate ? " --approximate" : "");
        rerooted += CheckEveryRoot(in, options, *urdf, where);
      }
    }
  }
  std::string summary;
  for (const auto& [reason, n] : reasons) {
    summary += "  " + std::to_string(n) + " x " + reason + "\n";
  }
  std::printf(
      "corpus: %d files, %d invalid (skipped), %d models exported with FK "
      "equal, %d refused:\n%s"
      "of the refused, %d exported with --approximate (FK equal); "
      "%d re-rootings at another link (FK equal)\n",
      files, invalid, exported, refused, summary.c_str(), approximated,
      rerooted);
  EXPECT_GT(exported, 0);
}

}  // namespace
}  // namespace sdfconv
