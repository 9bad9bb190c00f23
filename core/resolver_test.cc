#include "core/resolver.h"

#include <cmath>

#include <gtest/gtest.h>

#include "core/testing/test_document.h"

namespace sdfconv {
namespace {

using testing::P;
using testing::TestDocument;
using K = ElementKind;

constexpr double kTol = 1e-12;

Resolution MustResolve(const TestDocument& t, FrameGraph* g_out = nullptr) {
  Diagnostics diags;
  FrameGraph g = BuildFrameGraph(t.doc(), &diags);
  EXPECT_FALSE(diags.HasErrors());
  for (const auto& d : diags.items()) ADD_FAILURE() << FormatDiagnostic(d);
  if (g_out != nullptr) *g_out = g;
  return ResolveAll(t.doc(), g);
}

void ExpectPose(const Pose& actual, const Pose& expected, double tol = kTol) {
  EXPECT_LT(PoseDistance(actual, expected), tol)
      << "actual:\n" << actual.matrix() << "\nexpected:\n" << expected.matrix();
}

TEST(Resolver, ModelPlacementAndRelativeTo) {
  // X_WM places the model; link b is posed relative to frame f, which is
  // attached to link a and posed relative to it.
  TestDocument t;
  const Pose X_WM = P(1, 2, 3, 0, 0, M_PI / 2);
  const Pose X_MA = P(0.5, 0, 0, 0.1, 0.2, 0.3);
  const Pose X_AF = P(0, 1, 0, 0, M_PI / 4, 0);
  const Pose X_FB = P(0, 0, 2, 0, 0, -0.7);
  const ElementId m = t.Root(K::kModel, "m");
  t[m].pose.X = X_WM;
  const ElementId a = t.Add(m, K::kLink, "a", X_MA);
  const ElementId f = t.Frame(m, "f", "a", X_AF);
  const ElementId b = t.Add(m, K::kLink, "b", X_FB, "f");
  const ElementId c = t.Add(b, K::kCollision, "c", P(0, 0, 1, 0, 0, 0));
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[m], X_WM);
  ExpectPose(r.X_W[a], X_WM * X_MA);
  ExpectPose(r.X_W[f], X_WM * X_MA * X_AF);
  ExpectPose(r.X_W[b], X_WM * X_MA * X_AF * X_FB);
  ExpectPose(r.X_W[c], r.X_W[b] * P(0, 0, 1, 0, 0, 0));
  ExpectPose(RelativePose(r, b, a), X_AF * X_FB);
  auto by_name = ResolvePose(t.doc(), r, m, "b", "a");
  ASSERT_TRUE(by_name.has_value());
  ExpectPose(*by_name, X_AF * X_FB);
  EXPECT_FALSE(ResolvePose(t.doc(), r, m, "b", "nope").has_value());
}

// Each pose is finite; their composition is not. CheckFinite names the
// first element that overflows and counts the rest.
TEST(Resolver, FinitePosesThatComposePastADoubleAreReported) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId a = t.Add(m, K::kLink, "a", P(1e308, 0, 0, 0, 0, 0));
  const ElementId f = t.Frame(m, "f", "a", P(1e308, 0, 0, 0, 0, 0));
  t.Frame(m, "g", "f", P(1, 0, 0, 0, 0, 0));
  const Resolution r = MustResolve(t);
  EXPECT_TRUE(std::isfinite(r.X_W[a].translation().x()));
  EXPECT_FALSE(std::isfinite(r.X_W[f].translation().x()));
  Diagnostics diags;
  EXPECT_FALSE(CheckFinite(t.doc(), r, &diags));
  ASSERT_EQ(diags.size(), 1u);
  const Diagnostic& d = diags.items()[0];
  EXPECT_EQ(d.code, Code::kPoseNotFinite);
  EXPECT_NE(d.message.find("frame 'm::f'"), std::string::npos) << d.message;
  EXPECT_NE(d.message.find("1 more elements likewise"), std::string::npos)
      << d.message;

  TestDocument fine;
  const ElementId n = fine.Root(K::kModel, "n");
  fine.Add(n, K::kLink, "a", P(1e308, 0, 0, 0, 0, 0));
  fine.Frame(n, "f", "a", P(-1e308, 0, 0, 0, 0, 0));
  Diagnostics none;
  EXPECT_TRUE(CheckFinite(fine.doc(), MustResolve(fine), &none));
  EXPECT_EQ(none.size(), 0u);
}

