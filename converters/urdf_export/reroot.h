// Re-rooting a URDF tree (`--root-link NAME`): another link becomes the root.
//
// A tree can hang from any of its links. Re-rooting at link N reverses the
// joints on the path from N up to the old root and changes nothing else. A
// reversed joint keeps its name, type, frame J (X_WJ, from the Resolution),
// limits and dynamics; its parent and child swap, and its axis is negated.
// Why negated: URDF moves the child by R(a, q) (or a translation q a) in J;
// the reversed joint must move the old parent by the inverse, R(a, q)^-1 =
// R(-a, q), so with -a the joint position q means the same configuration as
// before, and lower/upper (and a mimic, safety controller or calibration
// written for q) stay valid unchanged. (Keeping a instead would need q' = -q:
// limits [-upper, -lower].) The new child's URDF frame is J, as URDF
// requires; the new root's URDF frame is its SDF link frame.
//
// Invariant: urdf_tree.h's invariant holds before and after, and at zero
// joint positions every URDF frame (and so everything on a link) keeps its
// world pose: only which side of a joint is the parent changes.
//
//   std::string error = Reroot("forearm", doc, r, &root, &links, &joints);
//   if (!error.empty()) { /* refuse with `error`; nothing was changed */ }
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_REROOT_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_REROOT_H_

#include <string>
#include <string_view>
#include <vector>

#include "converters/urdf_export/urdf_tree.h"
#include "core/document.h"
#include "core/resolver.h"

namespace sdfconv {

// Makes the link named `name` (a URDF link name, i.e. scoped with the
// separator) the root of the tree whose root is `*root`, and sets `*root`.
// Returns "" on success, else why it cannot (nothing is changed): `name` is
// not an SDF link of the tree (a frame, a link --approximate added, or no
// link at all), or the root is the `world` link (the model is fixed to the
// world, and URDF's world can only be a root).
// Requires: `links` and `joints` form a tree rooted at `*root` (urdf_tree.h).
[[nodiscard]] std::string Reroot(std::string_view name, const Document& doc,
                                 const Resolution& r, int* root,
                                 std::vector<UrdfLink>* links,
                                 std::vector<UrdfJoint>* joints);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_REROOT_H_
