// Shape inertia: the mass properties of SDFormat's solid shapes at a
// uniform density, and how mass properties move between frames and add up.
// SDFormat 1.11's automatic inertia (core/auto_inertia.h) is built from
// these.
//
// A shape is in its own frame S, as SDFormat places a <geometry>: centred
// on So; a cylinder, capsule or cone along z. The cone's base is at
// z = -length/2 and its apex at +length/2, so its centre of mass is at
// z = -length/4 (libsdformat's Cone::CalculateInertial).
//
// Invariant: the numbers are gz-math's (MassMatrix3::SetFromBox,
// SetFromCylinderZ, SetFromSphere, SetFromConeZ; Capsule::MassMatrix and
// Ellipsoid::MassMatrix; Inertial::operator+ for Combined), so a link's
// computed inertia equals libsdformat's:
//   box        m = rho x y z        I = m/12 diag(y2+z2, x2+z2, x2+y2)
//   cylinder   m = rho pi r2 l      Ixx = Iyy = m/12 (3 r2 + l2), Izz = m r2/2
//   sphere     m = rho 4/3 pi r3    I = 2/5 m r2
//   ellipsoid  m = rho 4/3 pi a b c Ixx = m/5 (b2 + c2), ...
//   cone       m = rho pi r2 l / 3  Ixx = Iyy = 3 m (4 r2 + l2)/80,
//                                   Izz = 3 m r2/10, about the centre of mass
//   capsule    a cylinder and two hemispheres (m_h = rho 2/3 pi r3,
//              Ixx = 83/320 m_h r2, Izz = 2/5 m_h r2 about their centres,
//              at z = +-(l/2 + 3r/8)).
//
//   Shape box{ShapeKind::kBox, {1, 2, 3}};
//   std::optional<MassProperties> mp_S = SolidMassProperties(box, 1000);
//   MassProperties mp_L = Reexpressed(*mp_S, X_LS);
#ifndef SDFCONV_CORE_SHAPE_INERTIA_H_
#define SDFCONV_CORE_SHAPE_INERTIA_H_

#include <cstdint>
#include <optional>
#include <string>

#include <Eigen/Core>

#include "core/pose.h"

namespace sdfconv {

// What a <geometry> holds: every SDFormat 1.11 shape, kNone when there is
// no <geometry> or it is empty of shapes, kOther for anything else.
enum class ShapeKind : uint8_t {
  kNone,
  kBox,
  kCapsule,
  kCone,
  kCylinder,
  kEllipsoid,
  kSphere,
  kMesh,
  kPlane,
  kHeightmap,
  kPolyline,
  kImage,
  kEmpty,  // <empty/>
  kOther,
};

// "box", "cone", ...; "no geometry" for kNone, "an unknown geometry" for
// kOther.
const char* ShapeKindName(ShapeKind kind);

struct Shape {
  ShapeKind kind = ShapeKind::kNone;
  Eigen::Vector3d size = Eigen::Vector3d::Zero();  // box: size; ellipsoid: radii
  double radius = 0;  // sphere, cylinder, capsule, cone
  double length = 0;  // cylinder, capsule, cone
};

// A body's mass m, the position p_FoCo_F of its centre of mass Co from the
// origin of a frame F, and its inertia I_Co_F about Co, expressed in F.
struct MassProperties {
  double mass = 0;
  Eigen::Vector3d p_FoCo_F = Eigen::Vector3d::Zero();
  Eigen::Matrix3d I_Co_F = Eigen::Matrix3d::Zero();
};

// Why `shape` filled at `density` has no mass properties here, or nothing
// when it has: a shape without a volume formula (a mesh, a plane, ...), a
// density that is not positive, or a dimension that is not positive (a
// capsule's length may be 0: a sphere).
[[nodiscard]] std::optional<std::string> ShapeInertiaProblem(
    const Shape& shape, double density);

// The mass properties of `shape` filled at `density`, in its frame S;
// nothing when ShapeInertiaProblem finds a problem.
[[nodiscard]] std::optional<MassProperties> SolidMassProperties(
    const Shape& shape, double density);

// `mp_S` expressed in F, with S posed in F by X_FS: p_FoCo_F = p_FoS +
// R_FS p_SoCo_S, I_Co_F = R_FS I_Co_S R_FS^T.
[[nodiscard]] MassProperties Reexpressed(const MassProperties& mp_S,
                                         const Pose& X_FS);

// Two bodies, both in F, as one: masses added, the centre of mass their
// weighted mean, inertias moved to it by the parallel-axis theorem. When
// the total mass is not positive, `a` unchanged (gz-math's rule).
[[nodiscard]] MassProperties Combined(const MassProperties& a,
                                      const MassProperties& b);

// `mp` with its mass changed to `mass` and its inertia scaled with it (the
// density scaled uniformly); the centre of mass stays. Requires
// mp.mass > 0.
[[nodiscard]] MassProperties ScaledToMass(const MassProperties& mp,
                                          double mass);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_SHAPE_INERTIA_H_
