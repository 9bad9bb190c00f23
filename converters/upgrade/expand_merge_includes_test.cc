// --expand-includes of merge-includes (SDFormat 1.9 //model/include/@merge,
// 1.10 //world/include/@merge): the merged content is written in place,
// with the proxy frame and every reference to the merged model's frame
// naming it, and the output resolves to the poses worked out by hand.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/upgrade/expand_includes.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

constexpr double kHalfPi = M_PI / 2;

class ExpandMergeIncludesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("expand_merge_" + std::string(info->name()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    search_.use_environment = false;
    search_.model_paths = {dir_.string()};
  }

  void Write(const std::string& name, const std::string& text) {
    const std::filesystem::path p = dir_ / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }

  // Expands the file `name`.
  UpgradeResult Expand(const std::string& name) {
    const std::string path = (dir_ / name).string();
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
    return ExpandIncludesToSdf18(text, path, search_);
  }

  // World poses (and first axes) of `sdf`, by scoped name.
  std::map<std::string, Pose> Resolve(const std::string& sdf) {
    Diagnostics diags;
    ReadOptions options;
    options.includes = ReadOptions::Includes::kPlaceholders;
    const std::optional<Document> doc =
        ReadString(sdf, (dir_ / "out.sdf").string(), &diags, options);
    std::map<std::string, Pose> out;
    EXPECT_TRUE(doc.has_value());
    if (!doc) return out;
    const FrameGraph graph = BuildFrameGraph(*doc, &diags);
    EXPECT_FALSE(diags.HasErrors()) << Dump(diags);
    if (diags.HasErrors()) return out;
    const Resolution r = ResolveAll(*doc, graph);
    axes_.clear();
    for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
      out[doc->ScopedName(id)] = r.X_W[id];
      if (!r.axes_W[id].empty()) axes_[doc->ScopedName(id)] = r.axes_W[id][0];
    }
    return out;
  }

  static std::string Dump(const Diagnostics& diags) {
    std::string out;
    for (const Diagnostic& d : diags.items()) out += FormatDiagnostic(d) + "\n";
    return out;
  }

  static void ExpectPose(const std::map<std::string, Pose>& poses,
                         const std::string& name, const Pose& expected) {
    const auto it = poses.find(name);
    ASSERT_NE(it, poses.end()) << name;
    EXPECT_LT(PoseDistance(it->second, expected), 1e-12)
        << name << ": " << it->second.translation().transpose();
  }

  static Pose P(double x, double y, double z, double r, double p, double yaw) {
    return PoseFromXyzRpy({x, y, z}, {r, p, yaw});
  }

  std::filesystem::path dir_;
  IncludeSearch search_;
  std::map<std::string, Eigen::Vector3d> axes_;
};

