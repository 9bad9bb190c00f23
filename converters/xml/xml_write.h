// Writing an XmlTree, or part of one, as new text (Serialize() gives the
// text as written instead).
//
// WriteIndentedXml lays elements out one per line, two spaces of
// indentation per level (at most kMaxIndentLevels levels, so the text stays
// linear in the size of deeply nested content). An element without child
// elements or comments keeps its text exactly; in one with them, its text
// is trimmed and written first, and whitespace-only text is dropped.
// Processing instructions inside elements are dropped. Values are decoded
// and escaped again (xml_escape.h), so attributes are written in double
// quotes whatever the input used. A caller may change each element's tag
// and attributes on the way (`IndentedXmlOptions::element`).
//
// WriteNormalizedXml writes the document as libxml2 serialises what it
// parsed: an XML declaration for UTF-8, then every node in place with its
// values decoded and escaped again, so that another parser (urdfdom's
// TinyXML) reads the values an XML 1.0 parser reads.
//
// Both are iterative: nothing recurses on the depth of the tree.
//
//   std::string text = WriteIndentedXml(tree, tree.root());
#ifndef SDFCONV_CONVERTERS_XML_XML_WRITE_H_
#define SDFCONV_CONVERTERS_XML_XML_WRITE_H_

#include <functional>
#include <string>
#include <vector>

#include "converters/xml/xml_tree.h"

namespace sdfconv {

inline constexpr int kMaxIndentLevels = 32;

// "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".
inline constexpr char kXmlDeclaration[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";

struct IndentedXmlOptions {
  // Spaces before the top element; its children have two more per level.
  int indent = 0;
  // Called for each element before it is written, with its tag and decoded
  // attributes (namespace declarations included), which it may change.
  std::function<void(NodeId element, std::string* tag,
                     std::vector<XmlAttribute>* attributes)>
      element;
};

// `top` and its content, one element per line, each line ending in "\n".
[[nodiscard]] std::string WriteIndentedXml(
    const XmlTree& tree, NodeId top, const IndentedXmlOptions& options = {});

// The whole document as libxml2 would serialise it (see above).
[[nodiscard]] std::string WriteNormalizedXml(const XmlTree& tree);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_WRITE_H_
