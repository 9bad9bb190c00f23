// SdfReader: the front end for SDFormat 1.7 and 1.8 files.
//
// Reads the one <world> or <model> under <sdf> into a Document (its root),
// with everything the core needs for frame semantics: models nested to any
// depth, links (pose, inertial), joints (type, parent, child, axes), frames,
// and the name and pose of collisions, visuals, sensors and lights. Every
// other named child of a world, model, link or joint (plugin, actor,
// gripper, physics, ...) becomes a kOther element carrying only its tag and
// name, for the core's sibling-name checks. Custom elements (namespace
// prefix, "mysim:thing") are not SDFormat and are skipped with their
// contents.
//
// What the reader checks: required name/type attributes and <parent>/<child>
// elements, the syntax of values (<pose>, <static>, <xyz>, inertial
// numbers), known joint types, and elements this tool cannot read yet
// (<include>: ELEMENT_INVALID, "not supported yet", skipped). What it leaves
// to the core: empty, reserved and duplicate names, and what every name
// refers to.
//
// The reader walks the XML with an explicit stack (no recursion on the
// input's depth) and adds Elements in document pre-order, as document.h
// requires. Each Element's `source` is {file, line, element path}.
//
//   SdfReader reader;
//   if (reader.Accepts("sdf", "1.8")) {
//     std::optional<Document> doc = reader.Read(xml, &diags);
//   }
#ifndef SDFCONV_CONVERTERS_SDF_SDF_READER_H_
#define SDFCONV_CONVERTERS_SDF_SDF_READER_H_

#include <array>
#include <optional>
#include <string_view>

#include "converters/front_end.h"
#include "converters/xml/xml_document.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// The <sdf version="..."> values SdfReader reads.
inline constexpr std::array<std::string_view, 2> kSdfReaderVersions = {"1.7",
                                                                       "1.8"};

class SdfReader final : public FrontEnd {
 public:
  std::string_view name() const override { return "sdf-1.7-1.8"; }

  // Root <sdf> with version exactly "1.7" or "1.8".
  bool Accepts(std::string_view root_tag,
               std::string_view version) const override;

  // Returns nothing (with an error in `diags`) when the root is not an
  // accepted <sdf>, or when it holds no <world> or <model>.
  std::optional<Document> Read(const XmlDocument& xml,
                               Diagnostics* diags) const override;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_READER_H_
