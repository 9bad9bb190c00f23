// Phase 8 (joints.cc, ResolveMimics): //axis/mimic and //axis2/mimic on
// hand-built Documents. Each test asserts the exact set of error codes.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/frame_graph.h"
#include "core/testing/test_document.h"

namespace sdfconv {
namespace {

using testing::ErrorCodes;
using testing::TestDocument;
using Codes = std::vector<std::string>;
using K = ElementKind;

Codes Check(const TestDocument& t, FrameGraph* out = nullptr,
            Diagnostics* diags_out = nullptr) {
  Diagnostics diags;
  FrameGraph g = BuildFrameGraph(t.doc(), &diags);
  if (out != nullptr) *out = g;
  if (diags_out != nullptr) *diags_out = diags;
  return ErrorCodes(diags);
}

// A joint of `type` from link `parent` to link `child` writing `axes` axes.
ElementId AxisJoint(TestDocument& t, ElementId scope, const std::string& name,
                    const std::string& parent, const std::string& child,
                    size_t axes = 1) {
  const ElementId j = t.Joint(scope, name, parent, child);
  t[j].MutableJoint().type = axes == 2 ? "universal" : "revolute";
  t[j].MutableJoint().axes.resize(axes);
  return j;
}

// Axis `k` of `follower` mimics `axis` of `leader`.
void Mimic(TestDocument& t, ElementId follower, size_t k,
           const std::string& leader, const std::string& axis = "axis") {
  JointMimic m;
  m.joint = leader;
  m.axis = axis;
  m.source.file = "test.sdf";
  m.source.line = 100 + static_cast<int>(follower) * 2 + static_cast<int>(k);
  t[follower].MutableJoint().axes[k].mimic = m;
}

// A model `m` with links a, b, c, d.
ElementId ModelWithLinks(TestDocument& t) {
  const ElementId m = t.Root(K::kModel, "m");
  for (const char* l : {"a", "b", "c", "d"}) t.Add(m, K::kLink, l);
  return m;
}

TEST(Mimic, SiblingLeader) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId leader = AxisJoint(t, m, "leader", "a", "b");
  const ElementId follower = AxisJoint(t, m, "follower", "b", "c");
  Mimic(t, follower, 0, "leader");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  ASSERT_EQ(g.mimic[follower].size(), 1u);
  EXPECT_EQ(g.mimic[follower][0].joint, leader);
  EXPECT_EQ(g.mimic[follower][0].axis, 0);
  EXPECT_FALSE(g.mimic[leader][0].valid());
}

TEST(Mimic, MissingLeader) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  AxisJoint(t, m, "leader", "a", "b");
  const ElementId follower = AxisJoint(t, m, "follower", "b", "c");
  Mimic(t, follower, 0, "nobody");
  FrameGraph g;
  Diagnostics diags;
  EXPECT_EQ(Check(t, &g, &diags), Codes{"JOINT_AXIS_MIMIC_INVALID"});
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags.items()[0].source.line,
            t.doc().at(follower).Joint().axes[0].mimic->source.line);
  EXPECT_FALSE(g.mimic[follower][0].valid());
}

TEST(Mimic, LeaderMustBeAJoint) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId follower = AxisJoint(t, m, "follower", "b", "c");
  Mimic(t, follower, 0, "a");  // a link
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_MIMIC_INVALID"});
}

TEST(Mimic, AnAxisCannotMimicItself) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId u = AxisJoint(t, m, "u", "a", "b", 2);
  Mimic(t, u, 0, "u");
  Mimic(t, u, 1, "u", "axis2");
  Diagnostics diags;
  EXPECT_EQ(Check(t, nullptr, &diags), Codes{"JOINT_AXIS_MIMIC_INVALID"});
  EXPECT_EQ(diags.size(), 2u);  // one per axis, as libsdformat
}

TEST(Mimic, SecondAxisMayFollowTheFirstOfItsJoint) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId u = AxisJoint(t, m, "u", "a", "b", 2);
  Mimic(t, u, 1, "u");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.mimic[u][1].joint, u);
  EXPECT_EQ(g.mimic[u][1].axis, 0);
}

TEST(Mimic, Axis2OfASingleAxisLeader) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  AxisJoint(t, m, "leader", "a", "b");
  const ElementId follower = AxisJoint(t, m, "follower", "b", "c");
  Mimic(t, follower, 0, "leader", "axis2");
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_MIMIC_INVALID"});
}

TEST(Mimic, Axis2OfATwoAxisLeader) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId leader = AxisJoint(t, m, "leader", "a", "b", 2);
  const ElementId follower = AxisJoint(t, m, "follower", "b", "c");
  Mimic(t, follower, 0, "leader", "axis2");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.mimic[follower][0].joint, leader);
  EXPECT_EQ(g.mimic[follower][0].axis, 1);
}

// libsdformat's Joint has only the axes a file writes: a leader whose axis
// is its type's default cannot be mimicked.
TEST(Mimic, LeaderAxisMustBeWritten) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId leader = AxisJoint(t, m, "leader", "a", "b", 2);
  t[leader].MutableJoint().axes[1].written = false;
  const ElementId follower = AxisJoint(t, m, "follower", "b", "c");
  Mimic(t, follower, 0, "leader", "axis2");
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_MIMIC_INVALID"});
  t[follower].MutableJoint().axes[0].mimic->axis = "axis";
  EXPECT_EQ(Check(t), Codes{});
}

