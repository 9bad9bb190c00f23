// XmlSources: the XML of every file one read loaded, the file itself first,
// then each included file once, in the order they were first included.
// For back ends that read more of the input than the Document holds
// (geometry, materials, sensors): an Element's `source.file` names its file
// here. Files are never removed, and a pointer to one stays valid as more
// are added.
#ifndef SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
#define SDFCONV_CONVERTERS_XML_XML_SOURCES_H_

#include <deque>
#include <string>

#include "converters/xml/xml_document.h"

namespace sdfconv {

class XmlSources {
 public:
  void Add(XmlDocument xml) { files_.push_back(std::move(xml)); }
  // The loaded file named `file` (as in SourceLocation::file), or null.
  [[nodiscard]] const XmlDocument* Find(const std::string& file) const {
    for (const XmlDocument& xml : files_) {
      if (xml.file() == file) return &xml;
    }
    return nullptr;
  }
  [[nodiscard]] const std::deque<XmlDocument>& files() const { return files_; }

 private:
  std::deque<XmlDocument> files_;  // a deque: references stay valid
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
