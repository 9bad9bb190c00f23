// Repair: SDFormat 1.5/1.6 allowed <frame> in links, joints, collisions,
// visuals, sensors, lights, inertials and more; 1.7+ allows frames only in
// models and worlds. Each such frame moves to the model (or world) around
// it, attached to the nearest link or joint it was inside, with a pose that
// puts it where it was:
//  - a frame whose pose names a frame keeps that pose as written;
//  - otherwise its pose was relative to the element it was in; that is
//    re-expressed relative to the nearest link, joint or model around it
//    (or the nearest element whose pose names a frame) by composing the
//    poses in between. When all of those are identities the pose is kept as
//    written; otherwise the composition is written, in the shortest form.
// The frame is inserted right after the child of the model that held it.
// It keeps its name; when the model already has an element of that name,
// RepairNames renames the moved frame (`f` -> `f_frame`), never the element
// that was there (name_repairs.cc).
#include <unordered_map>

#include "converters/sdf/pose_text.h"
#include "converters/upgrade/rules.h"

namespace sdfconv::upgrade {
namespace {

struct Placement {
  NodeId anchor = kNoNode;  // the link, joint or scope the frame is in
  NodeId scope = kNoNode;   // where the frame goes
  NodeId container = kNoNode;  // the child of `scope` that held the frame
};

Placement PlacementOf(const XmlTree& tree, const TreeIndex& index,
                      NodeId frame) {
  Placement p;
  NodeId a = tree.ParentElement(frame);
  NodeId below = frame;
  while (a != kNoNode && !index.IsScope(a) && !index.DefinesFrameIn(a)) {
    below = a;
    a = tree.ParentElement(a);
  }
  p.anchor = a;
  p.scope = index.IsScope(a) ? a : index.ScopeOf(a);
  p.container = index.IsScope(a) ? below : a;
  return p;
}

bool HasExplicitFrame(const XmlTree& tree, NodeId pose) {
  return pose != kNoNode &&
         !tree.Attribute(pose, "relative_to").value_or("").empty();
}

// Re-expresses the frame's pose (relative to its parent element) relative
// to the anchor, or to the first element in between whose pose names a
// frame. Returns false (after reporting) when a pose cannot be read.
bool Reexpress(Context& ctx, NodeId frame, const Placement& p) {
  XmlTree& tree = ctx.tree;
  NodeId pose = tree.FirstChild(frame, "pose");
  if (HasExplicitFrame(tree, pose)) return true;
  std::optional<Pose> X = pose == kNoNode ? Pose::Identity()
                                          : ParsePoseText(tree.Text(pose));
  bool unchanged = true;
  Target base = Target::Node(p.anchor);
  for (NodeId e = tree.ParentElement(frame); e != p.anchor && X;
       e = tree.ParentElement(e)) {
    const NodeId e_pose = tree.FirstChild(e, "pose");
    if (e_pose == kNoNode) continue;
    const std::optional<Pose> X_e = ParsePoseText(tree.Text(e_pose));
    if (!X_e) {
      X.reset();
      break;
    }
    unchanged = unchanged && IsIdentityPoseText(tree.Text(e_pose));
    X = *X_e * *X;
    if (HasExplicitFrame(tree, e_pose)) {
      const RefSite* site = ctx.Site(e_pose, RefKind::kPoseRelativeTo);
      base = site != nullptr ? site->target : Target::None();
      break;
    }
  }
  if (!X || base.kind == Target::Kind::kNone) {
    ctx.Fail(Code::kPoseInvalid, frame,
             Describe(tree, frame) +
                 ": cannot compute its pose in the model (a pose around it "
                 "is malformed or names an unknown frame)");
    return false;
  }
  if (!unchanged) {
    if (pose == kNoNode) {
      pose = tree.NewElement("pose", "0 0 0 0 0 0");
      tree.InsertLine(frame, pose, tree.FirstChild(frame));
    }
    tree.SetText(pose, FormatPose(*X));
  }
  if (!(base == Target::Node(p.anchor))) {
    if (pose == kNoNode) {
      pose = tree.NewElement("pose", "0 0 0 0 0 0");
      tree.InsertLine(frame, pose, tree.FirstChild(frame));
    }
    ctx.EnsureSite(pose, RefKind::kPoseRelativeTo, "relative_to").target = base;
  }
  return true;
}

}  // namespace

void MoveLegacyFrames(Context& ctx) {
  if (!ctx.Legacy()) return;
  XmlTree& tree = ctx.tree;
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  std::vector<std::pair<NodeId, Placement>> moves;
  for (NodeId id : ctx.RegionElements()) {
    const NodeId parent = tree.ParentElement(id);
    if (tree.Tag(id) != "frame" || parent == kNoNode || index.IsScope(parent)) {
      continue;
    }
    moves.push_back({id, PlacementOf(tree, index, id)});
  }
  // The last frame moved out of each container: the next goes after it, so
  // that moved frames keep their document order.
  std::unordered_map<NodeId, NodeId> last_moved;
  for (const auto& [frame, p] : moves) {
    if (p.scope == kNoNode) continue;
    const NodeId was_in = tree.ParentElement(frame);
    const SourceLocation at = tree.Locate(frame);
    if (!Reexpress(ctx, frame, p)) continue;
    if (p.anchor != p.scope) {
      ctx.EnsureSite(frame, RefKind::kAttachedTo, "attached_to").target =
          Target::Node(p.anchor);
    }
    const std::string from = tree.Indent(frame).value_or("");
    tree.RemoveLine(frame);
    const auto last = last_moved.find(p.container);
    tree.InsertLineAfter(last == last_moved.end() ? p.container : last->second,
                         frame);
    last_moved[p.container] = frame;
    tree.Reindent(frame, from, tree.Indent(frame).value_or(""));
    ctx.diags.Warning(Code::kElementInvalid, at,
             Describe(tree, frame) + " was inside " + Describe(tree, was_in) +
                 ", where SDFormat 1.7+ allows no frames; moved to " +
                 Describe(tree, p.scope) +
                 (p.anchor != p.scope
                      ? ", attached to " + Describe(tree, p.anchor)
                      : std::string()));
  }
}

}  // namespace sdfconv::upgrade
