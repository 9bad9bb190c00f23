// XmlDocument: an XML file loaded safely with libxml2, and where each of its
// elements comes from (file, line, element path).
//
// Every front end reads its input through this class, so the rules for
// untrusted XML live in one place:
//  - No DTD of any kind: a <!DOCTYPE> stops the parser as soon as it is seen,
//    before any entity declaration is read (no "billion laughs", no external
//    entities, no network). Reported as XML_SYNTAX_ERROR.
//  - No network access (XML_PARSE_NONET), no entity substitution
//    (XML_PARSE_NOENT is never set), no DTD loading or default attributes.
//  - Bounded input size and element depth (XmlLimits) ->
//    INPUT_LIMIT_EXCEEDED. libxml2's own depth limit of 256 is lifted
//    (XML_PARSE_HUGE) and ours is enforced while parsing instead.
//  - Not well-formed -> XML_SYNTAX_ERROR for every error libxml2 reports,
//    with its line and message. Namespace problems (an undeclared prefix)
//    do not make XML 1.0 ill-formed and are warnings.
//  - The file cannot be read -> FILE_READ.
// libxml2 reports through a handler set on this parse only, never through
// the process-wide handlers, and nothing is printed.
//
// Nothing here recurses on the document's depth: loading, locating and
// freeing all work on documents hundreds of thousands of levels deep.
//
// Element paths name an element by its ancestry, with the name attribute
// where there is one: /sdf/model[@name="m"]/link[@name="l"]/pose. Paths of
// elements nested deeper than kFullPathDepth keep the first and last
// kPathEndSegments segments around a marker "/...(N levels)" so that a path
// never grows with the depth of the input.
//
//   Diagnostics diags;
//   std::optional<XmlDocument> xml = XmlDocument::LoadFile(path, &diags);
//   if (!xml) return;  // diags says why
//   for (const xmlNode* child : ChildElements(xml->root())) {
//     SourceLocation at = xml->Locate(child);  // file, line, element path
//   }
#ifndef SDFCONV_CONVERTERS_XML_XML_DOCUMENT_H_
#define SDFCONV_CONVERTERS_XML_XML_DOCUMENT_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

// libxml2's node and document types (the same typedefs as libxml/tree.h), so
// that users of this header need not include libxml2's.
typedef struct _xmlNode xmlNode;
typedef struct _xmlDoc xmlDoc;

namespace sdfconv {

// Bounds on what XmlDocument accepts.
struct XmlLimits {
  // Largest accepted input, in bytes (at most INT_MAX: libxml2 takes an int).
  size_t max_bytes = size_t{256} << 20;
  // Deepest accepted element nesting; the root element is at depth 1.
  int max_depth = 200'000;
};

// Element paths deeper than this are shortened (see the file comment).
inline constexpr int kFullPathDepth = 32;
inline constexpr int kPathEndSegments = 16;

// The bytes of the file at `path`, or nothing with FILE_READ (cannot open
// or read) or INPUT_LIMIT_EXCEEDED (more than `limit` bytes) in `diags`.
std::optional<std::string> ReadFileBytes(const std::string& path,
                                         size_t limit, Diagnostics* diags);

class XmlDocument {
 public:
  // Reads and parses the file at `path`. Returns nothing, with at least one
  // error in `diags`, when the file cannot be read, is over a limit, or is
  // not well-formed XML. Diagnostics name the file as `path` is written.
  [[nodiscard]] static std::optional<XmlDocument> LoadFile(
      const std::string& path, Diagnostics* diags,
      const XmlLimits& limits = {});

  // Parses `text` as if it were the content of a file named `path` (for
  // messages only; nothing is read from disk).
  [[nodiscard]] static std::optional<XmlDocument> LoadString(
      std::string_view text, const std::string& path, Diagnostics* diags,
      const XmlLimits& limits = {});

  XmlDocument(XmlDocument&&) noexcept;
  XmlDocument& operator=(XmlDocument&&) noexcept;
  ~XmlDocument();

  // The path the document was loaded from, as given.
  [[nodiscard]] const std::string& file() const { return file_; }

  // The root element; never null.
  [[nodiscard]] const xmlNode* root() const;

  // The 1-based line of `element`'s start tag (0 if unknown).
  [[nodiscard]] int Line(const xmlNode* element) const;

  // The nesting depth of `element` (the root is 1).
  [[nodiscard]] int Depth(const xmlNode* element) const;

  // /sdf/model[@name="m"]/link[@name="l"] (see the file comment).
  [[nodiscard]] std::string ElementPath(const xmlNode* element) const;

  // {file(), Line(element), ElementPath(element)}.
  [[nodiscard]] SourceLocation Locate(const xmlNode* element) const;

 private:
  struct NodeInfo {
    int line = 0;
    int depth = 0;
    // The ancestor at depth kPathEndSegments (or the node itself when it is
    // not deeper): where the head of a shortened path ends.
    const xmlNode* head = nullptr;
  };
  struct DocDeleter {
    void operator()(xmlDoc* doc) const;
  };

  XmlDocument(std::unique_ptr<xmlDoc, DocDeleter> doc, std::string file);
  void IndexElements();
  [[nodiscard]] const NodeInfo* InfoOf(const xmlNode* element) const;

  std::unique_ptr<xmlDoc, DocDeleter> doc_;
  std::string file_;
  std::vector<NodeInfo> info_;  // indexed by xmlNode::_private - 1
};

// ---- Reading elements (no libxml2 header needed) --------------------------

// The element's name as written, with its namespace prefix if any
// ("link", "mysim:custom").
[[nodiscard]] std::string Tag(const xmlNode* element);

// True when the element belongs to a namespace prefix ("mysim:custom"),
// i.e. it is a custom element outside the format being read.
[[nodiscard]] bool IsNamespaced(const xmlNode* element);

// The value of the attribute `name` without namespace, if present.
[[nodiscard]] std::optional<std::string> Attribute(const xmlNode* element,
                                                   std::string_view name);

// One attribute as written: its name with any namespace prefix
// ("mysim:speed"), its value, and whether it has a prefix (a custom
// attribute outside the format being read).
struct XmlAttribute {
  std::string name;
  std::string value;
  bool namespaced = false;
};

// Every attribute of `element`, in document order (namespace declarations,
// xmlns="..." and xmlns:p="...", are not attributes).
[[nodiscard]] std::vector<XmlAttribute> Attributes(const xmlNode* element);

// The element's own text (its text and CDATA children, concatenated; not
// that of its child elements), untrimmed.
[[nodiscard]] std::string Text(const xmlNode* element);

// The child elements of `element`, in document order.
[[nodiscard]] std::vector<const xmlNode*> ChildElements(const xmlNode* element);

// The first child element, or the next sibling element, named `tag`
// (any name when `tag` is empty); null if none.
[[nodiscard]] const xmlNode* FirstChildElement(const xmlNode* element,
                                               std::string_view tag = {});
[[nodiscard]] const xmlNode* NextSiblingElement(const xmlNode* element,
                                                std::string_view tag = {});

// The element's parent element, or null for the root.
[[nodiscard]] const xmlNode* ParentElement(const xmlNode* element);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_DOCUMENT_H_
