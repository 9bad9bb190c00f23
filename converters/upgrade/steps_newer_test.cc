// The steps between SDFormat 1.8 and 1.12 (steps_newer.cc and the
// newer_*.cc rules), each through WriteSdfVersion: the exact text of the
// edited lines, the codes said, and the output read back.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "converters/upgrade/verify.h"
#include "converters/upgrade/version_write.h"
#include "converters/xml/text_values.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

UpgradeResult Write(const std::string& text, const std::string& version,
                    bool drop_mimic = false) {
  VersionWriteOptions options;
  options.version = version;
  options.drop_mimic = drop_mimic;
  return WriteSdfVersion(text, "test.sdf", options);
}

// The codes said, in order (severity folded into the code's meaning).
std::vector<Code> Codes(const UpgradeResult& r) {
  std::vector<Code> codes;
  for (const Diagnostic& d : r.diagnostics.items()) codes.push_back(d.code);
  return codes;
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// The output read back (its own version's reading, resolved).
struct ReadBack {
  explicit ReadBack(const std::string& text)
      : r(upgrade::ReadForProof(text, "out.sdf",
                                ReadOptions::Includes::kExpand, {})) {}
  ElementId Find(ElementKind kind, const std::string& scoped) const {
    for (ElementId e = 0; e < static_cast<ElementId>(r.doc->elements.size());
         ++e) {
      if (r.doc->at(e).kind == kind && r.doc->ScopedName(e) == scoped) {
        return e;
      }
    }
    return kNoElement;
  }
  upgrade::ProofReading r;
};

// The number between <tag> and </tag>.
double ValueOf(const std::string& text, const std::string& tag) {
  const size_t open = text.find("<" + tag + ">");
  if (open == std::string::npos) return NAN;
  const size_t start = open + tag.size() + 2;
  const size_t end = text.find("</" + tag + ">", start);
  return ParseReal(text.substr(start, end - start)).value_or(NAN);
}

std::string Model(const std::string& version, const std::string& body) {
  return "<?xml version=\"1.0\"?>\n<sdf version=\"" + version +
         "\">\n  <model name=\"m\">\n" + body + "  </model>\n</sdf>\n";
}

const char kScrew18[] = R"(    <link name="base"/>
    <link name="nut">
      <pose>0 0 1 0 0 0</pose>
    </link>
    <joint name="s" type="screw">
      <parent>base</parent>
      <child>nut</child>
      <thread_pitch>-12.566370614359172</thread_pitch>
      <axis>
        <xyz>0 0 1</xyz>
        <initial_position>0.5</initial_position>
      </axis>
    </joint>
)";

TEST(StepsNewer, InitialPositionDroppedUpTo19) {
  const UpgradeResult r = Write(Model("1.8", kScrew18), "1.9");
  ASSERT_TRUE(r.ok());
  EXPECT_FALSE(Contains(r.output, "initial_position"));
  EXPECT_TRUE(Contains(r.output, "        <xyz>0 0 1</xyz>\n      </axis>"));
  EXPECT_EQ(Codes(r), std::vector<Code>{Code::kVersionConstructDropped});
}

TEST(StepsNewer, ThreadPitchBecomesScrewThreadPitch) {
  const UpgradeResult r = Write(Model("1.8", kScrew18), "1.10");
  ASSERT_TRUE(r.ok());
  // -2 pi / -4 pi rad/m: half a metre per revolution.
  EXPECT_TRUE(
      Contains(r.output, "      <screw_thread_pitch>0.5</screw_thread_pitch>\n"));
  EXPECT_FALSE(Contains(r.output, "<thread_pitch>"));
  EXPECT_EQ(Codes(r), (std::vector<Code>{Code::kVersionConstructRewritten,
                                         Code::kVersionConstructDropped}));
}

TEST(StepsNewer, AbsentThreadPitchWrittenWithItsOldDefault) {
  std::string body = kScrew18;
  body.replace(body.find("      <thread_pitch>"),
               std::string("      <thread_pitch>-12.566370614359172</"
                           "thread_pitch>\n").size(),
               "");
  const UpgradeResult r = Write(Model("1.8", body), "1.12");
  ASSERT_TRUE(r.ok());
  // 1.9's default thread_pitch 1 rad/m is -2 pi m/rev.
  EXPECT_DOUBLE_EQ(ValueOf(r.output, "screw_thread_pitch"), -2 * M_PI);
  // And back: 1.10's default (1 m/rev) is written as -2 pi rad/m.
  std::string no_pitch = r.output;
  const size_t at = no_pitch.find("<screw_thread_pitch>");
  no_pitch.erase(no_pitch.rfind('\n', at), no_pitch.find('\n', at) -
                                               no_pitch.rfind('\n', at));
  const UpgradeResult down = Write(no_pitch, "1.9");
  ASSERT_TRUE(down.ok());
  EXPECT_DOUBLE_EQ(ValueOf(down.output, "thread_pitch"), -2 * M_PI);
}

