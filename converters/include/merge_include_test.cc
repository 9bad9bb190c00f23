// Merge-includes through the registry (ReadFile composes and merges), over
// files written to a temporary folder. Expected poses are worked out by
// hand from the files' numbers.
#include "converters/include/merge_include.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/registry.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
constexpr double kTol = 1e-12;
constexpr double kHalfPi = M_PI / 2;

std::string Model(const std::string& name, const std::string& body,
                  const std::string& version = "1.9") {
  return "<sdf version=\"" + version + "\">\n<model name=\"" + name +
         "\">\n" + body + "\n</model>\n</sdf>\n";
}

Pose P(double x, double y, double z, double r, double p, double yaw) {
  return PoseFromXyzRpy({x, y, z}, {r, p, yaw});
}

class MergeIncludeTest : public DiagnosticTest {
 protected:
  void SetUp() override {
    DiagnosticTest::SetUp();
    root_ = fs::path(::testing::TempDir()) /
            ("merge_" + std::string(::testing::UnitTest::GetInstance()
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

  // Reads `file` with includes expanded and merged, builds the graph and,
  // when it has no error, resolves.
  std::optional<Document> Read(const std::string& file) {
    ReadOptions options;
    options.include_search.model_paths = {root_.string()};
    options.include_search.use_environment = false;
    std::optional<Document> doc = ReadFile(file, &diags_, options);
    if (doc) {
      Diagnostics graph;
      graph_ = BuildFrameGraph(*doc, &graph);
      if (!graph.HasErrors()) resolution_ = ResolveAll(*doc, graph_);
      diags_.Append(graph);
    }
    return doc;
  }

  ElementId Find(const Document& doc, const std::string& scoped) const {
    for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
      if (doc.ScopedName(id) == scoped) return id;
    }
    ADD_FAILURE() << "no element " << scoped;
    return kNoElement;
  }

  Pose World(const Document& doc, const std::string& scoped) const {
    const ElementId id = Find(doc, scoped);
    return id == kNoElement ? Pose::Identity() : resolution_.X_W[id];
  }

  void ExpectPose(const Document& doc, const std::string& scoped,
                  const Pose& expected) const {
    EXPECT_LT(PoseDistance(World(doc, scoped), expected), kTol)
        << scoped << ": " << World(doc, scoped).matrix() << "\nexpected\n"
        << expected.matrix();
  }

  // The names of `scope`'s children, "kind:name", in order.
  static std::vector<std::string> Children(const Document& doc,
                                           ElementId scope) {
    std::vector<std::string> out;
    for (ElementId c : doc.at(scope).children) {
      const Element& e = doc.at(c);
      out.push_back((e.kind == ElementKind::kOther ? e.tag
                                                   : KindName(e.kind)) +
                    std::string(":") + e.name);
    }
    return out;
  }

  fs::path root_;
  FrameGraph graph_;
  Resolution resolution_;
};

// The arm every test merges: its model frame is referred to in every way
// libsdformat redirects to the proxy frame.
constexpr char kArm[] = R"(<pose>5 5 5 0 0 0</pose>
<link name="base"><pose>1 0 0 0 0 0</pose></link>
<link name="tip">
  <pose relative_to="__model__">0 0 2 0 0 1.5707963267948966</pose>
</link>
<joint name="j" type="revolute">
  <pose relative_to="__model__">0 1 0 0 0 0</pose>
  <parent>base</parent><child>tip</child>
  <axis><xyz expressed_in="__model__">1 0 0</xyz></axis>
</joint>
<frame name="f"/>
<frame name="g" attached_to="tip">
  <pose relative_to="__model__">0 0 3 0 0 0</pose>
</frame>
<model name="nested"><pose>0 0 -1 0 0 0</pose><link name="n"/></model>
<plugin name="p" filename="libp.so"/>
<self_collide>true</self_collide>)";

TEST_F(MergeIncludeTest, ContentGoesIntoTheModelWithAProxyFrame) {
  Write("arm/model.config",
        "<model><sdf version='1.9'>model.sdf</sdf></model>");
  Write("arm/model.sdf", Model("arm", kArm));
  const std::string robot = Write("robot.sdf", Model("robot", R"(<link name="body"/>
<frame name="mount"><pose>0 0 1 0 0 0</pose></frame>
<include merge="true">
  <uri>model://arm</uri>
  <pose relative_to="mount">10 0 0 0 0 1.5707963267948966</pose>
</include>
<joint name="weld" type="fixed"><parent>body</parent><child>base</child></joint>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  EXPECT_EQ(Children(*doc, 0),
            (std::vector<std::string>{
                "link:body", "frame:mount", "frame:_merged__arm__model__",
                "link:base", "link:tip", "joint:j", "frame:f", "frame:g",
                "model:nested", "plugin:p", "joint:weld"}));

  const ElementId proxy_id = Find(*doc, "robot::_merged__arm__model__");
  ASSERT_NE(proxy_id, kNoElement);
  const Element& proxy = doc->at(proxy_id);
  EXPECT_EQ(proxy.attached_to, "base");  // the first link
  EXPECT_EQ(proxy.pose.relative_to, "mount");
  ASSERT_TRUE(proxy.include.has_value());
  EXPECT_TRUE(proxy.include->merge);
  EXPECT_EQ(proxy.include->uri, "model://arm");
  EXPECT_EQ(proxy.source.line, 5);  // the <include>
  EXPECT_EQ(doc->at(Find(*doc, "robot::tip")).merged_by, proxy_id);
  EXPECT_EQ(doc->at(Find(*doc, "robot::weld")).merged_by, kNoElement);

  // The proxy: the include's pose in `mount` (0 0 1), yaw a quarter turn.
  const Pose X_WP = P(10, 0, 1, 0, 0, kHalfPi);
  ExpectPose(*doc, "robot::_merged__arm__model__", X_WP);
  // base (empty relative_to): 1 0 0 in the proxy = 0 1 0 in the world.
  ExpectPose(*doc, "robot::base", P(10, 1, 1, 0, 0, kHalfPi));
  ExpectPose(*doc, "robot::tip", P(10, 0, 3, 0, 0, M_PI));
  // j: 0 1 0 in the proxy = -1 0 0; its axis 1 0 0 in the proxy = 0 1 0.
  ExpectPose(*doc, "robot::j", P(9, 0, 1, 0, 0, kHalfPi));
  const ElementId j = Find(*doc, "robot::j");
  EXPECT_LT((resolution_.axes_W[j][0] - Eigen::Vector3d(0, 1, 0)).norm(),
            kTol);
  // f: attached to the proxy, at it; g: 0 0 3 in the proxy, on tip.
  ExpectPose(*doc, "robot::f", X_WP);
  EXPECT_EQ(MovesWith(*doc, graph_, Find(*doc, "robot::f")),
            Find(*doc, "robot::base"));
  ExpectPose(*doc, "robot::g", P(10, 0, 4, 0, 0, kHalfPi));
  EXPECT_EQ(MovesWith(*doc, graph_, Find(*doc, "robot::g")),
            Find(*doc, "robot::tip"));
  ExpectPose(*doc, "robot::nested::n", P(10, 0, 0, 0, 0, kHalfPi));
  // The model's own canonical link is still its own first link.
  EXPECT_EQ(graph_.canonical_link[0], Find(*doc, "robot::body"));
}

TEST_F(MergeIncludeTest, PlacementFramePlacesTheNamedFrame) {
  Write("arm.sdf", Model("arm", kArm));
  const std::string robot = Write("robot.sdf", Model("robot", R"(<link name="body"/>
<include merge="true">
  <uri>arm.sdf</uri>
  <placement_frame>tip</placement_frame>
  <pose>0 0 0.5 0 0 0</pose>
</include>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  // tip lands on the include's pose; X_M,tip = (0 0 2, yaw pi/2), so the
  // model frame is X_RM = X_R,tip * X_M,tip^-1 = (0 0 -1.5, yaw -pi/2).
  ExpectPose(*doc, "robot::tip", P(0, 0, 0.5, 0, 0, 0));
  ExpectPose(*doc, "robot::_merged__arm__model__",
             P(0, 0, -1.5, 0, 0, -kHalfPi));
  // base: 1 0 0 in that frame = 0 -1 0.
  ExpectPose(*doc, "robot::base", P(0, -1, -1.5, 0, 0, -kHalfPi));
  const Element& proxy = doc->at(Find(*doc, "robot::_merged__arm__model__"));
  EXPECT_EQ(proxy.pose.relative_to, "__model__");
}

TEST_F(MergeIncludeTest, TheIncludesNameNamesTheProxy) {
  Write("arm.sdf", Model("arm", R"(<link name="l"/>)"));
  const std::string robot = Write("robot.sdf", Model("robot", R"(
<include merge="true"><uri>arm.sdf</uri><name>left</name></include>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  EXPECT_EQ(Children(*doc, 0),
            (std::vector<std::string>{"frame:_merged__left__model__",
                                      "link:l"}));
  // Without <pose>, the included model's own: none here, the identity.
  ExpectPose(*doc, "robot::l", Pose::Identity());
  EXPECT_EQ(MergedModelProxyFrameName("m"), "_merged__m__model__");
}

TEST_F(MergeIncludeTest, WhatTheIncludeAddsIsMergedToo) {
  Write("arm.sdf", Model("arm", R"(<link name="l"><pose>1 0 0 0 0 0</pose></link>)"));
  const std::string robot = Write("robot.sdf", Model("robot", R"(
<include merge="true"><uri>arm.sdf</uri><pose>0 2 0 0 0 0</pose>
  <frame name="added" attached_to="__model__"><pose>0 0 7 0 0 0</pose></frame>
  <plugin name="extra" filename="libx.so"/>
</include>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  EXPECT_EQ(Children(*doc, 0),
            (std::vector<std::string>{"frame:_merged__arm__model__", "link:l",
                                      "frame:added", "plugin:extra"}));
  const Element& added = doc->at(Find(*doc, "robot::added"));
  EXPECT_EQ(added.attached_to, "_merged__arm__model__");
  ExpectPose(*doc, "robot::added", P(0, 2, 7, 0, 0, 0));
}

TEST_F(MergeIncludeTest, StaticIsDroppedWithAWarning) {
  Write("arm.sdf", Model("arm", R"(<static>true</static><link name="l"/>)"));
  const std::string robot = Write("robot.sdf", Model("robot", R"(<link name="b"/>
<include merge="true"><uri>arm.sdf</uri></include>
<joint name="j" type="revolute"><parent>b</parent><child>l</child></joint>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 4);
  // l is no longer fixed to the world: it moves with itself.
  EXPECT_EQ(MovesWith(*doc, graph_, Find(*doc, "robot::l")),
            Find(*doc, "robot::l"));
}

TEST_F(MergeIncludeTest, TheProxyIsAttachedToTheCanonicalLink) {
  Write("deep.sdf", Model("deep", R"(<frame name="f"/>
<model name="outer"><model name="inner"><link name="l"/></model></model>)"));
  std::string written = Model("written", R"(<link name="a"/><link name="b"/>)");
  written.replace(written.find("name=\"written\""), 14,
                  "name=\"written\" canonical_link=\"b\"");
  Write("written.sdf", written);
  const std::string robot = Write("robot.sdf", Model("robot", R"(<link name="x"/>
<include merge="true"><uri>written.sdf</uri></include>
<include merge="true"><uri>deep.sdf</uri></include>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  EXPECT_EQ(doc->at(Find(*doc, "robot::_merged__written__model__")).attached_to,
            "b");
  EXPECT_EQ(doc->at(Find(*doc, "robot::_merged__deep__model__")).attached_to,
            "outer::inner::l");
  EXPECT_EQ(MovesWith(*doc, graph_, Find(*doc, "robot::f")),
            Find(*doc, "robot::outer::inner::l"));
}

TEST_F(MergeIncludeTest, MergesInsideMergesComeFirst) {
  Write("c.sdf", Model("c", R"(<link name="lc"><pose>0 0 1 0 0 0</pose></link>)"));
  Write("b.sdf", Model("b", R"(<include merge="true"><uri>c.sdf</uri>
  <pose>1 0 0 0 0 0</pose></include>
<link name="lb"><pose>0 1 0 0 0 0</pose></link>)"));
  const std::string a = Write("a.sdf", Model("a", R"(<link name="la"/>
<include merge="true"><uri>b.sdf</uri><pose>0 0 10 0 0 0</pose></include>)"));
  const auto doc = Read(a);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  EXPECT_EQ(Children(*doc, 0),
            (std::vector<std::string>{"link:la", "frame:_merged__b__model__",
                                      "frame:_merged__c__model__", "link:lc",
                                      "link:lb"}));
  // b's first link is the one merged into it from c.
  const ElementId proxy_b = Find(*doc, "a::_merged__b__model__");
  EXPECT_EQ(doc->at(proxy_b).attached_to, "lc");
  // c's proxy was relative to b's model frame: now to b's proxy.
  const ElementId proxy_c = Find(*doc, "a::_merged__c__model__");
  EXPECT_EQ(doc->at(proxy_c).pose.relative_to, "_merged__b__model__");
  EXPECT_EQ(doc->at(proxy_c).merged_by, proxy_b);
  EXPECT_EQ(doc->at(Find(*doc, "a::lc")).merged_by, proxy_c);
  ExpectPose(*doc, "a::lc", P(1, 0, 11, 0, 0, 0));
  ExpectPose(*doc, "a::lb", P(0, 1, 10, 0, 0, 0));
}

TEST_F(MergeIncludeTest, AnOlderModelKeepsItsMeaning) {
  // SDFormat 1.4: poses in the model frame, the axis too.
  Write("old.sdf", Model("old", R"(<link name="a"/>
<link name="b"><pose>0 0 1 0 0 0</pose></link>
<joint name="j" type="revolute"><parent>a</parent><child>b</child>
  <axis><xyz>1 0 0</xyz></axis></joint>)",
                         "1.4"));
  const std::string robot = Write("robot.sdf", Model("robot", R"(
<include merge="true"><uri>old.sdf</uri>
  <pose>0 0 0 0 0 1.5707963267948966</pose></include>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  const ElementId j = Find(*doc, "robot::j");
  EXPECT_EQ(doc->at(j).Joint().axes[0].expressed_in, "_merged__old__model__");
  EXPECT_EQ(doc->at(j).Model().version, "1.4");
  EXPECT_LT((resolution_.axes_W[j][0] - Eigen::Vector3d(0, 1, 0)).norm(),
            kTol);
  ExpectPose(*doc, "robot::b", P(0, 0, 1, 0, 0, kHalfPi));
}

TEST_F(MergeIncludeTest, ATakenNameIsReportedAtTheInclude) {
  Write("arm.sdf", Model("arm", R"(<link name="base"/><link name="tip"/>)"));
  const std::string robot = Write("robot.sdf", Model("robot", R"(<link name="base"/>
<include merge="true"><uri>arm.sdf</uri></include>
<include merge="true"><uri>arm.sdf</uri><name>again</name></include>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  // The first include's base; the second's base and tip (the first's are
  // there by then). Each is left out, so nothing else is reported.
  for (int i = 0; i < 3; ++i) {
    const Diagnostic d = TakeError(Code::kDuplicateName);
    EXPECT_EQ(d.source.line, i == 0 ? 4 : 5) << d.message;
  }
  EXPECT_EQ(Children(*doc, 0),
            (std::vector<std::string>{"link:base",
                                      "frame:_merged__arm__model__",
                                      "link:tip",
                                      "frame:_merged__again__model__"}));
}

TEST_F(MergeIncludeTest, AModelInvalidOnItsOwnIsNotMerged) {
  // Its link refers to a frame of the including model: libsdformat checks
  // the included model on its own first.
  Write("needy.sdf", Model("needy", R"(<link name="l">
  <pose relative_to="mount">1 0 0 0 0 0</pose></link>)"));
  Write("empty.sdf", Model("empty", R"(<frame name="f"/>)"));
  const std::string robot = Write("robot.sdf", Model("robot", R"(<link name="b"/>
<frame name="mount"/>
<include merge="true"><uri>needy.sdf</uri></include>
<include merge="true"><uri>empty.sdf</uri></include>)"));
  const auto doc = Read(robot);
  ASSERT_TRUE(doc.has_value());
  const Diagnostic needy = TakeError(Code::kPoseRelativeToInvalid);
  EXPECT_EQ(needy.source.line, 4);  // in needy.sdf
  ASSERT_EQ(needy.related.size(), 1u);
  EXPECT_EQ(needy.related[0].line, 5);  // the <include> in robot.sdf
  const Diagnostic no_link = TakeError(Code::kModelWithoutLink);
  EXPECT_NE(no_link.message.find("empty.sdf"), std::string::npos);
  EXPECT_EQ(Children(*doc, 0),
            (std::vector<std::string>{"link:b", "frame:mount"}));
}

TEST_F(MergeIncludeTest, IntoAWorld) {
  Write("part.sdf", Model("part", R"(<link name="link"/>)", "1.10"));
  Write("assembly.sdf", Model("assembly", R"(
<include><uri>part.sdf</uri><name>M1</name></include>
<include><uri>part.sdf</uri><name>M2</name><pose>0 10 0 0 0 0</pose></include>
<frame name="F1"/>
<frame name="F2" attached_to="M2"/>
<joint name="J1" type="fixed"><parent>F1</parent><child>F2</child></joint>
<plugin name="p" filename="libp.so"/>)",
                                   "1.10"));
  const std::string world = Write("world.sdf", R"(<sdf version="1.10">
<world name="w">
  <include merge="true">
    <uri>assembly.sdf</uri>
    <pose>100 0 0 0 0 0</pose>
  </include>
</world>
</sdf>)");
  const auto doc = Read(world);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  EXPECT_EQ(Children(*doc, 0),
            (std::vector<std::string>{
                "frame:_merged__assembly__model__", "model:M1", "model:M2",
                "frame:F1", "frame:F2", "joint:J1", "plugin:p"}));
  const Element& proxy =
      doc->at(Find(*doc, "_merged__assembly__model__"));
  EXPECT_EQ(proxy.pose.relative_to, "world");
  EXPECT_EQ(proxy.attached_to, "M1::link");
  EXPECT_EQ(doc->at(Find(*doc, "M2")).pose.relative_to,
            "_merged__assembly__model__");
  EXPECT_EQ(doc->at(Find(*doc, "F1")).attached_to,
            "_merged__assembly__model__");
  ExpectPose(*doc, "_merged__assembly__model__", P(100, 0, 0, 0, 0, 0));
  ExpectPose(*doc, "M2::link", P(100, 10, 0, 0, 0, 0));
  ExpectPose(*doc, "F2", P(100, 10, 0, 0, 0, 0));
}

TEST_F(MergeIncludeTest, LinksCannotBeMergedIntoAWorld) {
  Write("arm.sdf", Model("arm", R"(<link name="a"/><link name="b"/>
<model name="m"><link name="l"/></model>)",
                         "1.10"));
  const std::string world = Write("world.sdf", R"(<sdf version="1.10">
<world name="w">
  <model name="kept"><link name="l"/></model>
  <include merge="true"><uri>arm.sdf</uri></include>
</world>
</sdf>)");
  const auto doc = Read(world);
  ASSERT_TRUE(doc.has_value());
  for (const char* link : {"\"a\"", "\"b\""}) {
    const Diagnostic d = TakeError(Code::kMergeIncludeUnsupported);
    EXPECT_EQ(d.source.line, 4);
    EXPECT_NE(d.message.find(link), std::string::npos) << d.message;
  }
  EXPECT_EQ(Children(*doc, 0), (std::vector<std::string>{"model:kept"}));
}

}  // namespace
}  // namespace sdfconv
