// <experimental:params>: the edits on an XML tree, and through the registry
// (ReadFile composes the edited models; poses checked by hand).
#include "converters/include/include_params.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/registry.h"
#include "converters/xml/text_values.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

class IncludeParamsTest : public DiagnosticTest {
 protected:
  // Parses `included` (its <model> is edited) and `including` (an <sdf>
  // whose first <include> somewhere holds the edits), applies them.
  ForwardedEdits Edit(const std::string& included,
                      const std::string& including) {
    model_tree_ = XmlTree::Parse(included, "m.sdf", &diags_);
    params_tree_ = XmlTree::Parse(including, "w.sdf", &diags_);
    EXPECT_TRUE(model_tree_ && params_tree_);
    NodeId include = kNoNode;
    for (NodeId n : params_tree_->Elements(params_tree_->root(),
                                           [](NodeId) { return false; })) {
      if (include == kNoNode && params_tree_->Tag(n) == "include") {
        include = n;
      }
    }
    const auto edits = IncludeParamEdits(*params_tree_, include);
    return EditIncludedTree(&*model_tree_, edits, &diags_);
  }
  // The element at the path of tags and names ("link:a/visual:v") under
  // the model, or kNoNode.
  NodeId At(const std::string& path) const {
    const XmlTree& t = *model_tree_;
    NodeId n = t.FirstChild(t.root(), "model");
    size_t from = 0;
    while (n != kNoNode && from < path.size()) {
      const size_t slash = std::min(path.find('/', from), path.size());
      const std::string step = path.substr(from, slash - from);
      const size_t colon = step.find(':');
      const std::string tag = step.substr(0, colon);
      NodeId next = kNoNode;
      for (NodeId c : t.Children(n, tag)) {
        if (colon == std::string::npos ||
            t.Attribute(c, "name") == step.substr(colon + 1)) {
          next = c;
          break;
        }
      }
      n = next;
      from = slash + 1;
    }
    return n;
  }
  std::string Text(const std::string& path) const {
    const NodeId n = At(path);
    return n == kNoNode ? "<absent>"
                        : std::string(TrimWhitespace(model_tree_->Text(n)));
  }

  std::optional<XmlTree> model_tree_;
  std::optional<XmlTree> params_tree_;
};

std::string World(const std::string& params) {
  return "<sdf version=\"1.8\" xmlns:experimental=\"x\"><world name=\"w\">"
         "<include><uri>m</uri>\n"
         "<experimental:params>\n" +
         params + "\n</experimental:params></include></world></sdf>";
}

const char kModel[] = R"(<sdf version="1.8"><model name="m">
  <link name="la">
    <pose>1 2 3 0 0 0</pose>
    <visual name="v"><transparency>0.2</transparency>
      <geometry><box><size>1 1 1</size></box></geometry></visual>
    <sensor name="s" type="camera"><update_rate>10</update_rate></sensor>
  </link>
  <link name="lb"/>
  <include><uri>model://hand</uri><name>hd</name></include>
</model></sdf>)";

