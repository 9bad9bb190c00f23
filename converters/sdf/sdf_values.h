// SDFormat values: <pose>, booleans, numbers and vectors read from XML
// elements, each reported at its own element when malformed.
//
// Each Read* function reads one element's text. On malformed text it adds
// one diagnostic (at that element, naming it and quoting the text) and
// returns a harmless default, so the caller just carries on.
//
//   XmlElement pose = FirstChildElement(link, "pose");
//   PoseSpec X_ML = ReadPose(pose, &diags);  // identity if malformed
#ifndef SDFCONV_CONVERTERS_SDF_SDF_VALUES_H_
#define SDFCONV_CONVERTERS_SDF_SDF_VALUES_H_

#include <string>
#include <string_view>

#include <Eigen/Core>

#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// How an element is named in messages: <link name="l"> or <inertial>.
[[nodiscard]] std::string DescribeElement(XmlElement element);

// How a version reads a <pose>'s attributes.
struct PoseRules {
  // The attribute naming the frame the pose is relative to: @relative_to
  // from SDFormat 1.7 on, @frame in 1.5 and 1.6; empty: none is read.
  std::string_view frame_attribute = "relative_to";
  // Whether @rotation_format and @degrees are read (SDFormat 1.9 on); when
  // not, each gives a warning ATTRIBUTE_INVALID and is ignored.
  bool rotation_attributes = false;
  // Whether the numbers are read; when not, only present and relative_to
  // are set (X is the identity, the source empty) and nothing is said
  // about the text or the rotation attributes: for a reader that wants
  // where poses are read in, not what they are.
  bool values = true;
};

// A <pose> element: `x y z roll pitch yaw` (exactly six finite numbers,
// separated by any whitespace; empty text is the identity), the frame
// attribute as written into `relative_to`, present = true, source = the
// <pose> element. With `rules.rotation_attributes`: @rotation_format
// `euler_rpy` (the default) or `quat_xyzw` (seven numbers `x y z qx qy qz
// qw`), @degrees true/false for the Euler angles; another format, a
// @degrees that is no bool, or degrees with a quaternion is
// ATTRIBUTE_INVALID; a non-unit quaternion is normalised with the warning
// POSE_QUATERNION_NORMALIZED. Malformed text -> POSE_INVALID. Every error
// leaves the identity. With `owner`, the location of the pose's parent
// element, the pose is located below it (PoseSpec::set_source_below) when
// XmlTree::LocatedBelowParent says that is where it is.
[[nodiscard]] PoseSpec ReadPose(XmlElement pose, Diagnostics* diags,
                                const PoseRules& rules = {},
                                const SourceLocation* owner = nullptr);

// A boolean element (true/false/1/0, any case, surrounding whitespace);
// otherwise VALUE_INVALID and `fallback`.
[[nodiscard]] bool ReadBool(XmlElement element, bool fallback,
                            Diagnostics* diags);

// A number element; otherwise VALUE_INVALID and `fallback`.
[[nodiscard]] double ReadDouble(XmlElement element, double fallback,
                                Diagnostics* diags);

// A vector3 element (`x y z`); otherwise VALUE_INVALID and `fallback`.
[[nodiscard]] Eigen::Vector3d ReadVector3(XmlElement element,
                                          const Eigen::Vector3d& fallback,
                                          Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_VALUES_H_
