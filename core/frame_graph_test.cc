// One test per phase and error code of BuildFrameGraph, on hand-built
// Documents. Each asserts the exact set of error codes.
#include "core/frame_graph.h"

#include <gtest/gtest.h>

#include "core/testing/test_document.h"

namespace sdfconv {
namespace {

using testing::ErrorCodes;
using testing::P;
using testing::TestDocument;
using Codes = std::vector<std::string>;
using K = ElementKind;

Codes Check(const TestDocument& t, FrameGraph* out = nullptr) {
  Diagnostics diags;
  FrameGraph g = BuildFrameGraph(t.doc(), &diags);
  if (out != nullptr) *out = g;
  return ErrorCodes(diags);
}

TEST(Names, ValidModelHasNoErrors) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b");
  t.Joint(m, "j", "a", "b");
  EXPECT_EQ(Check(t), Codes{});
}

TEST(Names, EmptyName) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "");
  EXPECT_EQ(Check(t), Codes{"ATTRIBUTE_INVALID"});
}

TEST(Names, ReservedNames) {
  for (const char* name : {"world", "__model__", "__anything__"}) {
    TestDocument t;
    const ElementId m = t.Root(K::kModel, "m");
    t.Add(m, K::kLink, "a");
    t.Frame(m, name, "");
    EXPECT_EQ(Check(t), Codes{"RESERVED_NAME"}) << name;
  }
}

TEST(Names, UnderscoresAloneAreNotReserved) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "__");
  t.Add(m, K::kLink, "__a");
  EXPECT_EQ(Check(t), Codes{});
}

TEST(Names, ScopeDelimiterReservedFrom18) {
  TestDocument t18("1.8");
  t18.Add(t18.Root(K::kModel, "m"), K::kLink, "a::b");
  EXPECT_EQ(Check(t18), Codes{"RESERVED_NAME"});
  TestDocument t17("1.7");
  t17.Add(t17.Root(K::kModel, "m"), K::kLink, "a::b");
  EXPECT_EQ(Check(t17), Codes{});
}

TEST(Names, SiblingsOfAnyKindMustDiffer) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b");
  t.Joint(m, "a", "a", "b");
  Diagnostics diags;
  (void)BuildFrameGraph(t.doc(), &diags);  // only its diagnostics
  EXPECT_EQ(ErrorCodes(diags), Codes{"DUPLICATE_NAME"});
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags.items()[0].related.size(), 1u);  // names the first 'a'
}

TEST(Names, SameNameInDifferentLinksIsFine) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(t.Add(m, K::kLink, "a"), K::kCollision, "c");
  t.Add(t.Add(m, K::kLink, "b"), K::kCollision, "c");
  EXPECT_EQ(Check(t), Codes{});
}

TEST(Joints, ChildWorldIsInvalid) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Joint(m, "j", "a", "world");
  EXPECT_EQ(Check(t), Codes{"JOINT_CHILD_LINK_INVALID"});
}

TEST(Joints, ParentWorldIsValid) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  const ElementId j = t.Joint(m, "j", "world", "a");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_parent[j], kWorldFrame);
}

TEST(Joints, MissingParentAndChild) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Joint(m, "j", "nope", "nada");
  EXPECT_EQ(Check(t),
            (Codes{"JOINT_CHILD_LINK_INVALID", "JOINT_PARENT_LINK_INVALID"}));
}

TEST(Joints, ParentSameAsChild) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Joint(m, "j", "a", "a");
  EXPECT_EQ(Check(t), Codes{"JOINT_PARENT_SAME_AS_CHILD"});
}

TEST(Joints, FramesAllowedFrom18Only) {
  for (const char* version : {"1.7", "1.8"}) {
    TestDocument t(version);
    const ElementId m = t.Root(K::kModel, "m");
    t.Add(m, K::kLink, "a");
    t.Add(m, K::kLink, "b");
    t.Frame(m, "fb", "b");
    t.Joint(m, "j", "a", "fb");
    EXPECT_EQ(Check(t), std::string(version) == "1.8"
                            ? Codes{}
                            : Codes{"JOINT_CHILD_LINK_INVALID"})
        << version;
  }
}