TEST_F(IncludeParamsTest, EachActionEditsTheElementItsIdNames) {
  const ForwardedEdits forwarded = Edit(kModel, World(R"(
<sensor element_id="la::s" action="remove"/>
<link element_id="" name="c" action="add"><pose>0 0 7 0 0 0</pose></link>
<visual element_id="la" name="w" action="add"/>
<visual element_id="la::v">
  <transparency action="remove"/>
  <geometry action="replace"><sphere><radius>0.5</radius></sphere></geometry>
</visual>
<link element_id="la" action="modify" name="la2"><pose relative_to="lb"/></link>
<link element_id="lb" action="replace" name="lb"><pose>4 4 4 0 0 0</pose></link>)"));
  EXPECT_TRUE(forwarded.empty());
  EXPECT_EQ(At("link:la"), kNoNode);  // renamed by the modify
  EXPECT_EQ(At("link:la2/sensor:s"), kNoNode);
  EXPECT_EQ(Text("link:c/pose"), "0 0 7 0 0 0");
  EXPECT_NE(At("link:la2/visual:w"), kNoNode);
  EXPECT_EQ(At("link:la2/visual:v/transparency"), kNoNode);
  EXPECT_EQ(At("link:la2/visual:v/geometry/box"), kNoNode);
  EXPECT_EQ(Text("link:la2/visual:v/geometry/sphere/radius"), "0.5");
  // An empty value takes the schema's default; its attributes are set.
  EXPECT_EQ(Text("link:la2/pose"), "0 0 0 0 0 0");
  EXPECT_EQ(model_tree_->Attribute(At("link:la2/pose"), "relative_to"), "lb");
  EXPECT_EQ(Text("link:lb/pose"), "4 4 4 0 0 0");
  // What was added stands where it is written (line 5 of w.sdf).
  EXPECT_EQ(model_tree_->Locate(At("link:c")).file, "w.sdf");
  EXPECT_EQ(model_tree_->Locate(At("link:c")).line, 5);
}

TEST_F(IncludeParamsTest, AnIdThroughANestedIncludeIsHandedToIt) {
  const ForwardedEdits forwarded = Edit(kModel, World(R"(
<link element_id="hd::palm" action="modify"><pose>0 0 3 0 0 0</pose></link>
<frame element_id="hd" name="f" action="add"/>
<model element_id="hd" action="modify"><pose>1 0 0 0 0 0</pose></model>)"));
  ASSERT_EQ(forwarded.size(), 1u);
  const std::vector<ParamEdit>& edits = forwarded.begin()->second;
  EXPECT_EQ(model_tree_->Tag(forwarded.begin()->first), "include");
  ASSERT_EQ(edits.size(), 3u);
  EXPECT_EQ(edits[0].element_id, "palm");
  EXPECT_FALSE(edits[0].at_model);
  EXPECT_EQ(edits[1].element_id, "");
  EXPECT_FALSE(edits[1].at_model);
  EXPECT_TRUE(edits[2].at_model);
}

TEST_F(IncludeParamsTest, BrokenEditsAreReportedAtTheirLineAndSkipped) {
  const ForwardedEdits forwarded = Edit(kModel, World(R"(<link name="x"/>
<link element_id="la::" action="modify"/>
<link element_id="la" action="move"/>
<link element_id="nowhere" action="remove"/>
<visual element_id="la" name="v" action="add"/>
<link element_id="" action="add"/>
<link element_id="la"><pose/></link>
<link element_id="la" action="modify"><gravity>0</gravity></link>)"));
  EXPECT_TRUE(forwarded.empty());
  const std::vector<std::pair<Code, int>> expected = {
      {Code::kAttributeMissing, 3}, {Code::kAttributeInvalid, 4},
      {Code::kAttributeInvalid, 5}, {Code::kElementMissing, 6},
      {Code::kDuplicateName, 7},    {Code::kAttributeMissing, 8},
      {Code::kAttributeMissing, 9}, {Code::kElementMissing, 10}};
  for (const auto& [code, line] : expected) {
    const Diagnostic d = TakeError(code);
    EXPECT_EQ(d.source.file, "w.sdf");
    EXPECT_EQ(d.source.line, line) << d.message;
  }
  EXPECT_EQ(Text("link:la/pose"), "1 2 3 0 0 0");  // nothing applied
}

// libsdformat edits only what its schema describes; <include> is not
// described ("Element [include] is not a defined SDF element"), so no edit
// adds one (nor a cycle through one).
TEST_F(IncludeParamsTest, AnEditCannotAddAnInclude) {
  const ForwardedEdits forwarded = Edit(kModel, World(
      R"(<include element_id="" action="add" name="sub"><uri>m</uri></include>)"));
  EXPECT_TRUE(forwarded.empty());
  const Diagnostic d = TakeError(Code::kElementInvalid);
  EXPECT_EQ(d.source.file, "w.sdf");
  EXPECT_EQ(d.source.line, 3);
  EXPECT_EQ(At("include:sub"), kNoNode);
}

// libsdformat's lookup never matches a one-character name at the model's
// own level (its prefix test must pass index 0); so neither does sdfconv.
TEST_F(IncludeParamsTest, AOneCharacterTopLevelNameIsNotFoundAsInLibsdformat) {
  const ForwardedEdits forwarded = Edit(
      R"(<sdf version="1.8"><model name="m"><link name="x"/>
<link name="xy"/></model></sdf>)",
      World(R"(<link element_id="x" action="remove"/>
<link element_id="xy" action="remove"/>)"));
  EXPECT_TRUE(forwarded.empty());
  EXPECT_EQ(TakeError(Code::kElementMissing).source.line, 3);
  EXPECT_NE(At("link:x"), kNoNode);
  EXPECT_EQ(At("link:xy"), kNoNode);
}

TEST_F(IncludeParamsTest, ComposedModelsAreTheEditedOnes) {
  const fs::path root = fs::path(::testing::TempDir()) / "include_params";
  fs::remove_all(root);
  const auto write = [&](const std::string& relative, const std::string& t) {
    fs::create_directories((root / relative).parent_path());
    std::ofstream(root / relative) << t;
    return (root / relative).string();
  };
  write("hand/model.config", "<model><sdf version='1.8'>h.sdf</sdf></model>");
  write("hand/h.sdf", R"(<sdf version="1.8"><model name="hand">
<link name="palm"><pose>0 0 1 0 0 0</pose></link></model></sdf>)");
  write("arm/model.config", "<model><sdf version='1.8'>a.sdf</sdf></model>");
  write("arm/a.sdf", R"(<sdf version="1.8"><model name="arm">
<link name="l1"><pose>1 0 0 0 0 0</pose></link>
<link name="l2"/>
<include><uri>model://hand</uri><pose>0 0 0.5 0 0 0</pose></include>
</model></sdf>)");
  const std::string world = write("w.sdf", R"(<sdf version="1.8" xmlns:experimental="x">
<world name="w">
<include><uri>model://arm</uri><name>edited</name><pose>0 0 1 0 0 0</pose>
<experimental:params>
  <link element_id="l1" action="modify"><pose>0 2 0 0 0 0</pose></link>
  <link element_id="l2" action="remove"/>
  <frame element_id="" name="tip" action="add">
    <pose relative_to="l1">1 0 0 0 0 0</pose></frame>
  <link element_id="hand::palm" action="modify"><pose>0 0 3 0 0 0</pose></link>
</experimental:params></include>
<include><uri>model://arm</uri><name>plain</name></include>
</world></sdf>)");
  ReadOptions options;
  options.include_search.model_paths = {root.string()};
  options.include_search.use_environment = false;
  const std::optional<Document> doc = ReadFile(world, &diags_, options);
  ASSERT_TRUE(doc.has_value());
  const FrameGraph graph = BuildFrameGraph(*doc, &diags_);
  const Resolution r = ResolveAll(*doc, graph);
  std::map<std::string, Pose> poses;
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    poses[doc->ScopedName(id)] = r.X_W[id];
  }
  const auto expect_at = [&](const std::string& name, double x, double y,
                             double z) {
    ASSERT_EQ(poses.count(name), 1u) << name;
    EXPECT_NEAR((poses[name].translation() - Eigen::Vector3d(x, y, z)).norm(),
                0, 1e-12)
        << name;
  };
  expect_at("edited::l1", 0, 2, 1);        // (0 0 1) then (0 2 0)
  expect_at("edited::tip", 1, 2, 1);       // 1 along x from l1
  expect_at("edited::hand::palm", 0, 0, 4.5);  // 1 + 0.5 + 3
  EXPECT_EQ(poses.count("edited::l2"), 0u);
  // The same files, included without edits, are as written.
  expect_at("plain::l1", 1, 0, 0);
  expect_at("plain::hand::palm", 0, 0, 1.5);
  expect_at("plain::l2", 0, 0, 0);
}

}  // namespace
}  // namespace sdfconv
