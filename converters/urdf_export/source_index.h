// SourceIndex: the XML element each Document element was read from.
//
// The core Document keeps what the kinematics needs; the URDF back end also
// writes what only the XML says (geometry, sensors, the URDF front end's
// `urdf:` elements). Elements are matched by their source location (file,
// line and element path) in the XML files the Document was read from: the
// file itself and, for <include>d models, the files they came from.
//
// Invariant: built once with an explicit worklist (no recursion); Find is a
// hash lookup.
//
//   SourceIndex index(options.source);
//   const xmlNode* link_xml = index.Find(doc.at(link).source);  // or null
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_SOURCE_INDEX_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_SOURCE_INDEX_H_

#include <string>
#include <unordered_map>

#include "converters/xml/xml_document.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"

namespace sdfconv {

class SourceIndex {
 public:
  // `xml` and `more` may be null: then nothing of them is found.
  explicit SourceIndex(const XmlDocument* xml,
                       const XmlSources* more = nullptr);
  [[nodiscard]] const xmlNode* Find(const SourceLocation& at) const;

 private:
  void Add(const XmlDocument& xml);

  std::unordered_map<std::string, const xmlNode*> by_key_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_SOURCE_INDEX_H_
