// SdfTree: an SDFormat document being written, as an arena of XML nodes.
//
// The URDF importer builds the SDF it will output as an SdfTree. Both of its
// products come from this one tree: the SDF text (WriteXml) and the core
// Document (sdf_tree_document.h), so what `sdfconv check robot.urdf` checks
// is exactly what `sdfconv convert robot.urdf --to sdf` writes.
//
// Each node remembers the input element it stands for (`source`: file, line
// and element path in the URDF), so diagnostics about the SDF point at the
// URDF. Nodes refer to each other by index; nothing here recurses, whatever
// the depth of copied content.
//
//   SdfTree tree("sdf");
//   const NodeId model = tree.AddElement(SdfTree::kRoot, "model", at);
//   tree.SetAttribute(model, "name", "arm");
//   tree.AddValue(model, "static", "true");
//   std::string text = WriteXml(tree);
#ifndef SDFCONV_CONVERTERS_URDF_SDF_TREE_H_
#define SDFCONV_CONVERTERS_URDF_SDF_TREE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diagnostic.h"

namespace sdfconv {

using NodeId = int32_t;
inline constexpr NodeId kNoNode = -1;

struct SdfNode {
  bool is_comment = false;  // a comment: `text` is its body, no tag
  std::string tag;          // "link", "urdf:mimic", ...
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string text;  // character data (written before any child)
  NodeId parent = kNoNode;
  std::vector<NodeId> children;
  SourceLocation source;  // the input element this node comes from
};

class SdfTree {
 public:
  static constexpr NodeId kRoot = 0;

  // A tree holding only its root element `root_tag`.
  explicit SdfTree(std::string root_tag);

  // Appends an element (or a comment) as the last child of `parent`.
  NodeId AddElement(NodeId parent, std::string tag,
                    const SourceLocation& source = {});
  NodeId AddValue(NodeId parent, std::string tag, std::string text,
                  const SourceLocation& source = {});
  NodeId AddComment(NodeId parent, std::string text);

  // Sets (or replaces) an attribute; attributes keep their first order.
  void SetAttribute(NodeId id, std::string name, std::string value);
  [[nodiscard]] std::optional<std::string> Attribute(
      NodeId id, std::string_view name) const;

  // The first child element named `tag`, or kNoNode.
  [[nodiscard]] NodeId FindChild(NodeId parent, std::string_view tag) const;
  // FindChild, or a new empty child element `tag` when there is none.
  NodeId FindOrAdd(NodeId parent, std::string_view tag,
                   const SourceLocation& source = {});
  // The child elements (no comments) of `parent`, in order.
  [[nodiscard]] std::vector<NodeId> ChildElements(NodeId parent) const;

  [[nodiscard]] const SdfNode& at(NodeId id) const { return nodes_[id]; }
  [[nodiscard]] SdfNode& at(NodeId id) { return nodes_[id]; }
  [[nodiscard]] size_t size() const { return nodes_.size(); }

 private:
  std::vector<SdfNode> nodes_;
};

// The tree as XML text: an XML declaration, then the root element, two
// spaces of indentation per level (up to 32 levels). Text and attribute values are escaped.
// Elements without children keep their text exactly; in elements with
// children, whitespace-only text is dropped.
[[nodiscard]] std::string WriteXml(const SdfTree& tree);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_SDF_TREE_H_
