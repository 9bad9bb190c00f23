// The pose and axis rules below SDFormat 1.8 (legacy_poses.cc), through
// WriteSdfVersion: the edited lines, the proof, and the output read back to
// the letter of its version with world poses compared with values computed
// by hand here.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/upgrade/version_write.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

constexpr double kPi = 3.14159265358979323846;

// Every element of `text` read to the letter of its version: "kind:scoped"
// -> X_W, and "axis:scoped" -> axis 0 in the world frame (as a pose's
// translation).
struct Reading {
  bool ok = false;
  std::map<std::string, Pose> X_W;
  std::map<std::string, Eigen::Vector3d> axis_W;
};

Reading ReadBack(const std::string& text) {
  Reading r;
  Diagnostics diags;
  ReadOptions options;
  options.strict = true;
  options.includes = ReadOptions::Includes::kStandIns;
  const std::optional<Document> doc =
      ReadString(text, "out.sdf", &diags, options);
  if (!doc || diags.HasErrors()) return r;
  const FrameGraph graph = BuildFrameGraph(*doc, &diags);
  if (diags.HasErrors()) return r;
  const Resolution res = ResolveAll(*doc, graph);
  for (ElementId e = 0; e < static_cast<ElementId>(doc->size()); ++e) {
    const std::string name = doc->ScopedName(e);
    r.X_W[std::string(KindName(doc->at(e).kind)) + ":" + name] = res.X_W[e];
    if (!res.axes_W[e].empty()) r.axis_W["axis:" + name] = res.axes_W[e][0];
  }
  r.ok = true;
  return r;
}

UpgradeResult Write(const std::string& text, const std::string& version,
                    bool model_absolute = false) {
  VersionWriteOptions options;
  options.version = version;
  options.model_absolute = model_absolute;
  options.include_search.use_environment = false;
  return WriteSdfVersion(text, "in.sdf", options);
}

Pose P(double x, double y, double z, double roll, double pitch, double yaw) {
  return PoseFromXyzRpy({x, y, z}, {roll, pitch, yaw});
}

bool Has(const std::string& text, const std::string& piece) {
  return text.find(piece) != std::string::npos;
}

int Count(const Diagnostics& diags, Code code) {
  int n = 0;
  for (const Diagnostic& d : diags.items()) n += d.code == code ? 1 : 0;
  return n;
}

#define EXPECT_POSE(reading, key, expected)                                 \
  do {                                                                      \
    ASSERT_TRUE((reading).X_W.count(key)) << (key);                         \
    EXPECT_LT(PoseDistance((reading).X_W.at(key), (expected)), 1e-9) << (key); \
  } while (0)

#define EXPECT_AXIS(reading, key, expected)                                 \
  do {                                                                      \
    ASSERT_TRUE((reading).axis_W.count(key)) << (key);                      \
    EXPECT_LT(((reading).axis_W.at(key) - (expected)).norm(), 1e-9) << (key); \
  } while (0)

// ---- 1.8 -> 1.7 -------------------------------------------------------------

constexpr const char* kJointToFrame = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="base"/>
    <link name="arm"><pose>1 0 0 0 0 0</pose></link>
    <frame name="f" attached_to="arm"><pose>0 0 2 0 0 0</pose></frame>
    <joint name="j" type="revolute">
      <pose>0 0 0.5 0 0 0</pose>
      <parent>base</parent>
      <child>f</child>
      <axis><xyz>1 0 0</xyz></axis>
    </joint>
    <model name="n">
      <pose>0 3 0 0 0 1.5707963267948966</pose>
      <link name="l"/>
      <frame name="nf" attached_to="l"><pose>1 0 0 0 0 0</pose></frame>
    </model>
    <joint name="k" type="fixed">
      <pose>0 0 1 0 0 0</pose>
      <parent>arm</parent>
      <child>n::nf</child>
    </joint>
  </model>
</sdf>)";

