// XmlTree: the one XML tree of sdfconv. Every front end reads it, every
// back end that writes XML edits or builds one.
//
// Invariants:
//  - Lossless: every node keeps the raw source text it was parsed from
//    (attribute quotes and spacing, comments, character references, the
//    declaration, `<a></a>` versus `<a/>`), and Serialize() concatenates it,
//    so an untouched tree serialises to its input byte for byte (Parse
//    checks this and refuses the input otherwise). Edits replace the raw
//    text of what they touch and nothing else. The pieces are views
//    (xml_text.h) into the input, which the tree keeps whole, and into the
//    text edits wrote: parsing copies no piece.
//  - Located: every node knows where it comes from. A parsed element has
//    its file and line (the line where its start tag ends, as libxml2
//    counts) and an element path such as
//    `/sdf/model[@name="m"]/link[@name="l"]`; an element a converter
//    creates can carry the source it stands for (`SetOrigin`, e.g. the URDF
//    element an SDFormat element was made from), else it is located at its
//    nearest located ancestor. Paths of elements nested deeper than
//    kFullPathDepth keep the first and last kPathEndSegments segments
//    around a marker "/...(N levels)", so a path never grows with depth.
//  - Safe: Parse hands the text to the gate first (xml_gate.h: libxml2,
//    under the rules of untrusted input, or a fast check of plain XML that
//    libxml2 would accept without a word), and only a document libxml2
//    finds well-formed is scanned into the tree: no DTD of any kind (a <!DOCTYPE> stops the
//    parser before any entity is declared: no "billion laughs", no
//    external entities), no network, bounded size and element depth
//    (XmlLimits -> INPUT_LIMIT_EXCEEDED; libxml2's own 256-level limit is
//    lifted and ours enforced instead), XML_SYNTAX_ERROR for every error
//    libxml2 reports (namespace problems, which do not make XML 1.0
//    ill-formed, are warnings), FILE_READ for unreadable files. libxml2
//    builds no tree of its own and reports through a handler set on this
//    parse only. A document in another encoding than UTF-8 (UTF-16,
//    ISO-8859-1, ...) is read as UTF-8 text; such a tree is `transcoded()`,
//    Serialize() gives that UTF-8 text and SerializeAsRead() the document
//    in its own encoding again.
//  - An arena: nodes refer to each other by index (NodeId), never by
//    pointer; parsing, walking, serialising, copying and destroying are
//    iterative whatever the depth.
//
// Values read from the tree are decoded as an XML parser decodes them
// (xml_escape.h); values written into it are escaped.
//
//   Diagnostics diags;
//   std::optional<XmlTree> tree = XmlTree::Parse(text, "m.sdf", &diags);
//   NodeId sdf = tree->root();
//   tree->SetAttribute(sdf, "version", "1.8");
//   std::string out = tree->Serialize();  // only the version changed
#ifndef SDFCONV_CONVERTERS_XML_XML_TREE_H_
#define SDFCONV_CONVERTERS_XML_XML_TREE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_escape.h"
#include "converters/xml/xml_list.h"
#include "converters/xml/xml_text.h"
#include "core/diagnostic.h"

