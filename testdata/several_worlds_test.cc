// A file of several <world>s (SDFormat's root allows any number; libsdformat
// reads each, gz-sim's test/worlds/multiple_worlds.sdf holds three): every
// world is read, each its own scope, and every output names its elements
// after their world ("alpha::arm::tip"). Poses worked out by hand below;
// libsdformat 12 (the test-only oracle) must read the worlds alike, and
// refuse what sdfconv refuses with the same code.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "converters/upgrade/expand_includes.h"
#include "converters/upgrade/upgrade.h"
#include "converters/upgrade/version_write.h"
#include "core/diagnostic.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

constexpr double kTol = 1e-12;

// Two worlds that use the same names (a frame `table`, a model `arm`) for
// different things.
constexpr char kTwoWorlds[] = R"(<?xml version="1.0"?>
<sdf version="1.8">
  <world name="alpha">
    <frame name="table"><pose>1 0 0 0 0 1.5707963267948966</pose></frame>
    <model name="arm">
      <pose relative_to="table">1 0 0 0 0 0</pose>
      <link name="base"/>
      <link name="tip"><pose>0 0 1 0 0 0</pose></link>
      <joint name="j" type="revolute">
        <parent>base</parent><child>tip</child>
        <axis><xyz>0 1 0</xyz></axis>
      </joint>
    </model>
    <light name="lamp" type="point"><pose relative_to="table">0 0 2 0 0 0</pose></light>
  </world>
  <world name="beta">
    <frame name="table"><pose>0 0 1 0 0 0</pose></frame>
    <model name="arm">
      <pose>0 0 3 0 0 0.5</pose>
      <link name="base"/>
      <link name="tip"><pose>0 0 2 0 0 0</pose></link>
      <joint name="j" type="prismatic">
        <parent>base</parent><child>tip</child>
        <axis><xyz>1 0 0</xyz></axis>
      </joint>
      <frame name="f" attached_to="tip"><pose relative_to="tip">1 0 0 0 0 0</pose></frame>
    </model>
  </world>
</sdf>
)";

struct Expected {
  std::string kind;
  std::string attached_to;
  Pose X_WF;
  std::vector<Eigen::Vector3d> axes = {};
};

Pose P(double x, double y, double z, double r, double p, double yaw) {
  return PoseFromXyzRpy({x, y, z}, {r, p, yaw});
}

// By hand. alpha: the table turns a quarter about z at (1, 0, 0), so the
// arm's (1, 0, 0) in it is (1, 1, 0) in the world, turned alike; the tip
// is 1 above; the joint's y axis is the world's -x; the lamp is 2 above
// the table. beta: the arm at (0, 0, 3) turned 0.5; the tip 2 above; the
// joint's x axis is (cos 0.5, sin 0.5, 0); the frame f 1 along it from
// the tip.
std::map<std::string, Expected> ByHand() {
  const double q = M_PI / 2;
  const double c = std::cos(0.5), s = std::sin(0.5);
  return {
      {"alpha::table", {"frame", "world", P(1, 0, 0, 0, 0, q)}},
      {"alpha::lamp", {"light", "world", P(1, 0, 2, 0, 0, q)}},
      {"alpha::arm", {"model", "alpha::arm::base", P(1, 1, 0, 0, 0, q)}},
      {"alpha::arm::base", {"link", "alpha::arm::base", P(1, 1, 0, 0, 0, q)}},
      {"alpha::arm::tip", {"link", "alpha::arm::tip", P(1, 1, 1, 0, 0, q)}},
      {"alpha::arm::j",
       {"joint", "alpha::arm::tip", P(1, 1, 1, 0, 0, q), {{-1, 0, 0}}}},
      {"beta::table", {"frame", "world", P(0, 0, 1, 0, 0, 0)}},
      {"beta::arm", {"model", "beta::arm::base", P(0, 0, 3, 0, 0, 0.5)}},
      {"beta::arm::base", {"link", "beta::arm::base", P(0, 0, 3, 0, 0, 0.5)}},
      {"beta::arm::tip", {"link", "beta::arm::tip", P(0, 0, 5, 0, 0, 0.5)}},
      {"beta::arm::j",
       {"joint", "beta::arm::tip", P(0, 0, 5, 0, 0, 0.5), {{c, s, 0}}}},
      {"beta::arm::f", {"frame", "beta::arm::tip", P(c, s, 5, 0, 0, 0.5)}},
  };
}

