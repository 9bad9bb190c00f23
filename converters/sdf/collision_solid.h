// The solid a <collision> stands for in SDFormat 1.11's automatic inertia
// (//link/inertial/@auto, core/auto_inertia.h): its //collision/density
// and the shape of its <geometry>.
//
// Invariant: the shape is the one libsdformat's Geometry::Load picks when a
// <geometry> holds several: the first present of box, capsule, cone,
// cylinder, ellipsoid, plane, sphere, mesh, heightmap, polyline (then
// image, empty, anything else). A dimension not written takes its
// description's default (box size 1 1 1, capsule radius 0.5 and length 1,
// others 1); a malformed one is VALUE_INVALID and takes the default.
//
//   CollisionSolid solid = ReadCollisionSolid(collision, &diags);
//   if (solid.shape.kind == ShapeKind::kCone) { ... solid.shape.radius ... }
#ifndef SDFCONV_CONVERTERS_SDF_COLLISION_SOLID_H_
#define SDFCONV_CONVERTERS_SDF_COLLISION_SOLID_H_

#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

[[nodiscard]] CollisionSolid ReadCollisionSolid(XmlElement collision,
                                                Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_COLLISION_SOLID_H_
