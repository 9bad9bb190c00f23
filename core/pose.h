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

// A pose as the Document stores it: the 3x4 part of the transform, all an
// isometry holds (its last row is always 0 0 0 1), in 96 bytes where a
// Pose takes 128. It converts to and from a Pose exactly; arithmetic is
// done on Poses, so every number is the one a stored Pose would give.
class StoredPose {
 public:
  StoredPose() : m_(Eigen::Matrix<double, 3, 4>::Identity()) {}
  StoredPose(const Pose& X)  // NOLINT(google-explicit-constructor): exact
      : m_(X.matrix().topRows<3>()) {}
  operator Pose() const {  // NOLINT(google-explicit-constructor): exact
    Pose X;
    X.matrix().topRows<3>() = m_;
    X.makeAffine();
    return X;
  }
  [[nodiscard]] static StoredPose Identity() { return {}; }
  [[nodiscard]] Pose pose() const { return *this; }
  // Copies: a stored pose is changed only by assigning a Pose.
  [[nodiscard]] const Eigen::Vector3d translation() const { return m_.col(3); }
  [[nodiscard]] const Eigen::Matrix3d linear() const {
    return m_.leftCols<3>();
  }
  [[nodiscard]] bool isApprox(
      const Pose& other,
      double precision = Eigen::NumTraits<double>::dummy_precision()) const {
    return pose().isApprox(other, precision);
  }
  friend Pose operator*(const StoredPose& a, const Pose& b) {
    return a.pose() * b;
  }
  friend Pose operator*(const Pose& a, const StoredPose& b) {
    return a * b.pose();
  }

 private:
  Eigen::Matrix<double, 3, 4> m_;
};

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