const char kState18[] = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <model name="m">
%s    </model>
    <state world_name="w">
      <iterations>0</iterations>
      <model name="m">
        <joint name="s"><angle axis="0">0.1</angle></joint>
        <link name="nut">
          <pose>0 0 1 0 0 0</pose>
          <collision name="c"/>
        </link>
      </model>
      <light name="sun"/>
      <insertions><model name="n"><link name="l"/></model></insertions>
    </state>
  </world>
</sdf>
)";

std::string WorldWithState() {
  std::string text = kState18;
  std::string body = kScrew18;
  body.replace(body.find("        <initial_position>0.5</initial_position>\n"),
               std::string("        <initial_position>0.5</"
                           "initial_position>\n").size(),
               "");
  for (size_t p = 0; (p = body.find('\n', p)) != std::string::npos &&
                     p + 1 < body.size();
       p += 3) {
    body.insert(p + 1, "  ");
  }
  text.replace(text.find("%s"), 2, "  " + body);
  return text;
}

TEST(StepsNewer, StateNamesUpTo112AndBack) {
  const std::string input = WorldWithState();
  const UpgradeResult up = Write(input, "1.12");
  ASSERT_TRUE(up.ok()) << up.output;
  EXPECT_TRUE(Contains(up.output, R"(      <model_state name="m">
        <joint_state name="s"><angle axis="0">0.1</angle></joint_state>
        <link_state name="nut">
          <pose>0 0 1 0 0 0</pose>
          <collision_state name="c"/>
        </link_state>
      </model_state>
      <light_state name="sun"/>
      <insertions><model name="n"><link name="l"/></model></insertions>)"));
  // The round trip: the same pitch (numerically) and the same names.
  const UpgradeResult down = Write(up.output, "1.8");
  ASSERT_TRUE(down.ok());
  EXPECT_NEAR(ValueOf(down.output, "thread_pitch"), -12.566370614359172,
              1e-12);
  std::string expected = input;
  const std::string old_pitch = "-12.566370614359172";
  const std::string new_pitch = down.output.substr(
      down.output.find("<thread_pitch>") + 14,
      down.output.find("</thread_pitch>") -
          (down.output.find("<thread_pitch>") + 14));
  expected.replace(expected.find(old_pitch), old_pitch.size(), new_pitch);
  EXPECT_EQ(down.output, expected);
}

const char kState112[] = R"(<?xml version="1.0"?>
<sdf version="1.12">
  <world name="w">
    <model name="m">
      <link name="l"/>
      <joint name="j" type="revolute">
        <parent>world</parent>
        <child>l</child>
        <axis><xyz>0 0 1</xyz></axis>
      </joint>
    </model>
    <state world_name="w">
      <iterations>0</iterations>
      <model_state name="m">
        <joint_state name="j">
          <angle axis="0">0.1</angle>
          <axis_state><position>0.1</position></axis_state>
        </joint_state>
        <link_state name="l">
          <linear_velocity>1 0 0</linear_velocity>
          <velocity>1 0 0 0 0 0</velocity>
        </link_state>
      </model_state>
      <joint_state name="m::j"><axis_state/></joint_state>
    </state>
  </world>
</sdf>
)";

TEST(StepsNewer, StateRecordsOnly112HasAreDropped) {
  const UpgradeResult r = Write(kState112, "1.11");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(Contains(r.output, R"(      <model name="m">
        <joint name="j">
          <angle axis="0">0.1</angle>
        </joint>
        <link name="l">
          <velocity>1 0 0 0 0 0</velocity>
        </link>
      </model>
    </state>)"));
  std::vector<Code> codes = Codes(r);
  EXPECT_EQ(codes, (std::vector<Code>{
                       Code::kVersionConstructRewritten,  // the state
                       Code::kVersionConstructDropped,    // axis_state
                       Code::kVersionConstructDropped,    // linear_velocity
                       Code::kVersionConstructDropped}));  // world joint_state
}

// A 1 x 2 x 3 box of density 2 at z = 0.5: 12 kg, moments m/12 (y²+z²)
// = 13, m/12 (x²+z²) = 10, m/12 (x²+y²) = 5, centre of mass at z = 0.5.
const char kAuto111[] = R"(    <link name="l">
      <inertial auto="true">
        <density>2</density>
      </inertial>
      <collision name="c">
        <pose>0 0 0.5 0 0 0</pose>
        <density>2</density>
        <geometry><box><size>1 2 3</size></box></geometry>
      </collision>
    </link>
)";