TEST(Resolver, JointDefaultsToChildAndAxes) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t[m].pose.X = P(0, 0, 1, 0, 0, M_PI / 2);  // yaw 90 degrees
  t.Add(m, K::kLink, "a");
  const ElementId b = t.Add(m, K::kLink, "b", P(1, 0, 0, 0, M_PI / 2, 0));
  const ElementId j = t.Joint(m, "j", "a", "b", P(0, 0, 0.5, 0, 0, 0));
  std::vector<JointAxis>& axes = t[j].MutableJoint().axes;
  axes.push_back({Eigen::Vector3d(0, 0, 2), "", {}});           // joint
  axes.push_back({Eigen::Vector3d(1, 0, 0), "__model__", {}});  // model
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[j], r.X_W[b] * P(0, 0, 0.5, 0, 0, 0));
  ASSERT_EQ(r.axes_W[j].size(), 2u);
  // Joint z: b is pitched 90 degrees about model y (z -> model x), then the
  // model is yawed 90 degrees (model x -> world y).
  EXPECT_LT((r.axes_W[j][0] - Eigen::Vector3d(0, 1, 0)).norm(), kTol);
  // Model x in the world is world y.
  EXPECT_LT((r.axes_W[j][1] - Eigen::Vector3d(0, 1, 0)).norm(), kTol);
}

// A file's lone light or actor (Gazebo's model://sun) is placed in the
// world frame by its <pose>, fixed there. A relative_to other than `world`
// names a frame of the world that includes the file: read alone, the pose
// is taken in the world frame (as libsdformat takes it), with a warning.
TEST(Resolver, ALoneLightOrActorIsPlacedInTheWorldFrame) {
  for (const K kind : {K::kLight, K::kActor}) {
    for (const char* relative_to : {"", "world", "table"}) {
      TestDocument t;
      const ElementId root = t.Root(kind, "sun");
      t[root].pose.X = P(1, 2, 3, 0.1, 0, 0.5);
      t[root].pose.relative_to = relative_to;
      Diagnostics diags;
      const FrameGraph g = BuildFrameGraph(t.doc(), &diags);
      EXPECT_FALSE(diags.HasErrors());
      ASSERT_EQ(diags.size(), std::string(relative_to) == "table" ? 1u : 0u);
      if (diags.size() == 1) {
        EXPECT_EQ(diags.items()[0].code, Code::kPoseRelativeToInvalid);
        EXPECT_EQ(diags.items()[0].severity, Severity::kWarning);
      }
      EXPECT_EQ(MovesWith(t.doc(), g, root), kWorldFrame);
      const Resolution r = ResolveAll(t.doc(), g);
      ExpectPose(r.X_W[root], P(1, 2, 3, 0.1, 0, 0.5));
    }
  }
}

// In a world, a light and an actor are posed like its models: relative to
// the world, or to the frame relative_to names.
TEST(Resolver, WorldLightsAndActors) {
  TestDocument t;
  const ElementId w = t.Root(K::kWorld, "w");
  t.Frame(w, "table", "", P(0, 0, 1, 0, 0, M_PI / 2));
  const ElementId light = t.Add(w, K::kLight, "sun", P(1, 0, 0, 0, 0, 0),
                                "table");
  const ElementId actor = t.Add(w, K::kActor, "walker", P(0, 2, 0, 0, 0, 0));
  FrameGraph g;
  const Resolution r = MustResolve(t, &g);
  // Rz(90 deg) takes (1, 0, 0) to (0, 1, 0).
  ExpectPose(r.X_W[light], P(0, 1, 1, 0, 0, M_PI / 2));
  ExpectPose(r.X_W[actor], P(0, 2, 0, 0, 0, 0));
  EXPECT_EQ(MovesWith(t.doc(), g, actor), kWorldFrame);
}

TEST(Resolver, WorldFramesAndModels) {
  TestDocument t;
  const ElementId w = t.Root(K::kWorld, "w");
  const ElementId f = t.Frame(w, "f", "", P(1, 0, 0, 0, 0, M_PI));
  const ElementId m = t.Add(w, K::kModel, "m", P(1, 0, 0, 0, 0, 0), "f");
  const ElementId l = t.Add(m, K::kLink, "l", P(0, 1, 0, 0, 0, 0));
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[w], Pose::Identity());
  ExpectPose(r.X_W[f], P(1, 0, 0, 0, 0, M_PI));
  ExpectPose(r.X_W[m], P(0, 0, 0, 0, 0, M_PI));
  ExpectPose(r.X_W[l], P(0, -1, 0, 0, 0, M_PI));
}

