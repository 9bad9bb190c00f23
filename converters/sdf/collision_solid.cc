#include "converters/sdf/collision_solid.h"

#include <array>
#include <string_view>
#include <utility>

#include "converters/sdf/sdf_values.h"

namespace sdfconv {
namespace {

// libsdformat's order of preference (Geometry::Load), then the shapes it
// has no inertia for either way.
constexpr std::array<std::pair<std::string_view, ShapeKind>, 12> kShapes = {{
    {"box", ShapeKind::kBox},
    {"capsule", ShapeKind::kCapsule},
    {"cone", ShapeKind::kCone},
    {"cylinder", ShapeKind::kCylinder},
    {"ellipsoid", ShapeKind::kEllipsoid},
    {"plane", ShapeKind::kPlane},
    {"sphere", ShapeKind::kSphere},
    {"mesh", ShapeKind::kMesh},
    {"heightmap", ShapeKind::kHeightmap},
    {"polyline", ShapeKind::kPolyline},
    {"image", ShapeKind::kImage},
    {"empty", ShapeKind::kEmpty},
}};

// The number in `shape`'s child `tag`, or `fallback` when it is absent or
// malformed (VALUE_INVALID).
double Dimension(XmlElement shape, std::string_view tag, double fallback,
                 Diagnostics* diags) {
  const XmlElement element = FirstChildElement(shape, tag);
  return element ? ReadDouble(element, fallback, diags) : fallback;
}

Eigen::Vector3d Dimensions(XmlElement shape, std::string_view tag,
                           Diagnostics* diags) {
  const XmlElement element = FirstChildElement(shape, tag);
  const Eigen::Vector3d fallback = Eigen::Vector3d::Ones();
  return element ? ReadVector3(element, fallback, diags) : fallback;
}

Shape ReadShape(XmlElement geometry, Diagnostics* diags) {
  Shape shape;
  if (!geometry) return shape;
  XmlElement node;
  for (const auto& [tag, kind] : kShapes) {
    node = FirstChildElement(geometry, tag);
    if (node) {
      shape.kind = kind;
      break;
    }
  }
  if (!node) {
    for (XmlElement child : ChildElements(geometry)) {
      if (!IsNamespaced(child)) shape.kind = ShapeKind::kOther;
    }
    return shape;
  }
  switch (shape.kind) {
    case ShapeKind::kBox:
      shape.size = Dimensions(node, "size", diags);
      break;
    case ShapeKind::kEllipsoid:
      shape.size = Dimensions(node, "radii", diags);
      break;
    case ShapeKind::kSphere:
      shape.radius = Dimension(node, "radius", 1.0, diags);
      break;
    case ShapeKind::kCapsule:
      shape.radius = Dimension(node, "radius", 0.5, diags);
      shape.length = Dimension(node, "length", 1.0, diags);
      break;
    case ShapeKind::kCone:
    case ShapeKind::kCylinder:
      shape.radius = Dimension(node, "radius", 1.0, diags);
      shape.length = Dimension(node, "length", 1.0, diags);
      break;
    default:
      break;
  }
  return shape;
}

}  // namespace

CollisionSolid ReadCollisionSolid(XmlElement collision, Diagnostics* diags) {
  CollisionSolid solid;
  if (const XmlElement density = FirstChildElement(collision, "density")) {
    solid.density = ReadDouble(density, kDefaultDensity, diags);
  }
  solid.shape = ReadShape(FirstChildElement(collision, "geometry"), diags);
  return solid;
}

}  // namespace sdfconv
