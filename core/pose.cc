#include "core/pose.h"

#include <algorithm>
#include <cmath>

namespace sdfconv {

Eigen::Matrix3d RotationFromRpy(const Eigen::Vector3d& rpy) {
  return (Eigen::AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) *
          Eigen::AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
          Eigen::AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX()))
      .toRotationMatrix();
}

Eigen::Vector3d RpyFromRotation(const Eigen::Matrix3d& R) {
  // R = Rz(y) Ry(p) Rx(r): first column (cp cy, cp sy, -sp), last row
  // (-sp, cp sr, cp cr). atan2 keeps full precision at every pitch, where
  // asin(-R(2,0)) would lose half the digits near +-pi/2.
  const double cp = std::hypot(R(0, 0), R(1, 0));
  const double pitch = std::atan2(-R(2, 0), cp);
  // Near gimbal lock roll and yaw are each ill-conditioned (the last row
  // and first column shrink with cp) and only their difference is
  // well-defined. So yaw is not read from the first column but from
  // R Rx(r)^T = Rz(y) Ry(p), whose second column is (-sy, cy, 0) at every
  // pitch: whatever roll is taken, Rz(y) Ry(p) Rx(r) gives R back to
  // rounding. At exact gimbal lock, roll = 0.
  const double roll = cp < 1e-12 ? 0.0 : std::atan2(R(2, 1), R(2, 2));
  const double cr = std::cos(roll), sr = std::sin(roll);
  const double yaw = std::atan2(-(cr * R(0, 1) - sr * R(0, 2)),
                                cr * R(1, 1) - sr * R(1, 2));
  return {roll, pitch, yaw};
}

Pose PoseFromXyzRpy(const Eigen::Vector3d& xyz, const Eigen::Vector3d& rpy) {
  Pose X = Pose::Identity();
  X.linear() = RotationFromRpy(rpy);
  X.translation() = xyz;
  return X;
}

Eigen::Vector4d QuatWxyz(const Eigen::Matrix3d& R) {
  Eigen::Quaterniond q(R);
  q.normalize();
  if (q.w() < 0) q.coeffs() *= -1.0;
  return {q.w(), q.x(), q.y(), q.z()};
}

double PoseDistance(const Pose& a, const Pose& b) {
  const double dp = (a.translation() - b.translation()).norm();
  const Eigen::AngleAxisd d(a.linear().transpose() * b.linear());
  return dp + std::abs(d.angle());
}

}  // namespace sdfconv
