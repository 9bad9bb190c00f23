// Tests of --root-link (reroot.h): the re-rooted URDF is parsed by urdfdom,
// its forward kinematics at zero positions equals the flat back end's within
// 1e-9, and away from zero every link moves relative to every other exactly
// as in the URDF written without re-rooting (same joint positions).
#include "converters/urdf_export/reroot.h"

#include <algorithm>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <gtest/gtest.h>
#include <urdf_parser/urdf_parser.h>

#include "converters/urdf_export/urdf_export_test_support.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}


// Every link's pose in the root's frame at joint positions `q` (0 for a
// joint not named), by urdfdom's model.
std::map<std::string, Pose> Fk(const std::string& text,
                               const std::map<std::string, double>& q) {
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(text);
  EXPECT_TRUE(model) << text;
  std::map<std::string, Pose> out;
  if (!model) return out;
  std::vector<std::pair<urdf::LinkConstSharedPtr, Pose>> todo{
      {model->getRoot(), Pose::Identity()}};
  while (!todo.empty()) {
    auto [link, X_RL] = todo.back();
    todo.pop_back();
    out[link->name] = X_RL;
    for (const auto& j : link->child_joints) {
      const Eigen::Vector3d a(j->axis.x, j->axis.y, j->axis.z);
      const auto it = q.find(j->name);
      const double v = it == q.end() ? 0 : it->second;
      Pose motion = Pose::Identity();
      if (j->type == urdf::Joint::PRISMATIC) {
        motion.translation() = v * a;
      } else if (j->type != urdf::Joint::FIXED) {
        motion.linear() = Eigen::AngleAxisd(v, a).toRotationMatrix();
      }
      todo.push_back({model->getLink(j->child_link_name),
                      X_RL * FromUrdf(j->parent_to_joint_origin_transform) *
                          motion});
    }
  }
  return out;
}

// The world pose (at zero positions) of the root of `e`'s URDF: its SDF
// link's ("hand/palm" is m::hand::palm).
Pose RootPose(const Exported& e) {
  std::string name = urdf::parseURDF(*e.urdf)->getRoot()->name;
  for (size_t at; (at = name.find('/')) != std::string::npos;) {
    name.replace(at, 1, "::");
  }
  const Document& doc = *e.in.doc;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    if (doc.at(id).kind == ElementKind::kLink &&
        doc.ScopedName(id) == doc.at(0).name + "::" + name) {
      return e.in.resolution.X_W[id];
    }
  }
  ADD_FAILURE() << "no SDF link for root " << name;
  return Pose::Identity();
}

// The motion of every link relative to link `anchor` from zero positions to
// `q`, in the world frame: H_A(q)^-1 H_L(q) with H_L(q) = X_WL(q) X_WL(0)^-1.
// It depends neither on which link is the root nor on where a link's URDF
// frame sits on it, so it compares two URDFs of one mechanism.
std::map<std::string, Pose> Motion(const Exported& e,
                                   const std::map<std::string, double>& q,
                                   const std::string& anchor) {
  const Pose X_WR = RootPose(e);
  std::map<std::string, Pose> at_zero = Fk(*e.urdf, {});
  std::map<std::string, Pose> at_q = Fk(*e.urdf, q);
  const auto H = [&](const std::string& link) -> Pose {
    return X_WR * at_q.at(link) * at_zero.at(link).inverse() * X_WR.inverse();
  };
  std::map<std::string, Pose> out;
  for (const auto& [link, X_RL] : at_q) out[link] = H(anchor).inverse() * H(link);
  return out;
}

// Expects every link of `e` to move relative to `anchor` exactly as in
// `reference` when both are at joint positions `q`.
void ExpectSameMotion(const Exported& reference, const Exported& e,
                      const std::map<std::string, double>& q,
                      const std::string& anchor) {
  const std::map<std::string, Pose> expected = Motion(reference, q, anchor);
  const std::map<std::string, Pose> got = Motion(e, q, anchor);
  ASSERT_EQ(expected.size(), got.size());
  for (const auto& [name, H] : expected) {
    ASSERT_TRUE(got.count(name)) << name;
    EXPECT_LT(PoseDistance(H, got.at(name)), kTol) << name;
  }
  // Not trivially: the anchor-relative motion of some link is not zero.
  double moved = 0;
  for (const auto& [name, H] : expected) {
    moved = std::max(moved, PoseDistance(H, Pose::Identity()));
  }
  EXPECT_GT(moved, 0.1);
}