TEST(StepsNewer, AutomaticInertiaWrittenAsValues) {
  const UpgradeResult r = Write(Model("1.11", kAuto111), "1.10");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(Contains(r.output, "      <inertial>\n        <mass>12</mass>\n"
                                 "        <pose>0 0 0.5 0 0 0</pose>\n"));
  EXPECT_FALSE(Contains(r.output, "density"));
  EXPECT_FALSE(Contains(r.output, "auto"));
  EXPECT_EQ(Codes(r), std::vector<Code>{Code::kVersionConstructRewritten});
  const ReadBack back(r.output);
  const ElementId l = back.Find(ElementKind::kLink, "m::l");
  ASSERT_NE(l, kNoElement);
  const Inertial& i = *back.r.doc->at(l).inertial;
  EXPECT_DOUBLE_EQ(i.mass, 12);
  EXPECT_NEAR(i.inertia(0, 0), 13, 1e-12);
  EXPECT_NEAR(i.inertia(1, 1), 10, 1e-12);
  EXPECT_NEAR(i.inertia(2, 2), 5, 1e-12);
  EXPECT_NEAR(i.inertia(0, 1), 0, 1e-12);
  EXPECT_NEAR((i.pose.X.translation() - Eigen::Vector3d(0, 0, 0.5)).norm(), 0,
              1e-12);
  // Far: the same values in 1.8.
  const UpgradeResult far = Write(Model("1.11", kAuto111), "1.8");
  ASSERT_TRUE(far.ok());
  EXPECT_DOUBLE_EQ(ValueOf(far.output, "ixx"), 13);
}

TEST(StepsNewer, AutomaticInertiaOfAMeshRefused) {
  std::string body = kAuto111;
  body.replace(body.find("<box><size>1 2 3</size></box>"),
               std::string("<box><size>1 2 3</size></box>").size(),
               "<mesh><uri>a.dae</uri></mesh>");
  const UpgradeResult r = Write(Model("1.11", body), "1.10");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.output.empty());
  int refused = 0;
  for (Code c : Codes(r)) refused += c == Code::kVersionConstructUnsupported;
  EXPECT_EQ(refused, 1);
}

const char kMimic111[] = R"(    <link name="a"/>
    <link name="b"/>
    <link name="c"/>
    <joint name="j1" type="revolute">
      <parent>a</parent>
      <child>b</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
    <joint name="j2" type="revolute">
      <parent>b</parent>
      <child>c</child>
      <axis>
        <xyz>0 0 1</xyz>
        <mimic joint="j1"><multiplier>2</multiplier></mimic>
      </axis>
    </joint>
)";

TEST(StepsNewer, MimicRefusedOrDroppedOnRequest) {
  const UpgradeResult refused = Write(Model("1.11", kMimic111), "1.10");
  EXPECT_FALSE(refused.ok());
  EXPECT_EQ(Codes(refused),
            std::vector<Code>{Code::kVersionConstructUnsupported});
  const UpgradeResult dropped =
      Write(Model("1.11", kMimic111), "1.8", /*drop_mimic=*/true);
  ASSERT_TRUE(dropped.ok());
  EXPECT_TRUE(Contains(dropped.output,
                       "      <axis>\n        <xyz>0 0 1</xyz>\n      </axis>"));
  EXPECT_EQ(Codes(dropped), std::vector<Code>{Code::kVersionConstructDropped});
}

