// The whole pipeline (XML, front end, every phase, resolver, flat back end)
// on inputs whose depth would overflow a recursive implementation: a
// 100,000-long relative_to chain and models nested 10,000 deep.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

struct Pipeline {
  std::optional<Document> doc;
  FrameGraph graph;
  Resolution resolution;
  Diagnostics diags;
};

Pipeline RunPipeline(const std::string& xml) {
  Pipeline p;
  p.doc = ReadString(xml, "generated.sdf", &p.diags);
  if (!p.doc) return p;
  p.graph = BuildFrameGraph(*p.doc, &p.diags);
  if (!p.diags.HasErrors()) p.resolution = ResolveAll(*p.doc, p.graph);
  return p;
}

TEST(DeepInputs, HundredThousandLongRelativeToChain) {
  constexpr int kN = 100000;
  // f_i is written before f_{i-1}, so every walk starts at the deep end.
  std::string xml = "<sdf version=\"1.8\"><model name=\"m\"><link name=\"l\"/>";
  for (int i = kN; i >= 1; --i) {
    xml += "<frame name=\"f" + std::to_string(i) + "\"><pose relative_to=\"" +
           (i == 1 ? std::string("l") : "f" + std::to_string(i - 1)) +
           "\">0.001 0 0 0 0 0.0001</pose></frame>";
  }
  xml += "</model></sdf>";
  Pipeline p = RunPipeline(xml);
  ASSERT_TRUE(p.doc.has_value());
  ASSERT_FALSE(p.diags.HasErrors());
  const ElementId last = 2;  // f_kN: root model 0, link 1, then f_kN
  ASSERT_EQ(p.doc->at(last).name, "f" + std::to_string(kN));
  // Yaw accumulates to kN * 1e-4 = 10 rad; the position follows a circle
  // of radius 0.001 / 1e-4 = 10 (sum of a geometric series of rotations).
  const double yaw = kN * 1e-4;
  EXPECT_NEAR(RpyFromRotation(p.resolution.X_W[last].linear()).z(),
              std::atan2(std::sin(yaw), std::cos(yaw)), 1e-9);
  const std::string json =
      WriteFlatJson(*p.doc, p.graph, p.resolution);
  EXPECT_NE(json.find("\"m::f100000\""), std::string::npos);
}

TEST(DeepInputs, ModelsNestedTenThousandDeep) {
  constexpr int kDepth = 10000;
  std::string xml = "<sdf version=\"1.8\">";
  for (int i = 0; i <= kDepth; ++i) {
    xml += "<model name=\"m" + std::to_string(i) + "\"><pose>0 0 0.01 0 0 0</pose>";
  }
  xml += "<link name=\"l\"/><frame name=\"f\" attached_to=\"l\"/>";
  for (int i = 0; i <= kDepth; ++i) xml += "</model>";
  xml += "</sdf>";
  Pipeline p = RunPipeline(xml);
  ASSERT_TRUE(p.doc.has_value());
  ASSERT_FALSE(p.diags.HasErrors());
  const ElementId link = kDepth + 1;
  ASSERT_EQ(p.doc->at(link).kind, ElementKind::kLink);
  EXPECT_EQ(p.graph.canonical_link[0], link);  // found through 10,000 levels
  // Every model's pose is 1 cm up from its parent's; the root's is the
  // placement of the whole model.
  EXPECT_NEAR(p.resolution.X_W[link].translation().z(), (kDepth + 1) * 0.01,
              1e-9);
  const std::vector<FlatFrame> frames =
      CollectFlatFrames(*p.doc, p.graph, p.resolution);
  ASSERT_EQ(frames.size(), static_cast<size_t>(kDepth + 3));
  EXPECT_EQ(frames.back().attached_to, frames[link].name);
}

}  // namespace
}  // namespace sdfconv
