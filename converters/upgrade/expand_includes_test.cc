#include "converters/upgrade/expand_includes.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/upgrade/verify.h"
#include "converters/xml/xml_tree.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

constexpr double kHalfPi = 1.5707963267948966;

// Files written to a fresh folder of the test's temporary directory.
class ExpandIncludesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    const char* tmp = std::getenv("TEST_TMPDIR");
    dir_ = std::filesystem::path(tmp != nullptr ? tmp : "/tmp") /
           ("expand_" + std::string(info->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    search_.use_environment = false;
  }

  std::string Write(const std::string& name, const std::string& text) {
    const std::filesystem::path p = dir_ / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }

  // Expands the file `name` (written before).
  UpgradeResult Expand(const std::string& name) {
    const std::string path = (dir_ / name).string();
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
    return ExpandIncludesToSdf18(text, path, search_);
  }

  // Every element's world pose (and axes) in `sdf18`, by kind and scoped
  // name, as the core reads it (no includes expected).
  struct Resolved {
    std::map<std::string, Pose> X_W;
    std::map<std::string, Eigen::Vector3d> axis_W;
  };
  Resolved Resolve(const std::string& sdf18) {
    Diagnostics diags;
    ReadOptions options;
    options.includes = ReadOptions::Includes::kPlaceholders;
    const std::optional<Document> doc =
        ReadString(sdf18, (dir_ / "out.sdf").string(), &diags, options);
    EXPECT_TRUE(doc.has_value());
    EXPECT_FALSE(diags.HasErrors()) << Dump(diags);
    Resolved r;
    if (!doc || diags.HasErrors()) return r;
    const FrameGraph graph = BuildFrameGraph(*doc, &diags);
    EXPECT_FALSE(diags.HasErrors()) << Dump(diags);
    if (diags.HasErrors()) return r;
    const Resolution res = ResolveAll(*doc, graph);
    for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
      const Element& e = doc->at(id);
      if (e.kind == ElementKind::kWorld || e.kind == ElementKind::kOther) {
        continue;
      }
      const std::string key =
          std::string(KindName(e.kind)) + " " + doc->ScopedName(id);
      r.X_W[key] = res.X_W[id];
      if (!res.axes_W[id].empty()) r.axis_W[key] = res.axes_W[id][0];
    }
    return r;
  }

  static std::string Dump(const Diagnostics& diags) {
    std::string out;
    for (const Diagnostic& d : diags.items()) {
      out += std::string(CodeName(d.code)) + " " + d.source.file + ":" +
             std::to_string(d.source.line) + " " + d.message + "\n";
    }
    return out;
  }

  static int Count(const Diagnostics& diags, Code code) {
    int n = 0;
    for (const Diagnostic& d : diags.items()) n += d.code == code ? 1 : 0;
    return n;
  }

  static void ExpectPose(const Resolved& r, const std::string& key,
                         const Eigen::Vector3d& xyz,
                         const Eigen::Vector3d& rpy) {
    const auto it = r.X_W.find(key);
    ASSERT_NE(it, r.X_W.end()) << key;
    EXPECT_LT(PoseDistance(it->second, PoseFromXyzRpy(xyz, rpy)), 1e-12)
        << key << ": " << it->second.translation().transpose();
  }

  std::filesystem::path dir_;
  IncludeSearch search_;
};

