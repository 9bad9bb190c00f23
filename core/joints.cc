// Joint phases: parent/child names (004 model phase 4, 003 model phase 3,
// 000 1.4 model phase 3), parent and child on different links (003 phase
// 6.8), and the frames joint axes are expressed in (004 section 7).
//
// What a joint may connect depends on the version:
//  - before 1.8 a joint connects links: <parent> and <child> name links of
//    its model or, from 1.5 on, of models nested in it (`model1::link`,
//    000). Before 1.7 a joint or frame may share that link's name, so the
//    lookup asks for a link (ScopeIndex::LookupKind);
//  - from 1.8 on they may name any frame in scope (003);
//  - `world` is the fixed world frame. From 1.7 on it is reserved and may
//    only be a parent (004). Before 1.7 it is an ordinary name: a sibling
//    link called `world` wins, and otherwise either the parent or the child
//    (not both) may be the world frame (000, the paragraphs after
//    "Specifying joint axes in SDFormat 1.5").
#include <optional>

#include "core/phases.h"

namespace sdfconv::internal {
namespace {

bool IsJoint(const Element& e) { return e.kind == ElementKind::kJoint; }

// The kind a joint's <parent> and <child> must name: a link before 1.8.
std::optional<ElementKind> EndKind(const PhaseContext& ctx, ElementId joint) {
  if (ctx.AtLeast(joint, 1, 8)) return std::nullopt;
  return ElementKind::kLink;
}

std::string ExpectedWhat(const PhaseContext& ctx, ElementId joint) {
  return ctx.AtLeast(joint, 1, 8) ? "frame" : "link";
}

// Whether `name`, written as a joint's <parent> or <child> in `scope`, means
// the fixed world frame (see the file comment).
bool NamesWorld(const PhaseContext& ctx, ElementId scope,
                const std::string& name) {
  if (name != "world") return false;
  return (scope >= 0 && ctx.AtLeast(scope, 1, 7)) ||
         ctx.scopes.LookupKind(scope, name, ElementKind::kLink) == kNoElement;
}

// The frame a joint end names in `scope`, or kNoElement. Never the joint
// itself, nor its own model frame (`__model__`), which is attached to the
// model's canonical link and would then be moved by the joint.
ElementId LookupEnd(const PhaseContext& ctx, ElementId joint, ElementId scope,
                    const std::string& name) {
  const std::optional<ElementKind> kind = EndKind(ctx, joint);
  const ElementId e = kind ? ctx.scopes.LookupKind(scope, name, *kind)
                           : ctx.scopes.Lookup(scope, name);
  if (e == joint || e == scope) return kNoElement;
  if (e != kNoElement && ctx.doc.at(e).kind == ElementKind::kWorld) {
    return kNoElement;
  }
  return e;
}

}  // namespace

void ResolveJointFrames(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& j = doc.at(id);
    if (!IsJoint(j)) continue;
    const ElementId scope = ctx.scopes.ScopeOf(id);
    const std::string where = " in " + ctx.scopes.Describe(scope);

    // <child>
    if (NamesWorld(ctx, scope, j.child_frame)) {
      if (ctx.AtLeast(id, 1, 7)) {
        ctx.diags.Error(Code::kJointChildLinkInvalid, j.child_source,
                        ctx.Quote(id) + ": child cannot be 'world'");
      } else {
        ctx.graph.joint_child[id] = ctx.world;
      }
    } else if (!j.child_frame.empty()) {
      const ElementId c = LookupEnd(ctx, id, scope, j.child_frame);
      if (c == kNoElement) {
        ctx.diags.Error(Code::kJointChildLinkInvalid, j.child_source,
                        ctx.Quote(id) + ": child " + ExpectedWhat(ctx, id) +
                            " '" + j.child_frame + "' not found" + where);
      } else {
        ctx.graph.joint_child[id] = c;
      }
    }

    // <parent>
    if (NamesWorld(ctx, scope, j.parent_frame)) {
      ctx.graph.joint_parent[id] = ctx.world;
    } else if (!j.parent_frame.empty()) {
      const ElementId p = LookupEnd(ctx, id, scope, j.parent_frame);
      if (p == kNoElement) {
        ctx.diags.Error(Code::kJointParentLinkInvalid, j.parent_source,
                        ctx.Quote(id) + ": parent " + ExpectedWhat(ctx, id) +
                            " '" + j.parent_frame + "' not found" + where);
      } else {
        ctx.graph.joint_parent[id] = p;
      }
    }

    const ElementId p = ctx.graph.joint_parent[id];
    if (p != kNoElement && p == ctx.graph.joint_child[id]) {
      ctx.diags.Error(Code::kJointParentSameAsChild, j.source,
                      ctx.Quote(id) + ": parent and child are both '" +
                          j.child_frame + "'");
    }
  }
}

void CheckJointBodies(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  const FrameGraph& g = ctx.graph;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    if (!IsJoint(doc.at(id))) continue;
    const ElementId p = g.joint_parent[id];
    const ElementId c = g.joint_child[id];
    if (p == kNoElement || c == kNoElement || p == c) continue;
    // A joint end may be the world frame (kWorldFrame in a model file).
    const ElementId pb = p < 0 ? p : g.body[p];
    const ElementId cb = c < 0 ? c : g.body[c];
    if (pb == kNoElement || cb == kNoElement || pb != cb) continue;
    ctx.diags.Error(Code::kJointParentSameAsChild, doc.at(id).source,
                    ctx.Quote(id) + ": parent '" + doc.at(id).parent_frame +
                        "' and child '" + doc.at(id).child_frame +
                        "' are both attached to " + ctx.Quote(cb));
  }
}

void ResolveAxisFrames(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& j = doc.at(id);
    if (!IsJoint(j)) continue;
    const ElementId scope = ctx.scopes.ScopeOf(id);
    auto& frames = ctx.graph.axis_expressed_in[id];
    for (const JointAxis& axis : j.axes) {
      if (axis.xyz.norm() == 0.0) {
        ctx.diags.Error(Code::kJointAxisInvalid, axis.source,
                        ctx.Quote(id) + ": axis xyz has zero length");
      }
      if (axis.expressed_in.empty()) {
        frames.push_back(id);
        continue;
      }
      const ElementId e = ctx.scopes.Lookup(scope, axis.expressed_in);
      if (e == kNoElement) {
        ctx.diags.Error(Code::kJointAxisExpressedInInvalid, axis.source,
                        ctx.Quote(id) + ": axis expressed_in frame '" +
                            axis.expressed_in + "' not found in " +
                            ctx.scopes.Describe(scope));
      }
      frames.push_back(e);
    }
  }
}

}  // namespace sdfconv::internal
