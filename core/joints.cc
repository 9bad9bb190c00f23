// Joint phases: parent/child names (004 model phase 4, 003 model phase 3,
// 000 1.4 model phase 3), parent and child on different links (003 phase
// 6.8), the frames joint axes are expressed in (004 section 7), and the
// axes joint axes mimic (1.11).
//
// What a joint may connect depends on the version:
//  - before 1.8 a joint connects links: <parent> and <child> name links of
//    its model or, from 1.5 on, of models nested in it (`model1::link`,
//    000). Before 1.7 a joint or frame may share that link's name, so the
//    lookup asks for a link (ScopeIndex::LookupKind). An end that names no
//    link may name another frame when the reader says so
//    (JointSpec::frame_ends_later): libsdformat converts every file to
//    its newest version and resolves such an end as 1.8 does, and so
//    does sdfconv, with LATER_VERSION_FEATURE;
//  - from 1.8 on they may name any frame in scope (003);
//  - `world` is the fixed world frame. From 1.7 on it is reserved and may
//    only be a parent (004). Before 1.7 it is an ordinary name: a sibling
//    link called `world` wins, and otherwise either the parent or the child
//    (not both) may be the world frame (000, the paragraphs after
//    "Specifying joint axes in SDFormat 1.5").
#include <optional>
#include <string>
#include <vector>

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
  if (ctx.AtLeast(joint, 1, 8)) return "frame";
  return ctx.doc.at(joint).Joint().frame_ends_later ? "link or frame" : "link";
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

// An end of a joint older than 1.8 that names no link: the frame it names
// as 1.8 reads it, with LATER_VERSION_FEATURE, when the reader allows it
// (the file comment); else kNoElement.
ElementId LookupLaterFrame(PhaseContext& ctx, ElementId joint, ElementId scope,
                           const std::string& name, const char* tag,
                           const SourceLocation& at) {
  if (ctx.AtLeast(joint, 1, 8) || !ctx.doc.at(joint).Joint().frame_ends_later) {
    return kNoElement;
  }
  const ElementId e = ctx.scopes.Lookup(scope, name);
  if (e == kNoElement || e == joint || e == scope ||
      ctx.doc.at(e).kind == ElementKind::kWorld) {
    return kNoElement;
  }
  ctx.diags.Warning(Code::kLaterVersionFeature, at,
                    ctx.Quote(joint) + ": <" + tag + "> names " +
                        ctx.Quote(e) +
                        ", not a link: a joint between frames is SDFormat "
                        "1.8; it is read with its 1.8 meaning, as "
                        "libsdformat reads it (--strict: links only)");
  return e;
}

// //axis/mimic/@axis: 0 for "axis", 1 for "axis2", -1 for anything else.
int MimicAxisIndex(const std::string& axis) {
  if (axis == "axis") return 0;
  if (axis == "axis2") return 1;
  return -1;
}

const char* AxisTag(size_t axis) { return axis == 0 ? "<axis>" : "<axis2>"; }

// The node of axis `axis` of joint `joint` in the graph of mimics.
ElementId MimicNode(ElementId joint, size_t axis) {
  return static_cast<ElementId>(2 * static_cast<size_t>(joint) + axis);
}

// The leader of the <mimic> of axis `k` of joint `id`, reporting
// JOINT_AXIS_MIMIC_INVALID where libsdformat does (Joint::Load and
// checkJointAxisMimicValues): an @axis other than axis / axis2, an axis
// that mimics itself, a leader joint not in the follower's scope, a leader
// that does not write that axis (libsdformat's Joint has only the axes a
// file writes). Invalid when any of these fails.
MimicLeader ResolveMimic(PhaseContext& ctx, ElementId id, size_t k) {
  const JointMimic& m = *ctx.doc.at(id).Joint().axes[k].mimic;
  const std::string what = ctx.Quote(id) + " " + AxisTag(k) + " <mimic>";
  const ElementId scope = ctx.scopes.ScopeOf(id);
  MimicLeader leader;
  leader.axis = MimicAxisIndex(m.axis);
  if (leader.axis < 0) {
    ctx.diags.Error(Code::kJointAxisMimicInvalid, m.source,
                    what + ": leader axis '" + m.axis +
                        "' is not 'axis' or 'axis2'");
  }
  leader.joint = ctx.scopes.LookupKind(scope, m.joint, ElementKind::kJoint);
  if (leader.joint == kNoElement) {
    ctx.diags.Error(Code::kJointAxisMimicInvalid, m.source,
                    what + ": leader joint '" + m.joint + "' not found in " +
                        ctx.scopes.Describe(scope));
    return {};
  }
  if (leader.axis < 0) return {};
  if (leader.joint == id && leader.axis == static_cast<int>(k)) {
    ctx.diags.Error(Code::kJointAxisMimicInvalid, m.source,
                    what + ": an axis cannot mimic itself");
    return {};
  }
  const std::vector<JointAxis>& axes = ctx.doc.at(leader.joint).Joint().axes;
  const size_t a = static_cast<size_t>(leader.axis);
  if (a >= axes.size() || !axes[a].written) {
    ctx.diags.Error(Code::kJointAxisMimicInvalid, m.source,
                    what + ": leader " + ctx.Quote(leader.joint) +
                        " has no " + AxisTag(a) +
                        (a < axes.size() ? " element (the leader's axis must "
                                           "be written)"
                                         : ""));
    return {};
  }
  return leader;
}

}  // namespace

