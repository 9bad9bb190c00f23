// Schema values: whether a text is a value of an SDFormat description type
// (schema.h's ValueType), within the description's bounds.
//
// The rules, type by type (surrounding whitespace is always allowed):
//   string          anything
//   bool            true, false, 1, 0 (any case)
//   int             an integer of 32 bits, decimal or hexadecimal ("0xAB",
//                   as libsdformat reads a <collide_bitmask>); unsigned
//                   int: the same, >= 0
//   double, float   one number (text_values.h), or inf / -inf / infinity
//                   (libsdformat reads unbounded joint limits so); a float
//                   must fit a float
//   time            two integers: seconds and nanoseconds
//   vector2d        two numbers; vector3: three; pose: six
//                   (x y z roll pitch yaw), or seven (x y z qx qy qz qw)
//                   where SDFormat 1.9's rotation_format="quat_xyzw" says
//                   so (QuaternionPoseProblem)
//   color           three or four numbers (r g b [a]), each in [0, 1]
// Empty text is the default value, except where the description says the
// element or attribute is required ("1"), as libsdformat reads it. `min`
// and `max` bound the one-number types (int, unsigned int, double, float);
// libsdformat 12 does not apply them to vectors, and neither does this.
//
// Stricter than libsdformat 12 on purpose (docs/conformance.md): it reads a
// number's longest prefix ("1.5x" is 1.5, "0x10" is 0, "1 2" a double 1),
// ignores what follows the numbers a vector needs ("0 0 1 junk"), accepts
// "nan", and wraps "-1" into an unsigned int. Here a value is the whole
// text.
//
//   if (std::optional<std::string> why =
//           ValueProblem(ValueType::kColor, "1 0 0 2", false, nullptr,
//                        nullptr)) {
//     // *why == "a color component is outside [0, 1]"
//   }
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_VALUES_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_VALUES_H_

#include <optional>
#include <string>
#include <string_view>

#include "converters/sdf/schema.h"

namespace sdfconv {

// Why `text` is not a valid value of `type` (for a message: "expected 3
// numbers"), or nothing when it is. `required`: empty text is refused.
// `min` / `max`: the description's bounds, or null.
[[nodiscard]] std::optional<std::string> ValueProblem(ValueType type,
                                                      std::string_view text,
                                                      bool required,
                                                      const char* min,
                                                      const char* max);

// Why `text` is not a pose as SDFormat 1.9's `rotation_format="quat_xyzw"`
// writes one (seven numbers: x y z, then the quaternion qx qy qz qw, which
// libsdformat does not normalise), or nothing. `required`: empty text is
// refused.
[[nodiscard]] std::optional<std::string> QuaternionPoseProblem(
    std::string_view text, bool required);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_VALUES_H_
