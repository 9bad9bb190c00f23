// Repair: SDFormat 1.4-1.6 let a joint have `world` as its child; 1.7+
// allows `world` only as a parent. The joint is turned around: parent
// `world`, child the old parent link. Its frame stays where it was: the old
// pose was relative to the child (the world), so it is now written relative
// to the model frame (`relative_to="__model__"`), as written when the model
// frame is the world frame, else as the computed X_MJ = X_WM^-1 X_WJ.
// Swapping parent and child reverses the motion, so each axis is reversed
// (xyz negated) to keep the joint coordinate moving the same way; limits,
// dynamics and everything else stay as written. Joints with two axes
// (universal, revolute2) or a gearbox would change their coordinates or
// ratio: those are errors, not repairs.
#include <set>
#include <string>

#include "converters/sdf/pose_text.h"
#include "converters/upgrade/rules.h"
#include "converters/xml/text_values.h"

namespace sdfconv::upgrade {
namespace {

const std::set<std::string>& TurnableTypes() {
  static const auto* const kTypes = new std::set<std::string>{
      "fixed", "ball", "revolute", "continuous", "prismatic", "screw"};
  return *kTypes;
}

bool IsExactIdentity(const Pose& X) {
  return X.translation().isZero(0.0) &&
         X.linear().isApprox(Eigen::Matrix3d::Identity(), 0.0);
}

// The pose of the joint, re-expressed relative to its scope's frame.
bool RewritePose(Context& ctx, NodeId joint, NodeId scope) {
  XmlTree& tree = ctx.tree;
  NodeId pose = tree.FirstChild(joint, "pose");
  if (pose != kNoNode &&
      !tree.Attribute(pose, "relative_to").value_or("").empty()) {
    return true;  // it names its frame: the meaning does not depend on the child
  }
  const std::optional<Pose> X_WJ = ctx.in.WorldPose(joint);
  const std::optional<Pose> X_WS = ctx.in.WorldPose(scope);
  if (!X_WJ || !X_WS) {
    ctx.Fail(Code::kJointChildLinkInvalid, joint,
             Describe(tree, joint) +
                 ": cannot compute where its frame is, so it cannot be "
                 "turned around");
    return false;
  }
  const bool keep_text = pose != kNoNode && IsExactIdentity(*X_WS);
  if (pose == kNoNode) {
    pose = tree.NewElement("pose", "0 0 0 0 0 0");
    tree.InsertLine(joint, pose, tree.FirstChild(joint));
  }
  if (!keep_text) {
    tree.SetText(pose, FormatPose(X_WS->inverse(Eigen::Isometry) * *X_WJ));
  }
  ctx.EnsureSite(pose, RefKind::kPoseRelativeTo, "relative_to").target =
      Target::Node(scope);
  return true;
}

void ReverseAxes(Context& ctx, NodeId joint) {
  XmlTree& tree = ctx.tree;
  for (const char* tag : {"axis", "axis2"}) {
    for (NodeId axis : tree.Children(joint, tag)) {
      NodeId xyz = tree.FirstChild(axis, "xyz");
      if (xyz == kNoNode) {
        xyz = tree.NewElement("xyz", "0 0 1");
        tree.InsertLine(axis, xyz, tree.FirstChild(axis));
      }
      const auto v = ParseDoubles(tree.Text(xyz), 3);
      if (!v) {
        ctx.Fail(Code::kValueInvalid, xyz,
                 "the axis of " + Describe(tree, joint) + " is malformed");
        continue;
      }
      tree.SetText(xyz, FormatVector(-Eigen::Vector3d((*v)[0], (*v)[1], (*v)[2])));
    }
  }
}

}  // namespace

void TurnWorldChildJoints(Context& ctx) {
  if (!ctx.Legacy()) return;
  XmlTree& tree = ctx.tree;
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  for (NodeId joint : ctx.RegionElements()) {
    if (tree.Tag(joint) != "joint" || !index.DefinesFrameIn(joint)) continue;
    RefSite* child = ctx.Site(tree.FirstChild(joint, "child"), RefKind::kJointChild);
    RefSite* parent =
        ctx.Site(tree.FirstChild(joint, "parent"), RefKind::kJointParent);
    if (child == nullptr || child->target.kind != Target::Kind::kWorld) continue;
    const std::string type = tree.Attribute(joint, "type").value_or("");
    if (parent == nullptr || parent->target.kind != Target::Kind::kNode) {
      ctx.Fail(Code::kJointChildLinkInvalid, joint,
               Describe(tree, joint) +
                   " has 'world' as its child and no link as its parent");
      continue;
    }
    if (TurnableTypes().count(type) == 0) {
      ctx.Fail(Code::kJointChildLinkInvalid, joint,
               Describe(tree, joint) + " has 'world' as its child, which "
               "SDFormat 1.7+ forbids, and a " + type +
                   " joint has no equivalent with 'world' as its parent");
      continue;
    }
    const NodeId scope = index.ScopeOf(joint);
    const NodeId child_holder = child->holder;
    const NodeId parent_holder = parent->holder;
    if (!RewritePose(ctx, joint, scope)) continue;
    // RewritePose may have added a site: look the two up again.
    child = ctx.Site(child_holder, RefKind::kJointChild);
    parent = ctx.Site(parent_holder, RefKind::kJointParent);
    const std::string old_parent = SiteText(tree, *parent);
    child->target = parent->target;
    parent->target = Target::World();
    ReverseAxes(ctx, joint);
    ctx.flipped_joints.insert(joint);
    ctx.Warn(Code::kJointChildLinkInvalid, joint,
             Describe(tree, joint) + " had 'world' as its child, which "
             "SDFormat 1.7+ forbids; now its parent is 'world' and its "
             "child '" + old_parent +
                 "', with its axis reversed so that it moves the same way");
  }
}

}  // namespace sdfconv::upgrade
