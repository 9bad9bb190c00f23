#include "converters/sdf/pose_text.h"

#include <Eigen/Geometry>
#include <array>
#include <cmath>
#include <string>

namespace sdfconv {

std::optional<Pose> ParsePoseText(std::string_view text) {
  if (TrimWhitespace(text).empty()) return Pose::Identity();
  std::array<double, 6> v{};
  if (!ParseDoublesInto(text, v.size(), v.data())) return std::nullopt;
  return PoseFromXyzRpy({v[0], v[1], v[2]}, {v[3], v[4], v[5]});
}

ParsedPose ParsePoseText(std::string_view text, const PoseTextForm& form) {
  constexpr double kQuaternionLengthTolerance = 1e-6;
  ParsedPose out;
  if (TrimWhitespace(text).empty()) {
    out.X = Pose::Identity();
    return out;
  }
  const size_t count = form.quaternion ? 7 : 6;
  std::array<double, 7> v{};
  if (!ParseDoublesInto(text, count, v.data())) {
    out.error = form.quaternion
                    ? "expected seven numbers 'x y z qx qy qz qw'"
                    : "expected six numbers 'x y z roll pitch yaw'";
    return out;
  }
  const Eigen::Vector3d xyz(v[0], v[1], v[2]);
  if (!form.quaternion) {
    const double unit = form.degrees ? EIGEN_PI / 180.0 : 1.0;
    out.X = PoseFromXyzRpy(xyz, Eigen::Vector3d(v[3], v[4], v[5]) * unit);
    return out;
  }
  // Eigen's constructor takes w first; the text holds it last.
  Eigen::Quaterniond q(v[6], v[3], v[4], v[5]);
  const double norm = q.norm();
  if (!(norm > 0.0) || !std::isfinite(norm)) {
    out.error = "the quaternion qx qy qz qw cannot be normalised (its length is " + std::string(norm > 0.0 ? "too large" : "0") + ")";
    return out;
  }
  // Seven significant digits (0.7071068) are the usual way to write a unit
  // quaternion: no news. Any length is normalised, as rotating with
  // libsdformat's q v q^-1 does in effect.
  out.normalized = std::abs(norm - 1.0) > kQuaternionLengthTolerance;
  q.coeffs() /= norm;
  out.X = Pose::Identity();
  out.X->translation() = xyz;
  out.X->linear() = q.toRotationMatrix();
  return out;
}

PoseForm PoseFormOf(const std::optional<std::string>& rotation_format,
                    const std::optional<std::string>& degrees) {
  PoseForm out;
  if (rotation_format && *rotation_format == "quat_xyzw") {
    out.form.quaternion = true;
  } else if (rotation_format && *rotation_format != "euler_rpy") {
    out.error = "@rotation_format is '" + *rotation_format +
                "'; expected euler_rpy or quat_xyzw";
    return out;
  }
  if (degrees) {
    const std::optional<bool> value = ParseBool(*degrees);
    if (!value) {
      out.error =
          "@degrees is '" + *degrees + "'; expected true, false, 1 or 0";
      return out;
    }
    out.form.degrees = *value;
  }
  if (out.form.degrees && out.form.quaternion) {
    out.error =
        "@degrees=\"true\" does not apply to rotation_format=\"quat_xyzw\"";
  }
  return out;
}

std::optional<Pose> ParsePoseText(
    std::string_view text, const std::optional<std::string>& rotation_format,
    const std::optional<std::string>& degrees) {
  const PoseForm form = PoseFormOf(rotation_format, degrees);
  if (!form.error.empty()) return std::nullopt;
  return ParsePoseText(text, form.form).X;
}

bool IsIdentityPoseText(std::string_view text) {
  if (TrimWhitespace(text).empty()) return true;
  const auto v = ParseDoubles(text, 6);
  if (!v) return false;
  for (double x : *v) {
    if (x != 0.0) return false;
  }
  return true;
}

std::string FormatVector(const Eigen::Vector3d& v) {
  return FormatNumber(v.x()) + " " + FormatNumber(v.y()) + " " +
         FormatNumber(v.z());
}

std::string FormatPose(const Pose& X) {
  return FormatVector(X.translation()) + " " +
         FormatVector(RpyFromRotation(X.linear()));
}

}  // namespace sdfconv