TEST(StepsNewer, ConeRefusedHintsDropped) {
  const std::string body = R"(    <link name="l">
      <collision name="c">
        <geometry><cone><radius>1</radius><length>2</length></cone></geometry>
      </collision>
      <visual name="v">
        <geometry><mesh optimization="convex_hull"><uri>a.dae</uri></mesh></geometry>
      </visual>
    </link>
)";
  const UpgradeResult cone = Write(Model("1.11", body), "1.10");
  EXPECT_FALSE(cone.ok());
  EXPECT_EQ(Codes(cone), (std::vector<Code>{Code::kVersionConstructUnsupported,
                                            Code::kVersionConstructDropped}));
  std::string hint_only = body;
  hint_only.replace(hint_only.find("<cone><radius>1</radius><length>2</length></cone>"),
                    std::string("<cone><radius>1</radius><length>2</length></cone>").size(),
                    "<sphere><radius>1</radius></sphere>");
  std::string text = Model("1.11", hint_only);
  text.replace(text.find("<model name=\"m\">"), 16,
               "<model name=\"m\" namespace=\"robot\">");
  const UpgradeResult r = Write(text, "1.10");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(Contains(r.output, "  <model name=\"m\">\n"));
  EXPECT_TRUE(Contains(r.output, "<geometry><mesh><uri>a.dae</uri></mesh></geometry>"));
  EXPECT_EQ(Codes(r), (std::vector<Code>{Code::kVersionConstructDropped,
                                         Code::kVersionConstructDropped}));
}

// Model m at x = 1 with link l; a world frame F at y = 2; the world joint
// from `world` to m::l posed 0 0 3 relative to F: in the world at
// (0, 2, 3), so in m at (-1, 2, 3). Its axis is expressed in F (rotated
// 90 degrees about z): x of F is y of the world, and of m.
const char kWorldJoint110[] = R"(<?xml version="1.0"?>
<sdf version="1.10">
  <world name="w">
    <frame name="F"><pose>0 2 0 0 0 1.5707963267948966</pose></frame>
    <model name="m">
      <pose>1 0 0 0 0 0</pose>
      <link name="l"/>
    </model>
    <model name="n">
      <link name="k"/>
    </model>
    <joint name="j" type="revolute">
      <parent>world</parent>
      <child>m::l</child>
      <pose relative_to="F">0 0 3 0 0 0</pose>
      <axis><xyz expressed_in="F">1 0 0</xyz></axis>
    </joint>
  </world>
</sdf>
)";

TEST(StepsNewer, WorldJointMovesIntoItsModel) {
  const UpgradeResult r = Write(kWorldJoint110, "1.9");
  ASSERT_TRUE(r.ok()) << r.output;
  EXPECT_TRUE(Contains(r.output, R"(      <link name="l"/>
      <joint name="j" type="revolute">
        <parent>world</parent>
        <child>l</child>
        <pose relative_to="__model__">)"));
  EXPECT_EQ(Codes(r), std::vector<Code>{Code::kVersionConstructRewritten});
  const ReadBack back(r.output);
  const ElementId j = back.Find(ElementKind::kJoint, "m::j");
  ASSERT_NE(j, kNoElement);
  const Pose& X_WJ = back.r.resolution.X_W[j];
  EXPECT_NEAR((X_WJ.translation() - Eigen::Vector3d(0, 2, 3)).norm(), 0,
              1e-12);
  EXPECT_NEAR(
      (back.r.resolution.axes_W[j][0] - Eigen::Vector3d(0, 1, 0)).norm(), 0,
      1e-12);
  // Far down, the same.
  EXPECT_TRUE(Write(kWorldJoint110, "1.8").ok());
}

TEST(StepsNewer, WorldJointBetweenModelsRefused) {
  std::string text = kWorldJoint110;
  text.replace(text.find("<parent>world</parent>"), 22,
               "<parent>n::k</parent>");
  const UpgradeResult r = Write(text, "1.9");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(Codes(r), std::vector<Code>{Code::kVersionConstructUnsupported});
}

TEST(StepsNewer, PluginsNamedAfterTheirFiles) {
  const std::string body = R"(    <link name="l"/>
    <plugin filename="/opt/lib/libfoo.so"/>
    <plugin filename="libfoo.so"></plugin>
    <plugin filename="bar" name="x"/>
)";
  const UpgradeResult r = Write(Model("1.10", body), "1.9");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(Contains(r.output,
                       R"(    <plugin filename="/opt/lib/libfoo.so" name="libfoo"/>
    <plugin filename="libfoo.so" name="libfoo_2"></plugin>
    <plugin filename="bar" name="x"/>)"));
  EXPECT_EQ(Codes(r), (std::vector<Code>{Code::kVersionConstructRewritten,
                                         Code::kVersionConstructRewritten}));
}

TEST(StepsNewer, FluidAddedMassRefused) {
  const std::string body = R"(    <link name="l">
      <inertial>
        <mass>1</mass>
        <fluid_added_mass><xx>1</xx></fluid_added_mass>
      </inertial>
    </link>
)";
  const UpgradeResult r = Write(Model("1.10", body), "1.9");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(Codes(r), std::vector<Code>{Code::kVersionConstructUnsupported});
}

}  // namespace
}  // namespace sdfconv