// 003, example 1: the gripper's mount_point lands on the arm's
// gripper_mount, and the weld names frames of both included models.
TEST_F(ExpandIncludesTest, ArmAndGripperOfDocument003) {
  Write("arm.sdf", R"(<sdf version="1.8">
  <model name="arm">
    <link name="body"/>
    <frame name="gripper_mount">
      <pose>1 0 0.5 0 0 1.5707963267948966</pose>
    </frame>
  </model>
</sdf>
)");
  Write("gripper.sdf", R"(<sdf version="1.8">
  <model name="gripper">
    <link name="body"/>
    <frame name="mount_point">
      <pose>0 0 -0.1 0 0 0</pose>
    </frame>
  </model>
</sdf>
)");
  Write("arm_and_gripper.sdf", R"(<sdf version="1.8">
  <model name="arm_and_gripper">
    <include>
      <uri>file://arm.sdf</uri>
    </include>
    <include>
      <uri>file://gripper.sdf</uri>
      <!-- Place model to make Cg and Ca coincide on both models. -->
      <placement_frame>mount_point</placement_frame>
      <pose relative_to="arm::gripper_mount"/>
    </include>

    <!-- Physically affix the two frames (i.e. their attached links). -->
    <joint name="weld" type="fixed">
      <parent>arm::gripper_mount</parent>
      <child>gripper::mount_point</child>
    </joint>
  </model>
</sdf>
)");
  const UpgradeResult r = Expand("arm_and_gripper.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_TRUE(r.changed);
  EXPECT_EQ(r.output, R"(<sdf version="1.8">
  <model name="arm_and_gripper">
    <model name="arm">
      <link name="body"/>
      <frame name="gripper_mount">
        <pose>1 0 0.5 0 0 1.5707963267948966</pose>
      </frame>
    </model>
    <model name="gripper" placement_frame="mount_point">
      <pose relative_to="arm::gripper_mount"/>
      <link name="body"/>
      <frame name="mount_point">
        <pose>0 0 -0.1 0 0 0</pose>
      </frame>
    </model>

    <!-- Physically affix the two frames (i.e. their attached links). -->
    <joint name="weld" type="fixed">
      <parent>arm::gripper_mount</parent>
      <child>gripper::mount_point</child>
    </joint>
  </model>
</sdf>
)");
  const Resolved w = Resolve(r.output);
  ExpectPose(w, "frame arm_and_gripper::arm::gripper_mount", {1, 0, 0.5},
             {0, 0, kHalfPi});
  ExpectPose(w, "frame arm_and_gripper::gripper::mount_point", {1, 0, 0.5},
             {0, 0, kHalfPi});
  ExpectPose(w, "link arm_and_gripper::gripper::body", {1, 0, 0.6},
             {0, 0, kHalfPi});
  ExpectPose(w, "model arm_and_gripper::gripper", {1, 0, 0.6},
             {0, 0, kHalfPi});
  ExpectPose(w, "joint arm_and_gripper::weld", {1, 0, 0.5}, {0, 0, kHalfPi});
}

// 003, example 2: two robots of arm + flange + gripper, each placed by
// placement frames, the second relative to the first.
// What the XML gate tolerates (docs/xml.md) in the including file and in
// an included one is written repaired, well-formed, each spot said once.
TEST_F(ExpandIncludesTest, ToleratedXmlIsWrittenRepaired) {
  Write("box.sdf",
        "<sdf version=\"1.6\">\n"
        "  <model name=\"box\">\n"
        "    <!-- gz sim --verbose -->\n"
        "    <link name=\"l\"/>\n"
        "  </model>\n"
        "</sdf>\n");
  Write("world.sdf",
        "<!-- world -- test -->\n"
        "<?xml version=\"1.0\"?>\n"
        "<sdf version=\"1.6\">\n"
        "  <world name=\"w\">\n"
        "    <include><uri>file://box.sdf</uri></include>\n"
        "  </world>\n"
        "</sdf>\n");
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_EQ(r.output,
            "<?xml version=\"1.0\"?>\n"
            "<!-- world - - test -->\n"
            "<sdf version=\"1.8\">\n"
            "  <world name=\"w\">\n"
            "    <model name=\"box\">\n"
            "      <!-- gz sim - -verbose -->\n"
            "      <link name=\"l\"/>\n"
            "    </model>\n"
            "  </world>\n"
            "</sdf>\n");
  std::map<std::string, int> lines;  // "file code" -> line
  for (const Diagnostic& d : r.diagnostics.items()) {
    EXPECT_EQ(d.severity, Severity::kWarning) << FormatDiagnostic(d);
    const std::string key =
        std::filesystem::path(d.source.file.str()).filename().string() + " " +
        std::string(CodeName(d.code));
    EXPECT_EQ(lines.count(key), 0u) << "said twice: " << key;
    lines[key] = d.source.line;
  }
  EXPECT_EQ(lines, (std::map<std::string, int>{
                       {"box.sdf XML_COMMENT_DOUBLE_HYPHEN", 3},
                       {"world.sdf XML_COMMENT_DOUBLE_HYPHEN", 1},
                       {"world.sdf XML_DECLARATION_NOT_FIRST", 2}}));
  Diagnostics again;
  EXPECT_TRUE(XmlTree::Parse(r.output, "out.sdf", &again).has_value());
  EXPECT_TRUE(again.items().empty()) << Dump(again);
}

// An expansion that cannot produce its output says why and writes
// nothing: never an empty output without an error. Here the upgraded top
// file does not parse again, because its misplaced declaration names
// UTF-16 (it is not moved to the start, so the file is refused outright).
TEST_F(ExpandIncludesTest, NoOutputIsAlwaysAnError) {
  Write("world.sdf",
        "\n<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"
        "<sdf version=\"1.9\"><model name=\"m\"><link name=\"l\"/>"
        "</model></sdf>\n");
  const UpgradeResult r = Expand("world.sdf");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.output.empty());
  bool said = false;
  for (const Diagnostic& d : r.diagnostics.items()) {
    said |= d.severity == Severity::kError;
  }
  EXPECT_TRUE(said) << Dump(r.diagnostics);
}

