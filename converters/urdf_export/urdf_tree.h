// The URDF kinematic tree the URDF writer builds before it writes any text.
//
// URDF puts each link's frame at its parent joint's frame, so every link
// here carries X_WLu, its URDF frame in the world at zero joint positions,
// and every joint X_WJ, its frame in the world at zero joint positions. A
// joint's <origin> is X_WP^-1 X_WJ with P its parent's URDF frame; the
// content of a link is placed relative to X_WLu. Nothing else about poses is
// stored, so any change of the tree (re-rooting, reroot.h) only has to keep
// the invariant below.
//
// Invariant: for every joint e with child c, links[c].parent_joint == e and
// links[c].X_WLu == joints[e].X_WJ; exactly one link (the root) has
// parent_joint -1, and its X_WLu is its SDF link frame (or, for the `world`
// link, the exported model's frame).
//
//   UrdfJoint joint{"j", j, "revolute", parent, child, r.X_W[j]};
//   Eigen::Vector3d axis_J = AxisInJointFrame(joint, r);  // <axis xyz>
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_URDF_TREE_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_URDF_TREE_H_

#include <optional>
#include <string>
#include <utility>

#include "core/document.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {

// One URDF link: an SDF link, an explicit frame, the world, or a massless
// link that --approximate puts between the pieces of a joint.
struct UrdfLink {
  std::string name;
  // The SDF link or frame; for a link --approximate adds, the SDF joint it
  // belongs to; kNoElement: the world link.
  ElementId element = kNoElement;
  int parent_joint = -1;
  Pose X_WLu = Pose::Identity();  // the URDF link frame in the world
};

// One URDF joint: an SDF joint (or one piece of it, under --approximate),
// or a generated fixed joint.
struct UrdfJoint {
  UrdfJoint() = default;
  UrdfJoint(std::string name, ElementId element, std::string type, int parent,
            int child, const Pose& X_WJ)
      : name(std::move(name)), element(element), type(std::move(type)),
        parent(parent), child(child), X_WJ(X_WJ) {}

  std::string name;
  ElementId element = kNoElement;  // the SDF joint; kNoElement: generated
  std::string type;                // URDF type
  int parent = -1;
  int child = -1;
  Pose X_WJ = Pose::Identity();
  // The SDF axis giving direction, limits and dynamics: 0 <axis>, 1
  // <axis2>, -1 none (then `axis_J` gives the direction).
  int sdf_axis = 0;
  // A fixed direction in the joint frame (the pieces of a ball joint).
  std::optional<Eigen::Vector3d> axis_J;
  // Parent and child swapped by re-rooting: the axis is negated, so the
  // joint position keeps its meaning (and its limits).
  bool reversed = false;
};

// The joint's <origin>: X_PJ = X_WP^-1 X_WJ with P `parent`'s URDF frame;
// exactly the identity when the two frames are the same pose (the pieces of
// an approximated joint), so no rounding noise is written.
Pose JointOrigin(const UrdfLink& parent, const UrdfJoint& joint);

// The unit axis of `joint` in its joint frame, as written in <axis xyz>:
// `axis_J`, else Resolution::axes_J[element][sdf_axis] (an axis
// the SDF does not write is there with its default: the front end supplies
// it), negated when `reversed`. A joint with neither (fixed) gets the unit z
// axis, which URDF ignores.
Eigen::Vector3d AxisInJointFrame(const UrdfJoint& joint, const Resolution& r);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_URDF_TREE_H_
