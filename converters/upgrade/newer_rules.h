// The rules of the steps between SDFormat 1.8 and 1.12 (steps_newer.cc
// runs them; version_steps.h says what every step keeps). Internal to
// //converters/upgrade:version_steps.
#ifndef SDFCONV_CONVERTERS_UPGRADE_NEWER_RULES_H_
#define SDFCONV_CONVERTERS_UPGRADE_NEWER_RULES_H_

#include <string_view>
#include <vector>

#include "converters/upgrade/version_steps.h"

namespace sdfconv::upgrade {

// SDFormat-region elements `tag` whose parent element is `parent_tag` (any
// parent when empty), in document order.
[[nodiscard]] std::vector<NodeId> ElementsUnder(
    const XmlTree& tree, std::string_view tag,
    std::string_view parent_tag = {});

// Every element `tag` whose parent is a `parent_tag` element, left out
// with one warning each (VERSION_CONSTRUCT_DROPPED: a record or hint the
// target has no form for; `since` the version that introduced it).
void DropChildren(StepContext& ctx, std::string_view parent_tag,
                  std::string_view tag, std::string_view since,
                  std::string_view why = {});

// 1.11 <-> 1.12 (newer_state.cc): the children of //world/state renamed
// with a `_state` suffix (`model` -> `model_state`, `light` ->
// `light_state`, in a model state `model`, `link`, `joint`, in a link
// state `collision`), or back (`up` false); going down, what only 1.12
// records (joint_state's axis states, a joint state of the world, a link
// state's velocities, accelerations, force and torque, an include's or a
// model's <model_state>) is dropped with a warning each.
void RenameStates(StepContext& ctx, bool up);

// 1.11 -> 1.10 (newer_inertia.cc).
// `<inertial auto="true">` written as the values the core computes
// (core/auto_inertia.h): <mass>, <pose> of the centre of mass, <inertia>;
// @auto, //inertial/density, //collision/density and
// auto_inertia_params removed. Automatic inertia from a mesh is refused
// (sdfconv computes libsdformat's stand-in for it, not the mesh's inertia).
void WriteAutoInertiaValues(StepContext& ctx);
// //axis/mimic, //axis2/mimic: refused, or left out with a warning under
// VersionWriteOptions::drop_mimic.
void WriteWithoutMimics(StepContext& ctx);
// A cone geometry is refused (it is a shape); //mesh/@optimization with
// its <convex_decomposition>, //model/@namespace and //include/namespace
// (hints for the simulator) are dropped with a warning each.
void DropNewerHints(StepContext& ctx);

// 1.10 -> 1.9 (newer_world_joints.cc): a <joint> of the world whose parent
// is `world` and whose child is inside one <model> m of the world moves
// into m (VERSION_CONSTRUCT_REWRITTEN), its references and pose keeping
// their meaning; any other world joint is refused.
void MoveWorldJointsIntoModels(StepContext& ctx);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_NEWER_RULES_H_
