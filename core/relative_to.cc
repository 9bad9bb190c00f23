// Phase 6: //pose/@relative_to values and the relative_to graph (004 model
// phases 8-9, world phases 6-7; 003 model phases 7-8, world phases 6-7).
//
// Every posed element gets one edge: to the frame its @relative_to names
// (//pose/@frame before 1.7: the front end reads it into relative_to), or
// by default to its scope's frame (links, nested models, frames without
// attached_to), its child frame (joints), its attached_to frame (frames),
// or its parent element (collisions, visuals, sensors, lights, and the
// frames 1.5/1.6 allow inside them and inside links and joints). These are
// the parent frames of 000 "Parent frames in SDFormat 1.4" as well. A model
// file's root model hangs off the world frame it is placed in.
#include "core/phases.h"

namespace sdfconv::internal {
namespace {

bool IsPosed(ElementKind kind) { return kind != ElementKind::kOther; }

ElementId DefaultTarget(PhaseContext& ctx, ElementId id) {
  const Element& e = ctx.doc.at(id);
  const FrameGraph& g = ctx.graph;
  // A joint or frame whose attached_to walk failed has been reported in
  // phase 4; following the same edges again would report it twice.
  if ((e.kind == ElementKind::kJoint || e.kind == ElementKind::kFrame) &&
      g.body[id] == kNoElement) {
    return kNoElement;
  }
  switch (e.kind) {
    case ElementKind::kJoint:
      return g.joint_child[id];
    case ElementKind::kFrame:
      // attached_to has been resolved (and reported) in phase 4. A frame
      // written inside a link, joint, collision, ... (1.5 and 1.6 only) is
      // posed in its parent element's frame, like every pose there (000,
      // "Parent frames in SDFormat 1.4").
      return IsScope(ctx.doc, e.parent) ? g.attached_to[id] : e.parent;
    case ElementKind::kCollision:
    case ElementKind::kVisual:
    case ElementKind::kSensor:
      return e.parent;
    case ElementKind::kLight:
    case ElementKind::kActor:
      // A file's lone light or actor is placed in the world frame.
      return e.parent == kNoElement ? ctx.WorldOf(id) : e.parent;
    default: {
      const ElementId scope = ctx.scopes.ScopeOf(id);
      return scope == kNoElement ? ctx.WorldOf(id) : scope;
    }
  }
}

ElementId RelativeToTarget(PhaseContext& ctx, ElementId id) {
  const Element& e = ctx.doc.at(id);
  if (e.kind == ElementKind::kWorld) return kNoElement;
  if (e.pose.relative_to.empty()) return DefaultTarget(ctx, id);
  const ElementId scope = ctx.scopes.ScopeOf(id);
  if (scope == kNoElement && e.kind != ElementKind::kModel) {
    // A file's lone light or actor: its relative_to names a frame of the
    // world that includes the file (compose); alone, the file is placed in
    // the world frame, as libsdformat places it (its raw pose).
    if (e.pose.relative_to != "world") {
      ctx.diags.Warning(Code::kPoseRelativeToInvalid, e.pose.source(),
                        ctx.Quote(id) + ": relative_to '" + e.pose.relative_to +
                            "' names a frame of the world that includes this "
                            "file; read alone, its pose is taken in the world "
                            "frame, as libsdformat takes it");
    }
    return ctx.WorldOf(id);
  }
  if (scope == kNoElement) {
    ctx.diags.Error(Code::kPoseRelativeToInvalid, e.pose.source(),
                    ctx.Quote(id) +
                        ": the pose of a file's top-level model cannot be "
                        "relative_to another frame (relative_to='" +
                        e.pose.relative_to + "')");
    return kNoElement;
  }
  const ElementId t = ctx.scopes.Lookup(scope, e.pose.relative_to);
  if (t == kNoElement) {
    ctx.diags.Error(Code::kPoseRelativeToInvalid, e.pose.source(),
                    ctx.Quote(id) + ": relative_to '" + e.pose.relative_to +
                        "' does not name a link, joint, frame or model in " +
                        ctx.scopes.Describe(scope));
  }
  return t;
}

// //model/@placement_frame names a frame inside the model (003 section
// 1.4.4): the model's <pose> then places that frame.
void ResolvePlacementFrame(PhaseContext& ctx, ElementId id) {
  const Element& m = ctx.doc.at(id);
  if (m.kind != ElementKind::kModel) return;
  const std::string& placement_frame = m.Model().placement_frame;
  if (placement_frame.empty()) return;
  const ElementId f = ctx.scopes.Lookup(id, placement_frame);
  if (f == kNoElement) {
    ctx.diags.Error(Code::kModelPlacementFrameInvalid, PlacementSource(m),
                    ctx.Quote(id) + ": placement_frame '" + placement_frame +
                        "' does not name a frame in the model");
  }
  ctx.graph.placement_frame[id] = f;
}

}  // namespace

void BuildRelativeTo(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  FrameGraph& g = ctx.graph;
  std::vector<bool> in_graph(doc.size(), false);
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (!IsPosed(e.kind)) continue;
    in_graph[id] = true;
    g.relative_to[id] = RelativeToTarget(ctx, id);
    ResolvePlacementFrame(ctx, id);
  }
  auto is_root = [&](ElementId id) {
    return doc.at(id).kind == ElementKind::kWorld;
  };
  // Only frame-defining elements can be part of a cycle; walking the others
  // too is harmless (nothing points at them) and keeps one code path.
  FollowEdges(ctx, g.relative_to, in_graph, is_root,
              Code::kPoseRelativeToCycle, "relative_to");
}

}  // namespace sdfconv::internal
