// Pose math in SDFormat's convention.
//
// A pose `x y z roll pitch yaw` is the rigid transform X_PF of frame F in its
// parent frame P: translation (x, y, z), rotation R = Rz(yaw) Ry(pitch)
// Rx(roll) (extrinsic X-Y-Z). Poses compose left to right in monogram
// notation: X_WC = X_WP * X_PC.
//
// Invariant: RpyFromRotation(RotationFromRpy(rpy)) gives back the same
// rotation (not always the same numbers: roll and yaw are only defined up to
// the gimbal-lock ambiguity at pitch = +-pi/2, where roll is set to 0).
#ifndef SDFCONV_CORE_POSE_H_
#define SDFCONV_CORE_POSE_H_

#include <Eigen/Geometry>

namespace sdfconv {

using Pose = Eigen::Isometry3d;

Eigen::Matrix3d RotationFromRpy(const Eigen::Vector3d& rpy);
Eigen::Vector3d RpyFromRotation(const Eigen::Matrix3d& R);

// X_PF from `x y z roll pitch yaw`.
Pose PoseFromXyzRpy(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy);

// (w, x, y, z) with w >= 0.
Eigen::Vector4d QuatWxyz(const Eigen::Matrix3d& R);

// The largest difference between two poses: translation distance plus the
// rotation angle between them (radians). For tests and comparisons.
double PoseDistance(const Pose& a, const Pose& b);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_POSE_H_
