// Closed forms written out by hand per shape (textbook solids: Wikipedia's
// list of moments of inertia), and the parallel-axis theorem worked by hand.
#include "core/shape_inertia.h"

#include <cmath>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

constexpr double kPi = 3.14159265358979323846;

void ExpectDiagonal(const MassProperties& mp, double ixx, double iyy,
                    double izz) {
  EXPECT_NEAR(mp.I_Co_F(0, 0), ixx, 1e-12 * std::abs(ixx));
  EXPECT_NEAR(mp.I_Co_F(1, 1), iyy, 1e-12 * std::abs(iyy));
  EXPECT_NEAR(mp.I_Co_F(2, 2), izz, 1e-12 * std::abs(izz));
  EXPECT_EQ(mp.I_Co_F(0, 1), 0);
  EXPECT_EQ(mp.I_Co_F(0, 2), 0);
  EXPECT_EQ(mp.I_Co_F(1, 2), 0);
}

Shape Box(double x, double y, double z) {
  Shape s;
  s.kind = ShapeKind::kBox;
  s.size = {x, y, z};
  return s;
}

Shape Round(ShapeKind kind, double radius, double length = 0) {
  Shape s;
  s.kind = kind;
  s.radius = radius;
  s.length = length;
  return s;
}

TEST(ShapeInertia, Box) {
  const auto mp = SolidMassProperties(Box(1, 2, 3), 10);
  ASSERT_TRUE(mp);
  const double m = 10 * 6;  // 60 kg
  EXPECT_DOUBLE_EQ(mp->mass, m);
  ExpectDiagonal(*mp, m / 12 * (4 + 9), m / 12 * (1 + 9), m / 12 * (1 + 4));
  EXPECT_EQ(mp->p_FoCo_F, Eigen::Vector3d::Zero());
}

TEST(ShapeInertia, Cylinder) {
  const auto mp = SolidMassProperties(Round(ShapeKind::kCylinder, 0.5, 2), 4);
  ASSERT_TRUE(mp);
  const double m = 4 * kPi * 0.25 * 2;
  EXPECT_DOUBLE_EQ(mp->mass, m);
  ExpectDiagonal(*mp, m * (3 * 0.25 + 4) / 12, m * (3 * 0.25 + 4) / 12,
                 m * 0.25 / 2);
}

TEST(ShapeInertia, Sphere) {
  const auto mp = SolidMassProperties(Round(ShapeKind::kSphere, 2), 3);
  ASSERT_TRUE(mp);
  const double m = 3 * 4.0 / 3.0 * kPi * 8;
  EXPECT_DOUBLE_EQ(mp->mass, m);
  ExpectDiagonal(*mp, 2.0 / 5 * m * 4, 2.0 / 5 * m * 4, 2.0 / 5 * m * 4);
}

TEST(ShapeInertia, Ellipsoid) {
  Shape s;
  s.kind = ShapeKind::kEllipsoid;
  s.size = {1, 2, 3};
  const auto mp = SolidMassProperties(s, 2);
  ASSERT_TRUE(mp);
  const double m = 2 * 4.0 / 3.0 * kPi * 6;
  EXPECT_DOUBLE_EQ(mp->mass, m);
  ExpectDiagonal(*mp, m / 5 * (4 + 9), m / 5 * (1 + 9), m / 5 * (1 + 4));
}

// A solid cone of height h and base radius r: centre of mass h/4 above the
// base; about it Ixx = 3/80 m (4 r^2 + h^2), Izz = 3/10 m r^2. SDFormat's
// cone is centred at half its length, base down.
TEST(ShapeInertia, ConeCentreOfMassIsAQuarterOfTheLengthBelowItsOrigin) {
  const auto mp = SolidMassProperties(Round(ShapeKind::kCone, 1, 4), 3);
  ASSERT_TRUE(mp);
  const double m = 3 * kPi * 1 * 4 / 3;  // 4 pi
  EXPECT_DOUBLE_EQ(mp->mass, m);
  EXPECT_EQ(mp->p_FoCo_F, Eigen::Vector3d(0, 0, -1));
  ExpectDiagonal(*mp, 3.0 / 80 * m * (4 + 16), 3.0 / 80 * m * (4 + 16),
                 3.0 / 10 * m);
}

