// SdfReader: the front end for SDFormat 1.7 to 1.12 files.
//
// Reads the <world>s or the one <model> under <sdf> into a Document (its
// roots)
// with the walk shared by every SDFormat front end (sdf_tree_reader.h: what
// is read and checked, and what is left to the core), in the 1.7/1.8
// dialect: //pose/@relative_to, //axis/xyz/@expressed_in, <frame>s in models
// and worlds with @attached_to, //model/@canonical_link and
// @placement_frame, from 1.8 on <joint>s in worlds, from 1.9 on
// //pose/@rotation_format and @degrees (sdf_dialect.h holds what differs).
// Files of SDFormat 1.2-1.6 are LegacySdfReader's (legacy_reader.h).
//
//   SdfReader reader;
//   if (reader.Accepts("sdf", "1.8")) {
//     std::optional<Document> doc = reader.Read(tree, &sources, &diags);
//   }
#ifndef SDFCONV_CONVERTERS_SDF_SDF_READER_H_
#define SDFCONV_CONVERTERS_SDF_SDF_READER_H_

#include <array>
#include <optional>
#include <string_view>

#include "converters/front_end.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// The <sdf version="..."> values SdfReader reads.
inline constexpr std::array<std::string_view, 6> kSdfReaderVersions = {
    "1.7", "1.8", "1.9", "1.10", "1.11", "1.12"};

class SdfReader final : public FrontEnd {
 public:
  // `strict`: features of later versions are ignored, as the file's own
  // version says (sdf_dialect.h), instead of read as libsdformat reads them.
  explicit SdfReader(bool strict = false) : strict_(strict) {}

  std::string_view name() const override { return "sdf-1.7-1.12"; }

  // Root <sdf> with one of kSdfReaderVersions exactly.
  bool Accepts(std::string_view root_tag,
               std::string_view version) const override;

  // Returns nothing (with an error in `diags`) when the root is not an
  // accepted <sdf>, or when it holds no <world> or <model>.
  std::optional<Document> Read(int32_t tree, XmlSources* sources,
                               Diagnostics* diags) const override;
 private:
  bool strict_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_READER_H_