TEST(Mimic, LeaderAxisName) {
  for (const char* axis : {"axis3", "", "Axis", "axis1"}) {
    TestDocument t("1.11");
    const ElementId m = ModelWithLinks(t);
    AxisJoint(t, m, "leader", "a", "b", 2);
    const ElementId follower = AxisJoint(t, m, "follower", "b", "c");
    Mimic(t, follower, 0, "leader", axis);
    Diagnostics diags;
    EXPECT_EQ(Check(t, nullptr, &diags), Codes{"JOINT_AXIS_MIMIC_INVALID"})
        << axis;
    EXPECT_EQ(diags.size(), 1u) << axis;
  }
}

TEST(Mimic, CycleOfThree) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId j1 = AxisJoint(t, m, "j1", "a", "b");
  const ElementId j2 = AxisJoint(t, m, "j2", "b", "c");
  const ElementId j3 = AxisJoint(t, m, "j3", "c", "d");
  Mimic(t, j1, 0, "j2");
  Mimic(t, j2, 0, "j3");
  Mimic(t, j3, 0, "j1");
  FrameGraph g;
  Diagnostics diags;
  EXPECT_EQ(Check(t, &g, &diags), Codes{"JOINT_AXIS_MIMIC_CYCLE"});
  ASSERT_EQ(diags.size(), 1u);  // one cycle, reported once
  const Diagnostic& d = diags.items()[0];
  EXPECT_EQ(d.source.line, t.doc().at(j1).Joint().axes[0].mimic->source.line);
  EXPECT_EQ(d.related.size(), 2u);  // the other two members
  EXPECT_EQ(d.message,
            "mimic cycle: joint 'j1' <axis> -> joint 'j2' <axis> -> "
            "joint 'j3' <axis> -> joint 'j1' <axis>");
  for (ElementId j : {j1, j2, j3}) EXPECT_FALSE(g.mimic[j][0].valid());
}

TEST(Mimic, CycleThroughBothAxesOfAJoint) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId u = AxisJoint(t, m, "u", "a", "b", 2);
  Mimic(t, u, 0, "u", "axis2");
  Mimic(t, u, 1, "u", "axis");
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_MIMIC_CYCLE"});
}

TEST(Mimic, ChainIntoACycleIsReportedOnce) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId j1 = AxisJoint(t, m, "j1", "a", "b");
  const ElementId j2 = AxisJoint(t, m, "j2", "b", "c");
  const ElementId j3 = AxisJoint(t, m, "j3", "c", "d");
  Mimic(t, j1, 0, "j2");  // a follower of the cycle, not in it
  Mimic(t, j2, 0, "j3");
  Mimic(t, j3, 0, "j2");
  Diagnostics diags;
  EXPECT_EQ(Check(t, nullptr, &diags), Codes{"JOINT_AXIS_MIMIC_CYCLE"});
  EXPECT_EQ(diags.size(), 1u);
}

TEST(Mimic, LongChainIsNoCycle) {
  TestDocument t("1.11");
  const ElementId m = t.Root(K::kModel, "m");
  const int n = 20000;  // deep enough to overflow a recursive walk's stack
  for (int i = 0; i <= n; ++i) t.Add(m, K::kLink, "l" + std::to_string(i));
  std::vector<ElementId> joints;
  for (int i = 0; i < n; ++i) {
    joints.push_back(AxisJoint(t, m, "j" + std::to_string(i),
                               "l" + std::to_string(i),
                               "l" + std::to_string(i + 1)));
    if (i > 0) Mimic(t, joints.back(), 0, "j" + std::to_string(i - 1));
  }
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.mimic[joints.back()][0].joint, joints[n - 2]);
}

TEST(Mimic, NestedLeaderByScopedName) {
  TestDocument t("1.11");
  const ElementId m = ModelWithLinks(t);
  const ElementId n = t.Add(m, K::kModel, "n");
  t.Add(n, K::kLink, "x");
  t.Add(n, K::kLink, "y");
  const ElementId inner = AxisJoint(t, n, "inner", "x", "y");
  const ElementId outer = AxisJoint(t, m, "outer", "a", "b");
  Mimic(t, outer, 0, "n::inner");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.mimic[outer][0].joint, inner);
  // Names never go up: the nested joint cannot name the outer one.
  Mimic(t, inner, 0, "outer");
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_MIMIC_INVALID"});
}

TEST(Mimic, WorldScope) {
  TestDocument t("1.11");
  const ElementId w = t.Root(K::kWorld, "w");
  const ElementId m = t.Add(w, K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b");
  const ElementId mj = AxisJoint(t, m, "mj", "a", "b");
  const ElementId r = t.Add(w, K::kModel, "r");
  t.Add(r, K::kLink, "c");
  const ElementId wj1 = AxisJoint(t, w, "wj1", "world", "r::c");
  const ElementId wj2 = AxisJoint(t, w, "wj2", "world", "m::a");
  Mimic(t, wj1, 0, "m::mj");  // a model's joint, from the world
  Mimic(t, wj2, 0, "wj1");    // another world joint
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.mimic[wj1][0].joint, mj);
  EXPECT_EQ(g.mimic[wj2][0].joint, wj1);
  // A model's joint cannot name a world joint (names never go up).
  Mimic(t, mj, 0, "wj1");
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_MIMIC_INVALID"});
}

}  // namespace
}  // namespace sdfconv