namespace sdfconv {

using NodeId = int32_t;
enum class XmlTolerance;  // xml_leniency.h
inline constexpr NodeId kNoNode = -1;

// Bounds on what XmlTree::Parse accepts.
struct XmlLimits {
  // Largest accepted input, in bytes (at most INT_MAX: libxml2 takes an int).
  size_t max_bytes = size_t{256} << 20;
  // Deepest accepted element nesting; the root element is at depth 1.
  int max_depth = 200'000;
  // Most attributes on one element, checked before libxml2 reads the text
  // (its duplicate check is quadratic in them).
  size_t max_attributes = 10'000;
  // The departures from well-formedness TinyXML2 accepts (xml_leniency.h):
  // read with a warning of their own code when true, refused with an
  // error of that code when false (`--strict`).
  bool lenient = true;
};

// True for an attribute that declares a namespace: `xmlns`, `xmlns:p`.
inline bool IsNamespaceDeclaration(std::string_view name) {
  return name == "xmlns" || name.rfind("xmlns:", 0) == 0;
}

// The namespace the prefix `xml` is bound to, declared or not.
inline constexpr char kXmlNamespace[] = "http://www.w3.org/XML/1998/namespace";

// Element paths deeper than this are shortened (see the file comment).
inline constexpr int kFullPathDepth = 32;
inline constexpr int kPathEndSegments = 16;

// The bytes of the file at `path`, or nothing with FILE_READ (cannot open
// or read) or INPUT_LIMIT_EXCEEDED (more than `limit` bytes) in `diags`.
// `<stdin>` is standard input (standard_input.h).
[[nodiscard]] std::optional<std::string> ReadFileBytes(const std::string& path,
                                                       size_t limit,
                                                       Diagnostics* diags);

enum class XmlNodeType : uint8_t {
  kDocument,  // the arena's node 0: the prolog, the root element, the epilog
  kElement,
  kText,     // raw character data, references undecoded
  kComment,  // raw "<!--...-->"
  kCData,    // raw "<![CDATA[...]]>"
  kPi,       // raw "<?...?>", the XML declaration included
};

// One attribute as written: `lead name eq quote raw quote`, e.g. for
// `  name = 'a&amp;b'`: lead "  ", eq " = ", quote '\'', raw "a&amp;b".
//
// Invariant: the six pieces lie one after another in kept text (the input,
// or the one piece an edit kept for the whole attribute), so an attribute
// is a pointer and four sizes: 24 bytes, where four views took 72.
class RawAttribute {
 public:
  // The attribute written as `whole`, whose lead, name and eq are that
  // long; `whole` is the six pieces, so it ends with the quote.
  RawAttribute(XmlText whole, uint32_t lead, uint32_t name, uint32_t eq)
      : text_(whole.data()),
        lead_(lead),
        name_(name),
        eq_(eq),
        raw_(static_cast<uint32_t>(whole.size()) - lead - name - eq - 2) {}

  [[nodiscard]] std::string_view lead() const { return {text_, lead_}; }
  [[nodiscard]] std::string_view name() const { return {text_ + lead_, name_}; }
  [[nodiscard]] std::string_view eq() const {
    return {text_ + lead_ + name_, eq_};
  }
  [[nodiscard]] char quote() const { return text_[lead_ + name_ + eq_]; }
  [[nodiscard]] std::string_view raw() const {
    return {text_ + lead_ + name_ + eq_ + 1, raw_};
  }
  // All six pieces.
  [[nodiscard]] std::string_view whole() const {
    return {text_, size_t{lead_} + name_ + eq_ + raw_ + 2};
  }
  // The same attribute written as `whole` (a kept copy of whole()).
  [[nodiscard]] RawAttribute At(XmlText whole) const {
    return RawAttribute(whole, lead_, name_, eq_);
  }

 private:
  const char* text_;
  uint32_t lead_;
  uint32_t name_;
  uint32_t eq_;
  uint32_t raw_;
};

// What only elements (and the document, for its children) have: nodes of
// the other kinds, most of a typical tree, do without it.
// 80 bytes.
struct XmlElementParts {
  XmlList<NodeId> children;
  XmlList<RawAttribute> attributes;
  // `<tag attributes tail>` or `<tag attributes tail/>`, then the children,
  // then `end` (the raw end tag; empty when self-closing).
  PackedXmlText tag;
  PackedXmlText tail;
  PackedXmlText end;
  bool self_closing = false;
  // For a parsed element, while no node has moved (set as it is parsed,
  // XmlTreeBuilder): its depth (0: not known) and its ancestor at depth
  // kPathEndSegments, where a shortened path's head ends.
  int32_t depth = 0;
  NodeId head = kNoNode;
};

// 32 bytes: a parsed tree has one per element, text run and comment. The
// source a node stands for (SetOrigin), which only built trees have, is
// kept beside the nodes.
struct XmlNode {
  // kText, kComment, kCData, kPi: the raw source text.
  PackedXmlText raw;
  NodeId parent = kNoNode;
  int32_t index = 0;  // its place in the parent's children
  int line = 0;       // parsed elements: see the file comment; other parsed
                      // nodes: the line they start on; else 0
  // kElement and kDocument: its XmlElementParts (XmlTree::Parts); else -1.
  int32_t parts = -1;
  XmlNodeType type = XmlNodeType::kText;
};

// One attribute's name as written (with its prefix, "mysim:speed"), its
// decoded value, and whether it has a prefix (a custom attribute).
struct XmlAttribute {
  std::string name;
  std::string value;
  bool namespaced = false;
};

class XmlTree {
 public:
  // Checks `text` safely (see the file comment) and builds its tree.
  // Returns nothing, with errors in `diags`, when the text is not
  // acceptable XML. `path` names the document in every location.
  [[nodiscard]] static std::optional<XmlTree> Parse(
      std::string_view text, const std::string& path, Diagnostics* diags,
      const XmlLimits& limits = {});