// A capsule is a cylinder and two hemispheres. Hemisphere of mass mh:
// about its flat face's centre Ixx = Izz = 2/5 mh r^2; its centre of mass
// is 3/8 r from the face, so about the centre of mass
// Ixx = (2/5 - 9/64) mh r^2 = 83/320 mh r^2.
TEST(ShapeInertia, Capsule) {
  const double r = 0.5, l = 2, rho = 3;
  const auto mp = SolidMassProperties(Round(ShapeKind::kCapsule, r, l), rho);
  ASSERT_TRUE(mp);
  const double mc = rho * kPi * r * r * l;
  const double mh = rho * 2.0 / 3 * kPi * r * r * r;
  EXPECT_DOUBLE_EQ(mp->mass, mc + 2 * mh);
  // Each hemisphere about the capsule's centre: its face is l/2 away.
  const double dz = l / 2 + 3.0 / 8 * r;
  const double ixx = mc * (3 * r * r + l * l) / 12 +
                     2 * (83.0 / 320 * mh * r * r + mh * dz * dz);
  ExpectDiagonal(*mp, ixx, ixx, mc * r * r / 2 + 2 * (2.0 / 5 * mh * r * r));
}

TEST(ShapeInertia, CapsuleOfLengthZeroIsASphere) {
  const auto capsule = SolidMassProperties(Round(ShapeKind::kCapsule, 2), 3);
  ASSERT_TRUE(capsule);
  const double m = 3 * 4.0 / 3.0 * kPi * 8;
  EXPECT_DOUBLE_EQ(capsule->mass, m);
  ExpectDiagonal(*capsule, 0.4 * m * 4, 0.4 * m * 4, 0.4 * m * 4);
}

TEST(ShapeInertia, ProblemsAreNamed) {
  EXPECT_FALSE(ShapeInertiaProblem(Box(1, 1, 1), 1));
  EXPECT_TRUE(ShapeInertiaProblem(Box(1, 0, 1), 1));
  EXPECT_TRUE(ShapeInertiaProblem(Box(1, -1, 1), 1));
  EXPECT_TRUE(ShapeInertiaProblem(Box(1, 1, 1), 0));
  EXPECT_TRUE(ShapeInertiaProblem(Box(1, 1, 1), -2));
  EXPECT_TRUE(ShapeInertiaProblem(Round(ShapeKind::kCylinder, 1, 0), 1));
  EXPECT_TRUE(ShapeInertiaProblem(Round(ShapeKind::kCone, 0, 1), 1));
  EXPECT_TRUE(ShapeInertiaProblem(Round(ShapeKind::kSphere, 0), 1));
  EXPECT_TRUE(ShapeInertiaProblem(Round(ShapeKind::kCapsule, 1, -1), 1));
  EXPECT_TRUE(ShapeInertiaProblem(Round(ShapeKind::kSphere, NAN), 1));
  for (ShapeKind kind : {ShapeKind::kNone, ShapeKind::kMesh, ShapeKind::kPlane,
                         ShapeKind::kHeightmap, ShapeKind::kPolyline,
                         ShapeKind::kImage, ShapeKind::kEmpty,
                         ShapeKind::kOther}) {
    Shape s;
    s.kind = kind;
    EXPECT_TRUE(ShapeInertiaProblem(s, 1000)) << ShapeKindName(kind);
    EXPECT_FALSE(SolidMassProperties(s, 1000)) << ShapeKindName(kind);
  }
  EXPECT_EQ(*ShapeInertiaProblem(Box(1, 0, 1), 1),
            "the box size (1, 0, 1) is not positive");
}

// A 2x1x1 box (m = 2 at density 1) turned 90 degrees about z and moved to
// (1, 2, 3): its long side now along y, so about its centre Ixx = m/12
// (4 + 1), Iyy = m/12 (1 + 1), Izz = m/12 (4 + 1).
TEST(ShapeInertia, ReexpressedRotatesAndMoves) {
  const auto mp_S = SolidMassProperties(Box(2, 1, 1), 1);
  ASSERT_TRUE(mp_S);
  Pose X_FS = Pose::Identity();
  X_FS.translation() = Eigen::Vector3d(1, 2, 3);
  X_FS.linear() =
      Eigen::AngleAxisd(kPi / 2, Eigen::Vector3d::UnitZ()).toRotationMatrix();
  const MassProperties mp_F = Reexpressed(*mp_S, X_FS);
  EXPECT_DOUBLE_EQ(mp_F.mass, 2);
  EXPECT_TRUE(mp_F.p_FoCo_F.isApprox(Eigen::Vector3d(1, 2, 3)));
  Eigen::Matrix3d expected = Eigen::Vector3d(5.0 / 6, 2.0 / 6, 5.0 / 6)
                                 .asDiagonal();
  EXPECT_TRUE(mp_F.I_Co_F.isApprox(expected, 1e-12)) << mp_F.I_Co_F;
}