// Before 1.8, when the reader says so (as it does but under --strict),
// an end that names no link names the frame 1.8 would, with
// LATER_VERSION_FEATURE: libsdformat 12 and 16 read every file so.
// libsdformat's own example: a 1.7 fixed joint from a frame on link `a`
// to `a` is JOINT_PARENT_SAME_AS_CHILD, not JOINT_PARENT_LINK_INVALID.
TEST(Joints, FramesAsLaterFeatureBefore18) {
  for (const char* version : {"1.4", "1.6", "1.7"}) {
    for (const bool later : {true, false}) {
      SCOPED_TRACE(std::string(version) + (later ? " later" : " letter"));
      TestDocument t(version);
      const ElementId m = t.Root(K::kModel, "m");
      const ElementId a = t.Add(m, K::kLink, "a");
      t.Add(m, K::kLink, "b");
      const ElementId fb = t.Frame(m, "fb", "b");
      t.Frame(m, "fa", "a");
      const ElementId j = t.Joint(m, "j", "fb", "a");
      const ElementId same = t.Joint(m, "same", "fa", "a");
      t[j].MutableJoint().frame_ends_later = later;
      t[same].MutableJoint().frame_ends_later = later;
      Diagnostics diags;
      const FrameGraph g = BuildFrameGraph(t.doc(), &diags);
      if (!later) {
        EXPECT_EQ(ErrorCodes(diags), Codes{"JOINT_PARENT_LINK_INVALID"});
        continue;
      }
      EXPECT_EQ(ErrorCodes(diags), Codes{"JOINT_PARENT_SAME_AS_CHILD"});
      EXPECT_EQ(g.joint_parent[j], fb);
      EXPECT_EQ(g.joint_child[j], a);
      EXPECT_EQ(g.body[j], a);
      int later_warnings = 0;
      for (const Diagnostic& d : diags.items()) {
        later_warnings += d.code == Code::kLaterVersionFeature ? 1 : 0;
      }
      EXPECT_EQ(later_warnings, 2);  // one per end that names a frame
    }
  }
}

// A link wins where a frame shares its name (before 1.7), and the joint
// itself is never its own end, later feature or not.
TEST(Legacy, LaterFrameEndsPreferTheLink) {
  TestDocument t("1.6");
  const ElementId m = t.Root(K::kModel, "m");
  t.Frame(m, "a", "");
  const ElementId a = t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b");
  const ElementId j = t.Joint(m, "j", "a", "b");
  const ElementId self = t.Joint(m, "self", "self", "b");
  t[j].MutableJoint().frame_ends_later = true;
  t[self].MutableJoint().frame_ends_later = true;
  Diagnostics diags;
  const FrameGraph g = BuildFrameGraph(t.doc(), &diags);
  EXPECT_EQ(ErrorCodes(diags), Codes{"JOINT_PARENT_LINK_INVALID"});
  EXPECT_EQ(g.joint_parent[j], a);
  for (const Diagnostic& d : diags.items()) {
    EXPECT_NE(d.code, Code::kLaterVersionFeature) << d.message;
  }
}

TEST(Joints, ParentAndChildFramesOnSameLink) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Frame(m, "f1", "a");
  t.Frame(m, "f2", "f1");
  t.Joint(m, "j", "f1", "f2");
  EXPECT_EQ(Check(t), Codes{"JOINT_PARENT_SAME_AS_CHILD"});
}

TEST(Joints, NestedLinkByScopedName) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId a = t.Add(m, K::kLink, "a");
  const ElementId n = t.Add(m, K::kModel, "n");
  const ElementId b = t.Add(n, K::kLink, "b");
  const ElementId j = t.Joint(m, "j", "a", "n::b");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_parent[j], a);
  EXPECT_EQ(g.joint_child[j], b);
}