  // ReadFileBytes, then Parse.
  [[nodiscard]] static std::optional<XmlTree> Load(const std::string& path,
                                                   Diagnostics* diags,
                                                   const XmlLimits& limits = {});

  // A new document named `file` holding only the root element `root_tag`,
  // located at `origin`: for converters that build a document.
  [[nodiscard]] static XmlTree Build(SharedText file, std::string root_tag,
                                     const SourceLocation& origin = {});

  // ---- The document -----------------------------------------------------
  [[nodiscard]] const SharedText& file() const { return file_; }
  [[nodiscard]] NodeId root() const { return root_; }
  [[nodiscard]] const XmlNode& at(NodeId id) const { return nodes_[id]; }
  [[nodiscard]] size_t size() const { return nodes_.size(); }
  // True when the input was in another encoding and was read as UTF-8.
  [[nodiscard]] bool transcoded() const { return !encoding_.empty(); }
  // That encoding ("ISO-8859-1", "UTF-16LE", ...), or "" for UTF-8.
  [[nodiscard]] const std::string& encoding() const { return encoding_; }
  // True for a tree a converter built (XmlTree::Build), false for a parsed
  // one: a built tree has no text of its own to keep.
  [[nodiscard]] bool built() const { return built_; }
  // The document as text: the input itself for an untouched tree.
  [[nodiscard]] std::string Serialize() const;
  // The document in the encoding it was read from: Serialize() for UTF-8,
  // else Serialize() converted back, after the byte order mark the input
  // began with, if any (an untouched ISO-8859-1 or UTF-16 file comes back
  // byte for byte). Nothing when the text holds a character that encoding
  // cannot (an edit wrote one).
  [[nodiscard]] std::optional<std::string> SerializeAsRead() const;
  // One node and its content, as text.
  [[nodiscard]] std::string SerializeNode(NodeId id) const;

