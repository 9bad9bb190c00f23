// Composition through the registry (ReadFile expands includes) and through
// ExpandIncludes itself, over files written to a temporary folder.
#include "converters/include/compose.h"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

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

std::string Model(const std::string& name, const std::string& body,
                  const std::string& version = "1.8") {
  return "<sdf version=\"" + version + "\">\n<model name=\"" + name +
         "\">\n" + body + "\n</model>\n</sdf>\n";
}

class ComposeTest : public DiagnosticTest {
 protected:
  void SetUp() override {
    DiagnosticTest::SetUp();
    root_ = fs::path(::testing::TempDir()) /
            ("compose_" + std::string(::testing::UnitTest::GetInstance()
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

  // Reads `file` with includes expanded, builds the graph and resolves.
  std::optional<Document> Read(
      const std::string& file, std::vector<std::string> model_paths = {},
      const Limits& limits = {},
      IncludeSearch::Unresolved unresolved = IncludeSearch::Unresolved::kError) {
    ReadOptions options;
    options.limits = limits;
    options.include_search.model_paths = std::move(model_paths);
    options.include_search.use_environment = false;
    options.include_search.unresolved = unresolved;
    std::optional<Document> doc = ReadFile(file, &diags_, options);
    if (doc) graph_ = BuildFrameGraph(*doc, &diags_);
    return doc;
  }

  // World poses by scoped name (requires a valid Read()).
  std::map<std::string, Pose> Poses(const Document& doc) {
    const Resolution r = ResolveAll(doc, graph_);
    std::map<std::string, Pose> out;
    for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
      out[doc.ScopedName(id)] = r.X_W[id];
    }
    axes_.clear();
    for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
      if (!r.axes_W[id].empty()) axes_[doc.ScopedName(id)] = r.axes_W[id][0];
    }
    return out;
  }

  fs::path root_;
  FrameGraph graph_;
  std::map<std::string, Eigen::Vector3d> axes_;
};

Pose P(double x, double y, double z, double r, double p, double yaw) {
  return PoseFromXyzRpy({x, y, z}, {r, p, yaw});
}

TEST_F(ComposeTest, ModelUrisPosesStaticAndWhatAnIncludeAdds) {
  Write("models/wheel/model.config",
        "<model><sdf version='1.8'>wheel.sdf</sdf></model>");
  Write("models/wheel/wheel.sdf",
        Model("wheel", R"(<pose>9 9 9 0 0 0</pose>
<link name="hub"><pose>0 0 0.1 0 0 0</pose></link>
<link name="tire"/>
<frame name="rim" attached_to="tire"><pose>0.3 0 0 0 0 0</pose></frame>)"));
  const std::string car = Write("car.sdf", Model("car", R"(<link name="body"/>
<frame name="axle"><pose>1 0 0 0 0 1.5707963267948966</pose></frame>
<include>
  <uri>model://wheel</uri>
  <name>front</name>
  <pose relative_to="axle">0 0.5 0 0 0 0</pose>
  <joint name="spin" type="fixed"><parent>hub</parent><child>tag</child></joint>
  <frame name="tag" attached_to="rim"/>
</include>
<include>
  <uri>model://wheel</uri>
  <static>true</static>
</include>
<joint name="mount" type="fixed"><parent>body</parent><child>front::hub</child></joint>)"));
  const auto doc = Read(car, {(root_ / "models").string()});
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  const auto poses = Poses(*doc);
  const Pose front = P(1, 0, 0, 0, 0, M_PI / 2) * P(0, 0.5, 0, 0, 0, 0);
  EXPECT_LT(PoseDistance(poses.at("car::front"), front), kTol);
  EXPECT_LT(PoseDistance(poses.at("car::front::hub"),
                         front * P(0, 0, 0.1, 0, 0, 0)),
            kTol);
  EXPECT_LT(PoseDistance(poses.at("car::front::tag"),
                         front * P(0.3, 0, 0, 0, 0, 0)),
            kTol);
  // Unnamed: the included model's name; its own <pose> is kept.
  EXPECT_LT(PoseDistance(poses.at("car::wheel"), P(9, 9, 9, 0, 0, 0)), kTol);
  const ElementId spin = [&] {
    for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
      if (doc->ScopedName(id) == "car::front::spin") return id;
    }
    return kNoElement;
  }();
  ASSERT_NE(spin, kNoElement);
  EXPECT_EQ(doc->ScopedName(graph_.joint_parent[spin]), "car::front::hub");
  // Everything inside the static include is fixed to the world.
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    const bool in_static = doc->ScopedName(id).rfind("car::wheel::", 0) == 0;
    EXPECT_EQ(graph_.in_static_model[id], in_static) << doc->ScopedName(id);
  }
  const Element& front_model = doc->at(doc->at(0).children[2]);
  ASSERT_TRUE(front_model.include.has_value());
  EXPECT_EQ(front_model.include->uri, "model://wheel");
  EXPECT_EQ(fs::path(front_model.include->file).filename(), "wheel.sdf");
  EXPECT_EQ(front_model.include->source.line, 5);  // the <include>
  // Its own source: the <model> of the included file.
  EXPECT_EQ(fs::path(front_model.source.file.str()).filename(), "wheel.sdf");
  EXPECT_EQ(front_model.source.line, 2);
}

TEST_F(ComposeTest, AnIncludedFileKeepsTheRulesOfItsVersion) {
  // SDFormat 1.4: a link and a joint may share a name, and axes are in the
  // model frame. Both still hold inside a 1.8 world.
  Write("old.sdf", Model("old", R"(<link name="a"/>
<link name="b"><pose>0 0 1 0 0 0</pose></link>
<joint name="b" type="revolute"><parent>a</parent><child>b</child>
  <axis><xyz>1 0 0</xyz></axis></joint>)",
                         "1.4"));
  const std::string world = Write("world.sdf", R"(<sdf version="1.8">
<world name="w">
  <include><uri>old.sdf</uri><pose>0 0 0 0 0 1.5707963267948966</pose></include>
  <model name="new"><link name="a"/><link name="b"/>
    <joint name="j" type="fixed"><parent>a</parent><child>b</child></joint>
  </model>
</world>
</sdf>)");
  const auto doc = Read(world);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  Poses(*doc);
  EXPECT_LT((axes_.at("old::b") - Eigen::Vector3d(0, 1, 0)).norm(), kTol);
}

