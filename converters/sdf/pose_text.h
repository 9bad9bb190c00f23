// Pose text: `x y z roll pitch yaw` read as SDFormat's <pose> holds it (and
// the forms SDFormat 1.9's //pose/@rotation_format and @degrees give it),
// and computed poses and vectors written with FormatNumber (text_values.h),
// so that a computed value loses nothing.
//
//   std::optional<Pose> X_LF = ParsePoseText(" 1 0 0  0 0 1.5707963267948966");
//   std::string text = FormatPose(X_ML * *X_LF);  // "0.5 1 0 0 0 3.14..."
#ifndef SDFCONV_CONVERTERS_SDF_POSE_TEXT_H_
#define SDFCONV_CONVERTERS_SDF_POSE_TEXT_H_

#include <optional>
#include <string>
#include <string>
#include <string_view>

#include "converters/xml/text_values.h"
#include "core/pose.h"

namespace sdfconv {

// A <pose> value: six numbers, or empty text for the identity.
[[nodiscard]] std::optional<Pose> ParsePoseText(std::string_view text);

// How a <pose>'s rotation is written (SDFormat 1.9 on).
struct PoseTextForm {
  bool quaternion = false;  // @rotation_format="quat_xyzw": x y z qx qy qz qw
  bool degrees = false;     // @degrees="true": roll pitch yaw in degrees
};

// ParsePoseText in `form`: the pose, or `error` saying what is wrong (the
// wrong count of numbers, a number that is not finite, a zero quaternion).
// The quaternion is normalised, as libsdformat's rotations (q v q^-1) do
// in effect; `normalized` says its length was not 1 within 1e-6 (seven
// significant digits, "0.7071068", are within). Empty text is the
// identity in every form.
struct ParsedPose {
  std::optional<Pose> X;
  std::string error;
  bool normalized = false;
};
[[nodiscard]] ParsedPose ParsePoseText(std::string_view text,
                                       const PoseTextForm& form);

// The form a <pose>'s @rotation_format and @degrees give its text, as
// libsdformat reads them (Param.cc): format `euler_rpy` (the default) or
// `quat_xyzw`, degrees a bool, and no degrees="true" with a quaternion;
// otherwise `error` says what is wrong (ATTRIBUTE_INVALID for the reader).
// The one rule for both attributes.
struct PoseForm {
  PoseTextForm form;
  std::string error;  // "@rotation_format is 'x'; expected ..."
};
[[nodiscard]] PoseForm PoseFormOf(
    const std::optional<std::string>& rotation_format,
    const std::optional<std::string>& degrees);

// A <pose>'s value read as the reader reads it in every version (the
// attributes are a later feature before 1.9): its text in the form its
// attributes give; nothing when they or the text are malformed.
[[nodiscard]] std::optional<Pose> ParsePoseText(
    std::string_view text, const std::optional<std::string>& rotation_format,
    const std::optional<std::string>& degrees);

// True for the text of a pose that is exactly the identity ("", "0 0 0 0 0
// 0", "0 0 0 0 -0 0", ...).
[[nodiscard]] bool IsIdentityPoseText(std::string_view text);

// "x y z roll pitch yaw", each number as FormatNumber writes it.
[[nodiscard]] std::string FormatPose(const Pose& X);

// "x y z".
[[nodiscard]] std::string FormatVector(const Eigen::Vector3d& v);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_POSE_TEXT_H_
