// SdfDialect: the facts in which SDFormat versions differ for the reader
// (sdf_tree_reader.h), one place for all of them.
//
// Invariant: DialectOf is the only code that turns a version number into
// reading rules; the walk that reads a tree knows no version number.
//
// A feature that a later version introduced (//pose/@relative_to in a 1.6
// file) is read as libsdformat reads it: libsdformat converts every file up
// to its newest version and applies the newest rules, so the feature keeps
// its meaning, and sdfconv says so with a warning LATER_VERSION_FEATURE.
// With `strict` the file's own version is read to the letter: such a
// feature is ignored, with a warning. docs/versions.md lists the features.
//
//   SdfDialect d = DialectOf("1.6");  // @frame, use_parent_model_frame, ...
//   d.pose_relative_to.support == Support::kLater  // read, with a warning
#ifndef SDFCONV_CONVERTERS_SDF_SDF_DIALECT_H_
#define SDFCONV_CONVERTERS_SDF_SDF_DIALECT_H_

#include <string_view>
#include <vector>

#include "core/document.h"

namespace sdfconv {

// How a file of one version reads one feature that versions differ in.
enum class Support : uint8_t {
  kNative,   // the file's version defines it: read
  kLater,    // a later version defines it: read, with LATER_VERSION_FEATURE
  kIgnored,  // not read: ignored with a warning (the version's letter)
};

struct Feature {
  Support support = Support::kIgnored;
  std::string_view since;  // the version that introduced it: "1.7"
};

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

// A kind of element a <frame> may be written in, and how.
struct FramePlace {
  ElementKind parent;
  Feature feature;
};

// The facts in which SDFormat versions differ for the core.
struct SdfDialect {
  // //pose/@frame (1.5, 1.6; libsdformat's 1.6 -> 1.7 recipe moves it to
  // @relative_to, over one written there) and //pose/@relative_to (1.7 on).
  Feature pose_frame;
  Feature pose_relative_to;
  // //pose/@rotation_format and //pose/@degrees (1.9 on).
  Feature pose_rotation;
  AxisFrameRule axis_frame = AxisFrameRule::kExpressedInAttribute;
  // //axis/xyz/@expressed_in (1.7 on). Never read from a 1.2-1.4 file:
  // libsdformat's 1.4 -> 1.5 recipe adds <use_parent_model_frame>true to
  // every axis, which its 1.6 -> 1.7 recipe turns into expressed_in
  // "__model__" over what the file wrote.
  Feature axis_expressed_in;
  // The kinds of element a <frame> may be written in.
  std::vector<FramePlace> frame_places;
  // //frame/@attached_to, //model/@canonical_link and
  // //model/@placement_frame (1.7 on).
  Feature attachment_attributes;
  // A <model> in a <model> (1.5 on).
  Feature nested_models;
  // Whether a <world> may hold <joint>s (1.8 on, as 003 says; libsdformat
  // reads them from 1.10 on, in no older file).
  bool world_joints = false;
  // //include/placement_frame (1.8 on).
  Feature include_placement_frame;
  // A joint's <parent> or <child> naming a frame other than a link (1.8
  // on; libsdformat reads it in every file).
  Feature joint_frame_ends;
  // Whether <include>s are read (as include placeholders); when not, each
  // is an error and skipped (the SDFormat a URDF stands for has no place
  // for included files).
  bool includes = true;
  // //axis/mimic and //axis2/mimic (1.11 on).
  Feature axis_mimic;
  // //include/@merge (merge-include): in a <model> (1.9 on) and in a
  // <world> (1.10 on). Where it is ignored, the attribute is not read (the
  // schema check says it is unknown) and the include nests its model.
  Feature model_merge_include;
  Feature world_merge_include;
  // //inertial/@auto (1.11 on): a link's inertia computed from its
  // collisions (core/auto_inertia.h).
  Feature auto_inertia;
  // An element a later version defines where the file has it and that the
  // walk does not read itself (<cubemap_uri> in a 1.7 <sky>): a later
  // feature, kept as libsdformat reads it (phase 1 says
  // LATER_VERSION_FEATURE); when false, to the letter of the version, an
  // element it does not know (ELEMENT_UNKNOWN).
  bool later_elements = true;
  // Whether a link's inertia that breaks libsdformat's rule
  // (LINK_INERTIA_INVALID) is an error, as in SDFormat files, or a warning
  // that it is kept as written (converters/sdf/value_level.h): in a URDF's
  // SDFormat, whose validity urdfdom decides and which accepts it.
  bool inertia_kept_as_written = false;
};

// The dialect of SDFormat `version` ("1.2" ... "1.12"; 1.2 and 1.3 read as
// 1.4, see legacy_reader.h). `strict`: later features are ignored.
[[nodiscard]] SdfDialect DialectOf(std::string_view version,
                                   bool strict = false);

// The SDFormat 1.8 a URDF stands for (the URDF front end's tree): 1.8,
// without <include>s, an inertia SDFormat forbids kept as written with a
// warning (urdfdom accepts it).
[[nodiscard]] SdfDialect UrdfDialect();

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_DIALECT_H_
