// Pose text: `x y z roll pitch yaw` read as SDFormat's <pose> holds it, and
// computed poses and vectors written with FormatNumber (text_values.h), so
// that a computed value loses nothing.
//
//   std::optional<Pose> X_LF = ParsePoseText(" 1 0 0  0 0 1.5707963267948966");
//   std::string text = FormatPose(X_ML * *X_LF);  // "0.5 1 0 0 0 3.14..."
#ifndef SDFCONV_CONVERTERS_SDF_POSE_TEXT_H_
#define SDFCONV_CONVERTERS_SDF_POSE_TEXT_H_

#include <optional>
#include <string>
#include <string_view>

#include "converters/xml/text_values.h"
#include "core/pose.h"

namespace sdfconv {

// A <pose> value: six numbers, or empty text for the identity.
[[nodiscard]] std::optional<Pose> ParsePoseText(std::string_view text);

// True for the text of a pose that is exactly the identity ("", "0 0 0 0 0
// 0", "0 0 0 0 -0 0", ...).
[[nodiscard]] bool IsIdentityPoseText(std::string_view text);

// "x y z roll pitch yaw", each number as FormatNumber writes it.
[[nodiscard]] std::string FormatPose(const Pose& X);

// "x y z".
[[nodiscard]] std::string FormatVector(const Eigen::Vector3d& v);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_POSE_TEXT_H_
