// Includes whose URI names no file, read as IncludeSearch::unresolved says:
// an error (and the include left out), kept as written with a warning and
// stood in for (everything else still checked), or, for readings that need
// every included model, an error that says it cannot be kept.
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/include/uri_resolver.h"
#include "converters/registry.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
using Unresolved = IncludeSearch::Unresolved;
constexpr double kTol = 1e-12;

class UnresolvedIncludesTest : public DiagnosticTest {
 protected:
  void SetUp() override {
    DiagnosticTest::SetUp();
    root_ = fs::path(::testing::TempDir()) /
            ("unresolved_" + std::string(::testing::UnitTest::GetInstance()
                                             ->current_test_info()
                                             ->name()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }

  std::string Write(const std::string& relative, const std::string& text) {
    const fs::path p = root_ / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }

  // Reads `file` (the environment unread: no model path, no Fuel cache),
  // then builds its frame graph.
  std::optional<Document> Read(const std::string& file, Unresolved mode) {
    ReadOptions options;
    options.include_search.use_environment = false;
    options.include_search.unresolved = mode;
    std::optional<Document> doc = ReadFile(file, &diags_, options);
    if (doc) graph_ = BuildFrameGraph(*doc, &diags_);
    return doc;
  }

  // The world pose of the element with scoped name `name`.
  Pose WorldPose(const Document& doc, const std::string& name) {
    const Resolution r = ResolveAll(doc, graph_);
    for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
      if (doc.ScopedName(id) == name) return r.X_W[id];
    }
    ADD_FAILURE() << "no element " << name;
    return Pose::Identity();
  }

  static const Element* Find(const Document& doc, const std::string& name) {
    for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
      if (doc.ScopedName(id) == name) return &doc.at(id);
    }
    return nullptr;
  }

  fs::path root_;
  FrameGraph graph_;
};

// A world with a Fuel include that is not cached, a frame placed on a link
// of the included model, a model of its own, and a joint whose child is
// not there.
constexpr char kWorld[] = R"(<sdf version="1.8">
  <world name="w">
    <include>
      <uri>https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke/3</uri>
      <pose>1 0 0 0 0 0</pose>
    </include>
    <frame name="above" attached_to="Coke::link">
      <pose relative_to="Coke::link">0 0 1 0 0 0</pose>
    </frame>
    <model name="table">
      <pose>0 2 0 0 0 1.5707963267948966</pose>
      <link name="top"><pose>1 0 0.5 0 0 0</pose></link>
    </model>
    <model name="broken">
      <link name="l"/>
      <joint name="j" type="fixed"><parent>l</parent><child>nothing</child></joint>
    </model>
  </world>
</sdf>
)";

TEST_F(UnresolvedIncludesTest, KeptTheIncludeIsAWarningAndTheRestIsChecked) {
  const std::optional<Document> doc =
      Read(Write("world.sdf", kWorld), Unresolved::kKeep);
  ASSERT_TRUE(doc);
  EXPECT_EQ(TakeWarning(Code::kIncludeUriUnresolved).source.line, 3);
  // An error of the file itself is still found.
  EXPECT_EQ(TakeError(Code::kJointChildLinkInvalid).source.line, 16);
  // The stand-in is named after the Fuel model (not its version) and has
  // the link the file refers to.
  const Element* coke = Find(*doc, "Coke");
  ASSERT_NE(coke, nullptr);
  ASSERT_TRUE(coke->include);
  EXPECT_TRUE(coke->include->stand_in);
  ASSERT_NE(Find(*doc, "Coke::link"), nullptr);
  const Pose top = WorldPose(*doc, "table::top");
  EXPECT_NEAR(top.translation().x(), 0.0, kTol);
  EXPECT_NEAR(top.translation().y(), 3.0, kTol);
  EXPECT_NEAR(top.translation().z(), 0.5, kTol);
}

TEST_F(UnresolvedIncludesTest, AnErrorByDefaultAndReferencesIntoItFailToo) {
  const std::optional<Document> doc =
      Read(Write("world.sdf", kWorld), Unresolved::kError);
  ASSERT_TRUE(doc);
  EXPECT_EQ(TakeError(Code::kIncludeUriUnresolved).source.line, 3);
  EXPECT_EQ(Find(*doc, "Coke"), nullptr);  // left out
  EXPECT_EQ(TakeError(Code::kJointChildLinkInvalid).source.line, 16);
  EXPECT_EQ(TakeError(Code::kFrameAttachedToInvalid).source.line, 7);
  EXPECT_EQ(TakeError(Code::kPoseRelativeToInvalid).source.line, 8);
}