TEST_F(ComposeTest, AnIncludedUrdfGoesThroughTheUrdfFrontEnd) {
  Write("bot.urdf", R"(<robot name="bot">
  <link name="base"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="arm"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <joint name="j" type="revolute"><origin xyz="0 0 1" rpy="0 0 0.5"/>
    <parent link="base"/><child link="arm"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>)");
  const std::string world = Write("w.sdf", R"(<sdf version="1.8"><world name="w">
  <include><uri>bot.urdf</uri><name>r1</name><pose>1 0 0 0 0 0</pose></include>
  <include><uri>bot.urdf</uri><name>r2</name><pose>2 0 0 0 0 0</pose></include>
</world></sdf>)");
  const auto doc = Read(world);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  const auto poses = Poses(*doc);
  EXPECT_LT(PoseDistance(poses.at("r2::arm"), P(2, 0, 1, 0, 0, 0.5)), kTol);
  EXPECT_LT((axes_.at("r1::j") -
             Eigen::Vector3d(-std::sin(0.5), std::cos(0.5), 0)).norm(),
            kTol);
}

// The URDF import options are the file read's: an included URDF is
// imported with the defaults (its fixed joint stays a joint), a URDF read
// directly with the options (merged into a frame).
TEST_F(ComposeTest, ImportOptionsAreTheReadFilesNotTheIncludedOnes) {
  const std::string urdf = Write("fx.urdf", R"(<robot name="fx">
  <link name="a"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="b"><inertial><mass value="1"/>
    <inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>
</robot>)");
  const std::string world = Write("wf.sdf", R"(<sdf version="1.8"><world name="w">
  <include><uri>fx.urdf</uri></include>
</world></sdf>)");
  ReadOptions options;
  options.include_search.use_environment = false;
  options.urdf.merge_fixed_joints = true;
  const auto kind_of = [](const Document& doc, const std::string& scoped) {
    for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
      if (doc.ScopedName(id) == scoped) return doc.at(id).kind;
    }
    return ElementKind::kOther;
  };
  const auto included = ReadFile(world, &diags_, options);
  ASSERT_TRUE(included.has_value());
  EXPECT_EQ(kind_of(*included, "fx::b"), ElementKind::kLink);
  const auto direct = ReadFile(urdf, &diags_, options);
  ASSERT_TRUE(direct.has_value());
  EXPECT_EQ(kind_of(*direct, "fx::b"), ElementKind::kFrame);
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
}