// The cone's centre of mass moves with the rotation: a cone turned upside
// down about x has it at +length/4.
TEST(ShapeInertia, ReexpressedMovesAnOffCentreCentreOfMass) {
  const auto mp_S = SolidMassProperties(Round(ShapeKind::kCone, 1, 4), 1);
  ASSERT_TRUE(mp_S);
  Pose X_FS = Pose::Identity();
  X_FS.linear() =
      Eigen::AngleAxisd(kPi, Eigen::Vector3d::UnitX()).toRotationMatrix();
  X_FS.translation() = Eigen::Vector3d(0, 0, 10);
  EXPECT_TRUE(Reexpressed(*mp_S, X_FS)
                  .p_FoCo_F.isApprox(Eigen::Vector3d(0, 0, 11)));
}

// Two unit cubes (m = 1 and 3) at x = 0 and x = 4: the centre of
// mass at x = 3; about it the 1 kg one is 3 away, the 3 kg one 1 away, so
// Iyy and Izz gain 1 * 9 + 3 * 1 = 12, Ixx nothing.
TEST(ShapeInertia, CombinedByTheParallelAxisTheorem) {
  MassProperties a = *SolidMassProperties(Box(1, 1, 1), 1);
  MassProperties b = *SolidMassProperties(Box(1, 1, 1), 3);
  b.p_FoCo_F = Eigen::Vector3d(4, 0, 0);
  const MassProperties sum = Combined(a, b);
  EXPECT_DOUBLE_EQ(sum.mass, 4);
  EXPECT_TRUE(sum.p_FoCo_F.isApprox(Eigen::Vector3d(3, 0, 0)));
  const double own = 1.0 / 6 + 3.0 / 6;  // m/12 (1 + 1) each
  ExpectDiagonal(sum, own, own + 12, own + 12);
}

// Off the axes, products of inertia appear: -m x y for a point mass.
TEST(ShapeInertia, CombinedOffAxisGivesProductsOfInertia) {
  MassProperties a;
  a.mass = 1;
  a.p_FoCo_F = Eigen::Vector3d(1, 1, 0);
  MassProperties b;
  b.mass = 1;
  b.p_FoCo_F = Eigen::Vector3d(-1, -1, 0);
  const MassProperties sum = Combined(a, b);
  EXPECT_TRUE(sum.p_FoCo_F.isZero());
  EXPECT_DOUBLE_EQ(sum.I_Co_F(0, 1), -2);  // -(1*1*1 + 1*(-1)*(-1))
  EXPECT_DOUBLE_EQ(sum.I_Co_F(1, 0), -2);
  EXPECT_DOUBLE_EQ(sum.I_Co_F(0, 0), 2);   // y^2 + z^2 each
  EXPECT_DOUBLE_EQ(sum.I_Co_F(2, 2), 4);   // x^2 + y^2 each
}

TEST(ShapeInertia, CombinedWithNothingIsItself) {
  const MassProperties box = *SolidMassProperties(Box(1, 2, 3), 1);
  const MassProperties sum = Combined(MassProperties{}, box);
  EXPECT_EQ(sum.mass, box.mass);
  EXPECT_EQ(sum.I_Co_F, box.I_Co_F);
}

TEST(ShapeInertia, ScaledToMassKeepsTheShape) {
  MassProperties box = *SolidMassProperties(Box(1, 1, 2), 1000);
  box.p_FoCo_F = Eigen::Vector3d(0, 0, 1);
  const MassProperties scaled = ScaledToMass(box, 6);
  EXPECT_DOUBLE_EQ(scaled.mass, 6);
  EXPECT_EQ(scaled.p_FoCo_F, box.p_FoCo_F);
  ExpectDiagonal(scaled, 6.0 / 12 * 5, 6.0 / 12 * 5, 6.0 / 12 * 2);
}

}  // namespace
}  // namespace sdfconv
