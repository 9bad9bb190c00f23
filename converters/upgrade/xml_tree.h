// XmlTree: an XML document as an editable tree that writes back byte for
// byte.
//
// The upgrade must keep everything it does not change exactly as written:
// comments, blank lines, indentation, attribute quotes and spacing, the XML
// declaration, character references, `<a></a>` versus `<a/>`. libxml2's
// tree cannot give that back (its serializer re-quotes attributes, rewrites
// the declaration, escapes `>` in text, and loses the spacing inside tags),
// so this tree keeps the source text of every piece instead: each node
// stores the raw text it was parsed from, and Serialize() concatenates it.
// An untouched tree serializes to the input, byte for byte (Parse checks
// this and refuses the input otherwise). Edits replace the raw text of the
// pieces they touch and nothing else.
//
// Safety comes from the project's XML layer: Parse first loads the text
// with XmlDocument (no DTD, no entities, size and depth limits, well-formed),
// and only then scans it; the scanner therefore only ever sees well-formed,
// DTD-free XML.
//
// Nodes live in an arena and refer to each other by index (NodeId); parse,
// serialize, copy and destroy are all iterative, whatever the depth.
//
//   Diagnostics diags;
//   std::optional<XmlTree> tree = XmlTree::Parse(text, "m.sdf", &diags);
//   NodeId sdf = tree->root();
//   tree->SetAttribute(sdf, "version", "1.8");
//   std::string out = tree->Serialize();  // only the version changed
#ifndef SDFCONV_CONVERTERS_UPGRADE_XML_TREE_H_
#define SDFCONV_CONVERTERS_UPGRADE_XML_TREE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_document.h"
#include "core/diagnostic.h"

namespace sdfconv::upgrade {

using NodeId = int32_t;
inline constexpr NodeId kNoNode = -1;

enum class NodeType {
  kDocument,  // the arena's node 0: the prolog, the root element, the epilog
  kElement,
  kText,     // raw character data, entity references undecoded
  kComment,  // raw "<!--...-->"
  kCData,    // raw "<![CDATA[...]]>"
  kPi,       // raw "<?...?>", including the XML declaration
};

// One attribute as written: `lead name eq quote raw quote`, e.g. for
// `  name = 'a&amp;b'`: lead "  ", eq " = ", quote '\'', raw "a&amp;b".
struct XmlAttribute {
  std::string lead;
  std::string name;
  std::string eq;
  char quote = '"';
  std::string raw;
};

struct XmlNode {
  NodeType type = NodeType::kText;
  NodeId parent = kNoNode;
  std::vector<NodeId> children;
  // kText, kComment, kCData, kPi: the raw source text.
  std::string raw;
  // kElement: `<tag attributes tail>` or `<tag attributes tail/>`, then the
  // children, then `end` (the raw end tag; empty when self-closing).
  std::string tag;
  std::vector<XmlAttribute> attributes;
  std::string tail;
  bool self_closing = false;
  std::string end;
  int line = 0;  // of the start tag in the input; 0 for new nodes
};

class XmlTree {
 public:
  // Loads `text` safely (XmlDocument, `limits`) and builds the tree. Returns
  // nothing, with errors in `diags`, when the text is not acceptable XML.
  [[nodiscard]] static std::optional<XmlTree> Parse(
      std::string_view text, const std::string& path, Diagnostics* diags,
      const XmlLimits& limits = {});

  // The document as text: the input itself for an untouched tree.
  [[nodiscard]] std::string Serialize() const;
  // One element (or any node) and its content, as text.
  [[nodiscard]] std::string SerializeNode(NodeId id) const;

  [[nodiscard]] const std::string& file() const { return file_; }
  [[nodiscard]] NodeId root() const { return root_; }
  [[nodiscard]] const XmlNode& at(NodeId id) const { return nodes_[id]; }
  [[nodiscard]] size_t size() const { return nodes_.size(); }
  [[nodiscard]] bool IsElement(NodeId id) const {
    return id >= 0 && nodes_[id].type == NodeType::kElement;
  }
  // True for a tag with a namespace prefix ("mysim:thing").
  [[nodiscard]] bool IsNamespaced(NodeId id) const;
  [[nodiscard]] const std::string& Tag(NodeId id) const {
    return nodes_[id].tag;
  }
  // Whether `id` is still part of the document (not removed).
  [[nodiscard]] bool Attached(NodeId id) const;