  // ---- Reading (values decoded) -----------------------------------------
  [[nodiscard]] bool IsElement(NodeId id) const {
    return id >= 0 && nodes_[id].type == XmlNodeType::kElement;
  }
  // The tag as written; empty for a node that is no element.
  [[nodiscard]] std::string_view Tag(NodeId id) const {
    const int32_t p = nodes_[id].parts;
    return p < 0 ? std::string_view() : std::string_view(parts_[p].tag);
  }
  // Every child node (text, comments, ... too) in document order; none for
  // a node that is neither an element nor the document.
  [[nodiscard]] const XmlList<NodeId>& ChildNodes(NodeId id) const {
    static const XmlList<NodeId> kNone;
    const int32_t p = nodes_[id].parts;
    return p < 0 ? kNone : parts_[p].children;
  }
  // The element's attributes as written (namespace declarations too); none
  // for a node that is no element.
  [[nodiscard]] const XmlList<RawAttribute>& RawAttributes(NodeId id) const;
  // True for a tag with a namespace prefix ("mysim:thing").
  [[nodiscard]] bool IsNamespaced(NodeId id) const {
    for (const char c : Tag(id)) {  // tags are short: no memchr call
      if (c == ':') return true;
    }
    return false;
  }
  // Whether `id` is part of the document (not detached or removed).
  [[nodiscard]] bool Attached(NodeId id) const;
  [[nodiscard]] std::optional<std::string> Attribute(
      NodeId id, std::string_view name) const;
  // Whether `id` has the attribute `name` (nothing is decoded).
  [[nodiscard]] bool HasAttribute(NodeId id, std::string_view name) const;
  // Every attribute in document order, namespace declarations (xmlns,
  // xmlns:p) left out.
  [[nodiscard]] std::vector<XmlAttribute> Attributes(NodeId id) const;
  // The same without copies: `visit(name, value, namespaced)` for each, the
  // value decoded; the views live during the call only.
  template <typename Visit>
  void ForEachAttribute(NodeId id, Visit visit) const;
  // The element's own character data (its text and CDATA children, not
  // those of its child elements), decoded, untrimmed.
  [[nodiscard]] std::string Text(NodeId id) const;
  // The same without a copy when it can: a view of the raw text when it is
  // one text node that decoding leaves as it is, else the value stored in
  // `*scratch`. The view lives while the tree and `*scratch` are unchanged.
  [[nodiscard]] std::string_view Text(NodeId id, std::string* scratch) const;
  [[nodiscard]] std::vector<NodeId> ChildElements(NodeId id) const;
  // What comment `id` says (between `<!--` and `-->`).
  [[nodiscard]] std::string CommentText(NodeId id) const;
  // The first child element `tag` (any when empty), or kNoNode.
  [[nodiscard]] NodeId FirstChild(NodeId id, std::string_view tag = {}) const;
  // The next sibling element `tag` (any when empty), or kNoNode.
  [[nodiscard]] NodeId NextSibling(NodeId id, std::string_view tag = {}) const;
  [[nodiscard]] std::vector<NodeId> Children(NodeId id,
                                             std::string_view tag) const;
  // The parent element, or kNoNode for the root element.
  [[nodiscard]] NodeId ParentElement(NodeId id) const;
  // Every element under `id` (itself included) in document order, skipping
  // the subtrees for which `skip(node)` is true (they are not listed).
  template <typename Skip>
  [[nodiscard]] std::vector<NodeId> Elements(NodeId id, Skip skip) const;
  // The URI the namespace `prefix` is declared with at `id` (by it or an
  // ancestor), or nothing when it is not declared.
  [[nodiscard]] std::optional<std::string> NamespaceUri(
      NodeId id, std::string_view prefix) const;

  // ---- Where things are -------------------------------------------------
  // {file, line, element path}, or the origin a converter gave it.
  [[nodiscard]] SourceLocation Locate(NodeId id) const;
  // The line of Locate(id).
  [[nodiscard]] int Line(NodeId id) const;
  // Whether Locate(id) is Locate(p) of its parent element p with id's own
  // line and "/" and id's tag after p's path: both are parsed and located
  // by themselves, id has no name attribute and is not nested deeper than
  // kFullPathDepth. A reader that holds p's location can then build id's
  // when it needs it, without a path of id's own.
  [[nodiscard]] bool LocatedBelowParent(NodeId id) const;
  // The nesting depth of element `id` (the root element is 1).
  [[nodiscard]] int Depth(NodeId id) const;
  // Sets the source a created node stands for.
  void SetOrigin(NodeId id, const SourceLocation& origin);

  // ---- Layout -----------------------------------------------------------
  // The spaces and tabs before `id` on its line, if it starts a line.
  [[nodiscard]] std::optional<std::string> Indent(NodeId id) const;
  // The indentation of children of `parent`: that of an existing child
  // element, else the parent's plus the file's indentation unit.
  [[nodiscard]] std::string ChildIndent(NodeId parent) const;
  // "\r\n" when the input used it, else "\n".
  [[nodiscard]] const std::string& Newline() const { return newline_; }
  // Grows with every change to the tree (nodes, attributes, text, order):
  // a view of the tree made at revision R still holds while revision() == R.
  [[nodiscard]] uint64_t revision() const { return revision_; }

  // ---- Editing (values escaped) -----------------------------------------
  // Sets the attribute's value (keeping its quotes and place), or appends
  // ` name="value"` when absent.
  void SetAttribute(NodeId id, std::string_view name, std::string_view value);
  // Renames an attribute, keeping its value exactly as written.
  void RenameAttribute(NodeId id, std::string_view from, std::string_view to);
  void RemoveAttribute(NodeId id, std::string_view name);
  // Renames an element (its start and end tags), keeping everything else.
  void RenameElement(NodeId id, std::string_view tag);
  // Replaces the element's character data with `value`, keeping the
  // whitespace around the old value and any comments.
  void SetText(NodeId id, std::string_view value);

