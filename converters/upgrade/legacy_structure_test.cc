// The structure rules below SDFormat 1.7 (legacy_structure.cc), each
// through WriteSdfVersion: frames 1.6 and 1.4 cannot hold, canonical links,
// gravity, IMU noise, nested models, actor static. Poses here are already
// in the legacy default frames (the poses rule, legacy_poses.cc, is tested
// on its own); each output is read back to the letter of its version and
// its world poses compared with values computed by hand.
#include <initializer_list>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/registry.h"
#include "converters/upgrade/version_write.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

std::string Sdf(const std::string& version, const std::string& body) {
  return "<sdf version=\"" + version + "\">\n" + body + "</sdf>\n";
}

class LegacyStructureTest : public DiagnosticTest {
 protected:
  // Writes `input` as `version`; its diagnostics go to diags_.
  UpgradeResult Write(const std::string& input, const std::string& version,
                      VersionWriteOptions::Frames frames =
                          VersionWriteOptions::Frames::kDrop) {
    VersionWriteOptions options;
    options.version = version;
    options.frames = frames;
    UpgradeResult r = WriteSdfVersion(input, "t.sdf", options);
    diags_.Append(r.diagnostics);
    return r;
  }

  // The world position of the element of `kind` named `scoped` when `text`
  // is read to the letter of its version; nothing when there is none.
  static std::optional<Eigen::Vector3d> WorldPosition(
      const std::string& text, ElementKind kind, const std::string& scoped) {
    Diagnostics d;
    ReadOptions options;
    options.strict = true;
    const std::optional<Document> doc = ReadString(text, "out.sdf", &d, options);
    EXPECT_FALSE(d.HasErrors()) << text;
    if (!doc) return std::nullopt;
    Diagnostics g;
    const FrameGraph graph = BuildFrameGraph(*doc, &g);
    EXPECT_FALSE(g.HasErrors()) << text;
    const Resolution r = ResolveAll(*doc, graph);
    for (ElementId e = 0; e < static_cast<ElementId>(doc->size()); ++e) {
      if (doc->at(e).kind == kind && doc->ScopedName(e) == scoped) {
        return r.X_W[e].translation();
      }
    }
    return std::nullopt;
  }

  // `r` succeeded and wrote exactly `expected`.
  void ExpectWritten(const UpgradeResult& r, const std::string& expected) {
    EXPECT_TRUE(r.ok()) << DescribeRemaining();
    EXPECT_EQ(r.output, expected);
  }

  struct At {
    ElementKind kind;
    std::string scoped;
    Eigen::Vector3d p_W;  // computed by hand
  };
  // Each element is where `text`, read back, puts it.
  static void ExpectAt(const std::string& text, std::initializer_list<At> all) {
    for (const At& at : all) {
      const std::optional<Eigen::Vector3d> p =
          WorldPosition(text, at.kind, at.scoped);
      ASSERT_TRUE(p.has_value()) << at.scoped << " not in\n" << text;
      EXPECT_NEAR((*p - at.p_W).norm(), 0, 1e-12) << at.scoped;
    }
  }
};

// ---- WriteFramesForLegacy ---------------------------------------------------

// The model of the frame tests, up to its frames (`version`).
std::string FramedModel(const std::string& version, const std::string& frames) {
  return Sdf(version, R"(  <model name="m">
    <link name="base"/>
    <link name="arm"/>
    <joint name="j" type="revolute">
      <parent>base</parent>
      <child>arm</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
    <frame name="on_model"><pose>0 0 1 0 0 0</pose></frame>
)" + frames + "  </model>\n");
}

const std::string kFramed = FramedModel("1.8", R"(    <frame name="on_base" attached_to="base"><pose>0 1 0 0 0 0</pose></frame>
    <frame name="on_arm" attached_to="arm"><pose>0 0 2 0 0 0</pose></frame>
)");