// `text` read (as `path`) and flattened; every diagnostic fails the test.
std::vector<FlatFrame> Flatten(const std::string& text,
                               const std::string& path = "two_worlds.sdf") {
  Diagnostics diags;
  std::optional<Document> doc = ReadString(text, path, &diags);
  FrameGraph graph;
  if (doc) graph = BuildFrameGraph(*doc, &diags);
  for (const Diagnostic& d : diags.items()) {
    ADD_FAILURE() << FormatDiagnostic(d);
  }
  if (!doc || diags.HasErrors()) return {};
  return CollectFlatFrames(*doc, graph, ResolveAll(*doc, graph));
}

void ExpectFrames(const std::vector<FlatFrame>& frames,
                  const std::map<std::string, Expected>& expected) {
  EXPECT_EQ(frames.size(), expected.size());
  for (const FlatFrame& f : frames) {
    const auto it = expected.find(f.name);
    if (it == expected.end()) {
      ADD_FAILURE() << "unexpected entry " << f.name;
      continue;
    }
    EXPECT_EQ(f.kind, it->second.kind) << f.name;
    EXPECT_EQ(f.attached_to, it->second.attached_to) << f.name;
    EXPECT_LT(PoseDistance(f.X_WF, it->second.X_WF), kTol)
        << f.name << ": " << f.X_WF.translation().transpose();
    ASSERT_EQ(f.axes_W.size(), it->second.axes.size()) << f.name;
    for (size_t k = 0; k < f.axes_W.size(); ++k) {
      EXPECT_LT((f.axes_W[k] - it->second.axes[k]).norm(), kTol) << f.name;
    }
  }
}

// `text` as a file of the test's own folder, for libsdformat.
std::string WriteTemp(const std::string& name, const std::string& text) {
  const fs::path path = fs::path(::testing::TempDir()) / name;
  std::ofstream(path) << text;
  return path.string();
}

std::vector<FlatFrame> OracleFrames(const testing::OracleResult& oracle) {
  std::vector<FlatFrame> frames;
  for (const testing::OracleFrame& f : oracle.frames) {
    FlatFrame mine;
    mine.name = f.name;
    mine.kind = f.kind;
    mine.attached_to = f.attached_to;
    mine.X_WF = f.X_WF;
    mine.axes_W = f.axes;
    frames.push_back(mine);
  }
  return frames;
}

TEST(SeveralWorlds, EveryWorldIsReadAndNamedByItsWorld) {
  ExpectFrames(Flatten(kTwoWorlds), ByHand());
}

TEST(SeveralWorlds, LibsdformatAgrees) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const testing::OracleResult oracle =
      testing::LoadWithSdformat(WriteTemp("two_worlds.sdf", kTwoWorlds));
  ASSERT_TRUE(oracle.valid) << oracle.diagnostics;
  EXPECT_TRUE(oracle.resolve_errors.empty());
  ExpectFrames(OracleFrames(oracle), ByHand());
}

// Written as other versions and upgraded, every world is kept and proven.
TEST(SeveralWorlds, WrittenAsOtherVersionsKeepsEveryWorld) {
  for (const char* version : {"1.9", "1.12"}) {
    VersionWriteOptions options;
    options.version = version;
    const UpgradeResult r =
        WriteSdfVersion(kTwoWorlds, "two_worlds.sdf", options);
    ASSERT_TRUE(r.ok()) << version;
    for (const Diagnostic& d : r.diagnostics.items()) {
      ADD_FAILURE() << version << ": " << FormatDiagnostic(d);
    }
    ExpectFrames(Flatten(r.output), ByHand());
  }
}

