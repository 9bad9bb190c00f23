// <experimental:params> in what the upgrade writes: --expand-includes
// writes the edited model inline (proven), the upgrade that keeps includes
// keeps the edits as written. Poses worked out by hand.
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/upgrade/expand_includes.h"
#include "converters/upgrade/upgrade.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

const char kParams[] = R"(<experimental:params>
        <link element_id="l1" action="modify"><pose>0 2 0 0 0 0</pose></link>
        <link element_id="l2" action="remove"/>
        <link element_id="" name="l3" action="add">
          <pose relative_to="l1">1 0 0 0 0 0</pose>
        </link>
      </experimental:params>)";

class ExpandIncludeParamsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::path(::testing::TempDir()) / "expand_include_params";
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "arm");
    std::ofstream(dir_ / "arm" / "model.config")
        << "<model><sdf version='1.7'>arm.sdf</sdf></model>";
    std::ofstream(dir_ / "arm" / "arm.sdf") << R"(<sdf version="1.7">
  <model name="arm">
    <link name="l1"><pose>1 0 0 0 0 0</pose></link>
    <link name="l2"/>
  </model>
</sdf>
)";
    world_ = std::string(R"(<sdf version="1.7" xmlns:experimental="x">
  <world name="w">
    <include>
      <uri>model://arm</uri>
      <pose>0 0 1 0 0 0</pose>
      )") + kParams + R"(
    </include>
  </world>
</sdf>
)";
    search_.model_paths = {dir_.string()};
    search_.use_environment = false;
  }

  fs::path dir_;
  std::string world_;
  IncludeSearch search_;
};

TEST_F(ExpandIncludeParamsTest, ExpandedModelIsTheEditedOne) {
  const UpgradeResult r =
      ExpandIncludesToSdf18(world_, (dir_ / "w.sdf").string(), search_);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.output.find("<include"), std::string::npos);
  EXPECT_EQ(r.output.find("<experimental:params"), std::string::npos);
  EXPECT_EQ(r.output.find("\"l2\""), std::string::npos);
  // The output, read on its own.
  Diagnostics diags;
  const std::optional<Document> doc =
      ReadString(r.output, (dir_ / "out.sdf").string(), &diags);
  ASSERT_TRUE(doc.has_value());
  ASSERT_FALSE(diags.HasErrors());
  const FrameGraph graph = BuildFrameGraph(*doc, &diags);
  ASSERT_FALSE(diags.HasErrors());
  const Resolution res = ResolveAll(*doc, graph);
  std::map<std::string, Pose> X_W;
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    X_W[doc->ScopedName(id)] = res.X_W[id];
  }
  ASSERT_EQ(X_W.count("arm::l1"), 1u);
  ASSERT_EQ(X_W.count("arm::l3"), 1u);
  EXPECT_EQ(X_W.count("arm::l2"), 0u);
  // (0 0 1) then (0 2 0); l3: 1 along x from l1.
  EXPECT_LT((X_W["arm::l1"].translation() - Eigen::Vector3d(0, 2, 1)).norm(),
            1e-12);
  EXPECT_LT((X_W["arm::l3"].translation() - Eigen::Vector3d(1, 2, 1)).norm(),
            1e-12);
}

TEST_F(ExpandIncludeParamsTest, UpgradeKeepsTheEditsAsWritten) {
  UpgradeOptions options;
  options.include_search = search_;
  const UpgradeResult r =
      UpgradeSdf(world_, (dir_ / "w.sdf").string(), options);
  ASSERT_TRUE(r.ok());
  EXPECT_NE(r.output.find("<sdf version=\"1.8\""), std::string::npos);
  EXPECT_NE(r.output.find(kParams), std::string::npos);
}

}  // namespace
}  // namespace sdfconv
