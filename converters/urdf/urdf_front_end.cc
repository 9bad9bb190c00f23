#include "converters/urdf/urdf_front_end.h"

#include "converters/sdf/sdf_dialect.h"
#include "converters/sdf/sdf_tree_reader.h"
#include "converters/urdf/urdf_importer.h"

namespace sdfconv {

bool UrdfFrontEnd::Accepts(std::string_view root_tag,
                           std::string_view /*version*/) const {
  return root_tag == "robot";
}

std::optional<Document> UrdfFrontEnd::Read(int32_t tree, XmlSources* sources,
                                           Diagnostics* diags) const {
  std::optional<XmlTree> sdf =
      ImportUrdf(sources->tree(tree), options_, diags);
  if (!sdf) return std::nullopt;
  const int32_t built = sources->Add(std::move(*sdf));
  return ReadSdfTree(sources->tree(built), built, "1.8", UrdfDialect(), diags);
}

}  // namespace sdfconv