TEST(LegacyPoses, JointEndsNamingFramesNameTheirLinksIn17) {
  const UpgradeResult r = Write(kJointToFrame, "1.7");
  ASSERT_TRUE(r.ok()) << r.output;
  // A sibling frame: named, the numbers as written.
  EXPECT_TRUE(Has(r.output, "<pose relative_to=\"f\">0 0 0.5 0 0 0</pose>\n"
                            "      <parent>base</parent>\n"
                            "      <child>arm</child>"))
      << r.output;
  // A frame in a nested model: the pose computed in the child link.
  EXPECT_TRUE(Has(r.output, "<child>n::l</child>")) << r.output;
  const Reading out = ReadBack(r.output);
  ASSERT_TRUE(out.ok);
  // j: f is 2 above arm at x=1; j is 0.5 above f.
  EXPECT_POSE(out, "joint:m::j", P(1, 0, 2.5, 0, 0, 0));
  // k: nf is at n (0 3 0, yaw 90) + 1 along n's x -> (0 4 0); k 1 above.
  EXPECT_POSE(out, "joint:m::k", P(0, 4, 1, 0, 0, kPi / 2));
  EXPECT_AXIS(out, "axis:m::j", Eigen::Vector3d(1, 0, 0));
}

constexpr const char* kPlacement = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <model name="m" placement_frame="p">
      <pose>1 2 3 0 0 0</pose>
      <link name="base"><pose>0 0 1 0 0 0</pose></link>
      <frame name="p" attached_to="base"><pose>0.5 0 0 0 0 1.5707963267948966</pose></frame>
    </model>
  </world>
</sdf>)";

TEST(LegacyPoses, PlacementFrameBecomesTheModelPoseIn17) {
  const UpgradeResult r = Write(kPlacement, "1.7");
  ASSERT_TRUE(r.ok()) << r.output;
  EXPECT_FALSE(Has(r.output, "placement_frame")) << r.output;
  const Reading out = ReadBack(r.output);
  ASSERT_TRUE(out.ok);
  // X_MP = (0.5 0 1, yaw 90) and X_WP = (1 2 3): X_WM = X_WP X_MP^-1,
  // i.e. yaw -90 and (1 2 3) - Rz(-90) (0.5 0 1) = (1 2.5 2).
  EXPECT_POSE(out, "model:m", P(1, 2.5, 2, 0, 0, -kPi / 2));
  EXPECT_POSE(out, "frame:m::p", P(1, 2, 3, 0, 0, 0));
  EXPECT_POSE(out, "link:m::base", P(1, 2.5, 3, 0, 0, -kPi / 2));
}

TEST(LegacyPoses, IncludePlacementFrameWithoutItsModelIsRefused) {
  const std::string in = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <include>
      <uri>model://not_at_hand</uri>
      <name>robot</name>
      <pose>1 0 0 0 0 0</pose>
      <placement_frame>base</placement_frame>
    </include>
  </world>
</sdf>)";
  const UpgradeResult r = Write(in, "1.7");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(Count(r.diagnostics, Code::kVersionConstructUnsupported), 1);
}

TEST(LegacyPoses, IncludePlacementFrameWithItsModelIsComputed) {
  const std::filesystem::path dir =
      std::filesystem::path(testing::TempDir()) / "i13_poses_models" / "box";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "model.sdf") << R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="box">
    <link name="body"><pose>0 0 0.5 0 0 0</pose></link>
  </model>
</sdf>)";
  std::ofstream(dir / "model.config")
      << "<?xml version=\"1.0\"?><model><name>box</name>"
         "<sdf version=\"1.8\">model.sdf</sdf></model>";
  const std::string in = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="w">
    <include>
      <uri>model://box</uri>
      <pose>1 0 0 0 0 0</pose>
      <placement_frame>body</placement_frame>
    </include>
  </world>