TEST_F(ExpandIncludesTest, FlangesOfDocument003) {
  Write("arm.sdf", R"(<sdf version="1.8">
<model name="arm">
  <link name="link"/>
  <frame name="flange_mount">
    <pose relative_to="link">0 0 1 0 0 0</pose>
  </frame>
</model>
</sdf>
)");
  for (const char* flange : {"flange_electric", "flange_pneumatic"}) {
    Write(std::string(flange) + ".sdf", R"(<sdf version="1.8">
<model name=")" + std::string(flange) + R"(">
  <link name="body"/>

  <frame name="mount">
    <pose relative_to="body">0 0 -0.05 0 0 0</pose>
  </frame>

  <frame name="gripper_mount">
    <pose relative_to="body">0 0 0.05 0 0 0</pose>
  </frame>
</model>
</sdf>
)");
  }
  Write("gripper.sdf", R"(<sdf version="1.8">
<model name="gripper">
  <link name="gripper"/>

  <frame name="mount">
    <pose>0 0 -0.02 0 0 0</pose>
  </frame>
</model>
</sdf>
)");
  std::string robots;
  for (const char* robot : {"robot_1", "robot_2"}) {
    const bool first = std::string(robot) == "robot_1";
    robots += std::string("  <model name=\"") + robot + "\">\n" +
              (first ? "    <pose>0 1 0 0 0 0</pose>\n"
                     : "    <pose relative_to=\"robot_1\">2 0 0 0 0 "
                       "1.5707963267948966</pose>\n") +
              R"(    <include file="arm.sdf">
      <name>arm</name>
      <uri>file://arm.sdf</uri>
    </include>
    <include>
      <name>flange</name>
      <uri>file://)" + (first ? "flange_electric" : "flange_pneumatic") +
              R"(.sdf</uri>
      <placement_frame>mount</placement_frame>
      <pose relative_to="arm::flange_mount"/>
    </include>
    <joint name="weld1" type="fixed">
      <parent>arm::flange_mount</parent>
      <child>flange::mount</child>
    </joint>
    <include>
      <uri>file://gripper.sdf</uri>
      <placement_frame>mount</placement_frame>
      <pose relative_to="flange::gripper_mount"/>
    </include>
    <joint name="weld2" type="fixed">
      <parent>flange::gripper_mount</parent>
      <child>gripper::mount</child>
    </joint>
  </model>
)";
  }
  Write("super_armio_bros.sdf",
        "<sdf version=\"1.8\">\n<model name=\"super_armio_bros\">\n" + robots +
            "</model>\n</sdf>\n");
  const UpgradeResult r = Expand("super_armio_bros.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_EQ(r.output.find("<include"), std::string::npos);
  const Resolved w = Resolve(r.output);
  const std::string m = "super_armio_bros::";
  // Da = (0, 0, 1) in R; F = Da + 0.05; Cf = F + 0.05; G = Cf + 0.02.
  ExpectPose(w, "frame " + m + "robot_1::arm::flange_mount", {0, 1, 1},
             {0, 0, 0});
  ExpectPose(w, "link " + m + "robot_1::flange::body", {0, 1, 1.05},
             {0, 0, 0});
  ExpectPose(w, "link " + m + "robot_1::gripper::gripper", {0, 1, 1.12},
             {0, 0, 0});
  ExpectPose(w, "model " + m + "robot_2", {2, 1, 0}, {0, 0, kHalfPi});
  ExpectPose(w, "link " + m + "robot_2::flange::body", {2, 1, 1.05},
             {0, 0, kHalfPi});
  ExpectPose(w, "link " + m + "robot_2::gripper::gripper", {2, 1, 1.12},
             {0, 0, kHalfPi});
  ExpectPose(w, "joint " + m + "robot_2::weld2", {2, 1, 1.1},
             {0, 0, kHalfPi});
}

