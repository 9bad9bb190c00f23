// SdfDialect: the facts in which SDFormat versions differ for the reader
// (sdf_tree_reader.h), one place for all of them.
//
// Invariant: DialectOf is the only code that turns a version number into
// reading rules; the walk that reads a tree knows no version number.
//
//   SdfDialect d = DialectOf("1.6");  // @frame, use_parent_model_frame, ...
#ifndef SDFCONV_CONVERTERS_SDF_SDF_DIALECT_H_
#define SDFCONV_CONVERTERS_SDF_SDF_DIALECT_H_

#include <string_view>
#include <vector>

#include "core/document.h"

namespace sdfconv {

// How a version says which frame a joint axis's <xyz> is expressed in.
enum class AxisFrameRule {
  // //axis/xyz/@expressed_in names it; default: the joint frame (1.7 on).
  kExpressedInAttribute,
  // //axis/use_parent_model_frame true: the joint's model frame; otherwise
  // the joint frame (1.5, 1.6).
  kUseParentModelFrame,
  // Always the joint's model frame (1.4 and before).
  kParentModelFrame,
};

// The facts in which SDFormat versions differ for the core.
struct SdfDialect {
  // The <pose> attribute naming the frame the pose is expressed in
  // ("relative_to", "frame"), or empty when the version has none.
  std::string_view pose_frame_attribute;
  AxisFrameRule axis_frame = AxisFrameRule::kExpressedInAttribute;
  // The kinds of element a <frame> may be written in.
  std::vector<ElementKind> frame_parents;
  // Whether //frame/@attached_to, //model/@canonical_link and
  // //model/@placement_frame exist.
  bool attachment_attributes = false;
  // Whether a <model> may hold <model>s.
  bool nested_models = true;
  // Whether a <world> may hold <joint>s.
  bool world_joints = false;
  // Whether //include/placement_frame exists (1.8).
  bool include_placement_frame = false;
  // Whether <include>s are read (as include placeholders); when not, each
  // is an error and skipped (the SDFormat a URDF stands for has no place
  // for included files).
  bool includes = true;
  // Whether //pose/@rotation_format and //pose/@degrees are read (1.9 on);
  // when not, each is ignored with a warning.
  bool pose_rotation_attributes = false;
  // Whether //inertial/@auto is read (1.11 on): a link's inertia computed
  // from its collisions (core/auto_inertia.h); when not, it is ignored with
  // a warning.
  bool auto_inertia = false;
  // Whether each link's inertia is checked (LINK_INERTIA_INVALID), the rule
  // of SDFormat files (a URDF's is urdfdom's: its front end warns).
  bool check_inertia = true;
};

// The dialect of SDFormat `version` ("1.2" ... "1.12"; 1.2 and 1.3 read as
// 1.4, see legacy_reader.h).
[[nodiscard]] SdfDialect DialectOf(std::string_view version);

// The SDFormat 1.8 a URDF stands for (the URDF front end's tree): 1.8,
// without <include>s, and without the SDFormat inertia rule (urdfdom's
// applies, and the URDF front end warns).
[[nodiscard]] SdfDialect UrdfDialect();

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_DIALECT_H_
