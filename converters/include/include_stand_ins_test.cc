#include "converters/include/include_stand_ins.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "core/frame_graph.h"

namespace sdfconv {
namespace {

std::string Sdf(const std::string& version, const std::string& body) {
  return "<sdf version=\"" + version + "\">\n" + body + "</sdf>\n";
}

// The stand-ins' reading of `text`: every element's scoped name and kind.
std::vector<std::string> Read(const std::string& text, Diagnostics* diags) {
  ReadOptions options;
  options.includes = ReadOptions::Includes::kStandIns;
  const std::optional<Document> doc =
      ReadString(text, "t.sdf", diags, options);
  std::vector<std::string> out;
  if (!doc) return out;
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    const Element& e = doc->at(id);
    out.push_back(std::string(KindName(e.kind)) + " " + doc->ScopedName(id) +
                  (e.include && e.include->stand_in ? " (stand-in)" : ""));
  }
  (void)BuildFrameGraph(*doc, diags);
  return out;
}

TEST(IncludeStandInsTest, NestedFrom15On) {
  Diagnostics diags;
  const std::vector<std::string> elements = Read(Sdf("1.7", R"(  <model name="m">
    <include>
      <uri>model://valve</uri>
      <pose>1 0 0 0 0 0</pose>
      <frame name="added"/>
    </include>
    <joint name="j" type="fixed"><parent>valve::base</parent><child>valve::arm::tip</child></joint>
  </model>
)"),
                                                 &diags);
  EXPECT_FALSE(diags.HasErrors());
  EXPECT_EQ(elements,
            (std::vector<std::string>{
                "model m", "model m::valve (stand-in)",
                "model m::valve::arm (stand-in)",
                "link m::valve::arm::tip (stand-in)",
                "link m::valve::base (stand-in)", "joint m::j"}));
}

TEST(IncludeStandInsTest, AMergeIncludeStandsInForNamesInItsScope) {
  Diagnostics diags;
  const std::vector<std::string> elements = Read(Sdf("1.9", R"(  <model name="m">
    <link name="body"/>
    <frame name="mount"/>
    <include merge="true">
      <uri>model://arm</uri>
      <pose relative_to="mount">1 0 0 0 0 0</pose>
    </include>
    <joint name="j" type="fixed"><parent>body</parent><child>base</child></joint>
    <frame name="f" attached_to="wrist::tip"/>
  </model>
)"),
                                                 &diags);
  EXPECT_FALSE(diags.HasErrors());
  EXPECT_EQ(elements,
            (std::vector<std::string>{
                "model m", "link m::body", "frame m::mount",
                "link m::_merged__arm__model__ (stand-in)",
                "model m::wrist (stand-in)", "link m::wrist::tip (stand-in)",
                "link m::base (stand-in)", "joint m::j", "frame m::f"}));
}

TEST(IncludeStandInsTest, AMergeIncludeAloneGivesItsModelALink) {
  Diagnostics diags;
  const std::vector<std::string> elements = Read(Sdf("1.9", R"(  <model name="m">
    <include merge="true"><uri>model://arm</uri></include>
  </model>
)"),
                                                 &diags);
  EXPECT_FALSE(diags.HasErrors());
  EXPECT_EQ(elements,
            (std::vector<std::string>{
                "model m", "link m::_merged__arm__model__ (stand-in)"}));
}

TEST(IncludeStandInsTest, FlatBefore15AndNamedByTheirReferences) {
  Diagnostics diags;
  const std::vector<std::string> elements = Read(Sdf("1.4", R"(  <model name="m">
    <include><uri>model://iris_with_standoffs</uri></include>
    <link name="cam"/>
    <joint name="j" type="fixed"><parent>iris::base</parent><child>cam</child></joint>
  </model>
)"),
                                                 &diags);
  EXPECT_FALSE(diags.HasErrors());
  EXPECT_EQ(elements, (std::vector<std::string>{
                          "model m", "link m::iris::base (stand-in)",
                          "link m::cam", "joint m::j"}));
}

// Stand-ins are placed alike on both sides of a proof: the same names give
// the same poses.
TEST(IncludeStandInsTest, PosesDependOnNamesOnly) {
  const auto pose_of_base = [](const std::string& text) {
    ReadOptions options;
    options.includes = ReadOptions::Includes::kStandIns;
    Diagnostics diags;
    const auto doc = ReadString(text, "t.sdf", &diags, options);
    for (const Element& e : doc->elements) {
      if (e.name == "base") return e.pose.X.pose();
    }
    return Pose::Identity();
  };
  const Pose a = pose_of_base(Sdf("1.8", R"(<model name="m">
    <include><uri>model://valve</uri></include>
    <frame name="f" attached_to="valve::base"/></model>
)"));
  const Pose b = pose_of_base(Sdf("1.8", R"(<model name="m"><link name="x"/>
    <include><name>valve</name><uri>model://other</uri></include>
    <joint name="j" type="fixed"><parent>x</parent><child>valve::base</child></joint></model>
)"));
  EXPECT_TRUE(a.isApprox(b, 0));
  EXPECT_FALSE(a.isApprox(Pose::Identity(), 1e-3));
}

}  // namespace
}  // namespace sdfconv