</sdf>)";
  VersionWriteOptions options;
  options.version = "1.7";
  options.include_search.use_environment = false;
  options.include_search.model_paths = {dir.parent_path().string()};
  const UpgradeResult r = WriteSdfVersion(in, "in.sdf", options);
  ASSERT_TRUE(r.ok()) << r.output;
  EXPECT_FALSE(Has(r.output, "placement_frame")) << r.output;
  // body at (1 0 0): the model frame 0.5 below it.
  EXPECT_TRUE(Has(r.output, "<pose>1 0 -0.5 0 0 0</pose>")) << r.output;
}

constexpr const char* kScoped = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="base"><pose>0 0 1 0 0 0</pose></link>
    <model name="n">
      <pose>0 1 0 0 0 0</pose>
      <link name="l"><pose>0 0 0.5 0 0 0</pose></link>
      <link name="l2"><pose>0 0 0.7 0.3 0 0</pose></link>
      <joint name="nj" type="revolute"><parent>l</parent><child>l2</child></joint>
    </model>
    <frame name="tool" attached_to="n::l"><pose>0 0 0.2 0 0 0</pose></frame>
    <link name="arm"><pose relative_to="n::l2">1 0 0 0 0 0</pose></link>
    <joint name="j" type="revolute">
      <parent>base</parent>
      <child>arm</child>
      <axis><xyz expressed_in="n::l2">0 1 0</xyz></axis>
    </joint>
  </model>
</sdf>)";

TEST(LegacyPoses, ScopedReferencesBecomePosesIn17) {
  const UpgradeResult r = Write(kScoped, "1.7");
  ASSERT_TRUE(r.ok()) << r.output;
  // n::l is n's canonical link: the frame is attached to n, its pose
  // computed in n (0.5 + 0.2 above n).
  EXPECT_TRUE(Has(r.output,
                  "<frame name=\"tool\" attached_to=\"n\"><pose>0 0 0.7 0 0 "
                  "0</pose>"))
      << r.output;
  EXPECT_FALSE(Has(r.output, "n::l2")) << r.output;
  const Reading out = ReadBack(r.output);
  ASSERT_TRUE(out.ok);
  EXPECT_POSE(out, "frame:m::tool", P(0, 1, 0.7, 0, 0, 0));
  // arm: 1 along l2's x, l2 at (0 1 0.7) rolled 0.3.
  EXPECT_POSE(out, "link:m::arm", P(1, 1, 0.7, 0.3, 0, 0));
  // The axis: l2's y, rolled 0.3 about x.
  EXPECT_AXIS(out, "axis:m::j",
              Eigen::Vector3d(0, std::cos(0.3), std::sin(0.3)));
}

TEST(LegacyPoses, FrameOfANestedLinkOffItsCanonicalLinkIsRefusedIn17) {
  std::string in = kScoped;
  in.replace(in.find("attached_to=\"n::l\""), 18, "attached_to=\"n::l2\"");
  const UpgradeResult r = Write(in, "1.7");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(Count(r.diagnostics, Code::kVersionConstructUnsupported), 1);
}

// ---- 1.7 -> 1.6 and 1.5 ------------------------------------------------------

constexpr const char* kChain = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <pose>1 0 0 0 0 0.5</pose>
    <link name="base">
      <pose>0 0 1 0 0 0</pose>
    </link>
    <frame name="f" attached_to="base">
      <pose>0 0.5 0 0 0 0</pose>
    </frame>
    <link name="arm">
      <pose relative_to="base">0.2 0 0 0 0 1.5707963267948966</pose>
      <visual name="v"><pose relative_to="__model__">1 2 3 0 0 0</pose></visual>
    </link>
    <joint name="j" type="revolute">
      <pose>0 0 0.1 0 0 0</pose>
      <parent>f</parent>
      <child>arm</child>
      <axis><xyz expressed_in="__model__">0 1 0</xyz></axis>
    </joint>
    <joint name="j2" type="revolute">
      <pose relative_to="f">0 0 0.1 0 0 0</pose>
      <parent>arm</parent>
      <child>tip</child>
      <axis><xyz expressed_in="arm">1 0 0</xyz></axis>
    </joint>
    <link name="tip"><pose relative_to="f">1 0 0 0 0 0</pose></link>
  </model>
