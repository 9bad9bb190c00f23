// Joint phases: parent/child names (004 model phase 4, 003 model phase 3),
// parent and child on different links (003 phase 6.8), and the frames joint
// axes are expressed in (004 section 7).
#include "core/phases.h"

namespace sdfconv::internal {
namespace {

bool IsJoint(const Element& e) { return e.kind == ElementKind::kJoint; }

// In 1.7 a joint connects links; from 1.8 on it may name any frame.
bool AcceptableEnd(const PhaseContext& ctx, ElementId target) {
  if (ctx.doc.AtLeast(1, 8)) return true;
  return ctx.doc.at(target).kind == ElementKind::kLink;
}

std::string ExpectedWhat(const PhaseContext& ctx) {
  return ctx.doc.AtLeast(1, 8) ? "frame" : "link";
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
    if (j.child_frame == "world") {
      ctx.diags.Error(Code::kJointChildLinkInvalid, j.child_source,
                      ctx.Quote(id) + ": child cannot be 'world'");
    } else if (!j.child_frame.empty()) {
      const ElementId c = ctx.scopes.Lookup(scope, j.child_frame);
      // The joint's own model frame (`__model__`) is attached to the
      // model's canonical link, which the joint would then move: refused.
      if (c == kNoElement || c == id || c == scope || !AcceptableEnd(ctx, c) ||
          doc.at(c).kind == ElementKind::kWorld) {
        ctx.diags.Error(Code::kJointChildLinkInvalid, j.child_source,
                        ctx.Quote(id) + ": child " + ExpectedWhat(ctx) +
                            " '" + j.child_frame + "' not found" + where);
      } else {
        ctx.graph.joint_child[id] = c;
      }
    }

    // <parent>
    if (j.parent_frame == "world") {
      ctx.graph.joint_parent[id] = ctx.world;
    } else if (!j.parent_frame.empty()) {
      const ElementId p = ctx.scopes.Lookup(scope, j.parent_frame);
      if (p == kNoElement || p == id || p == scope ||
          !AcceptableEnd(ctx, p)) {
        ctx.diags.Error(Code::kJointParentLinkInvalid, j.parent_source,
                        ctx.Quote(id) + ": parent " + ExpectedWhat(ctx) +
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
    const ElementId pb = p < 0 ? p : g.body[p];
    const ElementId cb = g.body[c];
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
