// FrameGraph: what the names in a Document mean, and whether they make sense.
//
// Building the graph runs the parsing phases of the SDFormat 1.7 proposal
// (004) and the 1.8 composition proposal (003), in their order, over every
// scope of the document (the world, every model, nested to any depth).
// Files of SDFormat 1.2-1.6 go through the same phases; where the legacy
// document (000) says older versions differ, the phase asks
// `doc.AtLeast(1, 7)` and cites it (names unique per type, nothing reserved,
// joints to and from `world`, frames inside links). docs/legacy.md lists
// every such rule.
//
//   1. names: not empty, not reserved, unique among siblings     (names.cc)
//   2. joint parent/child names                                   (joints.cc)
//   3. canonical links, MODEL_WITHOUT_LINK                        (canonical.cc)
//   4. //frame/@attached_to values, then the attached_to graph:
//      no cycles, every frame reaches a link (or the world)       (attached_to.cc)
//   5. joint parent and child resolve to different links          (joints.cc)
//   6. //pose/@relative_to and //model/@placement_frame values, then the
//      relative_to graph: no cycles                               (relative_to.cc)
//   7. //joint/axis/xyz/@expressed_in values                      (joints.cc)
//   8. //joint/axis/mimic and //axis2/mimic (1.11): leader joint and
//      axis, no axis mimicking itself, no cycle of mimics         (joints.cc)
//
// Each phase appends diagnostics and carries on, so every error is reported.
// Names are looked up through scope.h: a reference is a sibling name,
// `__model__`, or `a::b::name` going down into nested models; never up.
//
// Invariants of a graph built without errors:
//  - `attached_to` edges form a forest whose roots are links, static models
//    and the world;
//  - `relative_to` edges form a tree rooted at the world frame;
//  - every edge points at an element of the same document.
// Nothing here recurses: every walk is iterative and the whole build is
// linear in the number of elements (plus the length of `::` references).
#ifndef SDFCONV_CORE_FRAME_GRAPH_H_
#define SDFCONV_CORE_FRAME_GRAPH_H_

#include <vector>

#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// The implicit world frame of a model file (a world file's world frame is
// its root element).
inline constexpr ElementId kWorldFrame = -2;

// The axis a //axis/mimic follows: `axis` (0 <axis>, 1 <axis2>) of the
// joint `joint`.
struct MimicLeader {
  ElementId joint = kNoElement;
  int axis = -1;
  [[nodiscard]] bool valid() const { return joint != kNoElement && axis >= 0; }
};

struct FrameGraph {
  // Indexed by ElementId. kNoElement where an edge does not apply or its
  // target could not be resolved.

  // Direct attached_to edge: link -> none (a root), joint -> child frame,
  // frame -> attached_to target (default: its scope's model frame or the
  // world), model -> canonical link (none when static), world frame -> none.
  std::vector<ElementId> attached_to;
  // Direct relative_to edge: the frame the element's <pose> is expressed in.
  // kWorldFrame for a model file's root model; kNoElement for the world.
  std::vector<ElementId> relative_to;
  // The link each element is rigidly attached to after following
  // attached_to edges: a link id, a static model's id, the world element,
  // or kWorldFrame. Collisions, visuals, sensors and lights: their link.
  std::vector<ElementId> body;
  // Joints: resolved <parent> and <child> frames (<parent>world</parent>,
  // and before 1.7 <child>world</child>, resolve to the world element or
  // kWorldFrame).
  std::vector<ElementId> joint_parent;
  std::vector<ElementId> joint_child;
  // Joints: the frame each axis is expressed in (default: the joint).
  std::vector<std::vector<ElementId>> axis_expressed_in;
  // Joints: per axis (as JointAxis), the leader its <mimic> names; invalid
  // (kNoElement) for an axis without <mimic> or with one that does not
  // resolve. A graph built without errors has no cycle of mimics.
  std::vector<std::vector<MimicLeader>> mimic;
  // Models: the canonical link (kNoElement for static models, and for models
  // whose only content is nested models without links).
  std::vector<ElementId> canonical_link;
  // Models: the frame named by @placement_frame (kNoElement when absent):
  // the model's <pose> places this frame, not the model frame.
  std::vector<ElementId> placement_frame;
  // True for every element inside a static model, at any depth: all of it
  // is fixed to the world.
  std::vector<bool> in_static_model;
};

// The link `id` moves with, or kWorldFrame when it is fixed to the world
// (attached to the world, to a model without links, or inside a static
// model), or kNoElement when unresolved. What outputs call "attached_to".
ElementId MovesWith(const Document& doc, const FrameGraph& graph,
                    ElementId id);

// Runs every phase over `doc`. Diagnostics go to `diags`; the returned graph
// is complete (usable for resolution) only when no error was added.
[[nodiscard]] FrameGraph BuildFrameGraph(const Document& doc, Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_FRAME_GRAPH_H_
