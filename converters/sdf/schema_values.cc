#include "converters/sdf/schema_values.h"

#include <cfloat>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <system_error>
#include <vector>

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

// A decimal integer, or a hexadecimal one ("0xAB", as libsdformat reads a
// <collide_bitmask>).
std::optional<long long> ParseAnyInteger(std::string_view text) {
  text = TrimWhitespace(text);
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    text.remove_prefix(2);
    unsigned long long value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value, 16);
    if (ec != std::errc() || ptr != end || value > UINT32_MAX) {
      return std::nullopt;
    }
    return static_cast<long long>(value);
  }
  return ParseInteger(text);
}

std::optional<double> ParseScalar(ValueType type, std::string_view text) {
  switch (type) {
    case ValueType::kInt: {
      const std::optional<long long> v = ParseAnyInteger(text);
      if (!v || *v < INT32_MIN || *v > INT32_MAX) return std::nullopt;
      return static_cast<double>(*v);
    }
    case ValueType::kUnsignedInt: {
      const std::optional<long long> v = ParseAnyInteger(text);
      if (!v || *v < 0 || *v > UINT32_MAX) return std::nullopt;
      return static_cast<double>(*v);
    }
    case ValueType::kDouble:
      return ParseReal(text);
    case ValueType::kFloat: {
      const std::optional<double> v = ParseReal(text);
      if (!v || (std::isfinite(*v) && std::fabs(*v) > FLT_MAX)) {
        return std::nullopt;
      }
      return v;
    }
    default:
      return std::nullopt;
  }
}

std::string Expected(ValueType type) {
  switch (type) {
    case ValueType::kBool: return "expected true, false, 1 or 0";
    case ValueType::kInt: return "expected an integer";
    case ValueType::kUnsignedInt: return "expected an integer >= 0";
    case ValueType::kDouble: return "expected a number";
    case ValueType::kFloat: return "expected a number (float)";
    case ValueType::kTime: return "expected two integers (seconds nanoseconds)";
    case ValueType::kVector2d: return "expected 2 numbers";
    case ValueType::kVector3: return "expected 3 numbers";
    case ValueType::kPose: return "expected 6 numbers (x y z roll pitch yaw)";
    case ValueType::kColor: return "expected 3 or 4 numbers (r g b [a])";
    default: return "malformed";
  }
}

std::optional<std::string> BoundsProblem(double value, const char* min,
                                         const char* max) {
  if (min != nullptr) {
    const std::optional<double> bound = ParseDouble(min);
    if (bound && value < *bound) {
      return "below the minimum " + std::string(TrimWhitespace(min));
    }
  }
  if (max != nullptr) {
    const std::optional<double> bound = ParseDouble(max);
    if (bound && value > *bound) {
      return "above the maximum " + std::string(TrimWhitespace(max));
    }
  }
  return std::nullopt;
}

std::optional<std::string> ColorProblem(std::string_view text) {
  std::optional<std::vector<double>> rgba = ParseDoubles(text, 4);
  if (!rgba) rgba = ParseDoubles(text, 3);
  if (!rgba) return Expected(ValueType::kColor);
  for (double c : *rgba) {
    if (c < 0.0 || c > 1.0) return "a color component is outside [0, 1]";
  }
  return std::nullopt;
}

bool IsTime(std::string_view text) {
  text = TrimWhitespace(text);
  size_t gap = 0;
  while (gap < text.size() && !IsXmlSpace(text[gap])) ++gap;
  const std::optional<long long> sec = ParseInteger(text.substr(0, gap));
  const std::optional<long long> nsec = ParseInteger(text.substr(gap));
  return gap < text.size() && sec && nsec && *sec >= INT32_MIN &&
         *sec <= INT32_MAX && *nsec >= INT32_MIN && *nsec <= INT32_MAX;
}

}  // namespace

std::optional<std::string> ValueProblem(ValueType type, std::string_view text,
                                        bool required, const char* min,
                                        const char* max) {
  if (type == ValueType::kNone) return std::nullopt;
  if (TrimWhitespace(text).empty()) {
    if (required) return "is empty, and a value is required";
    return std::nullopt;  // the default
  }
  switch (type) {
    case ValueType::kNone:
    case ValueType::kString:
      return std::nullopt;
    case ValueType::kBool:
      if (ParseBool(text)) return std::nullopt;
      break;
    case ValueType::kInt:
    case ValueType::kUnsignedInt:
    case ValueType::kDouble:
    case ValueType::kFloat:
      if (const std::optional<double> v = ParseScalar(type, text)) {
        return BoundsProblem(*v, min, max);
      }
      break;
    case ValueType::kTime:
      if (IsTime(text)) return std::nullopt;
      break;
    case ValueType::kVector2d:
      if (AreDoubles(text, 2)) return std::nullopt;
      break;
    case ValueType::kVector3:
      if (AreDoubles(text, 3)) return std::nullopt;
      break;
    case ValueType::kPose:
      if (AreDoubles(text, 6)) return std::nullopt;
      break;
    case ValueType::kColor:
      return ColorProblem(text);
  }
  return Expected(type);
}

std::optional<std::string> QuaternionPoseProblem(std::string_view text,
                                                 bool required) {
  if (TrimWhitespace(text).empty()) {
    if (required) return "is empty, and a value is required";
    return std::nullopt;  // the default
  }
  if (AreDoubles(text, 7)) return std::nullopt;
  return "expected 7 numbers (x y z qx qy qz qw)";
}

}  // namespace sdfconv