TEST_F(LegacyStructureTest, FramesOnTheModelStayOthersAreDropped) {
  const UpgradeResult r = Write(kFramed, "1.6");
  ExpectWritten(r, FramedModel("1.6", R"(    <frame name="on_base"><pose>0 1 0 0 0 0</pose></frame>
)"));
  EXPECT_EQ(TakeWarning(Code::kVersionConstructDropped).source.line, 12);
  ExpectAt(r.output, {{ElementKind::kFrame, "m::on_model", {0, 0, 1}},
                      {ElementKind::kFrame, "m::on_base", {0, 1, 0}}});
}

TEST_F(LegacyStructureTest, FramesAsMasslessLinksOnFixedJoints) {
  const UpgradeResult r =
      Write(kFramed, "1.6", VersionWriteOptions::Frames::kLinks);
  ASSERT_TRUE(r.ok()) << DescribeRemaining();
  EXPECT_NE(r.output.find(R"(    <link name="on_arm"><pose>0 0 2 0 0 0</pose>
      <inertial>
        <mass>0</mass>
        <inertia>
          <ixx>0</ixx>
          <ixy>0</ixy>
          <ixz>0</ixz>
          <iyy>0</iyy>
          <iyz>0</iyz>
          <izz>0</izz>
        </inertia>
      </inertial>
    </link>
    <joint name="on_arm_joint" type="fixed">
      <parent>arm</parent>
      <child>on_arm</child>
    </joint>
  </model>
)"),
            std::string::npos)
      << r.output;
  EXPECT_EQ(TakeWarning(Code::kVersionConstructRewritten).source.line, 12);
  ExpectAt(r.output, {{ElementKind::kLink, "m::on_arm", {0, 0, 2}},
                      {ElementKind::kJoint, "m::on_arm_joint", {0, 0, 2}},
                      {ElementKind::kFrame, "m::on_base", {0, 1, 0}}});
}

// 1.4 has no <frame>: every one goes, or becomes a link; the joint's name
// does not take a name already used.
TEST_F(LegacyStructureTest, NoFramesIn14) {
  const std::string input = Sdf("1.8", R"(  <model name="m">
    <link name="base"/>
    <joint name="f_joint" type="fixed">
      <parent>world</parent>
      <child>base</child>
    </joint>
    <frame name="f"><pose>1 0 0 0 0 0</pose></frame>
  </model>
)");
  UpgradeResult r = Write(input, "1.4");
  ASSERT_TRUE(r.ok()) << DescribeRemaining();
  EXPECT_EQ(r.output.find("<frame"), std::string::npos) << r.output;
  TakeWarning(Code::kVersionConstructDropped);
  r = Write(input, "1.4", VersionWriteOptions::Frames::kLinks);
  ASSERT_TRUE(r.ok()) << DescribeRemaining();
  EXPECT_NE(r.output.find(R"(    <joint name="f_joint_2" type="fixed">
      <parent>base</parent>
      <child>f</child>
    </joint>)"),
            std::string::npos)
      << r.output;
  TakeWarning(Code::kVersionConstructRewritten);
  ExpectAt(r.output, {{ElementKind::kLink, "m::f", {1, 0, 0}}});
}

TEST_F(LegacyStructureTest, WorldFramesAreDroppedEvenAsLinks) {
  const UpgradeResult r = Write(Sdf("1.8", R"(  <world name="w">
    <frame name="spot"><pose>1 2 3 0 0 0</pose></frame>
    <model name="m"><pose>1 0 0 0 0 0</pose><link name="l"/></model>
  </world>
)"),
                                "1.6", VersionWriteOptions::Frames::kLinks);
  ExpectWritten(r, Sdf("1.6", R"(  <world name="w">
    <model name="m"><pose>1 0 0 0 0 0</pose><link name="l"/></model>
  </world>
)"));
  EXPECT_EQ(TakeWarning(Code::kVersionConstructDropped).source.line, 3);
  ExpectAt(r.output, {{ElementKind::kLink, "m::l", {1, 0, 0}}});
}

// ---- PutCanonicalLinkFirst --------------------------------------------------

TEST_F(LegacyStructureTest, CanonicalLinkMovedFirstWithItsComment) {
  const UpgradeResult r = Write(Sdf("1.8", R"(  <model name="m" canonical_link="b">
    <link name="a"><pose>1 0 0 0 0 0</pose></link>
    <!-- the base -->
    <link name="b"><pose>0 2 0 0 0 0</pose></link>
  </model>
)"),
                                "1.6");
  ExpectWritten(r, Sdf("1.6", R"(  <model name="m">
    <!-- the base -->
    <link name="b"><pose>0 2 0 0 0 0</pose></link>
    <link name="a"><pose>1 0 0 0 0 0</pose></link>
  </model>
)"));
  ExpectAt(r.output, {{ElementKind::kLink, "m::a", {1, 0, 0}},
                      {ElementKind::kLink, "m::b", {0, 2, 0}}});
  EXPECT_EQ(TakeWarning(Code::kVersionConstructRewritten).source.line, 5);
}

// Only the comments right before the link go with it: text that is not
// white space ends them.
TEST_F(LegacyStructureTest, CanonicalLinkTakesNoCommentPastText) {
  const UpgradeResult r =
      Write(Sdf("1.8", R"(  <model name="m" canonical_link="b">
    <link name="a"><pose>1 0 0 0 0 0</pose></link>
    <!-- after a -->
    stray
    <!-- the base -->
    <link name="b"><pose>0 2 0 0 0 0</pose></link>
  </model>
)"),
            "1.6");
  ExpectWritten(r, Sdf("1.6", R"(  <model name="m">
    <!-- the base -->
    <link name="b"><pose>0 2 0 0 0 0</pose></link>
    <link name="a"><pose>1 0 0 0 0 0</pose></link>
    <!-- after a -->
    stray
  </model>
)"));
  TakeWarning(Code::kVersionConstructRewritten);
}

TEST_F(LegacyStructureTest, CanonicalLinkThatIsTheDefaultJustGoes) {
  const UpgradeResult r = Write(Sdf("1.8", R"(  <model name="m" canonical_link="inner::l">
    <model name="inner"><link name="l"/></model>
  </model>
)"),
                                "1.6");
  ExpectWritten(r, Sdf("1.6", R"(  <model name="m">
    <model name="inner"><link name="l"/></model>
  </model>
)"));
}

TEST_F(LegacyStructureTest, CanonicalLinkInANestedModelIsRefused) {
  const UpgradeResult r = Write(Sdf("1.8", R"(  <model name="m" canonical_link="inner::l">
    <link name="a"/>
    <model name="inner"><link name="l"/></model>
  </model>
)"),
                                "1.6");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.output.empty());
  EXPECT_EQ(TakeError(Code::kVersionConstructUnsupported).source.line, 2);
}

// ---- MoveGravityIntoPhysics -------------------------------------------------

TEST_F(LegacyStructureTest, GravityBackIntoEachPhysics) {
  const UpgradeResult r = Write(Sdf("1.6", R"(  <world name="w">
    <gravity>0 0 -1.62</gravity>
    <magnetic_field>1e-6 0 0</magnetic_field>
    <physics name="fast" type="ode">
      <max_step_size>0.01</max_step_size>
    </physics>
    <physics name="slow" type="ode"/>
  </world>
)"),
                                "1.5");
  ExpectWritten(r, Sdf("1.5", R"(  <world name="w">
    <physics name="fast" type="ode">
      <max_step_size>0.01</max_step_size>
      <gravity>0 0 -1.62</gravity>
      <magnetic_field>1e-6 0 0</magnetic_field>
    </physics>
    <physics name="slow" type="ode">
      <gravity>0 0 -1.62</gravity>
      <magnetic_field>1e-6 0 0</magnetic_field>
    </physics>
  </world>
)"));
}

TEST_F(LegacyStructureTest, GravityWithoutPhysicsGetsTheDefaultPhysics) {
  const UpgradeResult r = Write(Sdf("1.6", R"(  <world name="w">
    <gravity>0 0 -1.62</gravity>
  </world>
)"),
                                "1.5");
  ExpectWritten(r, Sdf("1.5", R"(  <world name="w">
    <physics type="ode">
      <gravity>0 0 -1.62</gravity>
    </physics>
  </world>
)"));
}

// ---- RestoreImuNoise --------------------------------------------------------

std::string Imu(const std::string& version, const std::string& imu) {
  return Sdf(version, R"(  <model name="m">
    <link name="l">
      <sensor name="imu" type="imu">
        <imu>
)" + imu + R"(        </imu>
      </sensor>
    </link>
  </model>
)");
}

std::string Axes(const std::string& tag, const std::string& z_stddev) {
  std::string s = "          <" + tag + ">\n";
  for (const char* axis : {"x", "y", "z"}) {
    s += std::string("            <") + axis +
         "><noise type=\"gaussian\"><mean>0</mean><stddev>" +
         (std::string(axis) == "z" ? z_stddev : "0.2") + "</stddev></noise></" +
         axis + ">\n";
  }
  return s + "          </" + tag + ">\n";
}

TEST_F(LegacyStructureTest, ImuNoiseTheSameOnEveryAxisIsOneNoise) {
  const UpgradeResult r =
      Write(Imu("1.6", Axes("angular_velocity", "0.2") +
                           Axes("linear_acceleration", "0.20")),
            "1.5");
  ExpectWritten(r, Imu("1.5", R"(          <noise>
            <type>gaussian</type>
            <rate>
              <mean>0</mean>
              <stddev>0.2</stddev>
            </rate>
            <accel>
              <mean>0</mean>
              <stddev>0.2</stddev>
            </accel>
          </noise>
)"));
}

// 1.5's imu.sdf has the per-axis form too: kept as written.
TEST_F(LegacyStructureTest, ImuNoiseDifferentPerAxisIsKept) {
  const std::string imu =
      Axes("angular_velocity", "0.3") + Axes("linear_acceleration", "0.2");
  const UpgradeResult r = Write(Imu("1.6", imu), "1.5");
  ExpectWritten(r, Imu("1.5", imu));
}

// Text beside an axis's noise is not white space: the per-axis form that
// holds it is kept, not made one noise without it.
TEST_F(LegacyStructureTest, ImuNoiseWithTextBesideItIsKept) {
  std::string rate = Axes("angular_velocity", "0.2");
  const std::string x = "<x><noise";
  rate.replace(rate.find(x), x.size(), "<x>said<noise");
  const std::string imu = rate + Axes("linear_acceleration", "0.2");
  const UpgradeResult r = Write(Imu("1.6", imu), "1.5");
  ExpectWritten(r, Imu("1.5", imu));
}

// ---- FlattenNestedModels ----------------------------------------------------

TEST_F(LegacyStructureTest, NestedModelsFlattenedWithScopedNames) {
  const UpgradeResult r = Write(Sdf("1.6", R"(  <model name="m">
    <link name="base"/>
    <model name="arm">
      <!-- upper arm -->
      <link name="l1"><pose>1 0 0 0 0 0</pose></link>
      <model name="hand">
        <link name="palm"><pose>2 0 0 0 0 0</pose></link>
      </model>
      <joint name="wrist" type="fixed">
        <parent>l1</parent>
        <child>hand::palm</child>
      </joint>
    </model>
    <joint name="shoulder" type="fixed">
      <parent>base</parent>
      <child>arm::l1</child>
    </joint>
  </model>
)"),
                                "1.4");
  ExpectWritten(r, Sdf("1.4", R"(  <model name="m">
    <link name="base"/>
    <!-- upper arm -->
    <link name="arm::l1"><pose>1 0 0 0 0 0</pose></link>
    <link name="arm::hand::palm"><pose>2 0 0 0 0 0</pose></link>
    <joint name="arm::wrist" type="fixed">
      <parent>arm::l1</parent>
      <child>arm::hand::palm</child>
    </joint>
    <joint name="shoulder" type="fixed">
      <parent>base</parent>
      <child>arm::l1</child>
    </joint>
  </model>
)"));
  EXPECT_EQ(TakeWarning(Code::kVersionConstructRewritten).source.line, 4);
  EXPECT_EQ(TakeWarning(Code::kVersionConstructRewritten).source.line, 7);
  ExpectAt(r.output, {{ElementKind::kLink, "m::arm::l1", {1, 0, 0}},
                      {ElementKind::kLink, "m::arm::hand::palm", {2, 0, 0}}});
}

// The top model's canonical link stays its first link.
TEST_F(LegacyStructureTest, FlatteningKeepsTheCanonicalLinkFirst) {
  const UpgradeResult r = Write(Sdf("1.6", R"(  <model name="m">
    <model name="n"><link name="a"/></model>
    <link name="base"/>
  </model>
)"),
                                "1.4");
  ExpectWritten(r, Sdf("1.4", R"(  <model name="m">
    <link name="base"/>
    <link name="n::a"/>
  </model>
)"));
  TakeWarning(Code::kVersionConstructRewritten);  // n flattened
  EXPECT_EQ(TakeWarning(Code::kVersionConstructRewritten).source.line, 4);
}

TEST_F(LegacyStructureTest, NestedModelSettingsOfItsOwnAreRefused) {
  const UpgradeResult r = Write(Sdf("1.6", R"(  <model name="m">
    <link name="base"/>
    <model name="n">
      <static>false</static>
      <link name="a"/>
      <plugin name="p" filename="libp.so"/>
    </model>
    <model name="s"><static>true</static><link name="b"/></model>
  </model>
)"),
                                "1.4");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(TakeError(Code::kVersionConstructUnsupported).source.line, 7);
  EXPECT_EQ(TakeError(Code::kVersionConstructUnsupported).source.line, 9);
}

// ---- MoveActorStaticBack ----------------------------------------------------

TEST_F(LegacyStructureTest, ActorStaticBackToItsAttribute) {
  const UpgradeResult r = Write(Sdf("1.5", R"(  <world name="w">
    <actor name="a">
      <static>false</static>
      <pose>1 0 0 0 0 0</pose>
    </actor>
  </world>
)"),
                                "1.4");
  ExpectWritten(r, Sdf("1.4", R"(  <world name="w">
    <actor name="a" static="false">
      <pose>1 0 0 0 0 0</pose>
    </actor>
  </world>
)"));
  ExpectAt(r.output, {{ElementKind::kActor, "a", {1, 0, 0}}});
}

}  // namespace
}  // namespace sdfconv