// base -j1 (revolute)-> upper -j2 (prismatic)-> fore -> frame tool;
// upper -j3 (continuous)-> side. Joint frames and link frames all differ.
constexpr char kTree[] = R"(<sdf version="1.8"><model name="m">
  <pose>1 2 3 0.1 0.2 0.3</pose>
  <link name="base"><visual name="v"><pose>0.1 0 0 0 0 1</pose>
    <geometry><box><size>1 1 1</size></box></geometry></visual></link>
  <link name="upper"><pose>0 0 1 0.5 0 0</pose>
    <inertial><pose>0.2 0 0 0 0.3 0</pose><mass>1</mass></inertial></link>
  <link name="fore"><pose relative_to="upper">0 0 1 0 0.2 0</pose>
    <collision name="c"><geometry><sphere><radius>0.1</radius></sphere>
    </geometry></collision></link>
  <link name="side"><pose>0.4 0.4 1 0 0 0.6</pose></link>
  <joint name="j1" type="revolute"><pose>0.3 0 0 0 0.7 0</pose>
    <parent>base</parent><child>upper</child>
    <axis><xyz expressed_in="__model__">0 1 0</xyz>
      <limit><lower>-1</lower><upper>2</upper></limit></axis></joint>
  <joint name="j2" type="prismatic"><pose>0 0.1 0 0.2 0 0</pose>
    <parent>upper</parent><child>fore</child>
    <axis><xyz>0 0 1</xyz><limit><lower>0</lower><upper>0.5</upper></limit>
    </axis></joint>
  <joint name="j3" type="continuous"><parent>upper</parent><child>side</child>
    <axis><xyz>1 0 0</xyz></axis></joint>
  <frame name="tool" attached_to="fore"><pose>0 0 0.5 0 0 0</pose></frame>
</model></sdf>)";

const std::map<std::string, double> kQ = {
    {"j1", 0.3}, {"j2", 0.2}, {"j3", -0.5}};

TEST(Reroot, AtALeaf) {
  UrdfExportOptions options;
  options.root_link = "fore";
  Exported e = Export(kTree, options);
  ExpectFk(e, options);
  const std::string& u = *e.urdf;
  urdf::ModelInterfaceSharedPtr model = urdf::parseURDF(u);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->getRoot()->name, "fore");
  const auto joint = [&](const std::string& name) {
    const urdf::JointConstSharedPtr j = model->getJoint(name);
    return std::make_tuple(j->parent_link_name, j->child_link_name,
                           Eigen::Vector3d(j->axis.x, j->axis.y, j->axis.z),
                           j->limits ? j->limits->lower : 0,
                           j->limits ? j->limits->upper : 0);
  };
  // Reversed: parent and child swapped, axis negated, limits kept.
  const auto [p2, c2, a2, lower2, upper2] = joint("j2");
  EXPECT_EQ(p2 + ">" + c2, "fore>upper");
  EXPECT_LT((a2 - Eigen::Vector3d(0, 0, -1)).norm(), kTol);
  EXPECT_EQ(lower2, 0);
  EXPECT_EQ(upper2, 0.5);
  const auto [p1, c1, a1, lower1, upper1] = joint("j1");
  EXPECT_EQ(p1 + ">" + c1, "upper>base");
  EXPECT_EQ(lower1, -1);
  EXPECT_EQ(upper1, 2);
  // Not on the path: unchanged.
  const auto [p3, c3, a3, lower3, upper3] = joint("j3");
  EXPECT_EQ(p3 + ">" + c3, "upper>side");
  EXPECT_LT((a3 - Eigen::Vector3d(1, 0, 0)).norm(), kTol);
  EXPECT_TRUE(Has(u, "<parent link=\"fore\"/>\n    <child link=\"tool\"/>"));
  // The robot-level <gazebo><pose> is the new root's world pose (ExpectFk
  // places the root there).
  ElementId fore = kNoElement;
  for (ElementId id = 0; id < static_cast<ElementId>(e.in.doc->size()); ++id) {
    if (e.in.doc->at(id).name == "fore") fore = id;
  }
  ASSERT_NE(fore, kNoElement);
  EXPECT_LT(PoseDistance(RobotPose(u), e.in.resolution.X_W[fore]), kTol);
  EXPECT_EQ(e.diags.size(), 0u);
  Exported reference = Export(kTree);
  ExpectSameMotion(reference, e, kQ, "base");
  ExpectSameMotion(reference, e, kQ, "side");
}