TEST(Joints, AxisExpressedIn) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b");
  const ElementId j = t.Joint(m, "j", "a", "b");
  t[j].MutableJoint().axes.push_back(
      {Eigen::Vector3d::UnitX(), "__model__", {}});
  t[j].MutableJoint().axes.push_back({Eigen::Vector3d::UnitY(), "", {}});
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.axis_expressed_in[j], (std::vector<ElementId>{m, j}));
  t[j].MutableJoint().axes[1].expressed_in = "nowhere";
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_EXPRESSED_IN_INVALID"});
}

TEST(Joints, ZeroAxis) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b");
  const ElementId j = t.Joint(m, "j", "a", "b");
  t[j].MutableJoint().axes.push_back({Eigen::Vector3d::Zero(), "", {}});
  EXPECT_EQ(Check(t), Codes{"JOINT_AXIS_INVALID"});
}

TEST(Canonical, ExplicitFirstAndNested) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId n = t.Add(m, K::kModel, "n");
  const ElementId nl = t.Add(n, K::kLink, "l");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.canonical_link[m], nl);  // first nested model's canonical link
  EXPECT_EQ(g.body[m], nl);

  const ElementId own = t.Add(m, K::kLink, "own");
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.canonical_link[m], own);  // own links come first

  t[m].MutableModel().canonical_link = "n::l";
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.canonical_link[m], nl);
}

TEST(Canonical, InvalidAndMissing) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Frame(m, "f", "");
  t[m].MutableModel().canonical_link = "f";  // a frame is not a link
  EXPECT_EQ(Check(t), Codes{"MODEL_CANONICAL_LINK_INVALID"});

  TestDocument empty;
  empty.Root(K::kModel, "m");
  EXPECT_EQ(Check(empty), Codes{"MODEL_WITHOUT_LINK"});
}

TEST(Canonical, StaticModelNeedsNoLink) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t[m].MutableModel().is_static = true;
  const ElementId f = t.Frame(m, "f", "");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.body[f], m);
}

TEST(AttachedTo, InvalidTargetAndCycle) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Frame(m, "f", "nope");
  EXPECT_EQ(Check(t), Codes{"FRAME_ATTACHED_TO_INVALID"});

  TestDocument c;
  const ElementId cm = c.Root(K::kModel, "m");
  c.Add(cm, K::kLink, "a");
  c.Frame(cm, "f1", "f2");
  c.Frame(cm, "f2", "f1");
  Diagnostics diags;
  (void)BuildFrameGraph(c.doc(), &diags);  // only its diagnostics
  EXPECT_EQ(ErrorCodes(diags), Codes{"FRAME_ATTACHED_TO_CYCLE"});
  ASSERT_EQ(diags.size(), 1u);  // one cycle, reported once
  EXPECT_EQ(diags.items()[0].related.size(), 1u);

  TestDocument self;
  const ElementId sm = self.Root(K::kModel, "m");
  self.Add(sm, K::kLink, "a");
  self.Frame(sm, "f", "f");
  EXPECT_EQ(Check(self), Codes{"FRAME_ATTACHED_TO_CYCLE"});
}

// A long cycle: the message names the first members and counts the rest;
// every other member is a related location.
TEST(AttachedTo, LongCycleNamesFirstMembers) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  constexpr int kMembers = 1000;
  for (int i = 0; i < kMembers; ++i) {
    t.Frame(m, "f" + std::to_string(i),
            "f" + std::to_string((i + 1) % kMembers));
  }
  Diagnostics diags;
  (void)BuildFrameGraph(t.doc(), &diags);
  ASSERT_EQ(diags.size(), 1u);
  const Diagnostic& d = diags.items()[0];
  EXPECT_EQ(d.code, Code::kFrameAttachedToCycle);
  EXPECT_EQ(d.related.size(), static_cast<size_t>(kMembers - 1));
  EXPECT_NE(d.message.find("frame 'f0' -> frame 'f1' -> "), std::string::npos)
      << d.message;
  EXPECT_NE(d.message.find("frame 'f7' -> ... (992 more;"), std::string::npos)
      << d.message;
  EXPECT_EQ(d.message.find("'f8'"), std::string::npos) << d.message;
  EXPECT_LT(d.message.size(), 400u);
}