TEST_F(ComposeTest, UnresolvedUrisNameTheIncludeAndTheSearch) {
  const std::string file = Write("m.sdf", Model("m", R"(<link name="l"/>
<include><uri>model://ghost</uri></include>)"));
  ASSERT_TRUE(Read(file, {(root_ / "models").string()}).has_value());
  const Diagnostic d = TakeError(Code::kIncludeUriUnresolved);
  EXPECT_EQ(d.source.file, file);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_NE(d.message.find("model://ghost"), std::string::npos);
  EXPECT_NE(d.message.find((root_ / "models").string()), std::string::npos);
}

TEST_F(ComposeTest, IncludeCyclesAreReportedWithTheirChain) {
  const std::string a = Write("a.sdf", Model("a", R"(<link name="l"/>
<include><uri>b.sdf</uri></include>)"));
  Write("b.sdf", Model("b", R"(<link name="l"/>
<include><uri>./a.sdf</uri></include>)"));
  Write("self.sdf", Model("self", R"(<link name="l"/>
<include><uri>self.sdf</uri></include>)"));
  ASSERT_TRUE(Read(a).has_value());
  const Diagnostic d = TakeError(Code::kIncludeCycle);
  EXPECT_NE(d.message.find("a.sdf -> "), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("b.sdf -> "), std::string::npos) << d.message;
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  ASSERT_TRUE(Read((root_ / "self.sdf").string()).has_value());
  TakeError(Code::kIncludeCycle);
}

TEST_F(ComposeTest, ExpansionStopsAtEachLimitWithItsCode) {
  const int levels = 20;  // 2^20 models, 3 * 2^20 elements: unbounded, GiB
  for (int i = levels; i >= 0; --i) {
    const std::string body =
        i == levels ? "<link name=\"l\"/>"
                    : "<link name=\"l\"/>\n<include><uri>f" +
                          std::to_string(i + 1) +
                          ".sdf</uri><name>a</name></include>\n"
                          "<include><uri>f" +
                          std::to_string(i + 1) +
                          ".sdf</uri><name>b</name></include>";
    Write("f" + std::to_string(i) + ".sdf", Model("m" + std::to_string(i), body));
  }
  const std::string top = (root_ / "f0.sdf").string();

  Limits instances;
  instances.include_instances = 1000;
  Read(top, {}, instances);
  Diagnostic d = TakeError(Code::kInputLimitExceeded);
  EXPECT_NE(d.message.find("limit of 1000 included models"), std::string::npos)
      << d.message;
  EXPECT_NE(d.message.find("--limit include_instances=N"), std::string::npos)
      << d.message;
  EXPECT_NE(d.source.file.str().find("/f"), std::string::npos) << d.source.file;
  EXPECT_GT(d.source.line, 0);
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();

  Limits elements;
  elements.elements = 5000;
  Read(top, {}, elements);
  d = TakeError(Code::kInputLimitExceeded);
  EXPECT_NE(d.message.find("limit of 5000 elements"), std::string::npos)
      << d.message;
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();

  // The defaults stop it too, long before the memory runs out.
  Read(top);
  d = TakeError(Code::kInputLimitExceeded);
  EXPECT_NE(d.message.find("limit of 100000 included models"),
            std::string::npos)
      << d.message;

  // Below the bounds, the same files read in full: 2^levels' worth of
  // a 6-level fan-out.
  Read((root_ / ("f" + std::to_string(levels - 6) + ".sdf")).string(), {},
       instances);
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
}

TEST_F(ComposeTest, IncludeErrorsHaveTheirOwnCodes) {
  Write("part.sdf", Model("part", R"(<link name="l"/><frame name="f"/>)"));
  Write("fixed.sdf", Model("fixed", R"(<static>true</static><link name="l"/>)"));
  Write("scene.sdf", R"(<sdf version="1.8"><world name="w"/></sdf>)");
  const std::string file = Write("m.sdf", Model("m", R"(<link name="l"/>
<include><uri>part.sdf</uri><placement_frame>f</placement_frame></include>
<include><uri>scene.sdf</uri><name>scene</name></include>
<include><uri>part.sdf</uri><name>twin</name></include>
<include><uri>part.sdf</uri><name>twin</name></include>
<include><uri>fixed.sdf</uri><static>false</static></include>)"));
  ASSERT_TRUE(Read(file).has_value());
  EXPECT_EQ(TakeError(Code::kIncludePoseMissing).source.line, 4);
  EXPECT_EQ(TakeError(Code::kIncludeNotModel).source.line, 5);
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 8);  // static
  const Diagnostic twin = TakeError(Code::kDuplicateName);  // the core's
  EXPECT_EQ(twin.source.line, 7);
  EXPECT_NE(twin.message.find("<include> of 'part.sdf'"), std::string::npos);
}

TEST_F(ComposeTest, APlacementFrameMustNameAFrameOfTheIncludedModel) {
  Write("part.sdf", Model("part", R"(<link name="l"/><frame name="f"/>)"));
  const std::string file = Write("m.sdf", Model("m", R"(<link name="l"/>
<include><uri>part.sdf</uri><placement_frame>nope</placement_frame><pose/></include>
<include><uri>part.sdf</uri><name>ok</name><placement_frame>f</placement_frame>
  <pose relative_to="l">0 0 1 0 0 0</pose></include>)"));
  ASSERT_TRUE(Read(file).has_value());
  const Diagnostic d = TakeError(Code::kModelPlacementFrameInvalid);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_NE(d.message.find("nope"), std::string::npos) << d.message;
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
}

TEST_F(ComposeTest, WhatTheIncludedFileSaysIsReportedThere) {
  const std::string part = Write("part.sdf", Model("part", R"(<link name="l"/>)"));
  const std::string bad = Write("bad.sdf", R"(<sdf version="1.8">
<model name="bad" canonical_link="nope"><link name="l"/></model></sdf>)");
  const std::string file = Write("m.sdf", Model("m", R"(<link name="l"/>
<include><uri>bad.sdf</uri></include>
<include><uri>part.sdf</uri><name>l</name></include>)"));
  ASSERT_TRUE(Read(file).has_value());
  const Diagnostic duplicate = TakeError(Code::kDuplicateName);  // at the include
  EXPECT_EQ(duplicate.source.file, file);
  EXPECT_EQ(duplicate.source.line, 5);
  const Diagnostic canonical = TakeError(Code::kModelCanonicalLinkInvalid);
  EXPECT_EQ(canonical.source.file, bad);
  EXPECT_EQ(canonical.source.line, 2);
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  (void)part;
}

TEST_F(ComposeTest, EachFileIsLoadedOnce) {
  const std::string file = Write("m.sdf", Model("m", R"(<link name="l"/>
<include><uri>p.sdf</uri><name>a</name></include>
<include><uri>./p.sdf</uri><name>b</name></include>
<include><uri>p.sdf</uri><name>c</name></include>)"));
  Write("p.sdf", Model("p", R"(<link name="l"/>)"));
  Diagnostics* sink = &diags_;
  const std::optional<Document> doc = ReadFile(
      file, sink, [] {
        ReadOptions o;
        o.includes = ReadOptions::Includes::kPlaceholders;
        return o;
      }());
  ASSERT_TRUE(doc.has_value());
  int loads = 0;
  const IncludeLoader load = [&](const std::string& path,
                                 const std::vector<ParamEdit>&,
                                 ForwardedEdits*, Diagnostics* d) {
    ++loads;
    ReadOptions o;
    o.includes = ReadOptions::Includes::kPlaceholders;
    return ReadFile(path, d, o);
  };
  ComposeOptions options;
  options.supported = [](std::string_view) { return true; };
  const Document composed = ExpandIncludes(*doc, load, options, sink);
  EXPECT_EQ(loads, 1);
  EXPECT_EQ(composed.size(), 1u + 1 + 3 * 2);  // m, l, 3 x (model, link)
}

TEST_F(ComposeTest, LongIncludeChainsNeedNoRecursion) {
  constexpr int kFiles = 2000;
  for (int i = 0; i < kFiles; ++i) {
    const std::string next =
        i + 1 < kFiles ? "<include><uri>f" + std::to_string(i + 1) +
                             ".sdf</uri><pose>1 0 0 0 0 0</pose></include>"
                       : "";
    Write("f" + std::to_string(i) + ".sdf",
          Model("m" + std::to_string(i), "<link name=\"l\"/>" + next));
  }
  const auto doc = Read((root_ / "f0.sdf").string());
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  const Resolution r = ResolveAll(*doc, graph_);
  EXPECT_EQ(doc->size(), 2u * kFiles);
  EXPECT_NEAR(r.X_W[doc->size() - 1].translation().x(), kFiles - 1, 1e-9);
}

// A file holding a lone <light> (Gazebo's model://sun), of its own version.
std::string Lamp() {
  return "<sdf version=\"1.6\">\n<light name=\"lamp\" type=\"point\">\n"
         "<pose frame=\"shelf\">1 2 3 0 0 0.5</pose>\n</light>\n</sdf>\n";
}

std::string Walker() {
  return "<sdf version=\"1.8\">\n<actor name=\"walker\">\n"
         "<pose>1 0 0 0 0 0.3</pose>\n<skin><filename>w.dae</filename></skin>"
         "\n</actor>\n</sdf>\n";
}

// In a world, an include of a light or actor file is that light or actor:
// named by //include/name, posed by //include/pose (which replaces its own
// pose, relative_to included), else by its own pose, evaluated in the
// world (libsdformat 12, parser.cc readXml). An actor keeps the include's
// plugins.
TEST_F(ComposeTest, LightAndActorFilesInAWorld) {
  Write("models/lamp/model.config",
        "<model><sdf version='1.6'>model.sdf</sdf></model>");
  Write("models/lamp/model.sdf", Lamp());
  Write("models/walker/model.config",
        "<model><sdf version='1.8'>model.sdf</sdf></model>");
  Write("models/walker/model.sdf", Walker());
  const std::string world = Write("world.sdf", R"(<sdf version="1.8">
<world name="w">
  <frame name="shelf"><pose>0 0 5 0 0 0</pose></frame>
  <include><uri>model://lamp</uri></include>
  <include>
    <uri>model://lamp</uri>
    <name>lamp2</name>
    <pose relative_to="shelf">1 1 1 0 0 0</pose>
  </include>
  <include>
    <uri>model://walker</uri>
    <name>w2</name>
    <pose>0 5 0 0 0 0</pose>
    <plugin name="p" filename="p.so"/>
  </include>
  <include><uri>model://walker</uri></include>
</world>
</sdf>
)");
  const auto doc = Read(world, {(root_ / "models").string()});
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();
  const auto poses = Poses(*doc);
  const auto at = [&](const std::string& name) {
    const auto it = poses.find(name);
    EXPECT_NE(it, poses.end()) << name;
    return it == poses.end() ? Pose::Identity() : it->second;
  };
  // shelf is 5 up; the lamp's own pose is relative to it.
  EXPECT_LT(PoseDistance(at("lamp"), P(1, 2, 8, 0, 0, 0.5)), kTol);
  EXPECT_LT(PoseDistance(at("lamp2"), P(1, 1, 6, 0, 0, 0)), kTol);
  EXPECT_LT(PoseDistance(at("w2"), P(0, 5, 0, 0, 0, 0)), kTol);
  EXPECT_LT(PoseDistance(at("walker"), P(1, 0, 0, 0, 0, 0.3)), kTol);
  std::map<std::string, std::string> kinds;
  for (ElementId c : doc->at(0).children) {
    kinds[doc->at(c).name] = KindName(doc->at(c).kind);
    if (doc->at(c).kind == ElementKind::kLight) {
      ASSERT_TRUE(doc->at(c).include.has_value());
      EXPECT_EQ(doc->at(c).Model().version, "1.6");
      EXPECT_EQ(fs::path(doc->at(c).include->file).filename(), "model.sdf");
    }
  }
  EXPECT_EQ(kinds, (std::map<std::string, std::string>{{"shelf", "frame"},
                                                       {"lamp", "light"},
                                                       {"lamp2", "light"},
                                                       {"w2", "actor"},
                                                       {"walker", "actor"}}));
  const ElementId w2 = doc->at(0).children[3];
  ASSERT_EQ(doc->at(w2).children.size(), 1u);
  EXPECT_EQ(doc->at(doc->at(w2).children[0]).tag, "plugin");
}

// What libsdformat ignores in such an include gets a warning each:
// <placement_frame>, <static>, and what it would add to a light.
TEST_F(ComposeTest, WhatALightIncludeIgnores) {
  Write("lamp/model.config", "<model><sdf version='1.6'>model.sdf</sdf></model>");
  Write("lamp/model.sdf", Lamp());
  const std::string world = Write("world.sdf", R"(<sdf version="1.8">
<world name="w">
  <frame name="shelf"/>
  <include>
    <uri>lamp</uri>
    <pose>0 0 1 0 0 0</pose>
    <placement_frame>x</placement_frame>
    <static>true</static>
    <plugin name="p" filename="p.so"/>
  </include>
</world>
</sdf>
)");
  const auto doc = Read(world, {root_.string()});
  ASSERT_TRUE(doc.has_value());
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 4);
  }
  ASSERT_EQ(doc->size(), 3u);
  EXPECT_TRUE(doc->at(2).children.empty());
  EXPECT_LT(PoseDistance(Poses(*doc)["lamp"], P(0, 0, 1, 0, 0, 0)), kTol);
}

// A model holds no light or actor: libsdformat drops such an include
// without a word; here with a warning. A merge-include of one is an error
// (libsdformat: "Merge-include is only supported for included models").
TEST_F(ComposeTest, ALightOrActorFileInAModel) {
  Write("lamp/model.config", "<model><sdf version='1.6'>model.sdf</sdf></model>");
  Write("lamp/model.sdf", Lamp());
  Write("walker/model.config",
        "<model><sdf version='1.8'>model.sdf</sdf></model>");
  Write("walker/model.sdf", Walker());
  const std::string m = Write("m.sdf", Model("m", R"(<link name="l"/>
<include><uri>lamp</uri></include>
<include><uri>walker</uri></include>)"));
  const auto doc = Read(m, {root_.string()});
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(TakeWarning(Code::kIncludeNotModel).source.line, 4);
  EXPECT_EQ(TakeWarning(Code::kIncludeNotModel).source.line, 5);
  EXPECT_EQ(doc->size(), 2u);  // the model and its link

  const std::string w = Write("w.sdf", R"(<sdf version="1.10">
<world name="w">
  <include merge="true"><uri>walker</uri></include>
</world>
</sdf>
)");
  ASSERT_TRUE(Read(w, {root_.string()}).has_value());
  EXPECT_EQ(TakeError(Code::kMergeIncludeUnsupported).source.line, 3);
}

// Includes whose URI names no file, read as IncludeSearch::unresolved
// says: an error (and the include left out); kept as written with a
// warning and stood in for, everything else still checked; or, for
// readings that need every included model, an error saying so.
using Unresolved = IncludeSearch::Unresolved;

const Element* Find(const Document& doc, const std::string& scoped) {
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    if (doc.ScopedName(id) == scoped) return &doc.at(id);
  }
  return nullptr;
}

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

TEST_F(ComposeTest, KeptTheIncludeIsAWarningAndTheRestIsChecked) {
  const std::optional<Document> doc =
      Read(Write("world.sdf", kWorld), {}, {}, Unresolved::kKeep);
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
  EXPECT_LT(PoseDistance(Poses(*doc).at("table::top"),
                         P(0, 3, 0.5, 0, 0, 1.5707963267948966)),
            kTol);
}

TEST_F(ComposeTest, AnErrorByDefaultAndReferencesIntoItFailToo) {
  const std::optional<Document> doc =
      Read(Write("world.sdf", kWorld), {}, {}, Unresolved::kError);
  ASSERT_TRUE(doc);
  EXPECT_EQ(TakeError(Code::kIncludeUriUnresolved).source.line, 3);
  EXPECT_EQ(Find(*doc, "Coke"), nullptr);  // left out
  EXPECT_EQ(TakeError(Code::kJointChildLinkInvalid).source.line, 16);
  EXPECT_EQ(TakeError(Code::kFrameAttachedToInvalid).source.line, 7);
  EXPECT_EQ(TakeError(Code::kPoseRelativeToInvalid).source.line, 8);
}

// A reading that needs every included model cannot keep one: the error is
// the same, its message says why keeping did not apply.
TEST_F(ComposeTest, NeededTheIncludeStaysAnError) {
  IncludeSearch search;
  search.unresolved = Unresolved::kKeep;
  ASSERT_EQ(NeedingIncludedModels(search).unresolved, Unresolved::kNeeded);
  search.unresolved = Unresolved::kError;
  ASSERT_EQ(NeedingIncludedModels(search).unresolved, Unresolved::kError);

  const std::optional<Document> doc =
      Read(Write("world.sdf", kWorld), {}, {}, Unresolved::kNeeded);
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
TEST_F(ComposeTest, ResolvedIncludesAreReadBesideKeptOnes) {
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
  const std::optional<Document> doc = Read(world, {}, {}, Unresolved::kKeep);
  ASSERT_TRUE(doc);
  // In the order the composition meets them: inside the first include,
  // then the world's second.
  const Diagnostic hand = TakeWarning(Code::kIncludeUriUnresolved);
  EXPECT_EQ(fs::path(hand.source.file.str()).filename(), "arm.sdf");
  EXPECT_EQ(hand.source.line, 4);
  const Diagnostic nowhere = TakeWarning(Code::kIncludeUriUnresolved);
  EXPECT_EQ(nowhere.source.file.str(), world);
  EXPECT_EQ(nowhere.source.line, 7);
  const std::map<std::string, Pose> poses = Poses(*doc);
  EXPECT_LT(PoseDistance(poses.at("arm::base"), P(2, 0, 1, 0, 0, 0)), kTol);
  EXPECT_LT(PoseDistance(poses.at("arm::hand"), P(2, 0, 1.5, 0, 0, 0)), kTol);
  ASSERT_NE(Find(*doc, "nowhere"), nullptr);
  EXPECT_TRUE(Find(*doc, "nowhere")->include->stand_in);
}

// A merge-include kept unread stands in, in its scope, for the names the
// scope uses that nothing else there has.
TEST_F(ComposeTest, AKeptMergeIncludeStandsInForItsContent) {
  const std::optional<Document> doc =
      Read(Write("model.sdf", R"(<sdf version="1.9">
  <model name="m">
    <link name="own"/>
    <include merge="true"><uri>gripper.sdf</uri></include>
    <frame name="tip" attached_to="finger"/>
  </model>
</sdf>
)"),
           {}, {}, Unresolved::kKeep);
  ASSERT_TRUE(doc);
  EXPECT_EQ(TakeWarning(Code::kIncludeUriUnresolved).source.line, 4);
  const Element* finger = Find(*doc, "m::finger");
  ASSERT_NE(finger, nullptr);
  EXPECT_EQ(finger->kind, ElementKind::kLink);
  EXPECT_TRUE(finger->include->stand_in);
}

}  // namespace
}  // namespace sdfconv
