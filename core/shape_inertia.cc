#include "core/shape_inertia.h"

#include <cmath>
#include <sstream>

namespace sdfconv {
namespace {

constexpr double kPi = 3.14159265358979323846;

// The principal moments `diagonal` about the centre of mass at the origin.
MassProperties Centred(double mass, const Eigen::Vector3d& diagonal) {
  MassProperties mp;
  mp.mass = mass;
  mp.I_Co_F = diagonal.asDiagonal();
  return mp;
}

// "the box size (1, 0, 2)" and the like, for messages.
std::string Describe(const Shape& s) {
  std::ostringstream out;
  out << "the " << ShapeKindName(s.kind) << " ";
  switch (s.kind) {
    case ShapeKind::kBox:
      out << "size (" << s.size.x() << ", " << s.size.y() << ", "
          << s.size.z() << ")";
      break;
    case ShapeKind::kEllipsoid:
      out << "radii (" << s.size.x() << ", " << s.size.y() << ", "
          << s.size.z() << ")";
      break;
    case ShapeKind::kSphere:
      out << "radius " << s.radius;
      break;
    default:
      out << "radius " << s.radius << " and length " << s.length;
      break;
  }
  return out.str();
}

bool DimensionsPositive(const Shape& s) {
  switch (s.kind) {
    case ShapeKind::kBox:
    case ShapeKind::kEllipsoid:
      return (s.size.array() > 0).all();
    case ShapeKind::kSphere:
      return s.radius > 0;
    case ShapeKind::kCapsule:
      return s.radius > 0 && s.length >= 0;
    default:  // cylinder, cone
      return s.radius > 0 && s.length > 0;
  }
}

MassProperties Capsule(double density, double r, double l) {
  const double r2 = r * r;
  const double m_cylinder = density * kPi * r2 * l;
  const double m_hemisphere = density * 2.0 / 3.0 * kPi * r2 * r;
  // A hemisphere's centre of mass is 3/8 r from its flat face.
  const double dz = l / 2.0 + r * 3.0 / 8.0;
  const double ixx = m_cylinder / 12.0 * (3 * r2 + l * l) +
                     2 * (83.0 / 320.0 * m_hemisphere * r2 +
                          m_hemisphere * dz * dz);
  const double izz =
      m_cylinder / 2.0 * r2 + 2 * (2.0 / 5.0 * m_hemisphere * r2);
  return Centred(m_cylinder + 2 * m_hemisphere, {ixx, ixx, izz});
}

}  // namespace

const char* ShapeKindName(ShapeKind kind) {
  switch (kind) {
    case ShapeKind::kNone: return "no geometry";
    case ShapeKind::kBox: return "box";
    case ShapeKind::kCapsule: return "capsule";
    case ShapeKind::kCone: return "cone";
    case ShapeKind::kCylinder: return "cylinder";
    case ShapeKind::kEllipsoid: return "ellipsoid";
    case ShapeKind::kSphere: return "sphere";
    case ShapeKind::kMesh: return "mesh";
    case ShapeKind::kPlane: return "plane";
    case ShapeKind::kHeightmap: return "heightmap";
    case ShapeKind::kPolyline: return "polyline";
    case ShapeKind::kImage: return "image";
    case ShapeKind::kEmpty: return "empty";
    case ShapeKind::kOther: return "an unknown geometry";
  }
  return "an unknown geometry";
}

std::optional<std::string> ShapeInertiaProblem(const Shape& shape,
                                               double density) {
  switch (shape.kind) {
    case ShapeKind::kBox:
    case ShapeKind::kCapsule:
    case ShapeKind::kCone:
    case ShapeKind::kCylinder:
    case ShapeKind::kEllipsoid:
    case ShapeKind::kSphere:
      break;
    case ShapeKind::kNone:
      return std::string("it has no geometry");
    default:
      return std::string("the inertia of a ") + ShapeKindName(shape.kind) +
             " geometry cannot be computed (only box, capsule, cone, "
             "cylinder, ellipsoid and sphere)";
  }
  if (!std::isfinite(density) || density <= 0) {
    std::ostringstream out;
    out << "its density " << density << " is not positive";
    return out.str();
  }
  if (!DimensionsPositive(shape) || !shape.size.allFinite() ||
      !std::isfinite(shape.radius) || !std::isfinite(shape.length)) {
    return Describe(shape) + " is not positive";
  }
  return std::nullopt;
}

std::optional<MassProperties> SolidMassProperties(const Shape& s,
                                                  double density) {
  if (ShapeInertiaProblem(s, density)) return std::nullopt;
  const double r2 = s.radius * s.radius;
  const double l2 = s.length * s.length;
  switch (s.kind) {
    case ShapeKind::kBox: {
      const Eigen::Vector3d d2 = s.size.array().square();
      const double m = density * s.size.prod();
      return Centred(m, m / 12.0 * Eigen::Vector3d(d2.y() + d2.z(),
                                                   d2.x() + d2.z(),
                                                   d2.x() + d2.y()));
    }
    case ShapeKind::kCylinder: {
      const double m = density * kPi * r2 * s.length;
      const double ixx = m / 12.0 * (3 * r2 + l2);
      return Centred(m, {ixx, ixx, m / 2.0 * r2});
    }
    case ShapeKind::kSphere: {
      const double m = density * 4.0 / 3.0 * kPi * r2 * s.radius;
      return Centred(m, Eigen::Vector3d::Constant(0.4 * m * r2));
    }
    case ShapeKind::kEllipsoid: {
      const Eigen::Vector3d d2 = s.size.array().square();
      const double m = density * 4.0 * kPi / 3.0 * s.size.prod();
      return Centred(m, m / 5.0 * Eigen::Vector3d(d2.y() + d2.z(),
                                                  d2.x() + d2.z(),
                                                  d2.x() + d2.y()));
    }
    case ShapeKind::kCone: {
      const double m = density * kPi * r2 * s.length / 3.0;
      const double ixx = 3.0 * m * (4.0 * r2 + l2) / 80.0;
      MassProperties mp = Centred(m, {ixx, ixx, 3.0 * m * r2 / 10.0});
      mp.p_FoCo_F = Eigen::Vector3d(0, 0, -0.25 * s.length);
      return mp;
    }
    case ShapeKind::kCapsule:
      return Capsule(density, s.radius, s.length);
    default:
      return std::nullopt;
  }
}

MassProperties Reexpressed(const MassProperties& mp_S, const Pose& X_FS) {
  const Eigen::Matrix3d R_FS = X_FS.linear();
  MassProperties mp_F;
  mp_F.mass = mp_S.mass;
  mp_F.p_FoCo_F = X_FS * mp_S.p_FoCo_F;
  mp_F.I_Co_F = R_FS * mp_S.I_Co_F * R_FS.transpose();
  return mp_F;
}

MassProperties Combined(const MassProperties& a, const MassProperties& b) {
  const double mass = a.mass + b.mass;
  if (!(mass > 0)) return a;
  MassProperties sum;
  sum.mass = mass;
  sum.p_FoCo_F = (a.mass * a.p_FoCo_F + b.mass * b.p_FoCo_F) / mass;
  // Each body's inertia about the common centre of mass: its own plus
  // m (|d|^2 E - d d^T), d from the common centre to its own.
  auto shifted = [&](const MassProperties& part) -> Eigen::Matrix3d {
    const Eigen::Vector3d d = part.p_FoCo_F - sum.p_FoCo_F;
    return part.I_Co_F +
           part.mass * (d.squaredNorm() * Eigen::Matrix3d::Identity() -
                        d * d.transpose());
  };
  sum.I_Co_F = shifted(a) + shifted(b);
  return sum;
}

MassProperties ScaledToMass(const MassProperties& mp, double mass) {
  MassProperties scaled = mp;
  scaled.mass = mass;
  // As libsdformat: the unit-mass inertia, times the mass.
  scaled.I_Co_F = mp.I_Co_F / mp.mass * mass;
  return scaled;
}

}  // namespace sdfconv
