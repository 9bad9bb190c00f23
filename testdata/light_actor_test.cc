// testdata/light_actor/: a world that includes a lone-light model folder
// (models/sun, as Gazebo's model://sun: a model.config and a model.sdf
// holding one <light>), a model (models/crate) and an actor file
// (models/walker). Checked, flattened and expanded into one file; every
// expected pose is worked out by hand below, and libsdformat 12 (the
// test-only oracle) must read the world the same way.
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "converters/upgrade/expand_includes.h"
#include "converters/upgrade/upgrade.h"
#include "core/diagnostic.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

constexpr double kTol = 1e-12;
constexpr char kWorld[] = "testdata/light_actor/world.sdf";
constexpr char kModels[] = "testdata/light_actor/models";

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Expected {
  std::string kind;
  std::string attached_to;
  Pose X_WF;
};

Pose P(double x, double y, double z, double r, double p, double yaw) {
  return PoseFromXyzRpy({x, y, z}, {r, p, yaw});
}

// The world's entries, by hand from the files:
//  - post: written in the world, (3, 0, 2) turned a quarter about z;
//  - sun: the first include has no <pose>, so the light keeps its own,
//    (0, 0, 10) pitched 0.25, in the world;
//  - lamp: the second include's pose replaces the light's: (1, 0, 0.5) in
//    post; post's x is the world's y, so (3, 0 + 1, 2 + 0.5), turned as
//    post is (the light's own pitch is gone with its pose);
//  - crate: (2, 1, 0) turned 0.5; its body 0.25 above, turned alike, the
//    collision and visual at the body;
//  - visitor: the include's pose, (-1, 0, 0) turned half a turn.
std::map<std::string, Expected> WorldByHand() {
  const double q = M_PI / 2;
  return {
      {"post", {"frame", "world", P(3, 0, 2, 0, 0, q)}},
      {"sun", {"light", "world", P(0, 0, 10, 0, 0.25, 0)}},
      {"lamp", {"light", "world", P(3, 1, 2.5, 0, 0, q)}},
      {"crate", {"model", "crate::body", P(2, 1, 0, 0, 0, 0.5)}},
      {"crate::body", {"link", "crate::body", P(2, 1, 0.25, 0, 0, 0.5)}},
      {"crate::body::box",
       {"collision", "crate::body", P(2, 1, 0.25, 0, 0, 0.5)}},
      {"crate::body::look",
       {"visual", "crate::body", P(2, 1, 0.25, 0, 0, 0.5)}},
      {"visitor", {"actor", "world", P(-1, 0, 0, 0, 0, M_PI)}},
  };
}

// Reads `path` (text `text` when given) with includes expanded through
// kModels; every diagnostic fails the test.
std::vector<FlatFrame> Flatten(const std::string& path,
                               const std::string* text = nullptr) {
  Diagnostics diags;
  ReadOptions options;
  options.include_search.model_paths = {kModels};
  options.include_search.use_environment = false;
  std::optional<Document> doc = text ? ReadString(*text, path, &diags, options)
                                     : ReadFile(path, &diags, options);
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
  }
}

TEST(LightActorWorld, CheckedAndFlattened) {
  ExpectFrames(Flatten(kWorld), WorldByHand());
}

TEST(LightActorWorld, ExpandedInline) {
  IncludeSearch search;
  search.model_paths = {kModels};
  search.use_environment = false;
  const UpgradeResult r =
      ExpandIncludesToSdf18(Slurp(kWorld), kWorld, search);
  ASSERT_TRUE(r.ok());
  for (const Diagnostic& d : r.diagnostics.items()) {
    ADD_FAILURE() << FormatDiagnostic(d);
  }
  EXPECT_EQ(r.output.find("<include"), std::string::npos) << r.output;
  // The sun's own pose where its include has none; the include's pose in
  // the light's place where it has one.
  EXPECT_NE(r.output.find("<pose>0 0 10 0 0.25 0</pose>"), std::string::npos);
  EXPECT_NE(r.output.find("<light type=\"directional\" name=\"lamp\">"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("<actor name=\"visitor\">"), std::string::npos);
  ExpectFrames(Flatten(kWorld, &r.output), WorldByHand());
}

// The lone light and the lone actor, read alone: each placed in the world
// frame by its own pose; the 1.6 sun upgraded to 1.8 keeps it.
TEST(LightActorWorld, TheFilesAlone) {
  const std::string sun = std::string(kModels) + "/sun/model.sdf";
  const std::string walker = std::string(kModels) + "/walker/model.sdf";
  ExpectFrames(Flatten(sun),
               {{"sun", {"light", "world", P(0, 0, 10, 0, 0.25, 0)}}});
  ExpectFrames(Flatten(walker), {{"walker",
                                  {"actor", "world",
                                   P(0, -2, 0, 0, 0, M_PI / 2)}}});
  const UpgradeResult r = UpgradeSdf(Slurp(sun), sun);
  ASSERT_TRUE(r.ok());
  EXPECT_NE(r.output.find("<sdf version=\"1.8\">"), std::string::npos)
      << r.output;
  ExpectFrames(Flatten(sun, &r.output),
               {{"sun", {"light", "world", P(0, 0, 10, 0, 0.25, 0)}}});
}

// libsdformat 12 reads the world alike (lights and actors included: the
// oracle lists an actor at its raw pose).
TEST(LightActorWorld, LibsdformatAgrees) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const testing::OracleResult oracle =
      testing::LoadWithSdformat(kWorld, {kModels});
  ASSERT_TRUE(oracle.valid) << oracle.diagnostics;
  std::vector<FlatFrame> frames;
  for (const testing::OracleFrame& f : oracle.frames) {
    FlatFrame mine;
    mine.name = f.name;
    mine.kind = f.kind;
    mine.attached_to = f.attached_to;
    mine.X_WF = f.X_WF;
    frames.push_back(mine);
  }
  ExpectFrames(frames, WorldByHand());
}

}  // namespace
}  // namespace sdfconv
