#include "converters/sdf/sdf_dialect.h"

namespace sdfconv {
namespace {

// The dialect of one legacy version (see the table in legacy_reader.h).
SdfDialect LegacyDialect(std::string_view version) {
  using K = ElementKind;
  SdfDialect d;
  // //model/@canonical_link, //frame/@attached_to, //model/@placement_frame
  // are 1.7 and 1.8 attributes.
  d.attachment_attributes = false;
  // 000: "the naming conventions for this case [a <joint> in a <world>] are
  // not established, as this use case is not supported by Gazebo or any
  // other known software". Not read, as in 1.7.
  d.world_joints = false;
  if (version == "1.5" || version == "1.6") {
    // 000: "In version 1.5 of the SDF spec, the frame attribute string was
    // added to <pose> elements"; libsdformat's 1.6 -> 1.7 recipe renames
    // it to @relative_to (1.7/1_6.convert), with the same names.
    d.pose_frame_attribute = "frame";
    // 000 and 002: from 1.5 on the axis is in the joint frame, unless
    // <use_parent_model_frame> is true.
    d.axis_frame = AxisFrameRule::kUseParentModelFrame;
    // 1.5/model.sdf, link.sdf, joint.sdf, collision.sdf, visual.sdf,
    // sensor.sdf and light.sdf include frame.sdf (as do 1.6's); world.sdf
    // does not. (<inertial>, <camera>, <projector>, <actor>, ... do too;
    // sdfconv keeps no Element for them, and says so.)
    d.frame_parents = {K::kModel, K::kLink,   K::kJoint, K::kCollision,
                       K::kVisual, K::kSensor, K::kLight};
    // 000: "Support for nested models was added in SDFormat 1.5".
    d.nested_models = true;
  } else {
    // 1.2-1.4: every <pose> is relative to its default parent frame (000
    // "Parent frames in SDFormat 1.4"); the axis is in the model frame
    // (000 "Specifying joint axes in SDFormat 1.4"; 1.2/1.3 joint.sdf).
    d.pose_frame_attribute = "";
    d.axis_frame = AxisFrameRule::kParentModelFrame;
    d.frame_parents = {};
    d.nested_models = false;
  }
  return d;
}

// 004 (1.7): //pose/@relative_to, //axis/xyz/@expressed_in, <frame> in
// models and worlds with @attached_to, //model/@canonical_link. 003 (1.8):
// //model/@placement_frame (read from 1.7 files as well, as before) and
// <joint> in worlds (which libsdformat reads from 1.10 on; sdfconv reads
// them from 1.8 on, as 003 says). 1.9 (VERSIONS.md): //pose/@rotation_format
// and @degrees. 1.11: //inertial/@auto. Nothing else of 1.8-1.12 changes
// frame semantics.
SdfDialect ModernDialect(std::string_view version) {
  const int number = VersionNumber(std::string(version));
  SdfDialect d;
  d.pose_frame_attribute = "relative_to";
  d.axis_frame = AxisFrameRule::kExpressedInAttribute;
  d.frame_parents = {ElementKind::kWorld, ElementKind::kModel};
  d.attachment_attributes = true;
  d.world_joints = number >= VersionNumber(1, 8);
  d.include_placement_frame = number >= VersionNumber(1, 8);
  d.pose_rotation_attributes = number >= VersionNumber(1, 9);
  d.auto_inertia = number >= VersionNumber(1, 11);
  return d;
}

}  // namespace

SdfDialect DialectOf(std::string_view version) {
  const int number = VersionNumber(std::string(version));
  return number >= VersionNumber(1, 7) ? ModernDialect(version)
                                       : LegacyDialect(version);
}

SdfDialect UrdfDialect() {
  SdfDialect d = DialectOf("1.8");
  d.includes = false;
  d.check_inertia = false;
  return d;
}

}  // namespace sdfconv
