// Automatic inertia (SDFormat 1.11, //link/inertial/@auto): each such
// link's mass, centre of mass and inertia computed from its collisions, as
// libsdformat's Link::ResolveAutoInertials computes them.
//
// For a link whose Inertial::automatic is set, every <collision> directly
// in it is a solid (Element::solid, shape_inertia.h) of density
// //collision/density, else //inertial/density, else 1000 kg/m^3 (a warning
// ELEMENT_MISSING when //inertial/mass is not given either: the default is
// then what decides the mass). Each solid is placed by its collision's pose
// in the link frame L (through the Resolution when the pose is relative_to
// another frame) and the solids add up (parallel-axis theorem). When
// //inertial/mass is given, the result is scaled to that mass. The link's
// Inertial then holds: mass; pose = the centre of mass in L with no
// rotation; inertia about the centre of mass, expressed in L (libsdformat's
// Inertial sum has an identity rotation).
//
// Diagnostics:
//  - no <collision> in the link: ELEMENT_MISSING (error), as libsdformat;
//  - a collision whose solid has no inertia here (a plane, no geometry, a
//    size or density that is not positive): LINK_INERTIA_INVALID (error),
//    as libsdformat;
//  - a mesh collision: AUTO_INERTIA_MESH_UNSUPPORTED (warning). sdfconv has
//    no mesh library; the mesh counts as libsdformat counts it without a
//    mesh calculator: 1 kg, unit moments, at the collision's origin;
//  - a computed inertia that is not valid (core/inertia.h: only with a
//    negative //inertial/mass): LINK_INERTIA_INVALID (error).
// A link with an error keeps the Inertial its front end read.
//
//   Resolution r = ResolveAll(doc, graph);
//   ResolveAutoInertials(&doc, &r, &diags);
//   doc.at(link).inertial->mass;  // computed
#ifndef SDFCONV_CORE_AUTO_INERTIA_H_
#define SDFCONV_CORE_AUTO_INERTIA_H_

#include "core/diagnostic.h"
#include "core/document.h"
#include "core/resolver.h"

namespace sdfconv {

// True when some link of `doc` has an automatic inertia.
[[nodiscard]] bool HasAutoInertia(const Document& doc);

// Computes the inertia of every link of `doc` with an automatic inertia
// and stores it in the link's Inertial. `resolution` is `doc`'s
// (ResolveAll); null when the frame graph has errors: the links are then
// only checked, and a link with a collision posed relative_to another
// frame is left as read.
void ResolveAutoInertials(Document* doc, const Resolution* resolution,
                          Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_AUTO_INERTIA_H_
