#include "converters/graph/dot_writer.h"

#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

// A document read from `text`, its graph and (when valid) its poses.
struct Drawn {
  Document doc;
  FrameGraph graph;
  std::optional<Resolution> resolution;
  Diagnostics diags;
};

Drawn Read(const std::string& text) {
  Drawn d;
  std::optional<Document> doc = ReadString(text, "m.sdf", &d.diags);
  EXPECT_TRUE(doc);
  d.doc = std::move(*doc);
  d.graph = BuildFrameGraph(d.doc, &d.diags);
  if (!d.diags.HasErrors()) d.resolution = ResolveAll(d.doc, d.graph);
  return d;
}

std::string Dot(const Drawn& d, GraphKind kind) {
  return WriteDot(d.doc, d.graph, d.resolution ? &*d.resolution : nullptr,
                  kind);
}

constexpr char kArm[] = R"(<sdf version="1.8">
  <model name="arm">
    <link name="base"/>
    <link name="tip"><pose>0 0 1 0 0 0</pose></link>
    <joint name="j" type="revolute">
      <parent>base</parent><child>tip</child>
      <axis><xyz>0 0 1</xyz></axis>
    </joint>
    <frame name="tool" attached_to="tip"><pose>0.5 0 0 0 0 0</pose></frame>
  </model>
</sdf>)";

TEST(DotWriterTest, KinematicTreeOfATinyModelExactly) {
  EXPECT_EQ(Dot(Read(kArm), GraphKind::kKinematic),
            R"dot(digraph "kinematic" {
  graph [label="m.sdf: kinematic", labelloc=t, fontname="Helvetica", rankdir=TB];
  node [fontname="Helvetica", fontsize=10];
  edge [fontname="Helvetica", fontsize=9];
  subgraph "cluster_model:arm" {
    label="model arm"; labelloc=t; style=rounded; color=gray50;
    "link:arm::base" [shape=box, style="rounded,bold", label="base\n(canonical)"];
    "link:arm::tip" [shape=box, style=rounded, label="tip"];
    "frame:arm::tool" [shape=ellipse, style=dashed, label="tool"];
  }
  "link:arm::base" -> "link:arm::tip" [penwidth=1.5, label="j\nrevolute"];
  "link:arm::tip" -> "frame:arm::tool" [style=dashed, arrowhead=odot];
}
)dot");
}

TEST(DotWriterTest, FrameGraphEdgesCarryTheirPoses) {
  const Drawn d = Read(kArm);
  const std::string attached = Dot(d, GraphKind::kAttachedTo);
  // The tool frame relative to the link it is attached to, resolved.
  EXPECT_NE(attached.find("\"frame:arm::tool\" -> \"link:arm::tip\" "
                          "[label=\"0.5 0 0 0 0 0\"]"),
            std::string::npos)
      << attached;
  EXPECT_NE(attached.find("\"joint:arm::j\" -> \"link:arm::tip\""),
            std::string::npos);
  EXPECT_NE(attached.find("\"model:arm\" -> \"link:arm::base\""),
            std::string::npos);
  const std::string relative = Dot(d, GraphKind::kRelativeTo);
  EXPECT_NE(relative.find("\"link:arm::tip\" -> \"model:arm\" "
                          "[label=\"0 0 1 0 0 0\"]"),
            std::string::npos)
      << relative;
  EXPECT_NE(relative.find("\"model:arm\" -> \"world\""), std::string::npos);
  EXPECT_NE(relative.find("\"world\" [shape=doublecircle"), std::string::npos);
}

TEST(DotWriterTest, ACycleIsRedAndAMissingTargetIsAMarkedNode) {
  const Drawn d = Read(R"(<sdf version="1.8">
  <model name="m">
    <link name="a"/>
    <frame name="f1" attached_to="f2"/>
    <frame name="f2" attached_to="f1"/>
    <frame name="lost" attached_to="nowhere"/>
    <link name="b"><pose relative_to="c">0 0 1 0 0 0</pose></link>
    <link name="c"><pose relative_to="b"/></link>
  </model>
</sdf>)");
  ASSERT_TRUE(d.diags.HasErrors());
  const std::string attached = Dot(d, GraphKind::kAttachedTo);
  EXPECT_NE(attached.find("\"frame:m::f1\" -> \"frame:m::f2\" [color=red, "
                          "fontcolor=red, penwidth=2.5]"),
            std::string::npos)
      << attached;
  EXPECT_NE(attached.find("\"frame:m::f2\" -> \"frame:m::f1\" [color=red"),
            std::string::npos);
  EXPECT_NE(attached.find("label=\"missing: nowhere\""), std::string::npos);
  EXPECT_EQ(attached.find("\"model:m\" -> \"link:m::a\" [color=red"),
            std::string::npos);  // not on the cycle
  const std::string relative = Dot(d, GraphKind::kRelativeTo);
  EXPECT_NE(relative.find("\"link:m::b\" -> \"link:m::c\" [label=\"0 0 1 0 0 "
                          "0\", color=red, fontcolor=red, penwidth=2.5]"),
            std::string::npos)
      << relative;
  // The kinematic view hangs the cycle's frames off each other, in red.
  const std::string kinematic = Dot(d, GraphKind::kKinematic);
  EXPECT_NE(kinematic.find("\"frame:m::f2\" -> \"frame:m::f1\" [style=dashed, "
                           "arrowhead=odot, color=red"),
            std::string::npos)
      << kinematic;
}

