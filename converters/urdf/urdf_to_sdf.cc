#include "converters/urdf/urdf_to_sdf.h"

#include "converters/urdf/sdf_tree_document.h"
#include "converters/urdf/urdf_importer.h"
#include "core/frame_graph.h"

namespace sdfconv {

std::optional<std::string> UrdfToSdf(const XmlDocument& urdf_xml,
                                     const UrdfImportOptions& options,
                                     Diagnostics* diags) {
  const std::optional<SdfTree> tree = ImportUrdf(urdf_xml, options, diags);
  if (!tree) return std::nullopt;
  Diagnostics check;
  const std::optional<Document> doc =
      SdfTreeToDocument(*tree, urdf_xml.file(), &check);
  if (doc) BuildFrameGraph(*doc, &check);
  diags->Append(check);
  if (!doc || check.HasErrors()) return std::nullopt;
  return WriteXml(*tree);
}

}  // namespace sdfconv