// A 1.4 model keeps its 1.4 meaning in a 1.8 world: its axis, in the
// parent model frame in 1.4, becomes expressed_in="__model__".
TEST_F(ExpandIncludesTest, LegacyModelInANewWorld) {
  Write("old/model.sdf", R"(<?xml version="1.0"?>
<sdf version="1.4">
  <model name="old">
    <link name="base"/>
    <link name="arm">
      <pose>0 0 1 0 1.5707963267948966 0</pose>
    </link>
    <joint name="hinge" type="revolute">
      <parent>base</parent>
      <child>arm</child>
      <axis>
        <xyz>1 0 0</xyz>
      </axis>
    </joint>
  </model>
</sdf>
)");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include>
      <uri>old/model.sdf</uri>
      <name>old_1</name>
      <pose>1 2 3 0 0 1.5707963267948966</pose>
    </include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_NE(r.output.find("<model name=\"old_1\">"), std::string::npos);
  EXPECT_NE(r.output.find("<xyz expressed_in=\"__model__\">1 0 0</xyz>"),
            std::string::npos)
      << r.output;
  const Resolved w = Resolve(r.output);
  ExpectPose(w, "link old_1::arm", {1, 2, 4}, {0, kHalfPi, kHalfPi});
  const auto axis = w.axis_W.find("joint old_1::hinge");
  ASSERT_NE(axis, w.axis_W.end());
  EXPECT_LT((axis->second - Eigen::Vector3d(0, 1, 0)).norm(), 1e-12)
      << axis->second.transpose();
}

// world -> parts/mid.sdf -> parts/leaf.sdf (relative to mid's folder), with
// name, pose, static and an added frame at each level.
TEST_F(ExpandIncludesTest, NestedIncludesTwoLevelsDeep) {
  Write("parts/leaf.sdf", R"(<sdf version="1.8">
  <model name="leaf">
    <pose>0 0 0.5 0 0 0</pose>
    <link name="link">
      <visual name="v">
        <geometry><mesh><uri>model://leaf/meshes/leaf.dae</uri></mesh></geometry>
      </visual>
    </link>
  </model>
</sdf>
)");
  Write("parts/mid.sdf", R"(<sdf version="1.8">
  <model name="mid">
    <link name="base"/>
    <include>
      <uri>leaf.sdf</uri>
      <name>upper</name>
      <pose relative_to="base">0 0 1 0 0 1.5707963267948966</pose>
    </include>
    <include>
      <uri>file://leaf.sdf</uri>
    </include>
  </model>
</sdf>
)");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include>
      <uri>parts/mid.sdf</uri>
      <name>m1</name>
      <pose>10 0 0 0 0 0</pose>
      <static>true</static>
      <frame name="tip" attached_to="upper::link">
        <pose relative_to="upper::link">1 0 0 0 0 0</pose>
      </frame>
    </include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_EQ(r.output.find("<include"), std::string::npos);
  EXPECT_NE(r.output.find("<static>true</static>"), std::string::npos);
  EXPECT_NE(r.output.find("<uri>model://leaf/meshes/leaf.dae</uri>"),
            std::string::npos);
  const Resolved w = Resolve(r.output);
  ExpectPose(w, "model m1", {10, 0, 0}, {0, 0, 0});
  ExpectPose(w, "link m1::upper::link", {10, 0, 1}, {0, 0, kHalfPi});
  ExpectPose(w, "link m1::leaf::link", {10, 0, 0.5}, {0, 0, 0});
  // 1 along the yawed link's x: +y in the world.
  ExpectPose(w, "frame m1::tip", {10, 1, 1}, {0, 0, kHalfPi});
  EXPECT_EQ(w.X_W.count("link m1::upper::leaf::link"), 0u);
}