  // A new, detached element, optionally with text content.
  NodeId NewElement(std::string_view tag, std::string_view text = {});
  NodeId NewText(std::string_view raw);
  // A new, detached comment `<!--text-->`.
  NodeId NewComment(std::string_view text);
  // A detached copy of `id` and its content (origins kept); comments are
  // dropped when `with_comments` is false.
  NodeId Clone(NodeId id, bool with_comments);
  // A detached copy of `id` of another tree `from` and its content, every
  // piece as written there (lines included, origins carried over).
  NodeId Import(const XmlTree& from, NodeId id);
  // Inserts the detached `child` as a child of `parent` at `index` of its
  // children list (raw, no whitespace added).
  void InsertAt(NodeId parent, size_t index, NodeId child);
  // Appends the detached `child` as the last child of `parent` (raw).
  void Append(NodeId parent, NodeId child);
  // For building a document (no whitespace is added; WriteIndentedXml
  // lays it out): a new element `tag` appended under `parent`, standing for
  // `origin`; the same with text content; a new comment; the first child
  // element `tag` of `parent`, appended when there is none.
  NodeId AppendElement(NodeId parent, std::string_view tag,
                       const SourceLocation& origin = {});
  NodeId AppendValue(NodeId parent, std::string_view tag,
                     std::string_view text, const SourceLocation& origin = {});
  NodeId AppendComment(NodeId parent, std::string_view text);
  NodeId FindOrAppend(NodeId parent, std::string_view tag,
                      const SourceLocation& origin = {});
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
  // Writes every departure from well-formedness that Parse tolerated
  // (xml_leniency.h) under `id` in its repaired form: `--` in a comment as
  // `- -`, a bare `&` as `&amp;`, and for the document (`id` 0) a
  // misplaced declaration at the start (or without another one before
  // it, or without the whitespace before it), a declaration of another
  // version with version "1.0", text before the root element as a
  // comment. Everything else stays byte
  // for byte. One warning of the tolerance's code per repair, located at
  // the spot. Returns the number of repairs. Every writer of XML calls it
  // on what it copies (docs/xml.md). A tree the gate's fast check read
  // with no tolerated spot, and unchanged since, has none: it is not
  // walked.
  int RepairTolerances(NodeId id, Diagnostics* diags);

 private:
  friend class XmlTreeBuilder;
  XmlTree() = default;
  // Parse, keeping `input` itself as the text the nodes view.
  [[nodiscard]] static std::optional<XmlTree> ParseOwned(
      std::string input, const std::string& path, Diagnostics* diags,
      const XmlLimits& limits);
  NodeId Add(XmlNode node);
  // Adds an element (or document) node with its parts.
  NodeId AddWithParts(XmlNode node, XmlElementParts parts);
  // A detached copy of node `id` of `from` (this tree or another), its
  // parts too but without children; its text pieces are kept as they are.
  NodeId CopyNode(const XmlTree& from, NodeId id);
  XmlElementParts& Parts(NodeId id) { return parts_[nodes_[id].parts]; }
  const XmlElementParts& Parts(NodeId id) const {
    return parts_[nodes_[id].parts];
  }
  XmlList<NodeId>& Kids(NodeId id) { return Parts(id).children; }
  size_t IndexInParent(NodeId id) const { return nodes_[id].index; }
  // Sets `index` of the children of `parent` from position `from` on.
  void Renumber(NodeId parent, size_t from);
  void OpenIfSelfClosing(NodeId id);
  void Moved() {
    paths_valid_ = false;
    ++revision_;
  }
  SharedText ElementPath(NodeId id) const;
  void LearnLayout(std::string_view text);
  int RepairDeclarations(Diagnostics* diags);
  // After RepairDeclarations: the declaration left first, written with
  // version "1.0" when it names another.
  int RepairDeclarationVersion(Diagnostics* diags);
  // Node `n`, when it is text before the root, written as a comment.
  int RepairTextBeforeRoot(NodeId n, Diagnostics* diags);
  void SayRepair(XmlTolerance kind, NodeId at, int line,
                 std::string_view written, Diagnostics* diags) const;

