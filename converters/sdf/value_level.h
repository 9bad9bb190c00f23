// Value-level errors: the one rule that says which errors of an SDFormat
// reading change no meaning a conversion carries, so that every conversion
// (convert --to flat|sdf|urdf, upgrade, the URDF import) keeps such values
// as written instead of refusing the file (docs/errors_policy.md).
//
// Invariant: an error is value-level only when no frame, pose, axis or
// reference depends on it: it sits at an element path (the diagnostic's
// location, e.g. /sdf/model[@name="m"]/link[@name="l"]/inertial) that no
// kinematic rule reads. Every other error (XML, version, names a reference
// can name, poses, the frame graph) is structural and still refuses.
// `check` never asks: it reports every error as an error.
//
//   Diagnostics kept;
//   if (KeepValuesAsWritten(read_diags, &kept)) { /* convert; `kept` holds
//   each value error as a warning "kept as written: ..." */ }
#ifndef SDFCONV_CONVERTERS_SDF_VALUE_LEVEL_H_
#define SDFCONV_CONVERTERS_SDF_VALUE_LEVEL_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace sdfconv {

// Whether `d` is a value-level error. That is
//  - LINK_INERTIA_INVALID (anywhere: masses and moments move no frame);
//  - VALUE_INVALID, ELEMENT_MISSING, ATTRIBUTE_MISSING or ATTRIBUTE_INVALID
//    at an element that is not the root, a world, model, link, joint,
//    frame, include, collision, visual, sensor, light or actor itself (their
//    names, attributes and required children), and not inside a <pose>,
//    <parent>, <child>, <axis>, <axis2>, <frame>, <include>, <gripper> or
//    <gearbox_reference_body>;
//  - DUPLICATE_NAME between siblings of different kinds neither of which
//    is a frame a reference can name (a world, model, include, link, joint
//    or frame): a collision and a visual of one link called alike. Two
//    siblings of one kind (two visuals) stay structural: every reader
//    knows an element by its kind and name, and libsdformat keeps only
//    the first.
// Warnings are never value-level errors.
[[nodiscard]] bool IsValueLevel(const Diagnostic& d);

// The tags of an element path such as /sdf/model[@name="m"]/link[@name="l"]
// ({"sdf", "model", "link"}; names may hold '/' or ']', inside quotes);
// empty when `path` is not an element path.
[[nodiscard]] std::vector<std::string> ElementPathTags(std::string_view path);

// The prefix a value-level error's message gets when it comes back as a
// warning.
inline constexpr std::string_view kKeptAsWritten = "kept as written: ";

// `d` (a value-level error) as the warning a conversion gives: same code,
// location and related elements, its message prefixed "kept as written: ".
[[nodiscard]] Diagnostic KeptAsWritten(Diagnostic d);

// Whether `d` is a value error a conversion kept as written (the warning
// KeptAsWritten makes).
[[nodiscard]] bool IsKeptAsWritten(const Diagnostic& d);

// How many of `diags` are values kept as written.
[[nodiscard]] int CountKeptAsWritten(const Diagnostics& diags);

// Appends `read` to `out`, each value-level error as KeptAsWritten (one
// warning per error). Returns whether no other error remains: the file's
// structure is sound and a conversion may write its output.
bool KeepValuesAsWritten(const Diagnostics& read, Diagnostics* out);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_VALUE_LEVEL_H_