  // ---- Reading (values are decoded: entities and character references) --
  [[nodiscard]] std::optional<std::string> Attribute(
      NodeId id, std::string_view name) const;
  // The element's own character data (text and CDATA children), decoded.
  [[nodiscard]] std::string Text(NodeId id) const;
  [[nodiscard]] std::vector<NodeId> ChildElements(NodeId id) const;
  // The first child element `tag` (any when empty), or kNoNode.
  [[nodiscard]] NodeId FirstChild(NodeId id, std::string_view tag = {}) const;
  [[nodiscard]] std::vector<NodeId> Children(NodeId id,
                                             std::string_view tag) const;
  // The parent element, or kNoNode for the root element.
  [[nodiscard]] NodeId ParentElement(NodeId id) const;
  // Every element under `id` (itself included) in document order, skipping
  // the subtrees for which `skip(node)` is true (they are not listed).
  template <typename Skip>
  [[nodiscard]] std::vector<NodeId> Elements(NodeId id, Skip skip) const;
  // {file, line, element path} for diagnostics.
  [[nodiscard]] SourceLocation Locate(NodeId id) const;

  // ---- Layout -----------------------------------------------------------
  // The spaces and tabs before `id` on its line, if it starts a line.
  [[nodiscard]] std::optional<std::string> Indent(NodeId id) const;
  // The indentation of children of `parent`: that of an existing child
  // element, else the parent's plus the file's indentation unit.
  [[nodiscard]] std::string ChildIndent(NodeId parent) const;
  // "\r\n" when the input used it, else "\n".
  [[nodiscard]] const std::string& Newline() const { return newline_; }

  // ---- Editing ----------------------------------------------------------
  // Sets the attribute's value (escaped; keeps its quotes and place), or
  // appends ` name="value"` when absent.
  void SetAttribute(NodeId id, std::string_view name, std::string_view value);
  // Renames an attribute, keeping its value exactly as written.
  void RenameAttribute(NodeId id, std::string_view from, std::string_view to);
  void RemoveAttribute(NodeId id, std::string_view name);
  // Renames an element (its start and end tags), keeping everything else.
  void RenameElement(NodeId id, std::string_view tag);
  // Replaces the element's character data with `value` (escaped), keeping
  // the whitespace around the old value and any comments.
  void SetText(NodeId id, std::string_view value);

  // A new, detached element, optionally with text content.
  NodeId NewElement(std::string_view tag, std::string_view text = {});
  NodeId NewText(std::string_view raw);
  // A detached copy of `id` and its content; comments are dropped when
  // `with_comments` is false.
  NodeId Clone(NodeId id, bool with_comments);
  // A detached copy of `id` of another tree `from` and its content, every
  // piece as written there (lines included).
  NodeId Import(const XmlTree& from, NodeId id);
  // Inserts the detached `child` as a child of `parent` at `index` of its
  // children list (raw, no whitespace added).
  void InsertAt(NodeId parent, size_t index, NodeId child);
  // Inserts the detached element `child` on a line of its own among the
  // children of `parent`: before `before` (a child of `parent`), or last
  // when `before` is kNoNode. Indentation follows the siblings; a
  // self-closing parent is opened.
  void InsertLine(NodeId parent, NodeId child, NodeId before = kNoNode);
  // Inserts the detached element `child` on a line of its own right after
  // `after`, a child element of its parent, with the same indentation.
  void InsertLineAfter(NodeId after, NodeId child);
  // Removes `id` from its parent, together with the indentation and line
  // break in front of it when it sits on a line of its own.
  void RemoveLine(NodeId id);
  // Puts the detached `with` where `id` is, which becomes detached; the
  // text around them is unchanged.
  void Replace(NodeId id, NodeId with);
  // Removes `id` from its parent, nothing else.
  void Detach(NodeId id);
  // Re-indents the raw whitespace inside a moved subtree: every line break
  // followed by `from` becomes one followed by `to`.
  void Reindent(NodeId id, const std::string& from, const std::string& to);

 private:
  XmlTree() = default;
  NodeId Add(XmlNode node);
  size_t IndexInParent(NodeId id) const;
  void OpenIfSelfClosing(NodeId id);

  std::vector<XmlNode> nodes_;
  NodeId root_ = kNoNode;
  std::string file_;
  std::string newline_ = "\n";
  std::string indent_unit_ = "  ";
  char quote_ = '"';  // the quote most attributes of the input use
};

// `raw` XML character data or attribute text with entity and character
// references replaced by what they stand for.
[[nodiscard]] std::string DecodeXml(std::string_view raw);
// `value` escaped for element text (quote = 0) or an attribute in `quote`.
[[nodiscard]] std::string EscapeXml(std::string_view value, char quote = 0);

template <typename Skip>
std::vector<NodeId> XmlTree::Elements(NodeId id, Skip skip) const {
  std::vector<NodeId> out;
  std::vector<NodeId> stack = {id};
  while (!stack.empty()) {
    const NodeId n = stack.back();
    stack.pop_back();
    if (!IsElement(n) || skip(n)) continue;
    out.push_back(n);
    const auto& kids = nodes_[n].children;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
  }
  return out;
}

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_XML_TREE_H_
