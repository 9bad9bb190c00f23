// XmlTree: the document, reading and locating (parsing is
// xml_tree_parse.cc, layout and editing xml_tree_edit.cc).
#include "converters/xml/xml_tree.h"

#include <array>
#include <cstring>
#include <utility>

#include "converters/xml/xml_escape.h"

namespace sdfconv {
namespace {

bool IsNamespaceDeclaration(std::string_view name) {
  return name == "xmlns" || name.rfind("xmlns:", 0) == 0;
}

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
        piece(a.lead);
        piece(a.name);
        piece(a.eq);
        piece(std::string_view(&a.quote, 1));
        piece(a.raw);
        piece(std::string_view(&a.quote, 1));
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
    if (piece.empty()) return;  // its data() may be null
    std::memcpy(at, piece.data(), piece.size());
    at += piece.size();
  });
}

const RawAttribute* FindAttribute(const XmlElementParts& n,
                                  std::string_view name) {
  for (const RawAttribute& a : n.attributes) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

}  // namespace

// ---- The document ---------------------------------------------------------

XmlTree XmlTree::Build(std::string file, std::string root_tag,
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
    same = piece.size() <= text.size() - at &&
           (piece.data() == text.data() + at ||
            text.compare(at, piece.size(), piece) == 0);
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

bool XmlTree::IsNamespaced(NodeId id) const {
  return Tag(id).find(':') != std::string::npos;
}

const std::vector<NodeId>& XmlTree::ChildNodes(NodeId id) const {
  static const std::vector<NodeId> kNone;
  return nodes_[id].parts < 0 ? kNone : Parts(id).children;
}

const std::vector<RawAttribute>& XmlTree::RawAttributes(NodeId id) const {
  static const std::vector<RawAttribute> kNone;
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
  return DecodeXmlAttribute(a->raw);
}

bool XmlTree::HasAttribute(NodeId id, std::string_view name) const {
  return IsElement(id) && FindAttribute(Parts(id), name) != nullptr;
}

std::vector<XmlAttribute> XmlTree::Attributes(NodeId id) const {
  std::vector<XmlAttribute> out;
  for (const RawAttribute& a : RawAttributes(id)) {
    if (IsNamespaceDeclaration(a.name)) continue;
    out.push_back({std::string(a.name), DecodeXmlAttribute(a.raw),
                   a.name.find(':') != std::string::npos});
  }
  return out;
}

std::string XmlTree::Text(NodeId id) const {
  const std::vector<NodeId>& children = ChildNodes(id);
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
      return DecodeXmlAttribute(a->raw);
    }
  }
  return std::nullopt;
}

// ---- Where things are -----------------------------------------------------