TEST(AttachedTo, JointAndFrameBodies) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId a = t.Add(m, K::kLink, "a");
  const ElementId b = t.Add(m, K::kLink, "b");
  const ElementId j = t.Joint(m, "j", "a", "b");
  const ElementId fj = t.Frame(m, "fj", "j");
  const ElementId fm = t.Frame(m, "fm", "");
  const ElementId v = t.Add(b, K::kVisual, "v");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.body[j], b);
  EXPECT_EQ(g.body[fj], b);
  EXPECT_EQ(g.body[fm], a);  // model frame -> canonical link a
  EXPECT_EQ(g.body[v], b);
}

TEST(AttachedTo, NoUpwardReferences) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "top");
  const ElementId n = t.Add(m, K::kModel, "n");
  t.Add(n, K::kLink, "l");
  t.Frame(n, "up", "top");  // names a frame of the enclosing scope
  EXPECT_EQ(Check(t), Codes{"FRAME_ATTACHED_TO_INVALID"});
}

TEST(RelativeTo, InvalidTargetAndCycle) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a", P(0, 0, 0, 0, 0, 0), "nope");
  EXPECT_EQ(Check(t), Codes{"POSE_RELATIVE_TO_INVALID"});

  TestDocument c;
  const ElementId cm = c.Root(K::kModel, "m");
  c.Add(cm, K::kLink, "a", Pose::Identity(), "b");
  c.Add(cm, K::kLink, "b", Pose::Identity(), "a");
  EXPECT_EQ(Check(c), Codes{"POSE_RELATIVE_TO_CYCLE"});
}

TEST(RelativeTo, JointDefaultsToChildSoChildRelativeToJointCycles) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b", Pose::Identity(), "j");
  t.Joint(m, "j", "a", "b");
  EXPECT_EQ(Check(t), Codes{"POSE_RELATIVE_TO_CYCLE"});
}

TEST(RelativeTo, WorldIsNotAFrameInsideAModel) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a", Pose::Identity(), "world");
  EXPECT_EQ(Check(t), Codes{"POSE_RELATIVE_TO_INVALID"});
}

TEST(RelativeTo, TopLevelModelCannotBeRelative) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t[m].pose.relative_to = "a";
  t.Add(m, K::kLink, "a");
  EXPECT_EQ(Check(t), Codes{"POSE_RELATIVE_TO_INVALID"});
}

TEST(World, FramesModelsAndJoints) {
  TestDocument t;
  const ElementId w = t.Root(K::kWorld, "w");
  const ElementId f = t.Frame(w, "f", "");
  const ElementId m = t.Add(w, K::kModel, "m", Pose::Identity(), "f");
  const ElementId l = t.Add(m, K::kLink, "l");
  const ElementId fm = t.Frame(w, "fm", "m");
  const ElementId j = t.Joint(w, "j", "world", "m::l");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.body[f], w);
  EXPECT_EQ(g.body[fm], l);
  EXPECT_EQ(g.joint_parent[j], w);
  EXPECT_EQ(g.joint_child[j], l);
  EXPECT_EQ(g.relative_to[m], f);
}

TEST(World, ErrorsInsideModelsAndAtWorldLevel) {
  TestDocument t;
  const ElementId w = t.Root(K::kWorld, "w");
  t.Frame(w, "f", "nope");
  const ElementId m = t.Add(w, K::kModel, "m", Pose::Identity(), "ghost");
  t.Add(m, K::kLink, "l");
  t.Add(w, K::kModel, "m");  // duplicate, and without a link
  EXPECT_EQ(Check(t), (Codes{"DUPLICATE_NAME", "FRAME_ATTACHED_TO_INVALID",
                             "MODEL_WITHOUT_LINK", "POSE_RELATIVE_TO_INVALID"}));
}

}  // namespace
}  // namespace sdfconv