</sdf>)";

void ExpectChainMeaning(const std::string& output) {
  const Reading out = ReadBack(output);
  ASSERT_TRUE(out.ok) << output;
  const Pose X_WM = P(1, 0, 0, 0, 0, 0.5);
  EXPECT_POSE(out, "model:m", X_WM);
  EXPECT_POSE(out, "link:m::base", X_WM * P(0, 0, 1, 0, 0, 0));
  EXPECT_POSE(out, "frame:m::f", X_WM * P(0, 0.5, 1, 0, 0, 0));
  EXPECT_POSE(out, "link:m::arm", X_WM * P(0.2, 0, 1, 0, 0, kPi / 2));
  EXPECT_POSE(out, "visual:m::arm::v", X_WM * P(1, 2, 3, 0, 0, 0));
  EXPECT_POSE(out, "joint:m::j", X_WM * P(0.2, 0, 1.1, 0, 0, kPi / 2));
  EXPECT_POSE(out, "link:m::tip", X_WM * P(1, 0.5, 1, 0, 0, 0));
  EXPECT_POSE(out, "joint:m::j2", X_WM * P(0, 0.5, 1.1, 0, 0, 0));
  // j: the model's y; j2: arm's x, which is the model's y.
  const Eigen::Matrix3d R_WM = X_WM.linear();
  EXPECT_AXIS(out, "axis:m::j", R_WM * Eigen::Vector3d(0, 1, 0));
  EXPECT_AXIS(out, "axis:m::j2", R_WM * Eigen::Vector3d(0, 1, 0));
}

TEST(LegacyPoses, EveryPoseInItsLegacyDefaultFrameIn16) {
  const UpgradeResult r = Write(kChain, "1.6");
  ASSERT_TRUE(r.ok()) << r.output;
  EXPECT_FALSE(Has(r.output, "relative_to")) << r.output;
  EXPECT_FALSE(Has(r.output, "attached_to")) << r.output;
  EXPECT_FALSE(Has(r.output, "expressed_in")) << r.output;
  EXPECT_FALSE(Has(r.output, "__model__")) << r.output;
  // Already in the default frame: as written.
  EXPECT_TRUE(Has(r.output, "<pose>0 0 1 0 0 0</pose>")) << r.output;
  EXPECT_TRUE(Has(r.output, "<pose>0 0 0.1 0 0 0</pose>\n"
                            "      <parent>base</parent>"))
      << r.output;
  // In the model frame: said with use_parent_model_frame, xyz as written.
  EXPECT_TRUE(Has(r.output, "<xyz>0 1 0</xyz>\n"
                            "        <use_parent_model_frame>true"
                            "</use_parent_model_frame>"))
      << r.output;
  ExpectChainMeaning(r.output);
}

TEST(LegacyPoses, EveryPoseInItsLegacyDefaultFrameIn15) {
  const UpgradeResult r = Write(kChain, "1.5");
  ASSERT_TRUE(r.ok()) << r.output;
  EXPECT_FALSE(Has(r.output, "relative_to")) << r.output;
  ExpectChainMeaning(r.output);
}

TEST(LegacyPoses, PoseInsideAPluginIsNotTouched) {
  std::string in = kChain;
  in.replace(in.find("  </model>"), 0,
             "  <plugin name=\"p\" filename=\"p.so\"><pose relative_to=\"arm\">"
             "1 2 3 0 0 0</pose></plugin>\n");
  const UpgradeResult r = Write(in, "1.6");
  ASSERT_TRUE(r.ok()) << r.output;
  EXPECT_TRUE(Has(r.output, "<pose relative_to=\"arm\">1 2 3 0 0 0</pose>"));
}

// ---- 1.5 -> 1.4 -------------------------------------------------------------

