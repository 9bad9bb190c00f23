// SdfTreeToDocument: the core Document of an SdfTree, read as the SDFormat
// 1.8 front end reads the same text.
//
// The URDF front end hands the core the Document of the SDF it would write,
// not a second interpretation of the URDF: this reads the tree with the
// rules of converters/sdf (sdf_reader.h): models, links (pose, inertial),
// joints (type, parent, child, axes), frames, and the name and pose of
// collisions, visuals, sensors and lights; other named elements become
// kOther; custom elements (a prefix: "urdf:mimic") are skipped with their
// content. Values copied verbatim from the URDF (<gazebo> content) are
// checked as that reader checks them, and reported at their URDF element.
// Each Element's source is its node's: a line and element path in the URDF.
// A test keeps the two readers in agreement on every URDF of the corpus.
//
// The walk is iterative and adds Elements in pre-order (document.h).
#ifndef SDFCONV_CONVERTERS_URDF_SDF_TREE_DOCUMENT_H_
#define SDFCONV_CONVERTERS_URDF_SDF_TREE_DOCUMENT_H_

#include <optional>
#include <string>

#include "converters/urdf/sdf_tree.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// Returns nothing (with an error) when the tree's root holds no <model> or
// <world>. `file` becomes Document::file.
[[nodiscard]] std::optional<Document> SdfTreeToDocument(
    const SdfTree& tree, const std::string& file, Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_SDF_TREE_DOCUMENT_H_
