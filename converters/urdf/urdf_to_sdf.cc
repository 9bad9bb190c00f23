#include "converters/urdf/urdf_to_sdf.h"

#include "converters/sdf/sdf_dialect.h"
#include "converters/sdf/sdf_tree_reader.h"
#include "converters/sdf/value_level.h"
#include "converters/urdf/urdf_importer.h"
#include "converters/xml/xml_write.h"
#include "core/frame_graph.h"

namespace sdfconv {

std::optional<std::string> UrdfToSdf(const XmlTree& urdf_xml,
                                     const UrdfImportOptions& options,
                                     Diagnostics* diags) {
  const std::optional<XmlTree> tree = ImportUrdf(urdf_xml, options, diags);
  if (!tree) return std::nullopt;
  Diagnostics check;
  const std::optional<Document> doc =
      ReadSdfTree(*tree, 0, "1.8", UrdfDialect(), &check);
  if (doc) (void)BuildFrameGraph(*doc, &check);
  // Values SDFormat forbids and urdfdom accepts are written as read, each
  // with a warning; only the structure refuses.
  const bool sound = KeepValuesAsWritten(check, diags);
  if (!doc || !sound) return std::nullopt;
  return kXmlDeclaration + WriteIndentedXml(*tree, tree->root());
}

}  // namespace sdfconv