namespace sdfconv {
namespace {

using testing::TestDocument;
using K = ElementKind;

std::vector<std::string> Codes2(const TestDocument& t, FrameGraph* g = nullptr) {
  Diagnostics diags;
  FrameGraph graph = BuildFrameGraph(t.doc(), &diags);
  if (g != nullptr) *g = graph;
  return testing::ErrorCodes(diags);
}

TEST(Joints, OwnModelFrameIsNotAJointEnd) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t.Add(m, K::kLink, "b");
  t.Joint(m, "j", "b", "__model__");
  EXPECT_EQ(Codes2(t), std::vector<std::string>{"JOINT_CHILD_LINK_INVALID"});
  t[3].MutableJoint().child_frame = "a";
  t[3].MutableJoint().parent_frame = "__model__";
  EXPECT_EQ(Codes2(t), std::vector<std::string>{"JOINT_PARENT_LINK_INVALID"});
}

TEST(Names, PluginsMayShareNames) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  t[t.Add(m, K::kOther, "p")].tag = "plugin";
  t[t.Add(m, K::kOther, "p")].tag = "plugin";
  EXPECT_EQ(Codes2(t), std::vector<std::string>{});
}

TEST(Canonical, ModelOfOnlyLinklessNestedModelsIsFixed) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId n = t.Add(m, K::kModel, "n");
  const ElementId s = t.Add(n, K::kModel, "s");
  t[s].MutableModel().is_static = true;
  const ElementId f = t.Frame(m, "f", "");
  FrameGraph g;
  EXPECT_EQ(Codes2(t, &g), std::vector<std::string>{});
  EXPECT_EQ(g.body[f], m);
  EXPECT_TRUE(g.in_static_model.size() == t.doc().size());
}

TEST(Canonical, StaticModelContentIsFixedToWorld) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  t[m].MutableModel().is_static = true;
  const ElementId l = t.Add(m, K::kLink, "l");
  const ElementId v = t.Add(l, K::kVisual, "v");
  FrameGraph g;
  EXPECT_EQ(Codes2(t, &g), std::vector<std::string>{});
  EXPECT_FALSE(g.in_static_model[m]);
  EXPECT_TRUE(g.in_static_model[l]);
  EXPECT_TRUE(g.in_static_model[v]);
  EXPECT_EQ(g.canonical_link[m], kNoElement);
}

// libsdformat (Model::CanonicalLinkAndRelativeName) takes the first nested
// model's first link even when that model is static: the model frame then
// follows the static model (gazebo_models' src_doorway: its door frame, not
// the door that swings in it).
TEST(Canonical, FirstNestedModelCountsWhenStatic) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId fixed = t.Add(m, K::kModel, "fixed");
  t[fixed].MutableModel().is_static = true;
  const ElementId post = t.Add(fixed, K::kLink, "post");
  const ElementId moving = t.Add(m, K::kModel, "moving");
  t.Add(moving, K::kLink, "door");
  FrameGraph g;
  EXPECT_EQ(Codes2(t, &g), std::vector<std::string>{});
  EXPECT_EQ(g.canonical_link[m], post);
  EXPECT_EQ(g.canonical_link[fixed], kNoElement);
  EXPECT_TRUE(g.in_static_model[post]);
}

TEST(Placement, FrameMustExist) {
  TestDocument t;
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId l = t.Add(m, K::kLink, "l");
  t[m].MutableModel().placement_frame = "l";
  FrameGraph g;
  EXPECT_EQ(Codes2(t, &g), std::vector<std::string>{});
  EXPECT_EQ(g.placement_frame[m], l);
  t[m].MutableModel().placement_frame = "nope";
  EXPECT_EQ(Codes2(t), std::vector<std::string>{"MODEL_PLACEMENT_FRAME_INVALID"});
}