TEST(DotWriterTest, NestedModelsAreNestedClustersAndJointsMayMissAnEnd) {
  const Drawn d = Read(R"(<sdf version="1.8">
  <world name="w">
    <model name="outer">
      <link name="l"/>
      <model name="inner"><link name="k"/></model>
      <joint name="j" type="fixed"><parent>l</parent><child>inner::k</child></joint>
      <joint name="bad" type="fixed"><parent>l</parent><child>ghost</child></joint>
    </model>
  </world>
</sdf>)");
  const std::string dot = Dot(d, GraphKind::kKinematic);
  const size_t outer = dot.find("subgraph \"cluster_model:outer\" {");
  const size_t inner = dot.find("subgraph \"cluster_model:outer::inner\" {");
  const size_t k = dot.find("\"link:outer::inner::k\" [");
  ASSERT_NE(outer, std::string::npos) << dot;
  ASSERT_NE(inner, std::string::npos);
  EXPECT_LT(outer, inner);
  EXPECT_LT(inner, k);
  EXPECT_NE(dot.find("\"link:outer::l\" -> \"link:outer::inner::k\""),
            std::string::npos);
  EXPECT_NE(dot.find("label=\"missing: ghost\""), std::string::npos);
  EXPECT_NE(dot.find("\"world\" [shape=doublecircle"), std::string::npos);
}

// A file of several worlds draws each in a cluster with its own world
// node; names start with the world's, as in every output.
TEST(DotWriterTest, EachWorldIsAClusterWithItsOwnWorldNode) {
  const Drawn d = Read(R"(<sdf version="1.8">
  <world name="one">
    <model name="m"><link name="l"/></model>
  </world>
  <world name="two">
    <model name="m"><link name="l"/></model>
    <joint name="pin" type="fixed"><parent>world</parent><child>m::l</child></joint>
  </world>
</sdf>)");
  ASSERT_FALSE(d.diags.HasErrors());
  EXPECT_EQ(Dot(d, GraphKind::kKinematic),
            R"dot(digraph "kinematic" {
  graph [label="m.sdf: kinematic", labelloc=t, fontname="Helvetica", rankdir=TB];
  node [fontname="Helvetica", fontsize=10];
  edge [fontname="Helvetica", fontsize=9];
  subgraph "cluster_world:one" {
    label="world one"; labelloc=t; style=rounded; color=gray50;
    "world:one" [shape=doublecircle, label="world"];
    subgraph "cluster_model:one::m" {
      label="model m"; labelloc=t; style=rounded; color=gray50;
      "link:one::m::l" [shape=box, style="rounded,bold", label="l\n(canonical)"];
    }
  }
  subgraph "cluster_world:two" {
    label="world two"; labelloc=t; style=rounded; color=gray50;
    "world:two" [shape=doublecircle, label="world"];
    subgraph "cluster_model:two::m" {
      label="model m"; labelloc=t; style=rounded; color=gray50;
      "link:two::m::l" [shape=box, style="rounded,bold", label="l\n(canonical)"];
    }
  }
  "world:two" -> "link:two::m::l" [penwidth=1.5, label="pin\nfixed"];
}
)dot");
  const std::string relative = Dot(d, GraphKind::kRelativeTo);
  EXPECT_NE(relative.find("\"model:one::m\" -> \"world:one\""),
            std::string::npos)
      << relative;
  EXPECT_NE(relative.find("\"model:two::m\" -> \"world:two\""),
            std::string::npos);
  EXPECT_EQ(relative.find("\"world\" ["), std::string::npos);  // no node
  EXPECT_EQ(relative.find("-> \"world\""), std::string::npos);
}

TEST(DotWriterTest, QuotesWhatDotWouldMisread) {
  EXPECT_EQ(DotQuoted("a\"b\\c\nd"), "\"a\\\"b\\\\c\\nd\"");
}

TEST(DotWriterTest, ALongChainDrawsWithoutRecursion) {
  std::string text = "<sdf version=\"1.8\"><model name=\"m\"><link name=\"l\"/>";
  const int n = 100000;
  for (int i = 0; i < n; ++i) {
    text += "<frame name=\"f" + std::to_string(i) + "\" attached_to=\"" +
            (i == 0 ? std::string("l") : "f" + std::to_string(i - 1)) +
            "\"><pose relative_to=\"" +
            (i == 0 ? std::string("l") : "f" + std::to_string(i - 1)) +
            "\">0 0 1 0 0 0</pose></frame>";
  }
  text += "</model></sdf>";
  const Drawn d = Read(text);
  ASSERT_FALSE(d.diags.HasErrors());
  const std::string dot = Dot(d, GraphKind::kRelativeTo);
  EXPECT_NE(dot.find("\"frame:m::f99999\" -> \"frame:m::f99998\""),
            std::string::npos);
}

}  // namespace
}  // namespace sdfconv
