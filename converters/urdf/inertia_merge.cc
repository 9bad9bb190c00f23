#include "converters/urdf/inertia_merge.h"

namespace sdfconv {

Eigen::Isometry3d IsometryFromUrdf(const urdf::Pose& pose) {
  double x, y, z, w;
  pose.rotation.getQuaternion(x, y, z, w);
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(w, x, y, z).normalized().toRotationMatrix();
  X.translation() =
      Eigen::Vector3d(pose.position.x, pose.position.y, pose.position.z);
  return X;
}

MassProperties InBodyFrame(const urdf::Inertial& inertial,
                           const Eigen::Isometry3d& X_BC) {
  const Eigen::Isometry3d X_BI = X_BC * IsometryFromUrdf(inertial.origin);
  Eigen::Matrix3d I_I;
  I_I << inertial.ixx, inertial.ixy, inertial.ixz,  //
      inertial.ixy, inertial.iyy, inertial.iyz,     //
      inertial.ixz, inertial.iyz, inertial.izz;
  const Eigen::Matrix3d R_BI = X_BI.linear();
  MassProperties out;
  out.mass = inertial.mass;
  out.p_BoBcm_B = X_BI.translation();
  out.I_Bcm_B = R_BI * I_I * R_BI.transpose();
  return out;
}

MassProperties Combine(const std::vector<MassProperties>& parts) {
  MassProperties out;
  for (const MassProperties& p : parts) {
    out.mass += p.mass;
    out.p_BoBcm_B += p.mass * p.p_BoBcm_B;
  }
  if (out.mass > 0) out.p_BoBcm_B /= out.mass;
  for (const MassProperties& p : parts) {
    const Eigen::Vector3d d = p.p_BoBcm_B - out.p_BoBcm_B;
    out.I_Bcm_B += p.I_Bcm_B + p.mass * (d.squaredNorm() *
                                             Eigen::Matrix3d::Identity() -
                                         d * d.transpose());
  }
  return out;
}

}  // namespace sdfconv