void ResolveJointFrames(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& j = doc.at(id);
    if (!IsJoint(j)) continue;
    const JointSpec& spec = j.Joint();
    const ElementId scope = ctx.scopes.ScopeOf(id);
    const std::string where = " in " + ctx.scopes.Describe(scope);

    // <child>
    if (NamesWorld(ctx, scope, spec.child_frame)) {
      if (ctx.AtLeast(id, 1, 7)) {
        ctx.diags.Error(Code::kJointChildLinkInvalid, spec.child_source,
                        ctx.Quote(id) + ": child cannot be 'world'");
      } else {
        ctx.graph.joint_child[id] = ctx.WorldOf(id);
      }
    } else if (!spec.child_frame.empty()) {
      ElementId c = LookupEnd(ctx, id, scope, spec.child_frame);
      if (c == kNoElement) {
        c = LookupLaterFrame(ctx, id, scope, spec.child_frame, "child",
                             spec.child_source);
      }
      if (c == kNoElement) {
        ctx.diags.Error(Code::kJointChildLinkInvalid, spec.child_source,
                        ctx.Quote(id) + ": child " + ExpectedWhat(ctx, id) +
                            " '" + spec.child_frame + "' not found" + where);
      } else {
        ctx.graph.joint_child[id] = c;
      }
    }

    // <parent>
    if (NamesWorld(ctx, scope, spec.parent_frame)) {
      ctx.graph.joint_parent[id] = ctx.WorldOf(id);
    } else if (!spec.parent_frame.empty()) {
      ElementId p = LookupEnd(ctx, id, scope, spec.parent_frame);
      if (p == kNoElement) {
        p = LookupLaterFrame(ctx, id, scope, spec.parent_frame, "parent",
                             spec.parent_source);
      }
      if (p == kNoElement) {
        ctx.diags.Error(Code::kJointParentLinkInvalid, spec.parent_source,
                        ctx.Quote(id) + ": parent " + ExpectedWhat(ctx, id) +
                            " '" + spec.parent_frame + "' not found" + where);
      } else {
        ctx.graph.joint_parent[id] = p;
      }
    }

    const ElementId p = ctx.graph.joint_parent[id];
    if (p != kNoElement && p == ctx.graph.joint_child[id]) {
      ctx.diags.Error(Code::kJointParentSameAsChild, j.source,
                      ctx.Quote(id) + ": parent and child are both '" +
                          spec.child_frame + "'");
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
                    ctx.Quote(id) + ": parent '" +
                        doc.at(id).Joint().parent_frame + "' and child '" +
                        doc.at(id).Joint().child_frame +
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
    for (const JointAxis& axis : j.Joint().axes) {
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

// Every mimic resolved, then one walk over the graph whose nodes are axes
// (MimicNode) and whose edges go from a follower to its leader: each node
// has at most one outgoing edge, so every cycle is found once, in linear
// time, without recursion (FollowNodeEdges). libsdformat checks no cycles.
void ResolveMimics(PhaseContext& ctx) {
  const Document& doc = ctx.doc;
  const size_t n = doc.size();
  std::vector<ElementId> edge(2 * n, kNoElement);
  std::vector<bool> in_graph(2 * n, false);
  bool any = false;
  for (ElementId id = 0; id < static_cast<ElementId>(n); ++id) {
    const Element& j = doc.at(id);
    if (!IsJoint(j)) continue;
    const std::vector<JointAxis>& axes = j.Joint().axes;
    auto& leaders = ctx.graph.mimic[id];
    leaders.assign(axes.size(), MimicLeader{});
    for (size_t k = 0; k < axes.size() && k < 2; ++k) {
      if (!axes[k].mimic) continue;
      leaders[k] = ResolveMimic(ctx, id, k);
      if (!leaders[k].valid()) continue;
      edge[MimicNode(id, k)] = MimicNode(leaders[k].joint, leaders[k].axis);
      in_graph[MimicNode(id, k)] = true;
      any = true;
    }
  }
  if (!any) return;
  const auto describe = [&](ElementId u) {
    return ctx.Quote(u / 2) + " " + AxisTag(static_cast<size_t>(u % 2));
  };
  const auto source_of = [&](ElementId u) -> const SourceLocation& {
    return doc.at(u / 2).Joint().axes[static_cast<size_t>(u % 2)].mimic->source;
  };
  const std::vector<ElementId> roots = FollowNodeEdges(
      ctx, edge, in_graph, [&](ElementId u) { return edge[u] == kNoElement; },
      Code::kJointAxisMimicCycle, "mimic",
      NodeNames<decltype(describe), decltype(source_of)>{describe, source_of});
  for (ElementId u = 0; u < static_cast<ElementId>(edge.size()); ++u) {
    if (in_graph[u] && roots[u] == kNoElement) {
      ctx.graph.mimic[u / 2][static_cast<size_t>(u % 2)] = MimicLeader{};
    }
  }
}

}  // namespace sdfconv::internal
