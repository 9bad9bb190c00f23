// --approximate: SDFormat joint types URDF lacks, as the closest URDF form.
//
// URDF has revolute, continuous, prismatic and fixed joints. Under
// --approximate the others become a chain of URDF joints ("pieces") joined
// by massless links, every piece with the SDF joint frame J as its frame:
//
// | SDF        | pieces (name: axis)                                | what changes |
// | universal, revolute2 | revolute `j`: <axis>, revolute `j_axis2`: <axis2>; link `j_link1` | nothing kinematic: SDFormat defines both as these two revolutes in series (axis 1 turns with the parent, axis 2 with the child) |
// | ball       | continuous `j`, `j_axis2`, `j_axis3`: x, y, z of J; links `j_link1`, `j_link2` | the same rotations, as x-y-z Euler angles: singular at y = +-90 degrees |
// | screw      | revolute `j`: <axis>                               | the translation along the axis coupled to the angle is lost (the warning gives the pitch in metres per revolution, joint_limits.h) |
// | gearbox    | revolute `j`: <axis2> (else <axis>)                | the coupling to the parent's turn about <axis> (gearbox_ratio, gearbox_reference_body) is lost |
//
// Limits and dynamics of a piece are its SDF axis's (a ball has none, so its
// pieces are continuous and unlimited). An absent <axis> or <axis2> has
// SDFormat's default direction, xyz 0 0 1 (joint.sdf), and the warning says
// so; it has no limits. The first piece keeps the SDF
// joint's name, so a transmission or mimic naming the joint still finds it;
// the n-th piece is `<j>_axis<n>`, the massless link after piece n is
// `<j>_link<n>`. Those names can collide with the model's own; the writer
// then refuses rather than rename.
//
// Invariant: at zero joint positions every piece's frame is J, so the URDF
// frame of the SDF child link (and forward kinematics at zero positions) is
// exactly the SDF's; only motion away from zero differs, as the table says.
//
//   std::optional<JointApproximation> a = ApproximateJoint("universal", 2);
//   // a->pieces: {revolute, axis 0}, {revolute, axis 1}
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_JOINT_APPROXIMATION_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_JOINT_APPROXIMATION_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <Eigen/Core>

namespace sdfconv {

// One URDF joint of the chain that stands for an SDF joint.
struct JointPiece {
  std::string type;  // "revolute" or "continuous"
  // The SDF axis giving direction, limits and dynamics: 0 <axis>, 1 <axis2>,
  // -1 none (then `axis_J`).
  int sdf_axis = 0;
  std::optional<Eigen::Vector3d> axis_J;  // a fixed direction in J
  // The SDF axis `sdf_axis` is absent (a universal joint without <axis2>):
  // its direction is SDFormat's default, xyz 0 0 1, and it has no limits.
  bool default_axis = false;
};

struct JointApproximation {
  std::vector<JointPiece> pieces;  // from the parent link to the child link
  std::string change;              // what changes, in words (the table)
};

// True for the joint types URDF has: revolute, continuous, prismatic, fixed.
bool IsUrdfJointType(std::string_view sdf_type);

// The chain for an SDF joint of `sdf_type` with `sdf_axes` axes (<axis>,
// <axis2>), or nothing for a type URDF has or one with no approximation. A
// piece whose SDF axis is not among the `sdf_axes` has `default_axis`.
std::optional<JointApproximation> ApproximateJoint(std::string_view sdf_type,
                                                   size_t sdf_axes);

// URDF names of piece `k` (0-based) of joint `joint`, and of the massless
// link after it (k < pieces - 1).
std::string PieceJointName(std::string_view joint, size_t k);
std::string PieceLinkName(std::string_view joint, size_t k);

// What a screw joint loses, naming its pitch (metres per revolution,
// positive right-handed: ScrewThreadPitch) when given.
std::string ScrewTranslationLost(std::optional<double> pitch);

// The error for a joint URDF lacks when --approximate is not given (it says
// what --approximate would write), or has no approximation.
std::string UnsupportedJointMessage(std::string_view joint,
                                    std::string_view sdf_type,
                                    size_t sdf_axes);

// The warning for a joint written as `approximation`: every piece and link,
// and what changes.
std::string ApproximationWarning(std::string_view joint,
                                 std::string_view sdf_type,
                                 const JointApproximation& approximation);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_JOINT_APPROXIMATION_H_
