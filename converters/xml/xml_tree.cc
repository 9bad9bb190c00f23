// XmlTree: reading, locating and editing (parsing is xml_tree_parse.cc).
#include "converters/xml/xml_tree.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>
#include <unordered_map>
#include <utility>

#include "converters/xml/xml_escape.h"

namespace sdfconv {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

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

// The trailing spaces/tabs of `raw` after its last line break, if all of
// what follows the line break is spaces and tabs.
std::optional<std::string> TrailingIndent(std::string_view raw) {
  const size_t nl = raw.rfind('\n');
  if (nl == std::string_view::npos) return std::nullopt;
  const std::string_view rest = raw.substr(nl + 1);
  for (char c : rest) {
    if (c != ' ' && c != '\t') return std::nullopt;
  }
  return std::string(rest);
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

// ---- Layout ---------------------------------------------------------------

std::optional<std::string> XmlTree::Indent(NodeId id) const {
  const NodeId parent = nodes_[id].parent;
  if (parent == kNoNode) return std::nullopt;
  const size_t index = IndexInParent(id);
  if (index == 0) return std::nullopt;
  const XmlNode& before = nodes_[Parts(parent).children[index - 1]];
  if (before.type != XmlNodeType::kText) return std::nullopt;
  return TrailingIndent(before.raw);
}

std::string XmlTree::ChildIndent(NodeId parent) const {
  for (NodeId c : ChildNodes(parent)) {
    if (!IsElement(c)) continue;
    if (auto indent = Indent(c)) return *indent;
  }
  return Indent(parent).value_or("") + indent_unit_;
}

// The indentation unit (the first step between a parent's and its first
// child element's indentation), the line break, and the usual quote.
void XmlTree::LearnLayout(std::string_view text) {
  if (text.find("\r\n") != std::string_view::npos) newline_ = "\r\n";
  long singles = 0;
  for (const XmlElementParts& n : parts_) {
    for (const RawAttribute& a : n.attributes) {
      singles += a.quote == '\'' ? 1 : -1;
    }
  }
  if (singles > 0) quote_ = '\'';
  for (NodeId id = 1; id < static_cast<NodeId>(nodes_.size()); ++id) {
    const NodeId parent = ParentElement(id);
    if (!IsElement(id) || parent == kNoNode) continue;
    const auto child = Indent(id);
    const auto outer = Indent(parent);
    if (child && outer && child->size() > outer->size() &&
        child->compare(0, outer->size(), *outer) == 0) {
      indent_unit_ = child->substr(outer->size());
      break;
    }
  }
}

// ---- Editing --------------------------------------------------------------

NodeId XmlTree::Add(XmlNode node) {
  ++revision_;
  nodes_.push_back(std::move(node));
  return static_cast<NodeId>(nodes_.size()) - 1;
}

NodeId XmlTree::AddWithParts(XmlNode node, XmlElementParts parts) {
  node.parts = static_cast<int32_t>(parts_.size());
  parts_.push_back(std::move(parts));
  return Add(std::move(node));
}

NodeId XmlTree::CopyNode(const XmlTree& from, NodeId id) {
  XmlNode node = from.nodes_[id];
  node.parent = kNoNode;
  if (node.parts < 0) return Add(std::move(node));
  XmlElementParts parts = from.parts_[node.parts];
  parts.children.clear();
  parts.depth = 0;  // a detached copy: its place is not known
  parts.head = kNoNode;
  return AddWithParts(std::move(node), std::move(parts));
}

void XmlTree::Renumber(NodeId parent, size_t from) {
  ++revision_;
  const auto& kids = Parts(parent).children;
  for (size_t i = from; i < kids.size(); ++i) {
    nodes_[kids[i]].index = static_cast<int32_t>(i);
  }
}

void XmlTree::SetAttribute(NodeId id, std::string_view name,
                           std::string_view value) {
  ++revision_;
  std::vector<RawAttribute>& attributes = Parts(id).attributes;
  for (RawAttribute& a : attributes) {
    if (a.name != name) continue;
    a.raw = Keep(EscapeXmlAttribute(value, a.quote));
    return;
  }
  RawAttribute a;
  a.lead = XmlText::Literal(" ");
  a.name = Keep(name);
  a.eq = XmlText::Literal("=");
  // Follow the element's own quoting, else the document's.
  a.quote = attributes.empty() ? quote_ : attributes[0].quote;
  a.raw = Keep(EscapeXmlAttribute(value, a.quote));
  attributes.push_back(a);
}

void XmlTree::RenameAttribute(NodeId id, std::string_view from,
                              std::string_view to) {
  ++revision_;
  for (RawAttribute& a : Parts(id).attributes) {
    if (a.name == from) a.name = Keep(to);
  }
}

void XmlTree::RemoveAttribute(NodeId id, std::string_view name) {
  ++revision_;
  auto& attrs = Parts(id).attributes;
  attrs.erase(std::remove_if(attrs.begin(), attrs.end(),
                             [&](const RawAttribute& a) {
                               return a.name == name;
                             }),
              attrs.end());
}

void XmlTree::RenameElement(NodeId id, std::string_view tag) {
  ++revision_;
  XmlElementParts& n = Parts(id);
  if (!n.self_closing && n.end.size() >= n.tag.size() + 2) {
    n.end = Keep("</" + std::string(tag) +
                 std::string(n.end.substr(n.tag.size() + 2)));
  }
  n.tag = Keep(tag);
}

void XmlTree::SetText(NodeId id, std::string_view value) {
  ++revision_;
  OpenIfSelfClosing(id);
  NodeId first_text = kNoNode;
  for (NodeId c : Parts(id).children) {
    const XmlNodeType t = nodes_[c].type;
    if (t != XmlNodeType::kText && t != XmlNodeType::kCData) continue;
    if (first_text == kNoNode) {
      first_text = c;
    } else {
      nodes_[c].type = XmlNodeType::kText;
      nodes_[c].raw = XmlText();
    }
  }
  const std::string escaped = EscapeXmlText(value);
  if (first_text == kNoNode) {
    const NodeId t = NewText(escaped);
    InsertAt(id, 0, t);
    return;
  }
  XmlNode& t = nodes_[first_text];
  if (t.type == XmlNodeType::kCData) {
    t.type = XmlNodeType::kText;
    t.raw = Keep(escaped);
    return;
  }
  size_t b = 0, e = t.raw.size();
  while (b < e && IsSpace(t.raw[b])) ++b;
  while (e > b && IsSpace(t.raw[e - 1])) --e;
  if (b == 0 && e == t.raw.size()) {
    t.raw = Keep(escaped);
    return;
  }
  t.raw = Keep(std::string(t.raw.substr(0, b)) + escaped +
               std::string(t.raw.substr(e)));
}

NodeId XmlTree::NewElement(std::string_view tag, std::string_view text) {
  XmlNode n;
  n.type = XmlNodeType::kElement;
  XmlElementParts parts;
  parts.tag = Keep(tag);
  parts.self_closing = text.empty();
  if (!parts.self_closing) parts.end = Keep("</" + std::string(tag) + ">");
  const NodeId id = AddWithParts(n, std::move(parts));
  if (!text.empty()) InsertAt(id, 0, NewText(EscapeXmlText(text)));
  return id;
}

NodeId XmlTree::NewText(std::string_view raw) {
  XmlNode n;
  n.type = XmlNodeType::kText;
  n.raw = Keep(raw);
  return Add(std::move(n));
}

NodeId XmlTree::NewComment(std::string_view text) {
  XmlNode n;
  n.type = XmlNodeType::kComment;
  n.raw = Keep("<!--" + std::string(text) + "-->");
  return Add(std::move(n));
}

NodeId XmlTree::Clone(NodeId id, bool with_comments) {
  // (source, copy) pairs; children are copied after their parent.
  const NodeId top = CopyNode(*this, id);
  std::vector<std::pair<NodeId, NodeId>> stack = {{id, top}};
  while (!stack.empty()) {
    const auto [from, to] = stack.back();
    stack.pop_back();
    const std::vector<NodeId> kids = ChildNodes(from);
    for (NodeId c : kids) {
      if (!with_comments && nodes_[c].type == XmlNodeType::kComment) continue;
      const NodeId copy = CopyNode(*this, c);
      nodes_[copy].parent = to;
      nodes_[copy].index = static_cast<int32_t>(Kids(to).size());
      Kids(to).push_back(copy);
      stack.push_back({c, copy});
    }
  }
  return top;
}

NodeId XmlTree::Import(const XmlTree& from, NodeId id) {
  std::unordered_map<int32_t, int32_t> origins;  // from's -> ours
  auto add = [&](NodeId source) {
    const NodeId id = CopyNode(from, source);
    XmlNode& copy = nodes_[id];
    if (copy.origin >= 0) {
      auto [it, fresh] = origins.try_emplace(copy.origin, 0);
      if (fresh) {
        it->second = static_cast<int32_t>(origins_.size());
        origins_.push_back(from.origins_[copy.origin]);
      }
      copy.origin = it->second;
    }
    // The text is `from`'s: keep our own copy of it.
    copy.raw = Keep(copy.raw);
    if (copy.parts < 0) return id;
    XmlElementParts& parts = Parts(id);
    for (XmlText* piece : {&parts.tag, &parts.tail, &parts.end}) {
      *piece = Keep(*piece);
    }
    for (RawAttribute& a : parts.attributes) {
      for (XmlText* piece : {&a.lead, &a.name, &a.eq, &a.raw}) {
        *piece = Keep(*piece);
      }
    }
    return id;
  };
  // (source in `from`, copy here) pairs; children after their parent.
  const NodeId top = add(id);
  std::vector<std::pair<NodeId, NodeId>> stack = {{id, top}};
  while (!stack.empty()) {
    const auto [source, to] = stack.back();
    stack.pop_back();
    for (NodeId c : from.ChildNodes(source)) {
      const NodeId copy = add(c);
      nodes_[copy].parent = to;
      nodes_[copy].index = static_cast<int32_t>(Kids(to).size());
      Kids(to).push_back(copy);
      stack.push_back({c, copy});
    }
  }
  return top;
}

void XmlTree::Replace(NodeId id, NodeId with) {
  ++revision_;
  const NodeId parent = nodes_[id].parent;
  if (parent == kNoNode) return;
  Kids(parent)[IndexInParent(id)] = with;
  nodes_[with].parent = parent;
  nodes_[with].index = nodes_[id].index;
  nodes_[id].parent = kNoNode;
  Moved();
}

void XmlTree::OpenIfSelfClosing(NodeId id) {
  ++revision_;
  XmlElementParts& n = Parts(id);
  if (!n.self_closing) return;
  n.self_closing = false;
  while (!n.tail.empty() && IsSpace(n.tail.back())) n.tail.remove_suffix(1);
  n.end = Keep("</" + std::string(n.tag) + ">");
}

void XmlTree::InsertAt(NodeId parent, size_t index, NodeId child) {
  ++revision_;
  OpenIfSelfClosing(parent);
  auto& kids = Kids(parent);
  index = std::min(index, kids.size());
  kids.insert(kids.begin() + static_cast<std::ptrdiff_t>(index), child);
  nodes_[child].parent = parent;
  Renumber(parent, index);
  Moved();
}

void XmlTree::Append(NodeId parent, NodeId child) {
  InsertAt(parent, Kids(parent).size(), child);
}

NodeId XmlTree::AppendElement(NodeId parent, std::string_view tag,
                              const SourceLocation& origin) {
  const NodeId id = NewElement(tag);
  if (!origin.file.empty() || origin.line != 0 || !origin.path.empty()) {
    SetOrigin(id, origin);
  }
  Append(parent, id);
  return id;
}

NodeId XmlTree::AppendValue(NodeId parent, std::string_view tag,
                            std::string_view text,
                            const SourceLocation& origin) {
  const NodeId id = AppendElement(parent, tag, origin);
  if (!text.empty()) SetText(id, text);
  return id;
}

NodeId XmlTree::AppendComment(NodeId parent, std::string_view text) {
  const NodeId id = NewComment(text);
  Append(parent, id);
  return id;
}

NodeId XmlTree::FindOrAppend(NodeId parent, std::string_view tag,
                             const SourceLocation& origin) {
  const NodeId found = FirstChild(parent, tag);
  return found != kNoNode ? found : AppendElement(parent, tag, origin);
}

void XmlTree::InsertLine(NodeId parent, NodeId child, NodeId before) {
  ++revision_;
  const std::string indent = ChildIndent(parent);
  const std::string line_break = newline_ + indent;
  if (before != kNoNode) {
    // ... [ws] before  ->  ... [ws] child "\n<indent>" before
    const size_t at = IndexInParent(before);
    InsertAt(parent, at, NewText(line_break));
    InsertAt(parent, at, child);
    return;
  }
  const bool had_elements = FirstChild(parent) != kNoNode;
  const auto& kids = Kids(parent);
  // After the last element child (or at the start): the whitespace that
  // closes the parent stays last.
  size_t at = 0;
  for (size_t i = 0; i < kids.size(); ++i) {
    if (nodes_[kids[i]].type != XmlNodeType::kText) at = i + 1;
  }
  if (!had_elements && at == 0 && !kids.empty()) {
    // Only text inside: keep it, add the child after it.
    at = kids.size();
  }
  const bool closes_line =
      at < kids.size() && nodes_[kids[at]].type == XmlNodeType::kText &&
      nodes_[kids[at]].raw.find('\n') != std::string::npos;
  InsertAt(parent, at, child);
  InsertAt(parent, at, NewText(line_break));
  if (!closes_line) {
    InsertAt(parent, at + 2,
             NewText(newline_ + Indent(parent).value_or("")));
  }
}

void XmlTree::InsertLineAfter(NodeId after, NodeId child) {
  ++revision_;
  const NodeId parent = nodes_[after].parent;
  const std::string indent = Indent(after).value_or(ChildIndent(parent));
  const size_t at = IndexInParent(after) + 1;
  InsertAt(parent, at, child);
  InsertAt(parent, at, NewText(newline_ + indent));
}

void XmlTree::RemoveLine(NodeId id) {
  ++revision_;
  const NodeId parent = nodes_[id].parent;
  const size_t index = IndexInParent(id);
  if (index > 0) {
    XmlNode& before = nodes_[Kids(parent)[index - 1]];
    if (before.type == XmlNodeType::kText && TrailingIndent(before.raw)) {
      before.raw.remove_suffix(before.raw.size() - before.raw.rfind('\n'));
      if (!before.raw.empty() && before.raw.back() == '\r') {
        before.raw.remove_suffix(1);
      }
    }
  }
  Detach(id);
}

void XmlTree::Detach(NodeId id) {
  ++revision_;
  const NodeId parent = nodes_[id].parent;
  if (parent == kNoNode) return;
  auto& kids = Kids(parent);
  const size_t index = IndexInParent(id);
  kids.erase(kids.begin() + static_cast<std::ptrdiff_t>(index));
  nodes_[id].parent = kNoNode;
  Renumber(parent, index);
  Moved();
}

void XmlTree::Reindent(NodeId id, const std::string& from,
                       const std::string& to) {
  ++revision_;
  if (from == to) return;
  std::vector<NodeId> stack = {id};
  const std::string needle = "\n" + from;
  while (!stack.empty()) {
    const NodeId n = stack.back();
    stack.pop_back();
    XmlNode& node = nodes_[n];
    if (node.type == XmlNodeType::kText) {
      const std::string_view raw = node.raw;
      if (raw.find(needle) != std::string_view::npos) {
        std::string out;
        size_t i = 0;
        while (true) {
          const size_t at = raw.find(needle, i);
          if (at == std::string_view::npos) break;
          out.append(raw, i, at - i);
          out += "\n" + to;
          i = at + needle.size();
        }
        out.append(raw, i, std::string_view::npos);
        node.raw = Keep(out);
      }
    }
    for (NodeId c : ChildNodes(n)) stack.push_back(c);
  }
}

}  // namespace sdfconv