void XmlTree::SetOrigin(NodeId id, const SourceLocation& origin) {
  ++revision_;
  nodes_[id].origin = static_cast<int32_t>(origins_.size());
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

// One pre-order walk over the parsed elements, without recursion.
void XmlTree::IndexPaths() {
  std::vector<NodeId> stack = {root_};
  while (!stack.empty()) {
    const NodeId id = stack.back();
    stack.pop_back();
    const NodeId parent = ParentElement(id);
    XmlElementParts& parts = Parts(id);
    parts.depth = parent == kNoNode ? 1 : Parts(parent).depth + 1;
    parts.head = parts.depth <= kPathEndSegments ? id : Parts(parent).head;
    for (NodeId c : parts.children) {
      if (IsElement(c)) stack.push_back(c);
    }
  }
  paths_valid_ = true;
}

std::string XmlTree::ElementPath(NodeId id) const {
  // "/tag[@name=\"n\"]" for each element of a chain of at most
  // kFullPathDepth ending at `last`: the chain needs no allocation, and the
  // path one (its size is summed before it is written).
  static_assert(2 * kPathEndSegments <= kFullPathDepth);
  struct Chain {
    std::array<const XmlElementParts*, kFullPathDepth> nodes;
    std::array<const RawAttribute*, kFullPathDepth> names;  // or null
    int size = 0;
  };
  auto chain_of = [this](NodeId last, int count) {
    Chain chain;
    for (NodeId n = last; IsElement(n) && chain.size < count;
         n = nodes_[n].parent) {
      chain.nodes[chain.size] = &Parts(n);
      chain.names[chain.size++] = FindAttribute(Parts(n), "name");
    }
    return chain;
  };
  constexpr std::string_view kOpen = "[@name=\"";
  constexpr std::string_view kClose = "\"]";
  // A name as written, unless it holds a reference or white space that XML
  // normalizes: such names (rare) are decoded.
  auto plain = [](std::string_view raw) {
    for (const char c : raw) {
      if (DecodingChanges(c, /*attribute=*/true)) return false;
    }
    return true;
  };
  auto name_of = [&](const RawAttribute& name, std::string* decoded) {
    if (plain(name.raw)) return std::string_view(name.raw);
    *decoded = DecodeXmlAttribute(name.raw);
    return std::string_view(*decoded);
  };
  auto size_of = [&](const Chain& chain) {
    size_t size = 0;
    std::string decoded;
    for (int i = 0; i < chain.size; ++i) {
      size += 1 + chain.nodes[i]->tag.size();
      if (const RawAttribute* name = chain.names[i]) {
        size += kOpen.size() + name_of(*name, &decoded).size() + kClose.size();
      }
    }
    return size;
  };
  // Writes the chain's segments at `out`; returns the end.
  auto write = [&](const Chain& chain, char* out) {
    auto put = [&out](std::string_view text) {
      if (text.empty()) return;  // its data() may be null
      std::memcpy(out, text.data(), text.size());
      out += text.size();
    };
    std::string decoded;
    for (int i = chain.size; i-- > 0;) {
      *out++ = '/';
      put(chain.nodes[i]->tag);
      if (const RawAttribute* name = chain.names[i]) {
        put(kOpen);
        put(name_of(*name, &decoded));
        put(kClose);
      }
    }
    return out;
  };
  std::string path;
  const int depth = Depth(id);
  if (depth <= kFullPathDepth) {
    const Chain chain = chain_of(id, kFullPathDepth);
    path.resize(size_of(chain));
    write(chain, path.data());
    return path;
  }
  NodeId head = kNoNode;
  if (paths_valid_ && Parts(id).depth > 0) {
    head = Parts(id).head;
  } else {
    head = id;
    for (int d = depth; d > kPathEndSegments; --d) head = nodes_[head].parent;
  }
  const Chain first = chain_of(head, kPathEndSegments);
  const Chain last = chain_of(id, kPathEndSegments);
  const std::string elided =
      "/...(" + std::to_string(depth - 2 * kPathEndSegments) + " levels)";
  path.resize(size_of(first) + elided.size() + size_of(last));
  char* end = write(first, path.data());
  std::memcpy(end, elided.data(), elided.size());
  write(last, end + elided.size());
  return path;
}

SourceLocation XmlTree::Locate(NodeId id) const {
  // The node itself, or its nearest ancestor, that says where it is.
  for (NodeId n = id; n > 0; n = nodes_[n].parent) {
    const XmlNode& node = nodes_[n];
    if (node.origin >= 0) return origins_[node.origin];
    if (node.line > 0) {
      return {file_, node.line, IsElement(id) ? ElementPath(id) : ""};
    }
  }
  return {file_, 0, IsElement(id) ? ElementPath(id) : ""};
}

int XmlTree::Line(NodeId id) const {
  for (NodeId n = id; n > 0; n = nodes_[n].parent) {
    const XmlNode& node = nodes_[n];
    if (node.origin >= 0) return origins_[node.origin].line;
    if (node.line > 0) return node.line;
  }
  return 0;
}

}  // namespace sdfconv
