// Pose and number text: reading `x y z roll pitch yaw` as written, and
// writing computed values in the shortest form that reads back as the same
// double (std::to_chars), so that a computed value loses nothing.
//
//   std::optional<Pose> X_LF = ParsePoseText(" 1 0 0  0 0 1.5707963267948966");
//   std::string text = FormatPose(X_ML * *X_LF);  // "0.5 1 0 0 0 3.14..."
#ifndef SDFCONV_CONVERTERS_UPGRADE_POSE_TEXT_H_
#define SDFCONV_CONVERTERS_UPGRADE_POSE_TEXT_H_

#include <optional>
#include <string>
#include <string_view>

#include "core/pose.h"

namespace sdfconv::upgrade {

// A <pose> value: six numbers, or empty text for the identity.
[[nodiscard]] std::optional<Pose> ParsePoseText(std::string_view text);

// True for the text of a pose that is exactly the identity ("", "0 0 0 0 0
// 0", "0 0 0 0 -0 0", ...).
[[nodiscard]] bool IsIdentityPoseText(std::string_view text);

// The shortest text that parses back to `v` ("0.1", "1e-07"); -0 is "0".
[[nodiscard]] std::string FormatNumber(double v);

// "x y z roll pitch yaw", each number as FormatNumber writes it.
[[nodiscard]] std::string FormatPose(const Pose& X);

// "x y z".
[[nodiscard]] std::string FormatVector(const Eigen::Vector3d& v);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_POSE_TEXT_H_
