#include "core/frame_graph.h"

#include "core/phases.h"
#include "core/scope.h"

namespace sdfconv {

namespace internal {

std::string PhaseContext::Quote(ElementId id) const {
  if (id == kWorldFrame) return "world";
  if (id < 0) return "(none)";
  const Element& e = doc.at(id);
  const std::string kind =
      e.kind == ElementKind::kOther ? "<" + e.tag + ">" : KindName(e.kind);
  std::string out = kind + " '" + e.name + "'";
  if (e.include && !e.include->stand_in) {
    out += " (<include> of '" + e.include->uri + "')";
  }
  return out;
}

namespace {

// Per element, its world element (parents come first), or kWorldFrame
// under a root that is no world.
std::vector<ElementId> WorldFrames(const Document& doc) {
  std::vector<ElementId> worlds(doc.size(), kWorldFrame);
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.parent != kNoElement) {
      worlds[id] = worlds[e.parent];
    } else if (e.kind == ElementKind::kWorld) {
      worlds[id] = id;
    }
  }
  return worlds;
}

}  // namespace

}  // namespace internal

ElementId MovesWith(const Document& doc, const FrameGraph& graph,
                    ElementId id) {
  const ElementId body = graph.body[id];
  if (body == kNoElement || body == kWorldFrame) return body;
  const bool in_static = static_cast<size_t>(body) < graph.in_static_model.size() &&
                         graph.in_static_model[body];
  if (doc.at(body).kind != ElementKind::kLink || in_static) {
    return kWorldFrame;
  }
  return body;
}

FrameGraph BuildFrameGraph(const Document& doc, Diagnostics* diags) {
  FrameGraph graph;
  const size_t n = doc.size();
  graph.attached_to.assign(n, kNoElement);
  graph.relative_to.assign(n, kNoElement);
  graph.body.assign(n, kNoElement);
  graph.joint_parent.assign(n, kNoElement);
  graph.joint_child.assign(n, kNoElement);
  graph.axis_expressed_in.assign(n, {});
  graph.mimic.assign(n, {});
  graph.canonical_link.assign(n, kNoElement);
  graph.placement_frame.assign(n, kNoElement);
  graph.in_static_model.assign(n, false);
  if (n == 0) return graph;

  const ScopeIndex scopes(doc);
  internal::PhaseContext ctx{doc, scopes, graph, *diags, internal::WorldFrames(doc),
                              ElementVersions(doc)};
  internal::CheckNames(ctx);
  internal::ResolveJointFrames(ctx);
  internal::ResolveCanonicalLinks(ctx);
  internal::BuildAttachedTo(ctx);
  internal::CheckJointBodies(ctx);
  internal::BuildRelativeTo(ctx);
  internal::ResolveAxisFrames(ctx);
  internal::ResolveMimics(ctx);
  return graph;
}

}  // namespace sdfconv
