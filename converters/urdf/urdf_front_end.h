// UrdfFrontEnd: the front end for URDF files (root element <robot>).
//
// Reads a URDF as libsdformat's URDF parser does: it builds the tree of the
// SDFormat 1.8 model that `sdfconv convert robot.urdf --to sdf` writes
// (urdf_importer.h), adds it to the read's XmlSources, and reads that tree
// with the one SDFormat reader (sdf_tree_reader.h, UrdfDialect: phase 1
// included). So `sdfconv check robot.urdf` and `sdfconv convert robot.urdf
// --to flat` go through the core unchanged, the core resolves every pose,
// and back ends reach the SDFormat through each Element's NodeRef. Elements
// point at the URDF (file, line, path): each node of the built tree stands
// for the URDF element it was made from.
//
// A URDF has no version the registry could choose by: every <robot> is
// accepted here, and urdfdom decides (it rejects versions other than 1.0).
//
//   UrdfFrontEnd urdf;
//   if (urdf.Accepts("robot", "")) doc = urdf.Read(tree, &sources, &diags);
#ifndef SDFCONV_CONVERTERS_URDF_URDF_FRONT_END_H_
#define SDFCONV_CONVERTERS_URDF_URDF_FRONT_END_H_

#include <optional>
#include <string_view>
#include <utility>

#include "converters/front_end.h"
#include "converters/urdf/urdf_import_options.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

class UrdfFrontEnd final : public FrontEnd {
 public:
  explicit UrdfFrontEnd(UrdfImportOptions options = {})
      : options_(std::move(options)) {}

  std::string_view name() const override { return "urdf"; }

  // Root <robot>, any version attribute (or none).
  bool Accepts(std::string_view root_tag,
               std::string_view version) const override;

  // Returns nothing (with an error in `diags`) when urdfdom rejects the
  // file or the root is not <robot>.
  std::optional<Document> Read(int32_t tree, XmlSources* sources,
                               Diagnostics* diags) const override;

 private:
  UrdfImportOptions options_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_FRONT_END_H_
