#include "converters/sdf/pose_text.h"

namespace sdfconv {

std::optional<Pose> ParsePoseText(std::string_view text) {
  if (TrimWhitespace(text).empty()) return Pose::Identity();
  const auto v = ParseDoubles(text, 6);
  if (!v) return std::nullopt;
  return PoseFromXyzRpy({(*v)[0], (*v)[1], (*v)[2]},
                        {(*v)[3], (*v)[4], (*v)[5]});
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