// ---- SDFormat 1.4-1.6 (000 "Pose Frame Semantics: legacy behavior") -------

// "sibling elements of the same type must have unique names".
TEST(Legacy, NamesUniquePerType) {
  for (const char* version : {"1.4", "1.5", "1.6"}) {
    TestDocument t(version);
    const ElementId m = t.Root(K::kModel, "m");
    t.Add(m, K::kLink, "base");
    t.Add(m, K::kLink, "attachment");
    t.Joint(m, "attachment", "base", "attachment");
    t.Frame(m, "attachment", "");
    const ElementId l = t.Add(m, K::kLink, "l");
    t.Add(l, K::kCollision, "x");
    t.Add(l, K::kVisual, "x");
    EXPECT_EQ(Check(t), Codes{}) << version;
    t.Add(l, K::kVisual, "x");
    EXPECT_EQ(Check(t), Codes{"DUPLICATE_NAME"}) << version;
  }
  TestDocument t17("1.7");
  const ElementId m = t17.Root(K::kModel, "m");
  t17.Add(m, K::kLink, "a");
  t17.Frame(m, "a", "");
  EXPECT_EQ(Check(t17), Codes{"DUPLICATE_NAME"});
}

// "It is allowed to create a link named world"; nothing is reserved.
TEST(Legacy, NoReservedNames) {
  TestDocument t("1.6");
  const ElementId m = t.Root(K::kModel, "world");
  t.Add(m, K::kLink, "world");
  t.Add(m, K::kLink, "__link__");
  t.Frame(m, "__frame__", "");
  EXPECT_EQ(Check(t), Codes{});
  TestDocument t17("1.7");
  t17.Add(t17.Root(K::kModel, "m"), K::kLink, "world");
  EXPECT_EQ(Check(t17), Codes{"RESERVED_NAME"});
}

// A joint's <parent> and <child> are links, even when a joint or frame of
// the same name comes first.
TEST(Legacy, JointEndsAreLinksOfThatName) {
  TestDocument t("1.4");
  const ElementId m = t.Root(K::kModel, "m");
  t.Frame(m, "b", "");
  const ElementId ja = t.Joint(m, "a", "a", "b");
  const ElementId a = t.Add(m, K::kLink, "a");
  const ElementId b = t.Add(m, K::kLink, "b");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_parent[ja], a);
  EXPECT_EQ(g.joint_child[ja], b);
  EXPECT_EQ(g.body[ja], b);
}

// An untyped reference (//pose/@frame) to a shared name means the link,
// then the nested model, the joint, the frame.
TEST(Legacy, UntypedReferencePrefersTheLink) {
  TestDocument t("1.6");
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId fa = t.Frame(m, "a", "", P(0, 1, 0, 0, 0, 0));
  const ElementId ja = t.Joint(m, "a", "b", "a");
  const ElementId la = t.Add(m, K::kLink, "a", P(1, 0, 0, 0, 0, 0));
  const ElementId b = t.Add(m, K::kLink, "b");
  const ElementId c = t.Add(m, K::kLink, "c", Pose::Identity(), "a");
  const ElementId d = t.Add(m, K::kLink, "d", Pose::Identity(), "b");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.relative_to[c], la);
  EXPECT_NE(g.relative_to[c], fa);
  EXPECT_NE(g.relative_to[c], ja);
  EXPECT_EQ(g.relative_to[d], b);
}

