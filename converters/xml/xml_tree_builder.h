// XmlTreeBuilder: the nodes of a scanned text, added to a tree in
// document order. Private to the xml_tree library.
//
// Two scanners read a text into a tree: the gate's check of plain XML
// (xml_gate.h), which builds the tree as it checks, and the lenient
// scanner (xml_tree_parse.cc) for the texts libxml2 has accepted. Each
// finds the pieces of the text one after another (raw nodes, start tags
// and their attributes, end tags) and hands each to the builder by its
// offsets in the text. The builder alone makes nodes: their parents and
// indexes, every element's parts, the children and attributes gathered in
// the tree's list arrays (XmlList::Borrow) and settled when the scan is
// whole, and each node's line (an element's where its start tag ends, as
// libxml2 counts; any other node's where it starts).
//
// Invariant: the pieces handed over tile the text from offset 0, in order
// (lines are counted over them); the caller checks the result with
// XmlTree::Reads.
//
//   XmlTreeBuilder b(text, &tree);   // text: "<r a='1'/>"
//   b.BeginTag(1, 2);                // r
//   b.Attribute(2, 3, 4, 5, 8);      // ` a='1'`
//   b.EndBeginTag(8, 8, true);       // `/>`
//   NodeId root = b.Finish();
#ifndef SDFCONV_CONVERTERS_XML_XML_TREE_BUILDER_H_
#define SDFCONV_CONVERTERS_XML_XML_TREE_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "converters/xml/xml_tree.h"

namespace sdfconv {

class XmlTreeBuilder {
 public:
  // Adds to `tree`, which holds the document node (0) and nothing else.
  XmlTreeBuilder(std::string_view text, XmlTree* tree);

  // A node of raw text [from, to): text, a comment, a CDATA section or a
  // processing instruction, in the innermost open element (or the
  // document).
  void Raw(XmlNodeType type, size_t from, size_t to) {
    Advance(from);
    XmlNode n;
    n.type = type;
    n.line = line_;
    n.raw = Piece(from, to);
    Add(n);
  }
  // A start tag at `<`, its name [from, to).
  void BeginTag(size_t from, size_t to) {
    tag_ = XmlElementParts();
    tag_.tag = Piece(from, to);
    first_attribute_ = attribute_array_->size();
  }
  // An attribute of the tag begun: its white space from `lead`, its name
  // from `name`, `=` and the spaces around it from `eq`, and its quoted
  // value from `quote` to `end` (past the closing quote).
  void Attribute(size_t lead, size_t name, size_t eq, size_t quote,
                 size_t end) {
    attribute_array_->push_back(RawAttribute(
        Piece(lead, end), static_cast<uint32_t>(name - lead),
        static_cast<uint32_t>(eq - name), static_cast<uint32_t>(quote - eq)));
  }
  // The tag begun ends: white space [tail, close), then `>` or `/>` at
  // `close`. An element that does not close itself is now the innermost
  // open one. Returns it.
  NodeId EndBeginTag(size_t tail, size_t close, bool self_closing);
  // The end tag [from, to) closes the innermost open element, which must
  // be one (depth() > 0).
  void EndTag(size_t from, size_t to);

  // Open elements, the document not counted.
  [[nodiscard]] size_t depth() const { return open_.size() - 1; }
  // The document's element, or kNoNode before its start tag.
  [[nodiscard]] NodeId root() const { return root_; }
  // Closes the document and gives every list its place; returns root().
  // Only when depth() is 0.
  NodeId Finish();

 private:
  NodeId Add(const XmlNode& node) {
    const auto id = static_cast<NodeId>(nodes_->size());
    nodes_->push_back(node);
    XmlNode& added = nodes_->back();
    added.parent = open_.back();
    added.index = static_cast<int32_t>(pending_.size() - marks_.back());
    pending_.push_back(id);
    return id;
  }
  void Close(NodeId id);
  // The offset slot of element `parts` (sized for the reserved parts; grown
  // when more come).
  static size_t& Offset(std::vector<size_t>* offsets, size_t parts) {
    if (offsets->size() <= parts) offsets->resize(parts + 1);
    return (*offsets)[parts];
  }
  // Counts the line breaks before `to` (pieces come in order): one search
  // per line break, none for a piece without one.
  void Advance(size_t to) {
    while (next_break_ < to) {
      ++line_;
      next_break_ = text_.find('\n', next_break_ + 1);
    }
  }
  XmlText Piece(size_t from, size_t to) const {
    return XmlText(text_.substr(from, to - from));
  }

  std::string_view text_;
  std::vector<XmlNode>* nodes_;
  std::vector<XmlElementParts>* parts_;
  std::vector<NodeId>* child_array_;
  std::vector<RawAttribute>* attribute_array_;
  // Where each element's lists start in the arrays, by parts index.
  std::vector<size_t> child_offsets_;
  std::vector<size_t> attribute_offsets_;
  int line_ = 1;                    // the line of the offset counted to
  std::vector<NodeId> open_ = {0};  // the document, then open elements
  std::vector<NodeId> pending_;     // children of the open elements
  std::vector<size_t> marks_;       // where each open element's children start
  XmlElementParts tag_;             // the start tag begun
  size_t first_attribute_ = 0;
  NodeId root_ = kNoNode;
  size_t next_break_;  // the first line break not counted yet, or npos
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_TREE_BUILDER_H_
