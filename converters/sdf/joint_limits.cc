#include "converters/sdf/joint_limits.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string_view>

#include "converters/xml/text_values.h"
#include "core/document.h"

namespace sdfconv {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// The "unbounded" limit before 1.10.
constexpr double kLegacyUnbounded = 1e16;
constexpr double kPi = 3.14159265358979323846;

bool From110(int version) {
  return version >= VersionNumber(1, 10);
}

// The number in child `tag` of `parent`, when there is one.
std::optional<double> NumberAt(XmlElement parent, std::string_view tag) {
  if (!parent) return std::nullopt;
  XmlElement element = FirstChildElement(parent, tag);
  if (!element) return std::nullopt;
  std::string scratch;
  return ParseReal(Text(element, &scratch));
}

}  // namespace

AxisLimits ReadAxisLimits(XmlElement axis, int version) {
  const bool infinite = From110(version);
  const double unbounded = infinite ? kInfinity : kLegacyUnbounded;
  const double not_enforced = infinite ? kInfinity : -1.0;
  XmlElement limit = axis ? FirstChildElement(axis, "limit") : XmlElement();
  const std::optional<double> effort = NumberAt(limit, "effort");
  const std::optional<double> velocity = NumberAt(limit, "velocity");
  AxisLimits out;
  out.lower = NumberAt(limit, "lower").value_or(-unbounded);
  out.upper = NumberAt(limit, "upper").value_or(unbounded);
  out.effort = effort.value_or(not_enforced);
  out.velocity = velocity.value_or(not_enforced);
  out.effort_written = effort.has_value();
  out.velocity_written = velocity.has_value();
  return out;
}

bool IsBounded(double lower_or_upper) {
  return std::fabs(lower_or_upper) < kLegacyUnbounded;
}

bool IsEnforced(double effort_or_velocity) {
  return std::isfinite(effort_or_velocity) && effort_or_velocity >= 0.0;
}

double ScrewThreadPitch(XmlElement joint, int version) {
  const auto from_thread_pitch = [](double radians_per_metre) {
    return -2.0 * kPi / radians_per_metre;
  };
  if (!From110(version)) {
    return from_thread_pitch(NumberAt(joint, "thread_pitch").value_or(1.0));
  }
  if (std::optional<double> pitch = NumberAt(joint, "screw_thread_pitch")) {
    return *pitch;
  }
  if (std::optional<double> old = NumberAt(joint, "thread_pitch")) {
    return from_thread_pitch(*old);
  }
  return 1.0;
}

}  // namespace sdfconv