TEST(Resolver, EachWorldIsPlacedInItsOwnWorldFrame) {
  TestDocument t;
  const ElementId w1 = t.Root(K::kWorld, "one");
  const ElementId m1 = t.Add(w1, K::kModel, "m", P(1, 2, 3, 0, 0, 1));
  const ElementId l1 = t.Add(m1, K::kLink, "l", P(1, 0, 0, 0, 0, 0));
  const ElementId w2 = t.Root(K::kWorld, "two");
  const ElementId f2 = t.Frame(w2, "f", "", P(0, 0, 1, 0, 0, M_PI / 2));
  const ElementId m2 =
      t.Add(w2, K::kModel, "m", P(1, 0, 0, 0, 0, 0), "f");
  t.Add(m2, K::kLink, "l");
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[w2], Pose::Identity());
  ExpectPose(r.X_W[l1], P(1 + std::cos(1), 2 + std::sin(1), 3, 0, 0, 1));
  ExpectPose(r.X_W[f2], P(0, 0, 1, 0, 0, M_PI / 2));
  ExpectPose(r.X_W[m2], P(0, 1, 1, 0, 0, M_PI / 2));
  EXPECT_EQ(t.doc().ScopedName(m2), "two::m");
  EXPECT_EQ(t.doc().ScopedName(w2), "two");
}

TEST(Resolver, NestedModelsPoseRelativeToParent) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "base", P(5, 0, 0, 0, 0, 0));
  const ElementId n = t.Add(m, K::kModel, "n", P(0, 0, 1, 0, 0, 0), "base");
  const ElementId l = t.Add(n, K::kLink, "l", P(0, 1, 0, 0, 0, 0));
  const ElementId f = t.Frame(m, "f", "", P(0, 0, 0, 0, 0, 0), "n::l");
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[n], P(5, 0, 1, 0, 0, 0));
  ExpectPose(r.X_W[l], P(5, 1, 1, 0, 0, 0));
  ExpectPose(r.X_W[f], P(5, 1, 1, 0, 0, 0));
}

// Nothing recurses on depth: a 100,000-long relative_to chain.
TEST(Resolver, LongRelativeToChain) {
  constexpr int kN = 100000;
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "l0");
  // Frames are written in reverse so each refers to one defined later:
  // walks start at the deep end.
  for (int i = kN; i >= 1; --i) {
    t.Frame(m, "f" + std::to_string(i), "", P(0.001, 0, 0, 0, 0, 0),
            i == 1 ? "l0" : "f" + std::to_string(i - 1));
  }
  const Resolution r = MustResolve(t);
  // f_kN is the first frame added (id 2).
  EXPECT_NEAR(r.X_W[2].translation().x(), kN * 0.001, 1e-6);
}

// Models nested 10,000 deep: canonical links, bodies and poses resolve.
TEST(Resolver, DeeplyNestedModels) {
  constexpr int kDepth = 10000;
  TestDocument t;
  ElementId parent = t.Root(K::kModel, "m0");
  for (int i = 1; i <= kDepth; ++i) {
    parent = t.Add(parent, K::kModel, "m" + std::to_string(i),
                   P(0, 0, 0.01, 0, 0, 0));
  }
  const ElementId leaf = t.Add(parent, K::kLink, "l");
  FrameGraph g;
  const Resolution r = MustResolve(t, &g);
  EXPECT_EQ(g.canonical_link[0], leaf);
  EXPECT_EQ(g.body[0], leaf);
  EXPECT_NEAR(r.X_W[leaf].translation().z(), kDepth * 0.01, 1e-9);
}

}  // namespace
}  // namespace sdfconv

