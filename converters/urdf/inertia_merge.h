// The inertial of a link with the links merged into it
// (UrdfImportOptions::merge_fixed_joints).
//
// When fixed joints are merged, a link C attached to body link B by a chain
// of fixed joints becomes a frame, and its mass joins B's. This is the one
// place the importer computes with poses: X_BC is the product of the
// chain's URDF origins (urdfdom's values), never a world pose. Each
// inertial is moved to B's frame (centre of mass p_BoCcm_B, rotational
// inertia re-expressed in B), then the masses are added, the centre of mass
// is their weighted mean, and the inertias are shifted to it by the
// parallel-axis theorem. The result is written with its pose at the
// combined centre of mass, axes parallel to B's.
//
// urdf_link_content.h writes the result (WriteMergedInertial).
#ifndef SDFCONV_CONVERTERS_URDF_INERTIA_MERGE_H_
#define SDFCONV_CONVERTERS_URDF_INERTIA_MERGE_H_

#include <vector>

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <urdf_model/link.h>

namespace sdfconv {

// Mass properties in a body frame B: mass, centre of mass p_BoBcm_B, and
// the rotational inertia about the centre of mass, expressed in B.
struct MassProperties {
  double mass = 0;
  Eigen::Vector3d p_BoBcm_B = Eigen::Vector3d::Zero();
  Eigen::Matrix3d I_Bcm_B = Eigen::Matrix3d::Zero();
};

// A urdfdom pose as an isometry (X_PC: position, then rotation).
[[nodiscard]] Eigen::Isometry3d IsometryFromUrdf(const urdf::Pose& pose);

// `inertial` (given in link C's frame) as seen from B, where X_BC is the
// pose of C in B.
[[nodiscard]] MassProperties InBodyFrame(const urdf::Inertial& inertial,
                                         const Eigen::Isometry3d& X_BC);

// The sum of several bodies' mass properties, all in one frame.
[[nodiscard]] MassProperties Combine(const std::vector<MassProperties>& parts);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_INERTIA_MERGE_H_
