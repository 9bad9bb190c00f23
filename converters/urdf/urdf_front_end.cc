#include "converters/urdf/urdf_front_end.h"

#include "converters/urdf/sdf_tree_document.h"
#include "converters/urdf/urdf_importer.h"

namespace sdfconv {

bool UrdfFrontEnd::Accepts(std::string_view root_tag,
                           std::string_view /*version*/) const {
  return root_tag == "robot";
}

std::optional<Document> UrdfFrontEnd::Read(const XmlDocument& xml,
                                           Diagnostics* diags) const {
  const std::optional<SdfTree> tree = ImportUrdf(xml, options_, diags);
  if (!tree) return std::nullopt;
  return SdfTreeToDocument(*tree, xml.file(), diags);
}

}  // namespace sdfconv