namespace sdfconv {
namespace {

TEST(Resolver, PlacementFrameLandsOnThePose) {
  // <model placement_frame="l2"><pose>0 0 10 0 0 0</pose>: l2 ends up at
  // (0, 0, 10) and everything else moves with it.
  testing::TestDocument t;
  const ElementId m = t.Root(ElementKind::kModel, "m");
  t[m].pose.X = testing::P(0, 0, 10, 0, 0, M_PI / 2);
  t[m].MutableModel().placement_frame = "n::l2";
  const ElementId l1 = t.Add(m, ElementKind::kLink, "l1", testing::P(1, 0, 0, 0, 0, 0));
  const ElementId n = t.Add(m, ElementKind::kModel, "n", testing::P(0, 1, 0, 0, 0, 0));
  const ElementId l2 = t.Add(n, ElementKind::kLink, "l2", testing::P(0, 2, 0, 0, 0, 0));
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[l2], testing::P(0, 0, 10, 0, 0, M_PI / 2));
  // l1 is at (1, -3, 0) from l2 in the model frame; yawed 90 degrees.
  ExpectPose(r.X_W[l1], testing::P(3, 1, 10, 0, 0, M_PI / 2));
  ExpectPose(RelativePose(r, l2, m), testing::P(0, 3, 0, 0, 0, 0));
  (void)n;
}

// SDFormat 1.4: a joint whose child is `world` is posed in the world frame
// (its child frame); 1.4 axes are expressed in the model frame.
TEST(Resolver, LegacyJointToWorldAndModelFrameAxis) {
  TestDocument t("1.4");
  const Pose X_WM = P(2, 0, 0, 0, 0, -0.5);
  const ElementId m = t.Root(K::kModel, "m");
  t[m].pose.X = X_WM;
  const ElementId l = t.Add(m, K::kLink, "l", P(0, 1, 0.5, 0, 0, 0.4));
  const Pose X_WJ = P(0, 0, 1, 0.3, 0, 0);
  const ElementId j = t.Joint(m, "j", "l", "world", X_WJ);
  JointAxis axis;
  axis.xyz = Eigen::Vector3d::UnitX();
  axis.expressed_in = "__model__";
  t[j].MutableJoint().axes.push_back(axis);
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[l], X_WM * P(0, 1, 0.5, 0, 0, 0.4));
  ExpectPose(r.X_W[j], X_WJ);
  ASSERT_EQ(r.axes_W[j].size(), 1u);
  EXPECT_LT((r.axes_W[j][0] - X_WM.linear() * Eigen::Vector3d::UnitX()).norm(),
            kTol);
}

// SDFormat 1.5/1.6 frames inside a link and inside one of its visuals.
TEST(Resolver, LegacyFramesInsideLinks) {
  TestDocument t("1.5");
  const ElementId m = t.Root(K::kModel, "m");
  const Pose X_ML = P(1, 0, 0, 0, 0, M_PI / 2);
  const Pose X_LV = P(0, 0, 1, M_PI / 2, 0, 0);
  const Pose X_VF = P(0, 2, 0, 0, 0, 0);
  const ElementId l = t.Add(m, K::kLink, "l", X_ML);
  const ElementId v = t.Add(l, K::kVisual, "v", X_LV);
  const ElementId fv = t.Frame(v, "f", "", X_VF);
  const ElementId fl = t.Frame(l, "f", "", X_VF);
  const Resolution r = MustResolve(t);
  ExpectPose(r.X_W[fv], X_ML * X_LV * X_VF);
  ExpectPose(r.X_W[fl], X_ML * X_VF);
}

// A file whose root holds no world, model, light or actor is read as a
// Document without elements (document.h): every phase has nothing to do,
// and nothing reads past the end.
TEST(Resolver, AnEmptyDocumentHasNothingToResolve) {
  Document doc;
  doc.file = "empty.sdf";
  doc.version = "1.8";
  EXPECT_EQ(doc.root(), kNoElement);
  EXPECT_TRUE(ElementVersions(doc).empty());
  Diagnostics diags;
  const FrameGraph g = BuildFrameGraph(doc, &diags);
  EXPECT_EQ(diags.size(), 0u);
  EXPECT_TRUE(g.attached_to.empty());
  EXPECT_TRUE(g.relative_to.empty());
  EXPECT_TRUE(g.body.empty());
  const Resolution r = ResolveAll(doc, g);
  EXPECT_TRUE(r.X_W.empty());
  EXPECT_TRUE(r.axes_W.empty());
  EXPECT_FALSE(ResolvePose(doc, r, doc.root(), "m", "").has_value());
  EXPECT_FALSE(ResolvePose(doc, r, 0, "m", "").has_value());
}

}  // namespace
}  // namespace sdfconv
