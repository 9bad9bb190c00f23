// XmlElement: a handle to one element of an XmlTree, and the functions that
// read it, for code that walks a document.
//
// A handle is the tree and the node's index: cheap to copy, null when
// default-constructed or when a lookup finds nothing, so walks read like
// pointer walks:
//
//   for (XmlElement link = FirstChildElement(model, "link"); link;
//        link = NextSiblingElement(link, "link")) {
//     SourceLocation at = Locate(link);  // file, line, element path
//     std::optional<std::string> name = Attribute(link, "name");
//   }
//
// Invariant: a non-null handle names an element of a tree that outlives it.
// Values are decoded (xml_escape.h).
#ifndef SDFCONV_CONVERTERS_XML_XML_ELEMENT_H_
#define SDFCONV_CONVERTERS_XML_XML_ELEMENT_H_

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace sdfconv {

class XmlElement {
 public:
  XmlElement() = default;
  // Null when `id` is kNoNode.
  XmlElement(const XmlTree* tree, NodeId id)
      : tree_(id == kNoNode ? nullptr : tree), id_(id) {}

  explicit operator bool() const { return tree_ != nullptr; }
  [[nodiscard]] const XmlTree& tree() const { return *tree_; }
  [[nodiscard]] NodeId id() const { return id_; }

  friend bool operator==(XmlElement a, XmlElement b) {
    return a.tree_ == b.tree_ && a.id_ == b.id_;
  }
  friend bool operator!=(XmlElement a, XmlElement b) { return !(a == b); }

 private:
  const XmlTree* tree_ = nullptr;
  NodeId id_ = kNoNode;
};

// For unordered containers keyed by element.
struct XmlElementHash {
  size_t operator()(XmlElement e) const {
    return std::hash<const void*>()(e ? &e.tree() : nullptr) * 31 +
           static_cast<size_t>(e.id());
  }
};

// The root element of `tree`.
[[nodiscard]] inline XmlElement RootElement(const XmlTree& tree) {
  return {&tree, tree.root()};
}

// The element's name as written, with its namespace prefix if any
// ("link", "mysim:custom").
[[nodiscard]] inline std::string_view Tag(XmlElement e) {
  return e.tree().Tag(e.id());
}

// True when the element has a namespace prefix ("mysim:custom"): a custom
// element outside the format being read.
[[nodiscard]] inline bool IsNamespaced(XmlElement e) {
  return e.tree().IsNamespaced(e.id());
}

// The value of the attribute `name` (as written, prefix included), if
// present.
[[nodiscard]] inline std::optional<std::string> Attribute(
    XmlElement e, std::string_view name) {
  return e.tree().Attribute(e.id(), name);
}

// Whether the element has the attribute `name` (nothing is decoded).
[[nodiscard]] inline bool HasAttribute(XmlElement e, std::string_view name) {
  return e.tree().HasAttribute(e.id(), name);
}
// Every attribute in document order (namespace declarations left out).
[[nodiscard]] inline std::vector<XmlAttribute> Attributes(XmlElement e) {
  return e.tree().Attributes(e.id());
}

// The element's own text (its text and CDATA children, not those of its
// child elements), untrimmed.
[[nodiscard]] inline std::string Text(XmlElement e) {
  return e.tree().Text(e.id());
}
// The same, without a copy when it can (XmlTree::Text).
[[nodiscard]] inline std::string_view Text(XmlElement e, std::string* scratch) {
  return e.tree().Text(e.id(), scratch);
}

// The child elements, in document order.
[[nodiscard]] std::vector<XmlElement> ChildElements(XmlElement e);

// The first child element, or the next sibling element, named `tag` (any
// name when `tag` is empty); null if none.
[[nodiscard]] inline XmlElement FirstChildElement(XmlElement e,
                                                  std::string_view tag = {}) {
  return {&e.tree(), e.tree().FirstChild(e.id(), tag)};
}
[[nodiscard]] inline XmlElement NextSiblingElement(XmlElement e,
                                                   std::string_view tag = {}) {
  return {&e.tree(), e.tree().NextSibling(e.id(), tag)};
}

// The parent element, or null for the root element.
[[nodiscard]] inline XmlElement ParentElement(XmlElement e) {
  return {&e.tree(), e.tree().ParentElement(e.id())};
}

// {file, line, element path} (or the origin a converter gave it).
[[nodiscard]] inline SourceLocation Locate(XmlElement e) {
  return e.tree().Locate(e.id());
}

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_ELEMENT_H_