// "if one but not both of the parent and child links is specified as world
// and a sibling link named world does not exist, the world link will be
// interpreted as a fixed inertial frame."
TEST(Legacy, WorldAsParentOrChild) {
  TestDocument t("1.4");
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "l");
  const ElementId up = t.Joint(m, "up", "world", "l");
  const ElementId down = t.Joint(m, "down", "l", "world");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_parent[up], kWorldFrame);
  EXPECT_EQ(g.joint_child[down], kWorldFrame);
  EXPECT_EQ(g.body[down], kWorldFrame);
  EXPECT_EQ(g.relative_to[down], kWorldFrame);  // its pose: in its child
  EXPECT_EQ(MovesWith(t.doc(), g, down), kWorldFrame);

  t.Joint(m, "both", "world", "world");
  EXPECT_EQ(Check(t), Codes{"JOINT_PARENT_SAME_AS_CHILD"});

  TestDocument t17("1.7");
  const ElementId m17 = t17.Root(K::kModel, "m");
  t17.Add(m17, K::kLink, "l");
  t17.Joint(m17, "down", "l", "world");
  EXPECT_EQ(Check(t17), Codes{"JOINT_CHILD_LINK_INVALID"});
}

// In a world file the fixed frame is the world element.
TEST(Legacy, WorldChildInAWorldFile) {
  TestDocument t("1.5");
  const ElementId w = t.Root(K::kWorld, "w");
  const ElementId m = t.Add(w, K::kModel, "m");
  t.Add(m, K::kLink, "l");
  const ElementId j = t.Joint(m, "j", "l", "world");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_child[j], w);
  EXPECT_EQ(g.relative_to[j], w);
  EXPECT_EQ(MovesWith(t.doc(), g, j), kWorldFrame);
}

// "The following model contains a link named world, so the joint connects
// link to its sibling rather than connecting to a fixed inertial frame."
TEST(Legacy, SiblingLinkNamedWorldWins) {
  TestDocument t("1.4");
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "l");
  const ElementId world = t.Add(m, K::kLink, "world");
  const ElementId up = t.Joint(m, "up", "world", "l");
  const ElementId down = t.Joint(m, "down", "l", "world");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_parent[up], world);
  EXPECT_EQ(g.joint_child[down], world);
}

// 1.5 nested models: `model1::link` names a link of a child model; a link
// of a sibling model, unscoped, is not a sibling of the joint.
TEST(Legacy, NestedLinksByScopedName) {
  TestDocument t("1.5");
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId m1 = t.Add(m, K::kModel, "model1");
  const ElementId l1 = t.Add(m1, K::kLink, "link");
  const ElementId m2 = t.Add(m, K::kModel, "model2");
  const ElementId l2 = t.Add(m2, K::kLink, "link");
  const ElementId j = t.Joint(m, "j", "model1::link", "model2::link");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_parent[j], l1);
  EXPECT_EQ(g.joint_child[j], l2);
  t.Joint(m2, "k", "model1::link", "link");
  EXPECT_EQ(Check(t), Codes{"JOINT_PARENT_LINK_INVALID"});
}

// `a::b` goes down into the nested model `a`, even when a link `a` is its
// sibling (different types may share a name before 1.7).
TEST(Legacy, ScopedNameGoesThroughTheModelOfThatName) {
  TestDocument t("1.5");
  const ElementId m = t.Root(K::kModel, "m");
  t.Add(m, K::kLink, "a");
  const ElementId a = t.Add(m, K::kModel, "a");
  const ElementId ab = t.Add(a, K::kLink, "b");
  const ElementId j = t.Joint(m, "j", "a", "a::b");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.joint_child[j], ab);
  EXPECT_EQ(t.doc().at(g.joint_parent[j]).kind, K::kLink);
}

// 1.5/1.6 frames inside links, joints and collisions: attached to the
// nearest link or joint around them, posed in their parent element.
TEST(Legacy, FramesInsideLinksJointsAndCollisions) {
  TestDocument t("1.6");
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId a = t.Add(m, K::kLink, "a");
  const ElementId b = t.Add(m, K::kLink, "b");
  const ElementId fa = t.Frame(a, "f", "");
  const ElementId c = t.Add(a, K::kCollision, "c");
  const ElementId fc = t.Frame(c, "f", "");
  const ElementId j = t.Joint(m, "j", "a", "b");
  const ElementId fj = t.Frame(j, "f", "");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(g.attached_to[fa], a);
  EXPECT_EQ(g.attached_to[fc], a);
  EXPECT_EQ(g.attached_to[fj], j);
  EXPECT_EQ(g.relative_to[fa], a);
  EXPECT_EQ(g.relative_to[fc], c);
  EXPECT_EQ(g.relative_to[fj], j);
  EXPECT_EQ(g.body[fc], a);
  EXPECT_EQ(g.body[fj], b);
  // Not names of the model's scope: a pose cannot be relative to them.
  t.Add(m, K::kLink, "x", Pose::Identity(), "f");
  EXPECT_EQ(Check(t), Codes{"POSE_RELATIVE_TO_INVALID"});
}