// A 1.5 file whose worlds each need the upgrade's repairs: a joint named
// like a link (1.7 forbids it) in both, a joint with `world` as its child
// (turned around) in the second. Each world is repaired in place and the
// proof compares each with itself.
TEST(SeveralWorlds, TheUpgradeRepairsAndProvesEachWorld) {
  const std::string legacy = R"(<?xml version="1.0"?>
<sdf version="1.5">
  <world name="a">
    <model name="m">
      <link name="l"/>
      <joint name="l" type="fixed"><parent>world</parent><child>l</child></joint>
    </model>
  </world>
  <world name="b">
    <model name="m">
      <pose>1 0 0 0 0 0</pose>
      <link name="l"><pose>0 1 0 0 0 0</pose></link>
      <link name="k"><pose>0 0 1 0 0 0</pose></link>
      <joint name="l" type="revolute"><parent>l</parent><child>k</child>
        <axis><xyz>0 0 1</xyz></axis></joint>
      <joint name="w" type="revolute"><parent>k</parent><child>world</child>
        <axis><xyz>1 0 0</xyz></axis></joint>
    </model>
  </world>
</sdf>
)";
  const UpgradeResult r = UpgradeSdf(legacy, "legacy.sdf");
  ASSERT_TRUE(r.ok());
  const std::vector<FlatFrame> out = Flatten(r.output);
  std::map<std::string, Pose> poses;
  for (const FlatFrame& f : out) poses[f.kind + " " + f.name] = f.X_WF;
  EXPECT_EQ(poses.size(), 8u);
  EXPECT_LT(PoseDistance(poses["joint a::m::l_joint"], Pose::Identity()), kTol);
  EXPECT_LT(PoseDistance(poses["joint b::m::l_joint"], P(1, 0, 1, 0, 0, 0)),
            kTol);
  // w now goes from the world to k, placed where k was its parent's frame.
  EXPECT_LT(PoseDistance(poses["joint b::m::w"], P(0, 0, 0, 0, 0, 0)), kTol);
  EXPECT_LT(PoseDistance(poses["link b::m::k"], P(1, 0, 1, 0, 0, 0)), kTol);
  EXPECT_NE(r.output.find("<world name=\"b\">"), std::string::npos);
}

// The same 1.6 model included in both worlds (one file, two instances per
// name, each world's own): expanded into one file, each world keeps its
// instance where its include put it, and libsdformat reads the original
// alike.
TEST(SeveralWorlds, IncludesOfEveryWorldAreExpanded) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const fs::path dir = fs::path(::testing::TempDir()) / "several_includes";
  fs::create_directories(dir / "models" / "box");
  std::ofstream(dir / "models" / "box" / "model.config")
      << "<?xml version='1.0'?>\n<model><name>box</name>"
         "<sdf version='1.6'>model.sdf</sdf></model>\n";
  std::ofstream(dir / "models" / "box" / "model.sdf") << R"(<?xml version="1.0"?>
<sdf version="1.6">
  <model name="box">
    <link name="base"><pose>0 0 0.5 0 0 0</pose></link>
    <link name="lid"><pose frame="base">0 0 0.5 0 0 0</pose></link>
    <joint name="hinge" type="revolute"><parent>base</parent><child>lid</child>
      <axis><xyz>1 0 0</xyz></axis></joint>
  </model>
</sdf>
)";
  const std::string world = R"(<?xml version="1.0"?>
<sdf version="1.6">
  <world name="alpha">
    <include><uri>model://box</uri><name>b</name><pose>0 2 0 0 0 0</pose></include>
  </world>
  <world name="beta">
    <include><uri>model://box</uri><name>b</name><pose>5 0 0 0 0 1</pose></include>
  </world>
