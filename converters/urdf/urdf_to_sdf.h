// UrdfToSdf: a URDF file as SDFormat 1.8 text.
//
// The text of the model urdf_importer.h builds (docs/urdf.md gives the
// mapping): one <model>, every URDF link a link (or a frame), every joint a
// joint (or a frame), each joint posed relative_to its parent with the URDF
// origin as written, each child link relative_to its joint. Before the text
// is returned, the model is checked by the core (every phase of
// core/frame_graph.h) as `sdfconv check` would check the output: the text is
// only returned when its structure is sound SDFormat 1.8; a value SDFormat
// forbids and urdfdom accepts is written as read, with a warning
// (converters/sdf/value_level.h, docs/errors_policy.md).
//
//   Diagnostics diags;
//   auto xml = XmlTree::Load("robot.urdf", &diags);
//   std::optional<std::string> sdf =
//       xml ? UrdfToSdf(*xml, UrdfImportOptions{}, &diags) : std::nullopt;
#ifndef SDFCONV_CONVERTERS_URDF_URDF_TO_SDF_H_
#define SDFCONV_CONVERTERS_URDF_URDF_TO_SDF_H_

#include <optional>
#include <string>

#include "converters/urdf/urdf_import_options.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"

namespace sdfconv {

// Returns nothing, with at least one error in `diags`, when the root is not
// <robot>, urdfdom rejects the file, or the SDF it describes would not be
// valid (for example a kinematic cycle urdfdom let through, reported by the
// core at the URDF elements involved). Warnings say what changed meaning,
// and each value kept as written.
[[nodiscard]] std::optional<std::string> UrdfToSdf(
    const XmlTree& urdf_xml, const UrdfImportOptions& options,
    Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_TO_SDF_H_