// A file of several worlds: each world is a scope of its own, and the root
// of its own graphs (libsdformat builds a frame graph per world).
TEST(SeveralWorlds, EachWorldIsItsOwnScope) {
  TestDocument t;
  const ElementId w1 = t.Root(K::kWorld, "one");
  const ElementId m1 = t.Add(w1, K::kModel, "m");
  t.Add(m1, K::kLink, "l");
  const ElementId f1 = t.Frame(w1, "f", "m");
  const ElementId w2 = t.Root(K::kWorld, "two");
  const ElementId m2 = t.Add(w2, K::kModel, "m");  // the same name: fine
  const ElementId l2 = t.Add(m2, K::kLink, "l");
  const ElementId j2 = t.Joint(w2, "j", "world", "m::l");
  const ElementId f2 = t.Frame(w2, "f", "");
  FrameGraph g;
  EXPECT_EQ(Check(t, &g), Codes{});
  EXPECT_EQ(t.doc().roots(), (std::vector<ElementId>{w1, w2}));
  EXPECT_EQ(g.attached_to[f1], m1);
  EXPECT_EQ(g.attached_to[f2], w2);  // its own world, not the first
  EXPECT_EQ(g.relative_to[m2], w2);
  EXPECT_EQ(g.joint_parent[j2], w2);
  EXPECT_EQ(g.joint_child[j2], l2);
  EXPECT_EQ(g.body[f2], w2);
}

TEST(SeveralWorlds, NothingNamesAnotherWorld) {
  TestDocument t;
  const ElementId w1 = t.Root(K::kWorld, "one");
  t.Frame(w1, "only_here", "");
  const ElementId w2 = t.Root(K::kWorld, "two");
  t.Frame(w2, "f", "only_here");
  EXPECT_EQ(Check(t), Codes{"FRAME_ATTACHED_TO_INVALID"});
  TestDocument r;
  const ElementId v1 = r.Root(K::kWorld, "one");
  r.Frame(v1, "only_here", "");
  const ElementId v2 = r.Root(K::kWorld, "two");
  r.Frame(v2, "f", "", Pose::Identity(), "only_here");
  EXPECT_EQ(Check(r), Codes{"POSE_RELATIVE_TO_INVALID"});
  TestDocument s;
  s.Root(K::kWorld, "one");
  const ElementId u2 = s.Root(K::kWorld, "two");
  s.Frame(u2, "f", "one");  // a world's name is no frame of another
  EXPECT_EQ(Check(s), Codes{"FRAME_ATTACHED_TO_INVALID"});
}

TEST(SeveralWorlds, WorldNamesMustDiffer) {
  for (const char* version : {"1.6", "1.8"}) {
    TestDocument t(version);
    t.Root(K::kWorld, "default");
    t.Root(K::kWorld, "other");
    const ElementId again = t.Root(K::kWorld, "default");
    Diagnostics diags;
    (void)BuildFrameGraph(t.doc(), &diags);
    EXPECT_EQ(ErrorCodes(diags), Codes{"DUPLICATE_NAME"}) << version;
    ASSERT_EQ(diags.size(), 1u);
    EXPECT_EQ(diags.items()[0].source.line, t[again].source.line);
    ASSERT_EQ(diags.items()[0].related.size(), 1u);
    EXPECT_EQ(diags.items()[0].related[0].line, 1);
  }
}

}  // namespace
}  // namespace sdfconv