// model:// URIs are found in the search folders, through model.config.
TEST_F(ExpandIncludesTest, ModelUriThroughModelConfig) {
  Write("models/box/model.config", R"(<?xml version="1.0"?>
<model>
  <name>box</name>
  <sdf version="1.6">model.sdf</sdf>
</model>
)");
  Write("models/box/model.sdf", R"(<sdf version="1.6">
  <model name="box">
    <link name="link">
      <pose frame="">0 0 0.25 0 0 0</pose>
    </link>
  </model>
</sdf>
)");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include>
      <uri>model://box</uri>
      <pose>3 0 0 0 0 0</pose>
    </include>
  </world>
</sdf>
)");
  search_.model_paths = {(dir_ / "models").string()};
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  ExpectPose(Resolve(r.output), "link box::link", {3, 0, 0.25}, {0, 0, 0});
}

// An included 1.6 model whose visual and collision share a name: its
// upgrade renames the visual, and the proof follows the rename inside each
// instance.
TEST_F(ExpandIncludesTest, RepairsInsideIncludedModelsAreFollowed) {
  Write("lamp.sdf", R"(<sdf version="1.6">
  <model name="lamp">
    <link name="link">
      <collision name="bulb"><pose>0 0 0.3 0 0 0</pose></collision>
      <visual name="bulb"><pose>0 0 0.4 0 0 0</pose></visual>
    </link>
  </model>
</sdf>
)");
  Write("street.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include><uri>lamp.sdf</uri><name>a</name></include>
    <include><uri>lamp.sdf</uri><name>b</name><pose>5 0 0 0 0 0</pose></include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("street.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_EQ(Count(r.diagnostics, Code::kDuplicateName), 1);  // once per file
  const Resolved w = Resolve(r.output);
  ExpectPose(w, "visual b::link::bulb_visual", {5, 0, 0.4}, {0, 0, 0});
  ExpectPose(w, "collision b::link::bulb", {5, 0, 0.3}, {0, 0, 0});
  ExpectPose(w, "visual a::link::bulb_visual", {0, 0, 0.4}, {0, 0, 0});
}

// A URDF file can be included; it is imported as SDFormat 1.8.
TEST_F(ExpandIncludesTest, IncludedUrdfIsImported) {
  Write("bot.urdf", R"(<robot name="bot">
  <link name="base"/>
  <link name="head"/>
  <joint name="neck" type="fixed">
    <parent link="base"/>
    <child link="head"/>
    <origin xyz="0 0 0.7" rpy="0 0 0"/>
  </joint>
</robot>
)");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include><uri>bot.urdf</uri><pose>0 2 0 0 0 0</pose></include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  // A massless URDF link that is not the root is a frame in SDFormat.
  ExpectPose(Resolve(r.output), "frame bot::head", {0, 2, 0.7}, {0, 0, 0});
}

// A namespace the included model uses but only its own <sdf> declared is
// declared on the spliced model; plugins stay byte for byte.
TEST_F(ExpandIncludesTest, NamespacesAndPluginsTravelWithTheModel) {
  Write("cam.sdf", R"(<sdf version="1.8" xmlns:ext="urn:ext">
  <model name="cam">
    <link name="l">
      <ext:tag ext:k="v"/>
    </link>
    <plugin name="p" filename="libp.so"><a>  <b/> </a></plugin>
  </model>
</sdf>
)");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include>
      <uri>cam.sdf</uri>
      <plugin name="q" filename="libq.so"><x>1</x></plugin>
    </include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_NE(r.output.find("<model name=\"cam\" xmlns:ext=\"urn:ext\">"),
            std::string::npos)
      << r.output;
  EXPECT_NE(
      r.output.find("<plugin name=\"p\" filename=\"libp.so\"><a>  <b/> </a>"
                    "</plugin>\n      <plugin name=\"q\" filename=\"libq.so\">"
                    "<x>1</x></plugin>\n    </model>"),
      std::string::npos)
      << r.output;
}

// Diagnostics point at the include in the file where it is written, at its
// line in that file (not in its upgraded text).
TEST_F(ExpandIncludesTest, ErrorsPointAtTheIncludingFile) {
  Write("mid.sdf", R"(<sdf version="1.5">
  <model name="mid">
    <link name="l">
      <frame name="f"><pose>0 0 1 0 0 0</pose></frame>
    </link>
    <include><uri>model://gone</uri></include>
  </model>
</sdf>
)");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include><uri>mid.sdf</uri></include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  EXPECT_FALSE(r.ok());
  ASSERT_EQ(Count(r.diagnostics, Code::kIncludeUriUnresolved), 1)
      << Dump(r.diagnostics);
  for (const Diagnostic& d : r.diagnostics.items()) {
    if (d.code != Code::kIncludeUriUnresolved) continue;
    EXPECT_EQ(d.source.file, (dir_ / "mid.sdf").string());
    EXPECT_EQ(d.source.line, 6);
    EXPECT_EQ(d.source.path, "/sdf/model[@name=\"mid\"]/include");
  }
}

// A chain of 300 files, each including the next 1 m further: no recursion
// on the depth of inclusion, and the poses compose all the way down.
TEST_F(ExpandIncludesTest, LongIncludeChain) {
  constexpr int kDepth = 300;
  for (int i = 0; i < kDepth; ++i) {
    const std::string next =
        i + 1 < kDepth ? "<include><uri>m" + std::to_string(i + 1) +
                             ".sdf</uri><name>n</name>"
                             "<pose>1 0 0 0 0 0</pose></include>"
                       : "";
    Write("m" + std::to_string(i) + ".sdf",
          "<sdf version=\"1.8\"><model name=\"m\"><link name=\"l\"/>" + next +
              "</model></sdf>\n");
  }
  const UpgradeResult r = Expand("m0.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  std::string deepest = "link m";
  for (int i = 1; i < kDepth; ++i) deepest += "::n";
  ExpectPose(Resolve(r.output), deepest + "::l", {kDepth - 1.0, 0, 0},
             {0, 0, 0});
}

TEST_F(ExpandIncludesTest, IncludeCycleIsReportedNotFollowed) {
  Write("a.sdf", R"(<sdf version="1.8">
  <model name="a">
    <link name="l"/>
    <include><uri>b.sdf</uri></include>
  </model>
</sdf>
)");
  Write("b.sdf", R"(<sdf version="1.8">
  <model name="b">
    <link name="l"/>
    <include><uri>a.sdf</uri></include>
  </model>
</sdf>
)");
  const UpgradeResult r = Expand("a.sdf");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.output.empty());
  ASSERT_EQ(Count(r.diagnostics, Code::kIncludeCycle), 1) << Dump(r.diagnostics);
  for (const Diagnostic& d : r.diagnostics.items()) {
    if (d.code != Code::kIncludeCycle) continue;
    EXPECT_EQ(d.source.file, (dir_ / "b.sdf").string());  // where it closes
    EXPECT_EQ(d.source.line, 4);
  }
}

TEST_F(ExpandIncludesTest, UnresolvedUriNamesTheModel) {
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include>
      <uri>model://no_such_model</uri>
    </include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.output.empty());
  ASSERT_EQ(Count(r.diagnostics, Code::kIncludeUriUnresolved), 1);
  const Diagnostic& d = r.diagnostics.items().back();
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("no_such_model"), std::string::npos);
}

