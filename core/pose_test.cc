#include "core/pose.h"

#include <cmath>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(Pose, RpyIsExtrinsicXYZ) {
  // R = Rz(yaw) Ry(pitch) Rx(roll): roll 90 degrees maps y to z.
  const Eigen::Matrix3d R = RotationFromRpy({M_PI / 2, 0, 0});
  EXPECT_LT((R * Eigen::Vector3d::UnitY() - Eigen::Vector3d::UnitZ()).norm(),
            1e-15);
  // yaw applied last: roll 90 then yaw 90 maps y -> z -> z.
  const Eigen::Matrix3d R2 = RotationFromRpy({M_PI / 2, 0, M_PI / 2});
  EXPECT_LT((R2 * Eigen::Vector3d::UnitY() - Eigen::Vector3d::UnitZ()).norm(),
            1e-15);
  // and x -> x -> y.
  EXPECT_LT((R2 * Eigen::Vector3d::UnitX() - Eigen::Vector3d::UnitY()).norm(),
            1e-15);
}

TEST(Pose, RpyRoundTrips) {
  for (double r : {-3.0, -1.0, 0.0, 0.4, 2.9}) {
    for (double p : {-1.5, -0.3, 0.0, 0.7, 1.5}) {
      for (double y : {-3.1, -0.2, 0.0, 1.0, 3.1}) {
        const Eigen::Vector3d rpy(r, p, y);
        const Eigen::Vector3d back = RpyFromRotation(RotationFromRpy(rpy));
        EXPECT_LT((back - rpy).norm(), 1e-12) << rpy.transpose();
      }
    }
  }
}

TEST(Pose, NearGimbalLockKeepsRotationToRounding) {
  // Pitch 1e-11 from pi/2 (URDFs write 1.57079632679): roll and yaw are each
  // ill-conditioned there, but the rotation they give back must not be.
  for (double pitch : {1.57079632679, -1.57079632679, M_PI / 2 - 1e-7}) {
    for (double roll : {0.0, 0.3, -2.5}) {
      const Eigen::Matrix3d R = RotationFromRpy({roll, pitch, 0.7});
      const Eigen::Matrix3d back = RotationFromRpy(RpyFromRotation(R));
      EXPECT_LT((back - R).cwiseAbs().maxCoeff(), 1e-15)
          << "roll " << roll << " pitch " << pitch;
    }
  }
}

TEST(Pose, GimbalLockKeepsRotation) {
  const Eigen::Matrix3d R = RotationFromRpy({0.3, M_PI / 2, 0.5});
  const Eigen::Matrix3d back = RotationFromRpy(RpyFromRotation(R));
  EXPECT_LT((back - R).norm(), 1e-9);
}

TEST(Pose, QuatWxyzHasNonNegativeW) {
  const Eigen::Vector4d q = QuatWxyz(RotationFromRpy({0, 0, M_PI / 2}));
  EXPECT_NEAR(q[0], std::sqrt(0.5), 1e-15);
  EXPECT_NEAR(q[3], std::sqrt(0.5), 1e-15);
  const Eigen::Vector4d q2 = QuatWxyz(RotationFromRpy({0, 0, 3.0}));
  EXPECT_GE(q2[0], 0.0);
}

TEST(Pose, ComposeAndDistance) {
  const Pose a = PoseFromXyzRpy({1, 0, 0}, {0, 0, M_PI / 2});
  const Pose b = PoseFromXyzRpy({1, 0, 0}, {0, 0, 0});
  const Pose ab = a * b;
  EXPECT_LT((ab.translation() - Eigen::Vector3d(1, 1, 0)).norm(), 1e-15);
  EXPECT_EQ(PoseDistance(a, a), 0.0);
  EXPECT_NEAR(PoseDistance(a, b), M_PI / 2, 1e-12);
}

}  // namespace
}  // namespace sdfconv