TEST_F(ExpandMergeIncludesTest, MergedContentIsWrittenInPlace) {
  Write("arm/model.config", "<model><sdf version='1.9'>model.sdf</sdf></model>");
  Write("arm/model.sdf", R"(<sdf version="1.9">
  <model name="arm">
    <pose>5 5 5 0 0 0</pose>
    <static>false</static>
    <self_collide>true</self_collide>
    <link name="base"><pose>1 0 0 0 0 0</pose></link>
    <link name="tip"/>
    <joint name="j" type="revolute">
      <pose relative_to="__model__">0 1 0 0 0 0</pose>
      <parent>base</parent>
      <child>tip</child>
      <axis><xyz expressed_in="__model__">1 0 0</xyz></axis>
    </joint>
    <frame name="f"/>
  </model>
</sdf>
)");
  Write("robot.sdf", R"(<sdf version="1.9">
  <model name="robot">
    <link name="body"/>
    <frame name="mount"><pose>0 0 1 0 0 0</pose></frame>
    <include merge="true">
      <uri>model://arm</uri>
      <pose relative_to="mount" degrees="true">10 0 0 0 0 90</pose>
    </include>
    <joint name="weld" type="fixed"><parent>body</parent><child>base</child></joint>
  </model>
</sdf>
)");
  const UpgradeResult r = Expand("robot.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  // The include's pose as written (degrees), relative_to kept.
  EXPECT_NE(r.output.find(R"(<frame name="_merged__arm__model__" attached_to="base">
      <pose relative_to="mount" degrees="true">10 0 0 0 0 90</pose>
    </frame>
    <link name="base"><pose relative_to="_merged__arm__model__">1 0 0 0 0 0</pose></link>
    <link name="tip">
      <pose relative_to="_merged__arm__model__">0 0 0 0 0 0</pose>
    </link>)"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find(R"(<frame name="f" attached_to="_merged__arm__model__"/>)"),
            std::string::npos);
  EXPECT_NE(r.output.find(R"(<xyz expressed_in="_merged__arm__model__">)"),
            std::string::npos);
  for (const char* gone : {"<include", "<static>", "<self_collide>", "5 5 5"}) {
    EXPECT_EQ(r.output.find(gone), std::string::npos) << gone;
  }
  const auto poses = Resolve(r.output);
  const Pose X_WP = P(10, 0, 1, 0, 0, kHalfPi);
  ExpectPose(poses, "robot::_merged__arm__model__", X_WP);
  ExpectPose(poses, "robot::base", P(10, 1, 1, 0, 0, kHalfPi));
  ExpectPose(poses, "robot::tip", X_WP);
  ExpectPose(poses, "robot::j", P(9, 0, 1, 0, 0, kHalfPi));
  EXPECT_LT((axes_.at("robot::j") - Eigen::Vector3d(0, 1, 0)).norm(), 1e-12);
}

TEST_F(ExpandMergeIncludesTest, APlacementFrameIsWrittenAsTheComputedPose) {
  Write("arm.sdf", R"(<sdf version="1.9">
  <model name="arm">
    <link name="base"/>
    <link name="tip"><pose>0 0 2 0 0 1.5707963267948966</pose></link>
  </model>
</sdf>
)");
  Write("robot.sdf", R"(<sdf version="1.9">
  <model name="robot">
    <link name="body"/>
    <include merge="true">
      <uri>arm.sdf</uri>
      <placement_frame>tip</placement_frame>
      <pose>0 0 0.5 0 0 0</pose>
    </include>
  </model>
</sdf>
)");
  const UpgradeResult r = Expand("robot.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_EQ(r.output.find("placement_frame"), std::string::npos) << r.output;
  const auto poses = Resolve(r.output);
  // X_RM = X_R,tip * X_M,tip^-1 = (0 0 -1.5, yaw -pi/2).
  ExpectPose(poses, "robot::_merged__arm__model__",
             P(0, 0, -1.5, 0, 0, -kHalfPi));
  ExpectPose(poses, "robot::tip", P(0, 0, 0.5, 0, 0, 0));
}

TEST_F(ExpandMergeIncludesTest, IncludesInsideTheMergedModelFollow) {
  // A world merge (1.10) of a model holding two includes of a 1.6 model, a
  // merge of its own, a frame and a world joint; and a namespaced element.
  Write("part.sdf", R"(<sdf version="1.6">
  <model name="part">
    <pose>0 0 1 0 0 0</pose>
    <link name="link"/>
  </model>
</sdf>
)");
  Write("tag.sdf", R"(<sdf version="1.10">
  <model name="tag">
    <link name="t"><pose>0 0 3 0 0 0</pose></link>
  </model>
</sdf>
)");
  Write("assembly.sdf", R"(<sdf version="1.10" xmlns:ext="urn:ext">
  <model name="assembly">
    <include><uri>part.sdf</uri><name>M1</name></include>
    <include>
      <uri>part.sdf</uri>
      <name>M2</name>
      <pose>0 10 0 0 0 0</pose>
    </include>
    <frame name="F1"/>
    <frame name="F2" attached_to="M2"/>
    <joint name="J1" type="fixed"><parent>F1</parent><child>F2</child></joint>
    <ext:note>kept</ext:note>
  </model>
</sdf>
)");
  Write("world.sdf", R"(<sdf version="1.10">
  <world name="w">
    <include merge="true">
      <uri>assembly.sdf</uri>
      <pose>100 0 0 0 0 0</pose>
    </include>
  </world>
</sdf>
)");
  const UpgradeResult r = Expand("world.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  EXPECT_NE(r.output.find(R"(<ext:note xmlns:ext="urn:ext">kept</ext:note>)"),
            std::string::npos)
      << r.output;
  const auto poses = Resolve(r.output);
  ExpectPose(poses, "_merged__assembly__model__", P(100, 0, 0, 0, 0, 0));
  // M1 has no <pose> of its own in the include: the model's, 0 0 1, now
  // in the proxy frame.
  ExpectPose(poses, "M1::link", P(100, 0, 1, 0, 0, 0));
  ExpectPose(poses, "M2::link", P(100, 10, 0, 0, 0, 0));
  ExpectPose(poses, "F1", P(100, 0, 0, 0, 0, 0));
  ExpectPose(poses, "J1", P(100, 10, 0, 0, 0, 0));
}

TEST_F(ExpandMergeIncludesTest, MergesInsideMerges) {
  Write("c.sdf", R"(<sdf version="1.9">
  <model name="c"><link name="lc"><pose>0 0 1 0 0 0</pose></link></model>
</sdf>
)");
  Write("b.sdf", R"(<sdf version="1.9">
  <model name="b">
    <include merge="true"><uri>c.sdf</uri><pose>1 0 0 0 0 0</pose></include>
    <link name="lb"><pose>0 1 0 0 0 0</pose></link>
  </model>
</sdf>
)");
  Write("a.sdf", R"(<sdf version="1.9">
  <model name="a">
    <link name="la"/>
    <include merge="true"><uri>b.sdf</uri><pose>0 0 10 0 0 0</pose></include>
  </model>
</sdf>
)");
  const UpgradeResult r = Expand("a.sdf");
  ASSERT_TRUE(r.ok()) << Dump(r.diagnostics);
  const auto poses = Resolve(r.output);
  ExpectPose(poses, "a::_merged__c__model__", P(1, 0, 10, 0, 0, 0));
  ExpectPose(poses, "a::lc", P(1, 0, 11, 0, 0, 0));
  ExpectPose(poses, "a::lb", P(0, 1, 10, 0, 0, 0));
}

TEST_F(ExpandMergeIncludesTest, ErrorsOfTheMergeStopTheExpansion) {
  Write("arm.sdf", R"(<sdf version="1.9">
  <model name="arm"><link name="body"/></model>
</sdf>
)");
  Write("robot.sdf", R"(<sdf version="1.9">
  <model name="robot">
    <link name="body"/>
    <include merge="true"><uri>arm.sdf</uri></include>
  </model>
</sdf>
)");
  const UpgradeResult r = Expand("robot.sdf");
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(r.output.empty());
  bool duplicate = false;
  for (const Diagnostic& d : r.diagnostics.items()) {
    duplicate |= d.code == Code::kDuplicateName && d.source.line == 4;
  }
  EXPECT_TRUE(duplicate) << Dump(r.diagnostics);
}

}  // namespace
}  // namespace sdfconv