TEST_F(ExpandIncludesTest, IncludedWorldIsNotAModel) {
  Write("other.sdf", "<sdf version=\"1.8\"><world name=\"o\"/></sdf>\n");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <include><uri>other.sdf</uri></include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(Count(r.diagnostics, Code::kIncludeNotModel), 1)
      << Dump(r.diagnostics);
}

TEST_F(ExpandIncludesTest, WithoutIncludesItIsTheUpgrade) {
  const std::string text = R"(<sdf version="1.6">
  <model name="m">
    <link name="l"><pose frame="">1 2 3 0 0 0</pose></link>
  </model>
</sdf>
)";
  Write("m.sdf", text);
  const UpgradeResult r = Expand("m.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_EQ(r.output, UpgradeSdf(text, (dir_ / "m.sdf").string()).output);
}

// The proof compares the composed input with the output, element by
// element: a misplaced model is caught.
TEST_F(ExpandIncludesTest, ProofCatchesAMovedModel) {
  Write("box.sdf",
        "<sdf version=\"1.8\"><model name=\"box\"><link name=\"l\"/>"
        "</model></sdf>\n");
  const std::string input = R"(<sdf version="1.8">
  <world name="w">
    <include><uri>box.sdf</uri><pose>1 0 0 0 0 0</pose></include>
  </world>
</sdf>
)";
  const std::string path = Write("world.sdf", input);
  const std::string wrong = R"(<sdf version="1.8">
  <world name="w">
    <model name="box"><pose>1 0 0.001 0 0 0</pose><link name="l"/></model>
  </world>
