// The frame graphs as pictures: a Document and its FrameGraph written as a
// Graphviz DOT digraph (docs/graph.md).
//
//   kKinematic:  links as boxes, joints as edges parent -> child labelled
//                "name\ntype", explicit frames as dashed ellipses hanging
//                off what they are attached to, the world as a double
//                circle, each model's canonical link bold with
//                "(canonical)"; every model a cluster, nested ones inside.
//   kAttachedTo: every frame (world, models, links, joints, frames) and the
//                spec's attached_to edges; each labelled with the frame's
//                pose relative to its target when `resolution` is given.
//   Pose labels are "x y z roll pitch yaw" with nine significant digits
//   (what rounding leaves of zero shown as 0): for reading; exact values
//   are `convert --to flat`'s.
//   kRelativeTo: the same frames and the relative_to edges, each labelled
//                with the element's <pose> as read.
//
// Invariants: the same Document gives the same bytes (nodes and edges in
// document order; node ids are the kind and scoped name, quoted); a graph
// built with errors still draws: an edge whose target did not resolve goes
// to a red dashed "missing" node labelled with the name written, and an
// edge on a cycle of the drawn graph (or, in the kinematic view, of the
// attached_to graph) is red and bold. Nothing recurses; linear in the
// number of elements.
//
//   std::string dot = WriteDot(doc, graph, nullptr, GraphKind::kKinematic);
#ifndef SDFCONV_CONVERTERS_GRAPH_DOT_WRITER_H_
#define SDFCONV_CONVERTERS_GRAPH_DOT_WRITER_H_

#include <string>

#include "core/document.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv {

enum class GraphKind { kKinematic, kAttachedTo, kRelativeTo };

// `resolution`: the world poses of a graph built without errors, or
// nullptr (no pose labels on attached_to edges).
[[nodiscard]] std::string WriteDot(const Document& doc,
                                   const FrameGraph& graph,
                                   const Resolution* resolution,
                                   GraphKind kind);

// The text of `s` as a DOT quoted string, quotes included.
[[nodiscard]] std::string DotQuoted(const std::string& s);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_GRAPH_DOT_WRITER_H_
