// XmlTree: the document, reading and locating (parsing is
// xml_tree_parse.cc, layout and editing xml_tree_edit.cc).
#include "converters/xml/xml_tree.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <utility>

#include "converters/xml/xml_escape.h"

namespace sdfconv {

// A parsed tree holds one node per element, text run and comment, parts
// per element and an attribute per attribute: a million-frame model has
// six million nodes. These sizes are measured (docs/benchmarks.md); a
// field added makes every tree larger.
static_assert(sizeof(XmlNode) <= 32);
static_assert(sizeof(XmlElementParts) <= 80);
static_assert(sizeof(RawAttribute) <= 24);

namespace {

// Hands `piece` every piece of text of the subtree at `start`, in document
// order: (node, leaving?) pairs on an explicit stack.
template <typename Piece>
void Walk(const std::vector<XmlNode>& nodes,
          const std::vector<XmlElementParts>& parts, NodeId start,
          Piece piece) {
  std::vector<std::pair<NodeId, bool>> stack = {{start, false}};
  while (!stack.empty()) {
    const auto [id, leaving] = stack.back();
    stack.pop_back();
    const XmlNode& node = nodes[id];
    if (node.parts < 0) {
      piece(node.raw);
      continue;
    }
    const XmlElementParts& n = parts[node.parts];
    if (leaving) {
      piece(n.end);
      continue;
    }
    if (node.type == XmlNodeType::kElement) {
      piece("<");
      piece(n.tag);
      for (const RawAttribute& a : n.attributes) {
        piece(a.whole());
      }
      piece(n.tail);
      piece(n.self_closing ? "/>" : ">");
      if (n.self_closing) continue;
    }
    stack.push_back({id, true});
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) {
      stack.push_back({*it, false});
    }
  }
}

// Appends the subtree's text to `out`: sized first, so it is written with
// one allocation.
void Write(const std::vector<XmlNode>& nodes,
           const std::vector<XmlElementParts>& parts, NodeId start,
           std::string* out) {
  size_t size = 0;
  Walk(nodes, parts, start,
       [&size](std::string_view piece) { size += piece.size(); });
  const size_t from = out->size();
  out->resize(from + size);
  char* at = out->data() + from;
  Walk(nodes, parts, start, [&at](std::string_view piece) {
    // Most pieces are short: the markup, names, white space.
    if (piece.size() <= 2) {
      for (const char c : piece) *at++ = c;
      return;
    }
    std::memcpy(at, piece.data(), piece.size());
    at += piece.size();
  });
}

const RawAttribute* FindAttribute(const XmlElementParts& n,
                                  std::string_view name) {
  for (const RawAttribute& a : n.attributes) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

}  // namespace

// ---- The document ---------------------------------------------------------

XmlTree XmlTree::Build(SharedText file, std::string root_tag,
                       const SourceLocation& origin) {
  XmlTree tree;
  tree.file_ = std::move(file);
  tree.built_ = true;
  XmlNode document;
  document.type = XmlNodeType::kDocument;
  tree.AddWithParts(document, {});
  tree.root_ = tree.AppendElement(0, root_tag, origin);
  return tree;
}

std::string XmlTree::Serialize() const {
  std::string out;
  Write(nodes_, parts_, 0, &out);
  return out;
}

bool XmlTree::Reads(std::string_view text) const {
  size_t at = 0;
  bool same = true;
  Walk(nodes_, parts_, 0, [&](std::string_view piece) {
    if (!same) return;
    // A piece the scan took from `text` is that very slice: no compare.
    // The others are mostly the markup ("<", ">", "/>"): compared here.
    if (piece.size() > text.size() - at) {
      same = false;
    } else if (piece.data() != text.data() + at) {
      same = piece.size() <= 2
                 ? std::equal(piece.begin(), piece.end(), text.begin() + at)
                 : text.compare(at, piece.size(), piece) == 0;
    }
    at += piece.size();
  });
  return same && at == text.size();
}

std::string XmlTree::SerializeNode(NodeId id) const {
  std::string out;
  Write(nodes_, parts_, id, &out);
  return out;
}

// ---- Reading --------------------------------------------------------------

const XmlList<RawAttribute>& XmlTree::RawAttributes(NodeId id) const {
  static const XmlList<RawAttribute> kNone;
  return nodes_[id].type != XmlNodeType::kElement ? kNone
                                                  : Parts(id).attributes;
}

bool XmlTree::Attached(NodeId id) const {
  while (id > 0) id = nodes_[id].parent;
  return id == 0;
}

std::optional<std::string> XmlTree::Attribute(NodeId id,
                                              std::string_view name) const {
  if (!IsElement(id)) return std::nullopt;
  const RawAttribute* a = FindAttribute(Parts(id), name);
  if (a == nullptr) return std::nullopt;
  return DecodeXmlAttribute(a->raw());
}

bool XmlTree::HasAttribute(NodeId id, std::string_view name) const {
  return IsElement(id) && FindAttribute(Parts(id), name) != nullptr;
}

std::vector<XmlAttribute> XmlTree::Attributes(NodeId id) const {
  std::vector<XmlAttribute> out;
  for (const RawAttribute& a : RawAttributes(id)) {
    if (IsNamespaceDeclaration(a.name())) continue;
    out.push_back({std::string(a.name()), DecodeXmlAttribute(a.raw()),
                   a.name().find(':') != std::string::npos});
  }
  return out;
}

std::string XmlTree::Text(NodeId id) const {
  const XmlList<NodeId>& children = ChildNodes(id);
  if (children.size() == 1 && nodes_[children[0]].type == XmlNodeType::kText) {
    return DecodeXmlText(nodes_[children[0]].raw);  // the usual case
  }
  std::string out;
  for (NodeId c : children) {
    const XmlNode& n = nodes_[c];
    if (n.type == XmlNodeType::kText) out += DecodeXmlText(n.raw);
    if (n.type == XmlNodeType::kCData) {
      out += DecodeXmlCData(
          std::string_view(n.raw).substr(9, n.raw.size() - 12));
    }
  }
  return out;
}

std::string_view XmlTree::Text(NodeId id, std::string* scratch) const {
  const XmlList<NodeId>& children = ChildNodes(id);
  if (children.empty()) return {};
  if (children.size() == 1 && nodes_[children[0]].type == XmlNodeType::kText) {
    return DecodeXmlText(nodes_[children[0]].raw, scratch);
  }
  *scratch = Text(id);
  return *scratch;
}

std::vector<NodeId> XmlTree::ChildElements(NodeId id) const {
  std::vector<NodeId> out;
  for (NodeId c : ChildNodes(id)) {
    if (IsElement(c)) out.push_back(c);
  }
  return out;
}

std::string XmlTree::CommentText(NodeId id) const {
  const std::string_view raw = nodes_[id].raw;
  return raw.size() >= 7 ? std::string(raw.substr(4, raw.size() - 7))
                         : std::string();
}

NodeId XmlTree::FirstChild(NodeId id, std::string_view tag) const {
  for (NodeId c : ChildNodes(id)) {
    if (IsElement(c) && (tag.empty() || Parts(c).tag == tag)) return c;
  }
  return kNoNode;
}

NodeId XmlTree::NextSibling(NodeId id, std::string_view tag) const {
  const NodeId parent = nodes_[id].parent;
  if (parent == kNoNode) return kNoNode;
  const auto& kids = Parts(parent).children;
  for (size_t i = IndexInParent(id) + 1; i < kids.size(); ++i) {
    if (IsElement(kids[i]) && (tag.empty() || Parts(kids[i]).tag == tag)) {
      return kids[i];
    }
  }
  return kNoNode;
}

std::vector<NodeId> XmlTree::Children(NodeId id, std::string_view tag) const {
  std::vector<NodeId> out;
  for (NodeId c : ChildNodes(id)) {
    if (IsElement(c) && Parts(c).tag == tag) out.push_back(c);
  }
  return out;
}

NodeId XmlTree::ParentElement(NodeId id) const {
  const NodeId p = nodes_[id].parent;
  return IsElement(p) ? p : kNoNode;
}

std::optional<std::string> XmlTree::NamespaceUri(
    NodeId id, std::string_view prefix) const {
  if (prefix == "xml") return kXmlNamespace;
  const std::string declaration =
      prefix.empty() ? "xmlns" : "xmlns:" + std::string(prefix);
  for (NodeId n = id; IsElement(n); n = nodes_[n].parent) {
    if (const RawAttribute* a = FindAttribute(Parts(n), declaration)) {
      return DecodeXmlAttribute(a->raw());
    }
  }
  return std::nullopt;
}

// ---- Where things are -----------------------------------------------------

void XmlTree::SetOrigin(NodeId id, const SourceLocation& origin) {
  ++revision_;
  SetOriginIndex(id, static_cast<int32_t>(origins_.size()));
  origins_.push_back(origin);
}

int XmlTree::Depth(NodeId id) const {
  if (paths_valid_ && IsElement(id) && Parts(id).depth > 0) {
    return Parts(id).depth;
  }
  int depth = 0;
  for (NodeId n = id; IsElement(n); n = nodes_[n].parent) ++depth;
  return depth;
}

namespace {

// Appends the segment "/tag[@name=\"n\"]" (or "/tag") of `element`.
void AppendPathSegment(const XmlElementParts& element, std::string* path) {
  path->push_back('/');
  path->append(element.tag);
  if (const RawAttribute* name = FindAttribute(element, "name")) {
    std::string decoded;
    path->append("[@name=\"");
    path->append(DecodeXmlAttribute(name->raw(), &decoded));
    path->append("\"]");
  }
}

// The path this thread made last, with the node and the end of each of
// its segments. Elements are located in document order, so the next path
// usually shares all but its last segment or two with it. It holds only
// for the tree (by serial) and revision it was made at.
struct PathMemo {
  uint64_t serial = 0;
  uint64_t revision = 0;
  size_t nodes = 0;  // the tree's size
  int depth = 0;
  std::array<NodeId, kFullPathDepth> ids{};
  std::array<size_t, kFullPathDepth> ends{};
  std::string path;
};

}  // namespace

uint64_t XmlTree::Serial::Next() {
  static std::atomic<uint64_t> next{1};
  return next.fetch_add(1, std::memory_order_relaxed);
}

SharedText XmlTree::ElementPath(NodeId id) const {
  const int depth = Depth(id);
  if (depth <= kFullPathDepth) {
    // Top-down: chain[d] is the ancestor at depth d + 1, chain[depth - 1]
    // the element.
    std::array<NodeId, kFullPathDepth> chain;
    NodeId n = id;
    for (int d = depth; d-- > 0; n = nodes_[n].parent) chain[d] = n;
    thread_local PathMemo memo;
    int shared = 0;
    if (memo.serial == serial_.value && memo.revision == revision_ &&
        memo.nodes == nodes_.size()) {
      shared = std::min(depth, memo.depth);
      while (shared > 0 && memo.ids[shared - 1] != chain[shared - 1]) {
        --shared;
      }
    } else {
      memo.serial = serial_.value;
      memo.revision = revision_;
      memo.nodes = nodes_.size();
    }
    memo.path.resize(shared == 0 ? 0 : memo.ends[shared - 1]);
    for (int d = shared; d < depth; ++d) {
      AppendPathSegment(Parts(chain[d]), &memo.path);
      memo.ids[d] = chain[d];
      memo.ends[d] = memo.path.size();
    }
    memo.depth = depth;
    return memo.path;
  }
  // The first and last kPathEndSegments segments, and how many are left
  // out between them.
  NodeId head = kNoNode;
  if (paths_valid_ && Parts(id).depth > 0) {
    head = Parts(id).head;
  } else {
    head = id;
    for (int d = depth; d > kPathEndSegments; --d) head = nodes_[head].parent;
  }
  auto segments = [this](NodeId last, std::string* path) {
    std::array<NodeId, kPathEndSegments> chain;
    int size = 0;
    for (NodeId n = last; size < kPathEndSegments && IsElement(n);
         n = nodes_[n].parent) {
      chain[size++] = n;
    }
    while (size-- > 0) AppendPathSegment(Parts(chain[size]), path);
  };
  std::string path;
  segments(head, &path);
  path += "/...(" + std::to_string(depth - 2 * kPathEndSegments) + " levels)";
  segments(id, &path);
  return path;
}

SourceLocation XmlTree::Locate(NodeId id) const {
  // The node itself, or its nearest ancestor, that says where it is.
  for (NodeId n = id; n > 0; n = nodes_[n].parent) {
    const XmlNode& node = nodes_[n];
    if (const int32_t o = OriginIndex(n); o >= 0) return origins_[o];
    if (node.line > 0) {
      return {file_, node.line, IsElement(id) ? ElementPath(id) : SharedText()};
    }
  }
  return {file_, 0, IsElement(id) ? ElementPath(id) : SharedText()};
}

bool XmlTree::LocatedBelowParent(NodeId id) const {
  if (!IsElement(id)) return false;
  const NodeId parent = ParentElement(id);
  if (parent == kNoNode) return false;
  for (const NodeId n : {id, parent}) {
    if (OriginIndex(n) >= 0 || nodes_[n].line <= 0) return false;
  }
  return !HasAttribute(id, "name") && Depth(id) <= kFullPathDepth;
}

int XmlTree::Line(NodeId id) const {
  for (NodeId n = id; n > 0; n = nodes_[n].parent) {
    const XmlNode& node = nodes_[n];
    if (const int32_t o = OriginIndex(n); o >= 0) return origins_[o].line;
    if (node.line > 0) return node.line;
  }
  return 0;
}

}  // namespace sdfconv
