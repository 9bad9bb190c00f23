// SDFormat 1.10 -> 1.9: world joints (newer_rules.h). Before 1.10 a joint
// lives in a model; a world joint from `world` to a frame inside one model
// m says what a joint of m with <parent>world</parent> says.
//
// Invariant: a moved joint keeps its node (the proof follows it) and every
// reference its target; a pose or axis expressed in a frame outside m is
// written, from the core's resolution of the input, relative to m's frame.
#include <optional>
#include <string>

#include "converters/sdf/pose_text.h"
#include "converters/upgrade/newer_rules.h"
#include "converters/xml/text_values.h"

namespace sdfconv::upgrade {
namespace {

// The element of the world `node` is in (a direct child of `world`), or
// kNoNode.
NodeId TopUnder(const XmlTree& tree, NodeId world, NodeId node) {
  for (NodeId n = node; n != kNoNode; n = tree.ParentElement(n)) {
    if (tree.ParentElement(n) == world) return n;
  }
  return kNoNode;
}

bool Inside(const XmlTree& tree, NodeId node, NodeId model) {
  for (NodeId n = node; n != kNoNode; n = tree.ParentElement(n)) {
    if (n == model) return true;
  }
  return false;
}

// Whether `site` names something that cannot be named from inside `m`.
bool NamesOutside(const XmlTree& tree, const RefSite* site, NodeId m) {
  if (site == nullptr) return false;
  switch (site->target.kind) {
    case Target::Kind::kNone: return false;
    case Target::Kind::kWorld: return true;
    case Target::Kind::kNode: return !Inside(tree, site->target.node, m);
  }
  return false;
}

// Why `joint` cannot move into a model, or empty (with the model in *m).
std::string WhyNotMovable(StepContext& ctx, NodeId world, NodeId joint,
                          NodeId* m) {
  const XmlTree& tree = ctx.tree;
  const NodeId parent = tree.FirstChild(joint, "parent");
  const NodeId child = tree.FirstChild(joint, "child");
  const RefSite* p =
      parent == kNoNode ? nullptr : ctx.Site(parent, RefKind::kJointParent);
  const RefSite* c =
      child == kNoNode ? nullptr : ctx.Site(child, RefKind::kJointChild);
  if (p == nullptr || p->target.kind != Target::Kind::kWorld) {
    return "its parent is not `world`; a joint between two models, or from "
           "a frame of the world, has no model to live in";
  }
  if (c == nullptr || c->target.kind != Target::Kind::kNode) {
    return "its child is not inside a model";
  }
  *m = TopUnder(tree, world, c->target.node);
  if (*m == kNoNode || tree.Tag(*m) != "model") {
    return "its child is not inside a <model> of this file (an included "
           "model cannot take a joint)";
  }
  const std::string name = tree.Attribute(joint, "name").value_or("");
  for (NodeId sibling : tree.ChildElements(*m)) {
    if (tree.Attribute(sibling, "name").value_or("") == name &&
        (tree.Tag(sibling) == "link" || tree.Tag(sibling) == "joint" ||
         tree.Tag(sibling) == "frame" || tree.Tag(sibling) == "model")) {
      return "model '" + tree.Attribute(*m, "name").value_or("") +
             "' already has an element named '" + name + "'";
    }
  }
  return {};
}

// The joint's pose and axes, where they name frames outside `m`, written
// relative to m's frame.
void KeepMeaningInside(StepContext& ctx, NodeId joint, NodeId m) {
  XmlTree& tree = ctx.tree;
  const NodeId pose = tree.FirstChild(joint, "pose");
  RefSite* pose_site =
      pose == kNoNode ? nullptr : ctx.Site(pose, RefKind::kPoseRelativeTo);
  if (NamesOutside(tree, pose_site, m)) {
    const std::optional<Pose> X_WM = ctx.in.WorldPose(m);
    const std::optional<Pose> X_WJ = ctx.in.WorldPose(joint);
    if (X_WM && X_WJ) {
      tree.SetText(pose, FormatPose(X_WM->inverse() * *X_WJ));
      tree.RemoveAttribute(pose, "rotation_format");
      tree.RemoveAttribute(pose, "degrees");
      pose_site->target = Target::Node(m);
    }
  }
  const ElementId e = ctx.in.ElementOf(joint);
  const ProofReading& r = ctx.in.reading();
  const char* tags[] = {"axis", "axis2"};
  for (size_t k = 0; k < 2; ++k) {
    const NodeId axis = tree.FirstChild(joint, tags[k]);
    const NodeId xyz = axis == kNoNode ? kNoNode : tree.FirstChild(axis, "xyz");
    RefSite* site = xyz == kNoNode ? nullptr : ctx.Site(xyz, RefKind::kExpressedIn);
    if (!NamesOutside(tree, site, m) || e == kNoElement || !r.resolved ||
        r.resolution.axes_W[e].size() <= k) {
      continue;
    }
    const std::optional<Pose> X_WM = ctx.in.WorldPose(m);
    if (!X_WM) continue;
    const Eigen::Vector3d a_M =
        X_WM->linear().transpose() * r.resolution.axes_W[e][k];
    tree.SetText(xyz, FormatNumbers({a_M.x(), a_M.y(), a_M.z()}));
    site->target = Target::Node(m);
  }
}

}  // namespace

void MoveWorldJointsIntoModels(StepContext& ctx) {
  XmlTree& tree = ctx.tree;
  const NodeId world = ctx.Region()->Top();
  if (world == kNoNode || tree.Tag(world) != "world") return;
  for (NodeId joint : tree.Children(world, "joint")) {
    const std::string what = "the world " + Describe(tree, joint);
    NodeId m = kNoNode;
    const std::string why = WhyNotMovable(ctx, world, joint, &m);
    if (!why.empty()) {
      ctx.RefuseConstruct(joint, what, "1.10", why);
      continue;
    }
    KeepMeaningInside(ctx, joint, m);
    const std::string from = tree.Indent(joint).value_or("");
    tree.RemoveLine(joint);
    tree.InsertLine(m, joint);
    tree.Reindent(joint, from, tree.Indent(joint).value_or(""));
    ctx.Warn(Code::kVersionConstructRewritten, joint,
             what + " (SDFormat 1.10) has no form in SDFormat " +
                 ctx.TargetName() + ": written in model '" +
                 tree.Attribute(m, "name").value_or("") +
                 "' with <parent>world</parent>");
  }
}

}  // namespace sdfconv::upgrade
