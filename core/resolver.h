// Resolver: every element's pose in the world frame, from a valid FrameGraph.
//
// Resolving walks the relative_to tree once, iteratively, memoising each
// element's world pose: linear in the document's size whatever its depth (a
// 100,000-long relative_to chain is fine). Any pose relative to any other
// frame is then one composition: X_AB = X_WA^-1 * X_WB.
//
// For a model file, "world" is the frame into which the root model is placed
// by its own <pose>; for a file holding a lone light or actor, the frame its
// <pose> places it in.
//
//   Diagnostics diags;
//   FrameGraph graph = BuildFrameGraph(doc, &diags);
//   if (!diags.HasErrors()) {
//     Resolution r = ResolveAll(doc, graph);
//     Pose X_WL = r.X_W[link_id];
//   }
#ifndef SDFCONV_CORE_RESOLVER_H_
#define SDFCONV_CORE_RESOLVER_H_

#include <optional>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"

namespace sdfconv {

struct Resolution {
  // Indexed by ElementId: world pose of each element's frame (identity for
  // the world and for kOther elements).
  std::vector<Pose> X_W;
  // Indexed by ElementId: for joints, each axis (JointSpec::axes, defaults
  // included) as a unit vector in the world frame; empty otherwise.
  std::vector<std::vector<Eigen::Vector3d>> axes_W;
  // The same axes in the joint's own frame J: exactly the normalised xyz
  // when the axis is expressed in J (no round trip through the world).
  std::vector<std::vector<Eigen::Vector3d>> axes_J;
};

// Requires: `graph` was built from `doc` without errors.
[[nodiscard]] Resolution ResolveAll(const Document& doc, const FrameGraph& graph);

// Whether every world pose and axis of `r` is finite; if not, one
// POSE_NOT_FINITE error in `diags`, at the first element (in document
// order) whose pose or axis is not, naming how many are not. Finite poses
// can compose past the range of a double (1e308 + 1e308); every back end
// calls this before it writes what it resolved.
[[nodiscard]] bool CheckFinite(const Document& doc, const Resolution& r,
                               Diagnostics* diags);

// X_AB: the pose of `frame` relative to `relative_to` (kWorldFrame or the
// world element for the world).
Pose RelativePose(const Resolution& r, ElementId frame, ElementId relative_to);

// Looks `frame` and `relative_to` up by name in `scope` (a model or the
// world; see scope.h) and returns X_{relative_to}{frame}, or nothing when a
// name does not resolve. An empty `relative_to` means the scope's own frame.
std::optional<Pose> ResolvePose(const Document& doc, const Resolution& r,
                                ElementId scope, std::string_view frame,
                                std::string_view relative_to);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_RESOLVER_H_
