#include "converters/sdf/sdf_dialect.h"

#include <string>

namespace sdfconv {
namespace {

// `since` as a file of version `number` reads it.
Feature Since(int number, std::string_view since, bool strict) {
  if (number >= VersionNumber(std::string(since))) {
    return {Support::kNative, since};
  }
  return {strict ? Support::kIgnored : Support::kLater, since};
}

}  // namespace

SdfDialect DialectOf(std::string_view version, bool strict) {
  using K = ElementKind;
  const int number = VersionNumber(std::string(version));
  SdfDialect d;
  // 000: "In version 1.5 of the SDF spec, the frame attribute string was
  // added to <pose> elements"; libsdformat's 1.6 -> 1.7 recipe renames it
  // to @relative_to (1.7/1_6.convert), with the same names. 1.7 on has no
  // @frame: ignored there (libsdformat warns about an unknown attribute).
  d.pose_frame = number >= VersionNumber(1, 7)
                     ? Feature{Support::kIgnored, "1.5"}
                     : Since(number, "1.5", strict);
  // 004 (1.7): //pose/@relative_to, //axis/xyz/@expressed_in, <frame> in
  // models and worlds with @attached_to, //model/@canonical_link and
  // @placement_frame.
  d.pose_relative_to = Since(number, "1.7", strict);
  d.attachment_attributes = Since(number, "1.7", strict);
  // VERSIONS.md (1.9): //pose/@rotation_format and @degrees,
  // //model/include/@merge; (1.10): //world/include/@merge.
  d.pose_rotation = Since(number, "1.9", strict);
  d.model_merge_include = Since(number, "1.9", strict);
  d.world_merge_include = Since(number, "1.10", strict);
  // VERSIONS.md (1.11): automatic inertia.
  d.auto_inertia = Since(number, "1.11", strict);
  // 003 (1.8): //include/placement_frame, joints between frames, and
  // <joint> in worlds.
  d.include_placement_frame = Since(number, "1.8", strict);
  d.joint_frame_ends = Since(number, "1.8", strict);
  d.world_joints = number >= VersionNumber(1, 8);
  // 000: "Support for nested models was added in SDFormat 1.5".
  d.nested_models = Since(number, "1.5", strict);
  // VERSIONS.md (1.11): //axis/mimic, //axis2/mimic.
  d.axis_mimic = Since(number, "1.11", strict);
  d.later_elements = !strict;

  if (number >= VersionNumber(1, 7)) {
    d.axis_frame = AxisFrameRule::kExpressedInAttribute;
    d.axis_expressed_in = {Support::kNative, "1.7"};
  } else if (number >= VersionNumber(1, 5)) {
    // 000 and 002: from 1.5 on the axis is in the joint frame, unless
    // <use_parent_model_frame> is true, which wins over an @expressed_in
    // (libsdformat's 1.6 -> 1.7 recipe writes expressed_in over it).
    d.axis_frame = AxisFrameRule::kUseParentModelFrame;
    d.axis_expressed_in = Since(number, "1.7", strict);
  } else {
    // 1.2-1.4: the axis is in the model frame (000 "Specifying joint axes
    // in SDFormat 1.4"; 1.2/1.3 joint.sdf), whatever else is written.
    d.axis_frame = AxisFrameRule::kParentModelFrame;
    d.axis_expressed_in = {Support::kIgnored, "1.7"};
  }

  // Where <frame>s are: 1.7 on, in worlds and models (004). 1.5/1.6:
  // 1.5/model.sdf, link.sdf, joint.sdf, collision.sdf, visual.sdf,
  // sensor.sdf and light.sdf include frame.sdf (as do 1.6's); world.sdf
  // does not. (<inertial>, <camera>, <projector>, <actor>, ... do too;
  // sdfconv keeps no Element for them, and says so.) A frame of a later
  // version's place (in a 1.6 world, a 1.4 model) is read as 1.7 reads it.
  if (number >= VersionNumber(1, 7)) {
    d.frame_places = {{K::kWorld, {Support::kNative, "1.7"}},
                      {K::kModel, {Support::kNative, "1.7"}}};
  } else {
    const Feature legacy = Since(number, "1.5", strict);
    d.frame_places = {{K::kWorld, Since(number, "1.7", strict)},
                      {K::kModel, legacy}};
    if (number >= VersionNumber(1, 5)) {
      for (K kind : {K::kLink, K::kJoint, K::kCollision, K::kVisual,
                     K::kSensor, K::kLight}) {
        d.frame_places.push_back({kind, legacy});
      }
    }
  }
  return d;
}

SdfDialect UrdfDialect() {
  SdfDialect d = DialectOf("1.8", /*strict=*/true);
  d.includes = false;
  d.inertia_kept_as_written = true;
  return d;
}

}  // namespace sdfconv