// A reading that needs every included model cannot keep one: the error is
// the same, its message says why keeping did not apply.
TEST_F(UnresolvedIncludesTest, NeededTheIncludeStaysAnError) {
  IncludeSearch search;
  search.unresolved = Unresolved::kKeep;
  ASSERT_EQ(NeedingIncludedModels(search).unresolved, Unresolved::kNeeded);
  search.unresolved = Unresolved::kError;
  ASSERT_EQ(NeedingIncludedModels(search).unresolved, Unresolved::kError);

  const std::optional<Document> doc =
      Read(Write("world.sdf", kWorld), Unresolved::kNeeded);
  ASSERT_TRUE(doc);
  const Diagnostic d = TakeError(Code::kIncludeUriUnresolved);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("--unresolved-includes=keep cannot"),
            std::string::npos);
  EXPECT_EQ(Find(*doc, "Coke"), nullptr);
  TakeError(Code::kJointChildLinkInvalid);
  TakeError(Code::kFrameAttachedToInvalid);
  TakeError(Code::kPoseRelativeToInvalid);
}

// What resolves is read; what does not is stood in for; an unresolved
// include inside an included file is reported there and kept too.
TEST_F(UnresolvedIncludesTest, ResolvedIncludesAreReadBesideKeptOnes) {
  Write("parts/arm.sdf", R"(<sdf version="1.8">
  <model name="arm">
    <link name="base"><pose>0 0 1 0 0 0</pose></link>
    <include>
      <uri>https://fuel.gazebosim.org/1.0/OpenRobotics/models/Gripper</uri>
      <name>hand</name>
      <pose relative_to="base">0 0 0.5 0 0 0</pose>
    </include>
  </model>
</sdf>
)");
  const std::string world = Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include>
      <uri>parts/arm.sdf</uri>
      <pose>2 0 0 0 0 0</pose>
    </include>
    <include><uri>model://nowhere</uri></include>
  </world>
</sdf>
)");
  const std::optional<Document> doc = Read(world, Unresolved::kKeep);
  ASSERT_TRUE(doc);
  // In the order the composition meets them: inside the first include,
  // then the world's second.
  const Diagnostic hand = TakeWarning(Code::kIncludeUriUnresolved);
  EXPECT_EQ(fs::path(hand.source.file.str()).filename(), "arm.sdf");
  EXPECT_EQ(hand.source.line, 4);
  const Diagnostic nowhere = TakeWarning(Code::kIncludeUriUnresolved);
  EXPECT_EQ(nowhere.source.file.str(), world);
  EXPECT_EQ(nowhere.source.line, 7);
  const Pose base = WorldPose(*doc, "arm::base");
  EXPECT_NEAR(base.translation().x(), 2.0, kTol);
  EXPECT_NEAR(base.translation().z(), 1.0, kTol);
  const Pose stand_in = WorldPose(*doc, "arm::hand");
  EXPECT_NEAR(stand_in.translation().x(), 2.0, kTol);
  EXPECT_NEAR(stand_in.translation().z(), 1.5, kTol);
  ASSERT_NE(Find(*doc, "nowhere"), nullptr);
  EXPECT_TRUE(Find(*doc, "nowhere")->include->stand_in);
}

// A merge-include kept unread stands in, in its scope, for the names the
// scope uses that nothing else there has.
TEST_F(UnresolvedIncludesTest, AKeptMergeIncludeStandsInForItsContent) {
  const std::optional<Document> doc =
      Read(Write("model.sdf", R"(<sdf version="1.9">
  <model name="m">
    <link name="own"/>
    <include merge="true"><uri>gripper.sdf</uri></include>
    <frame name="tip" attached_to="finger"/>
  </model>
</sdf>
)"),
           Unresolved::kKeep);
  ASSERT_TRUE(doc);
  EXPECT_EQ(TakeWarning(Code::kIncludeUriUnresolved).source.line, 4);
  const Element* finger = Find(*doc, "m::finger");
  ASSERT_NE(finger, nullptr);
  EXPECT_EQ(finger->kind, ElementKind::kLink);
  EXPECT_TRUE(finger->include->stand_in);
}

}  // namespace
}  // namespace sdfconv
