// URDF values as SDFormat text: numbers, origins, vectors and URIs.
//
// Origins are copied *as written*: the tokens of `xyz` and `rpy`, in that
// order, joined by single spaces, so `<origin xyz="0 0 .1" rpy="0 0 1.5708"/>`
// becomes `0 0 .1 0 0 1.5708`. Missing attributes read as `0 0 0`, as in
// urdfdom. A token urdfdom accepts but SDFormat's number syntax does not
// (for example "1e", which C++ streams read as 1) is written as urdfdom's
// value instead. Other numbers come from urdfdom's model and are written by
// FormatNumber (text_values.h).
//
//   OriginText(FirstChildElement(joint, "origin"))  // "1 0 0 0 0 1.57"
#ifndef SDFCONV_CONVERTERS_URDF_URDF_VALUES_H_
#define SDFCONV_CONVERTERS_URDF_URDF_VALUES_H_

#include <string>
#include <string_view>
#include <vector>

#include <urdf_model/pose.h>

#include "converters/urdf/urdf_import_options.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"

namespace sdfconv {

// The attribute `name` of `element` as a list of numbers, as written (see
// the file comment); `fallback` when the attribute is absent.
[[nodiscard]] std::string VectorText(XmlElement element,
                                     std::string_view name,
                                     std::string_view fallback);

// "x y z roll pitch yaw" of an <origin> element; "" when `origin` is null.
[[nodiscard]] std::string OriginText(XmlElement origin);

// OriginText, unless it is not six numbers (urdfdom logged an error it then
// ignored, and kept what it could read): then urdfdom's `parsed` pose.
[[nodiscard]] std::string OriginText(XmlElement origin,
                                     const urdf::Pose& parsed);

// A mesh or texture file name as an SDFormat URI (see UrdfImportOptions).
// A package that `package_path` does not hold is reported once per
// package, as a warning at `at`, in `unresolved` (packages already
// reported).
[[nodiscard]] std::string ResolveUri(std::string_view filename,
                                     const UrdfImportOptions& options,
                                     const SourceLocation& at,
                                     std::vector<std::string>* unresolved,
                                     Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_VALUES_H_
