// Phase 4: //frame/@attached_to values and the attached_to graph (004 model
// phases 6-7, world phases 4-5; 003 model phases 5-6, world phases 4-5).
//
// Edges: a joint to its child frame (the world frame too, before 1.7); a
// frame to its attached_to target or, without one, to the element it is
// written in (its model or the world; in 1.5/1.6 also a link or joint); a
// non-static model to its canonical link. Links, static models and the
// world end every walk; what a frame reaches is the body it moves with.
#include "core/phases.h"

namespace sdfconv::internal {
namespace {

// Without @attached_to a frame is attached to the element it is written in:
// its model, or the world (004 sections 4.2, 5.2). SDFormat 1.5 and 1.6 also
// allow <frame> inside links, joints, collisions, visuals, sensors and
// lights (000; see /usr/share/sdformat12/1.5/frame.sdf and its includers):
// such a frame is attached to the nearest link or joint around it.
ElementId EnclosingFrame(const PhaseContext& ctx, ElementId id) {
  ElementId p = ctx.doc.at(id).parent;
  while (p != kNoElement && !DefinesFrame(ctx.doc.at(p).kind)) {
    p = ctx.doc.at(p).parent;
  }
  return p == kNoElement ? ctx.WorldOf(id) : p;
}

ElementId AttachedToTarget(PhaseContext& ctx, ElementId id) {
  const Element& f = ctx.doc.at(id);
  if (f.attached_to.empty()) return EnclosingFrame(ctx, id);
  const ElementId scope = ctx.scopes.ScopeOf(id);
  const ElementId t = ctx.scopes.Lookup(scope, f.attached_to);
  if (t == kNoElement) {
    ctx.diags.Error(Code::kFrameAttachedToInvalid, f.source,
                    ctx.Quote(id) + ": attached_to '" + f.attached_to +
                        "' does not name a link, joint, frame or model in " +
                        ctx.scopes.Describe(scope));
  }
  return t;
}

}  // namespace

void BuildAttachedTo(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  FrameGraph& g = ctx.graph;
  std::vector<bool> in_graph(doc.size(), false);
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    in_graph[id] = DefinesFrame(e.kind);
    switch (e.kind) {
      case ElementKind::kJoint:
        g.attached_to[id] = g.joint_child[id];
        break;
      case ElementKind::kFrame:
        g.attached_to[id] = AttachedToTarget(ctx, id);
        break;
      case ElementKind::kModel:
        g.attached_to[id] = g.canonical_link[id];
        break;
      default:
        break;
    }
  }
  auto is_root = [&](ElementId id) {
    const Element& e = doc.at(id);
    // A model without a canonical link (static, or holding only nested
    // models without links) is fixed where it is placed.
    return e.kind == ElementKind::kLink || e.kind == ElementKind::kWorld ||
           (e.kind == ElementKind::kModel &&
            g.canonical_link[id] == kNoElement);
  };
  g.body = FollowEdges(ctx, g.attached_to, in_graph, is_root,
                       Code::kFrameAttachedToCycle, "attached_to");
  // Elements inside a link (or the world) move with it; elements inside a
  // static model are fixed to the world. Parents come first in the arena.
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.parent != kNoElement) {
      const Element& p = doc.at(e.parent);
      g.in_static_model[id] =
          g.in_static_model[e.parent] ||
          (p.kind == ElementKind::kModel && p.Model().is_static);
    }
    if (in_graph[id]) continue;
    // A file's lone light or actor is fixed in the world frame.
    g.body[id] = e.parent == kNoElement ? ctx.WorldOf(id) : g.body[e.parent];
  }
}

}  // namespace sdfconv::internal