  // Every piece of text the nodes view: the input, and what edits wrote.
  XmlText Keep(std::string_view text) { return text_.Keep(text); }
  // A kept attribute of these pieces, `lead name eq quote raw quote` kept
  // as one piece.
  RawAttribute KeepAttribute(std::string_view lead, std::string_view name,
                             std::string_view eq, char quote,
                             std::string_view raw);
  // Whether the pieces of the tree are `text` (the scan kept it whole).
  bool Reads(std::string_view text) const;

  TextStore text_;
  std::vector<XmlNode> nodes_;
  std::vector<XmlElementParts> parts_;  // XmlNode::parts indexes it
  // The lists of the parsed elements, which borrow from these
  // (XmlList::Borrow); a copy of the tree copies its lists, and starts
  // without arrays of its own.
  struct ListArrays {
    std::vector<NodeId> children;
    std::vector<RawAttribute> attributes;
    ListArrays() = default;
    ListArrays(const ListArrays& /*other*/) {}
    ListArrays& operator=(const ListArrays& /*other*/) { return *this; }
    ListArrays(ListArrays&&) = default;
    ListArrays& operator=(ListArrays&&) = default;
  };
  ListArrays lists_;
  NodeId root_ = kNoNode;
  SharedText file_;  // shared by every location it makes
  std::vector<SourceLocation> origins_;
  // By node, the index in origins_ of what it stands for, or -1; empty
  // until a node gets an origin (a parsed tree's stays empty), and as long
  // as the last node with one.
  std::vector<int32_t> origin_of_;
  [[nodiscard]] int32_t OriginIndex(NodeId id) const {
    return static_cast<size_t>(id) < origin_of_.size() ? origin_of_[id] : -1;
  }
  void SetOriginIndex(NodeId id, int32_t origin) {
    if (origin_of_.size() <= static_cast<size_t>(id)) {
      origin_of_.resize(static_cast<size_t>(id) + 1, -1);
    }
    origin_of_[id] = origin;
  }
  std::string encoding_;  // "" for UTF-8
  bool bom_ = false;      // transcoded from text with a byte order mark
  bool built_ = false;
  std::string newline_ = "\n";
  std::string indent_unit_ = "  ";
  char quote_ = '"';  // the quote most attributes of the input use
  // Whether XmlElementParts::depth and head hold (no node has moved).
  bool paths_valid_ = false;
  uint64_t revision_ = 0;
  // The revision at which the tree held nothing RepairTolerances repairs
  // (read plain, without a tolerated spot), or kNever. Every edit, and
  // every node made (Add), takes a new revision.
  static constexpr uint64_t kNever = UINT64_MAX;
  uint64_t nothing_to_repair_at_ = kNever;
  // Tells trees apart for caches keyed by (tree, revision): every tree,
  // copy or assignment takes a number no other tree had.
  struct Serial {
    static uint64_t Next();
    uint64_t value = Next();
    Serial() = default;
    Serial(const Serial& /*other*/) {}
    Serial& operator=(const Serial& /*other*/) {
      value = Next();
      return *this;
    }
  };
  Serial serial_;
};

template <typename Visit>
void XmlTree::ForEachAttribute(NodeId id, Visit visit) const {
  std::string scratch;
  for (const RawAttribute& a : RawAttributes(id)) {
    const std::string_view name = a.name();
    if (IsNamespaceDeclaration(name)) continue;
    visit(name, DecodeXmlAttribute(a.raw(), &scratch),
          name.find(':') != std::string_view::npos);
  }
}

template <typename Skip>
std::vector<NodeId> XmlTree::Elements(NodeId id, Skip skip) const {
  std::vector<NodeId> out;
  std::vector<NodeId> stack = {id};
  while (!stack.empty()) {
    const NodeId n = stack.back();
    stack.pop_back();
    if (!IsElement(n) || skip(n)) continue;
    out.push_back(n);
    const auto& kids = Parts(n).children;
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
  }
  return out;
}

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_TREE_H_