</sdf>
)";
  const std::string path = (dir / "world.sdf").string();
  std::ofstream(path) << world;
  IncludeSearch search;
  search.model_paths = {(dir / "models").string()};
  search.use_environment = false;
  const UpgradeResult r = ExpandIncludesToSdf18(world, path, search);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output.find("<include"), std::string::npos) << r.output;
  // The lid 0.5 above the base, 0.5 above the model; the hinge at the lid
  // (1.6: in the child's frame), its axis in the joint frame.
  const double c = std::cos(1), s = std::sin(1);
  const std::map<std::string, Expected> expected = {
      {"alpha::b", {"model", "alpha::b::base", P(0, 2, 0, 0, 0, 0)}},
      {"alpha::b::base", {"link", "alpha::b::base", P(0, 2, 0.5, 0, 0, 0)}},
      {"alpha::b::lid", {"link", "alpha::b::lid", P(0, 2, 1, 0, 0, 0)}},
      {"alpha::b::hinge",
       {"joint", "alpha::b::lid", P(0, 2, 1, 0, 0, 0), {{1, 0, 0}}}},
      {"beta::b", {"model", "beta::b::base", P(5, 0, 0, 0, 0, 1)}},
      {"beta::b::base", {"link", "beta::b::base", P(5, 0, 0.5, 0, 0, 1)}},
      {"beta::b::lid", {"link", "beta::b::lid", P(5, 0, 1, 0, 0, 1)}},
      {"beta::b::hinge",
       {"joint", "beta::b::lid", P(5, 0, 1, 0, 0, 1), {{c, s, 0}}}},
  };
  ExpectFrames(Flatten(r.output, path), expected);
  const testing::OracleResult oracle =
      testing::LoadWithSdformat(path, {(dir / "models").string()});
  ASSERT_TRUE(oracle.valid) << oracle.diagnostics;
  ExpectFrames(OracleFrames(oracle), expected);
}

struct Refusal {
  const char* name;
  const char* text;
  Code code;
  int line;
};

// What libsdformat refuses in a file of several worlds, sdfconv refuses
// with the same code at the element: a repeated world name, and a name of
// one world used in another (each world is its own scope).
TEST(SeveralWorlds, RefusedAsLibsdformatRefuses) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const std::vector<Refusal> refusals = {
      {"duplicate.sdf", R"(<sdf version="1.8">
  <world name="w"><model name="a"><link name="l"/></model></world>
  <world name="w"><model name="b"><link name="l"/></model></world>
</sdf>
)",
       Code::kDuplicateName, 3},
      {"attached_to.sdf", R"(<sdf version="1.8">
  <world name="one"><frame name="only_here"/></world>
  <world name="two"><frame name="f" attached_to="only_here"/></world>
</sdf>
)",
       Code::kFrameAttachedToInvalid, 3},
      {"relative_to.sdf", R"(<sdf version="1.8">
  <world name="one"><frame name="only_here"/></world>
  <world name="two">
    <model name="m"><pose relative_to="only_here"/><link name="l"/></model>
  </world>
</sdf>
)",
       Code::kPoseRelativeToInvalid, 4},
  };
  for (const Refusal& r : refusals) {
    Diagnostics diags;
    std::optional<Document> doc = ReadString(r.text, r.name, &diags);
    ASSERT_TRUE(doc) << r.name;
    (void)BuildFrameGraph(*doc, &diags);
    ASSERT_EQ(diags.size(), 1u) << r.name;
    EXPECT_EQ(diags.items()[0].code, r.code) << r.name;
    EXPECT_EQ(diags.items()[0].source.line, r.line) << r.name;
    const testing::OracleResult oracle =
        testing::LoadWithSdformat(WriteTemp(r.name, r.text));
    EXPECT_FALSE(oracle.valid) << r.name;
    bool same_code = false;
    for (const testing::OracleError& e : oracle.errors) {
      same_code = same_code || e.code == CodeName(r.code);
    }
    EXPECT_TRUE(same_code) << r.name << ":\n" << oracle.diagnostics;
  }
}

}  // namespace
}  // namespace sdfconv
