// Each case below was checked against libsdformat 12 (a link with this
// <inertial>, loaded by testing/sdformat_oracle): valid there exactly when
// InertiaProblem() finds nothing.
#include "core/inertia.h"

#include <cmath>
#include <limits>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

namespace sdfconv {
namespace {

Eigen::Matrix3d Moments(double ixx, double iyy, double izz, double ixy = 0,
                        double ixz = 0, double iyz = 0) {
  Eigen::Matrix3d I;
  I << ixx, ixy, ixz,  //
      ixy, iyy, iyz,   //
      ixz, iyz, izz;
  return I;
}

bool Valid(double mass, const Eigen::Matrix3d& I) {
  return !InertiaProblem(mass, I).has_value();
}

TEST(Inertia, LibsdformatsDefaultIsValid) {
  EXPECT_TRUE(Valid(1.0, Eigen::Matrix3d::Identity()));
}

TEST(Inertia, MassMayBeZeroButNotNegative) {
  EXPECT_TRUE(Valid(0.0, Eigen::Matrix3d::Identity()));
  EXPECT_TRUE(Valid(0.0, Eigen::Matrix3d::Zero()));
  EXPECT_EQ(InertiaProblem(-1.0, Eigen::Matrix3d::Identity()),
            "the mass -1 is negative");
  // No tolerance on the mass (MassMatrix3::IsNearPositive: mass >= 0).
  EXPECT_FALSE(Valid(-1e-20, Eigen::Matrix3d::Identity()));
}

TEST(Inertia, TriangleInequalityWithinTolerance) {
  EXPECT_TRUE(Valid(1, Moments(1, 1, 2)));  // on the boundary
  EXPECT_TRUE(Valid(1, Moments(1, 1, 2 + 1e-16)));
  const auto why = InertiaProblem(1, Moments(1, 1, 2.000000000001));
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("triangle inequality"), std::string::npos);
  // gazebo_models' simple_arm: arm_base.
  EXPECT_FALSE(Valid(101, Moments(1.11, 100.11, 1.01)));
}

TEST(Inertia, NegativeMomentsWithinToleranceAreZero) {
  EXPECT_TRUE(Valid(1, Moments(-1e-17, 1, 1)));
  EXPECT_FALSE(Valid(1, Moments(-1e-3, 1, 1)));
}

TEST(Inertia, ProductsOfInertiaMustLeaveTheMatrixPositive) {
  // Not positive semi-definite: Ixx Iyy - Ixy^2 < 0.
  const auto why = InertiaProblem(1, Moments(1, 1, 1, 2));
  ASSERT_TRUE(why.has_value());
  EXPECT_NE(why->find("positive semi-definite"), std::string::npos);
  // A valid body, rotated: products of inertia, principal moments (1, 2, 2.5).
  const Eigen::Matrix3d R =
      Eigen::AngleAxisd(0.3, Eigen::Vector3d(1, 2, 3).normalized())
          .toRotationMatrix();
  const Eigen::Matrix3d I =
      R * Eigen::Vector3d(1, 2, 2.5).asDiagonal() * R.transpose();
  EXPECT_TRUE(Valid(1, I));
  // The same, breaking the triangle inequality: (1, 2, 3.5).
  const Eigen::Matrix3d J =
      R * Eigen::Vector3d(1, 2, 3.5).asDiagonal() * R.transpose();
  EXPECT_FALSE(Valid(1, J));
}

TEST(Inertia, OnlyTheUpperTriangleIsRead) {
  Eigen::Matrix3d I = Moments(1, 1, 1, 0.1);
  I(1, 0) = 99;  // ignored
  EXPECT_TRUE(Valid(1, I));
}

TEST(Inertia, NonFiniteValuesAreInvalid) {
  EXPECT_FALSE(Valid(std::numeric_limits<double>::infinity(),
                     Eigen::Matrix3d::Identity()));
  EXPECT_FALSE(Valid(1, Moments(std::nan(""), 1, 1)));
}

}  // namespace
}  // namespace sdfconv