</sdf>
)";
  Diagnostics diags;
  EXPECT_FALSE(upgrade::VerifyExpansion(
      input, wrong, path, upgrade::ProofOptions(search_, {}), {}, &diags));
  EXPECT_EQ(Count(diags, Code::kUpgradeNotEquivalent), 2) << Dump(diags);
  Diagnostics fine;
  EXPECT_TRUE(upgrade::VerifyExpansion(
      input, ExpandIncludesToSdf18(input, path, search_).output, path,
      upgrade::ProofOptions(search_, {}), {}, &fine))
      << Dump(fine);
}

// An include of a light or actor file (Gazebo's model://sun) in a world is
// written as that <light> or <actor>, with the include's name and pose and
// an actor's plugins; one in a model, which libsdformat drops, is dropped
// with its warning. The 1.6 light's //pose/@frame becomes relative_to.
TEST_F(ExpandIncludesTest, LightAndActorFiles) {
  Write("sun/model.config", "<model><sdf version='1.6'>model.sdf</sdf></model>");
  Write("sun/model.sdf", R"(<sdf version="1.6">
  <light name="sun" type="directional">
    <pose frame="mast">0 0 10 0 0.5 0</pose>
    <direction>0 0 -1</direction>
  </light>
</sdf>
)");
  Write("walker/model.config", "<model><sdf version='1.8'>model.sdf</sdf></model>");
  Write("walker/model.sdf", R"(<sdf version="1.8">
  <actor name="walker"><pose>1 0 0 0 0 0</pose></actor>
</sdf>
)");
  Write("world.sdf", R"(<sdf version="1.8">
  <world name="w">
    <frame name="mast"><pose>0 0 2 0 0 1.5707963267948966</pose></frame>
    <include><uri>sun</uri></include>
    <include>
      <uri>walker</uri>
      <name>w2</name>
      <pose relative_to="mast">1 0 0 0 0 0</pose>
      <static>true</static>
      <plugin name="p" filename="p.so"/>
    </include>
    <model name="m">
      <link name="l"/>
      <include><uri>sun</uri></include>
    </model>
  </world>
</sdf>
)");
  search_.model_paths = {dir_.string()};
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_EQ(Count(r.diagnostics, Code::kIncludeNotModel), 1);
  EXPECT_EQ(r.output.find("<include"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("<pose relative_to=\"mast\">0 0 10 0 0.5 0</pose>"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("<direction>0 0 -1</direction>"), std::string::npos);
  EXPECT_EQ(r.output.find("<static>"), std::string::npos);  // no meaning there
  EXPECT_NE(r.output.find("<plugin name=\"p\" filename=\"p.so\"/>"),
            std::string::npos);
  const Resolved out = Resolve(r.output);
  // mast: 2 up, turned 90 degrees about z; the sun 10 above it, pitched.
  ExpectPose(out, "light sun", {0, 0, 12}, {0, 0.5, kHalfPi});
  // w2: 1 along the mast's x, which is the world's y.
  ExpectPose(out, "actor w2", {0, 1, 2}, {0, 0, kHalfPi});
  EXPECT_EQ(out.X_W.size(), 5u);  // mast, sun, w2, m, m::l
}

}  // namespace
}  // namespace sdfconv