constexpr const char* kAxes = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <pose>1 0 0 0 0 0.5</pose>
    <link name="base"/>
    <link name="arm">
      <pose relative_to="base">0.2 0 0 0 0 1.5707963267948966</pose>
    </link>
    <joint name="j" type="revolute">
      <parent>base</parent>
      <child>arm</child>
      <axis><xyz expressed_in="__model__">0 1 0</xyz></axis>
    </joint>
    <joint name="j2" type="revolute">
      <parent>arm</parent>
      <child>tip</child>
      <axis><xyz>1 0 0</xyz></axis>
    </joint>
    <joint name="j3" type="universal">
      <parent>tip</parent>
      <child>tip2</child>
    </joint>
    <link name="tip"><pose relative_to="arm">1 0 0 0 0 0</pose></link>
    <link name="tip2"><pose relative_to="arm">1 0 0 0.5 0 0</pose></link>
  </model>
</sdf>)";

TEST(LegacyPoses, AxesInTheModelFrameIn14) {
  const UpgradeResult r = Write(kAxes, "1.4");
  ASSERT_TRUE(r.ok()) << r.output;
  EXPECT_FALSE(Has(r.output, "use_parent_model_frame")) << r.output;
  // Already in the model frame: as written.
  EXPECT_TRUE(Has(r.output, "<axis><xyz>0 1 0</xyz></axis>")) << r.output;
  // A universal joint's default axes (in its frame in 1.5+, in the model
  // frame in 1.4) are written.
  EXPECT_TRUE(Has(r.output, "<axis2>")) << r.output;
  const Reading out = ReadBack(r.output);
  ASSERT_TRUE(out.ok) << r.output;
  const Eigen::Matrix3d R_WM = RotationFromRpy({0, 0, 0.5});
  EXPECT_AXIS(out, "axis:m::j", R_WM * Eigen::Vector3d(0, 1, 0));
  // j2's frame is tip's, turned 90 degrees about z: its x is the model's y.
  EXPECT_AXIS(out, "axis:m::j2", R_WM * Eigen::Vector3d(0, 1, 0));
  // j3's frame is tip2's, rolled 0.5 after the 90 degree turn: its z.
  EXPECT_AXIS(out, "axis:m::j3",
              R_WM * RotationFromRpy({0.5, 0, kPi / 2}) *
                  Eigen::Vector3d(0, 0, 1));
  EXPECT_POSE(out, "link:m::tip2",
              P(1, 0, 0, 0, 0, 0.5) * P(0.2, 1, 0, 0.5, 0, kPi / 2));
}

// ---- --poses model-absolute ------------------------------------------------

TEST(LegacyPoses, ModelAbsolutePosesIn17) {
  const UpgradeResult r = Write(kAxes, "1.7", /*model_absolute=*/true);
  ASSERT_TRUE(r.ok()) << r.output;
  // A link without a pose gets one, in the model frame.
  EXPECT_TRUE(Has(r.output, "<link name=\"base\">\n"
                            "      <pose relative_to=\"__model__\">"
                            "0 0 0 0 0 0</pose>\n"
                            "    </link>"))
      << r.output;
  const Reading out = ReadBack(r.output);
  ASSERT_TRUE(out.ok) << r.output;
  const Pose X_WM = P(1, 0, 0, 0, 0, 0.5);
  EXPECT_POSE(out, "link:m::tip", X_WM * P(0.2, 1, 0, 0, 0, kPi / 2));
  EXPECT_POSE(out, "joint:m::j2", X_WM * P(0.2, 1, 0, 0, 0, kPi / 2));
  // Every link and joint pose names the model frame.
  size_t poses = 0;
  for (size_t at = r.output.find("relative_to=\"__model__\"");
       at != std::string::npos;
       at = r.output.find("relative_to=\"__model__\"", at + 1)) {
    ++poses;
  }
  EXPECT_EQ(poses, 7u) << r.output;  // 4 links, 3 joints
}

TEST(LegacyPoses, ModelAbsolutePosesBelow17AreRefused) {
  const UpgradeResult r = Write(kAxes, "1.6", /*model_absolute=*/true);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(Count(r.diagnostics, Code::kVersionConstructUnsupported), 1);
}

}  // namespace
}  // namespace sdfconv
