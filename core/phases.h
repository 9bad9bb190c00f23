// The parsing phases behind BuildFrameGraph (see frame_graph.h), one per
// file. Internal to //core:frame_graph.
//
// Each phase reads the Document and what earlier phases put in the graph,
// fills its own part of the graph, and reports into the shared Diagnostics.
// A phase never stops at the first problem: it reports it, leaves the
// affected edge as kNoElement, and goes on.
#ifndef SDFCONV_CORE_PHASES_H_
#define SDFCONV_CORE_PHASES_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/scope.h"

namespace sdfconv::internal {

struct PhaseContext {
  const Document& doc;
  const ScopeIndex& scopes;
  FrameGraph& graph;
  Diagnostics& diags;
  // Per element, the frame `world` names there (<parent>world</parent>,
  // the frame a root model or lone light is placed in): the world element
  // it is in, or kWorldFrame in a model file. Each world of a file of
  // several is its own.
  std::vector<ElementId> worlds;
  // ElementVersions(doc): an included model keeps its own file's rules.
  std::vector<int> versions;

  [[nodiscard]] std::string Quote(ElementId id) const;  // "link 'a'"
  [[nodiscard]] ElementId WorldOf(ElementId id) const { return worlds[id]; }
  // Whether the rules of SDFormat major.minor or later apply to `id`.
  [[nodiscard]] bool AtLeast(ElementId id, int major, int minor) const {
    return versions[id] >= VersionNumber(major, minor);
  }
};

// Phase 1: names are not empty, not reserved, unique among siblings (before
// 1.7: among siblings of the same type, and nothing is reserved).
void CheckNames(PhaseContext& ctx);
// Phase 2: every joint's <parent> and <child> name a frame in its scope (a
// link before 1.8; `world` as either end before 1.7).
void ResolveJointFrames(PhaseContext& ctx);
// Phase 3: every non-static model has a canonical link.
void ResolveCanonicalLinks(PhaseContext& ctx);
// Phase 4: //frame/@attached_to values and the attached_to graph.
void BuildAttachedTo(PhaseContext& ctx);
// Phase 5: a joint's parent and child are attached to different links.
void CheckJointBodies(PhaseContext& ctx);
// Phase 6: //pose/@relative_to values and the relative_to graph.
void BuildRelativeTo(PhaseContext& ctx);
// Phase 7: //joint/axis/xyz/@expressed_in values.
void ResolveAxisFrames(PhaseContext& ctx);
// Phase 8: //joint/axis/mimic and //axis2/mimic (1.11): the leader is a
// joint in the follower's scope with that axis written, no axis mimics
// itself, and the mimics form no cycle.
void ResolveMimics(PhaseContext& ctx);

// Follows `edge` from every element that has one until an element without
// an outgoing edge (a root). Returns, per element, the root reached, or
// kNoElement when the walk hits a missing edge or a cycle. Every cycle is
// reported once, as `code`, at one member, its members named by
// CycleMembers (diagnostic.h: a cycle of 10^5 frames makes no 2 MB line);
// `related` locates every other member (the JSON and SARIF outputs list
// them all). Iterative and linear.
// `is_root(id)` says which elements end a walk; an element with
// edge[id] == kNoElement that is not a root is unresolved.
template <typename IsRoot>
std::vector<ElementId> FollowEdges(PhaseContext& ctx,
                                   const std::vector<ElementId>& edge,
                                   const std::vector<bool>& in_graph,
                                   IsRoot is_root, Code code,
                                   std::string_view relation);

// A graph whose nodes are not elements (the axes of joints): how to name
// node `u` in a message, and where it is in the input.
template <typename Describe, typename SourceOf>
struct NodeNames {
  Describe describe;   // std::string(ElementId)
  SourceOf source_of;  // const SourceLocation&(ElementId)
};

// FollowEdges over nodes 0 .. edge.size() - 1 named by `names`.
template <typename IsRoot, typename Describe, typename SourceOf>
std::vector<ElementId> FollowNodeEdges(
    PhaseContext& ctx, const std::vector<ElementId>& edge,
    const std::vector<bool>& in_graph, IsRoot is_root, Code code,
    std::string_view relation, const NodeNames<Describe, SourceOf>& names);

}  // namespace sdfconv::internal

#include "core/follow_edges.inc"

#endif  // SDFCONV_CORE_PHASES_H_