TEST(Reroot, AtEveryLink) {
  Exported reference = Export(kTree);
  for (const char* link : {"base", "upper", "fore", "side"}) {
    UrdfExportOptions options;
    options.root_link = link;
    Exported e = Export(kTree, options);
    ExpectFk(e, options);
    EXPECT_EQ(urdf::parseURDF(*e.urdf)->getRoot()->name, link);
    ExpectSameMotion(reference, e, kQ, "fore");
  }
  UrdfExportOptions options;
  options.root_link = "base";  // the root already: nothing changes
  EXPECT_EQ(*Export(kTree, options).urdf, *reference.urdf);
}

TEST(Reroot, NestedNameAndApproximatedJoint) {
  const std::string sdf = R"(<sdf version="1.8"><model name="m">
    <link name="a"/>
    <model name="hand"><pose>1 0 0 0 0.3 0</pose>
      <link name="palm"><pose>0 0 1 0 0 0</pose></link></model>
    <joint name="wrist" type="universal"><pose>0 0.1 0 0.2 0 0</pose>
      <parent>a</parent><child>hand::palm</child>
      <axis><xyz>0 0 1</xyz></axis><axis2><xyz>0 1 1</xyz></axis2></joint>
  </model></sdf>)";
  UrdfExportOptions options;
  options.approximate = true;
  Exported reference = Export(sdf, options);
  options.root_link = "hand/palm";
  Exported e = Export(sdf, options);
  ExpectFk(e, options);
  EXPECT_TRUE(Has(*e.urdf, "<parent link=\"hand/palm\"/>\n"
                           "    <child link=\"wrist_link1\"/>"));
  ExpectSameMotion(reference, e, {{"wrist", 0.4}, {"wrist_axis2", -0.7}},
                   "a");
}

TEST(Reroot, RefusesWhatIsNotALink) {
  for (const char* name : {"nope", "tool"}) {
    UrdfExportOptions options;
    options.root_link = name;
    Exported e = Export(kTree, options);
    EXPECT_FALSE(e.urdf);
    EXPECT_EQ(FirstErrorCode(e.diags), Code::kUrdfExportUnsupported);
    EXPECT_EQ(FirstError(e.diags),
              "--root-link '" + std::string(name) +
                  "' is not a link of the exported model (its links: "
                  "'base', 'upper', 'fore', 'side')");
  }
}

TEST(Reroot, RefusesAModelFixedToTheWorld) {
  UrdfExportOptions options;
  options.root_link = "b";
  Exported e = Export(R"(<sdf version="1.8"><model name="m">
    <link name="a"/><link name="b"/>
    <joint name="fix" type="fixed"><parent>world</parent><child>a</child>
    </joint>
    <joint name="j" type="fixed"><parent>a</parent><child>b</child></joint>
  </model></sdf>)", options);
  EXPECT_FALSE(e.urdf);
  EXPECT_EQ(FirstErrorCode(e.diags), Code::kUrdfExportUnsupported);
  EXPECT_TRUE(Has(FirstError(e.diags),
                  "the model is fixed to the world, so the URDF root is the "
                  "'world' link (joint 'fix' connects 'a' to it)"));
}

}  // namespace
}  // namespace sdfconv
