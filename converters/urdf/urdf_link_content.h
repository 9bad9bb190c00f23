// The content of a URDF link in SDFormat: inertial, visuals, collisions.
//
// Poses are the URDF origins as written (urdf_values.h). Geometry, mass,
// inertia and materials come from urdfdom's model: named robot-level
// materials are resolved as urdfdom resolves them, rgba becomes <ambient>
// and <diffuse>, a texture becomes <pbr><metal><albedo_map>, and the URDF
// material name is kept as the custom attribute urdf:name.
//
// Names of visuals and collisions are kept as written, unless they clash
// with a sibling or are not legal SDFormat names (then a warning gives the
// new name); an unnamed one is called LINK_visual (LINK_collision) for the
// first of the link's visuals (collisions) and LINK_visual_I for the I-th
// (I counted from 0 among all of them), as libsdformat names them.
//
// Content of a link that became a frame goes to its body link, each pose
// relative_to the frame (`relative_to` below).
#ifndef SDFCONV_CONVERTERS_URDF_URDF_LINK_CONTENT_H_
#define SDFCONV_CONVERTERS_URDF_URDF_LINK_CONTENT_H_

#include <string>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "converters/urdf/urdf_import_context.h"
#include "converters/urdf/urdf_names.h"
#include "converters/urdf/urdf_plan.h"

namespace sdfconv {

struct LinkContent {
  std::vector<NodeId> visuals;
  std::vector<NodeId> collisions;
};

// Adds the visuals and collisions of `link` (named `link.sdf_name`) to SDF
// link `into`, named within `names` (the scope of `into`). `relative_to`:
// "" for a link's own content, else the frame the poses are relative to.
LinkContent WriteVisualsAndCollisions(const ImportContext& ctx,
                                      const LinkPlan& link, NodeId into,
                                      NameScope* names,
                                      const std::string& relative_to);

// Adds <inertial> (when the URDF link has one) to SDF link `into`.
void WriteInertial(const ImportContext& ctx, const LinkPlan& link,
                   NodeId into);

// Adds the <inertial> of URDF link `urdf_link` (a link, not a frame) to
// `into`: its own as read, or, when frames were merged into it
// (merge_fixed_joints), the combined one (inertia_merge.h).
void WriteMergedInertial(const ImportContext& ctx,
                         const std::string& urdf_link, NodeId into);

// Children of <link> URDF does not define, kept as <urdf:TAG> in `keep_in`.
void KeepUnknownLinkChildren(const ImportContext& ctx, const LinkPlan& link,
                             NodeId keep_in);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_LINK_CONTENT_H_
