#include "converters/upgrade/xml_tree.h"

#include <algorithm>
#include <utility>

namespace sdfconv::upgrade {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// A subtree walk for Serialize: (node, leaving?) pairs on an explicit stack.
void Write(const std::vector<XmlNode>& nodes, NodeId start, std::string* out) {
  std::vector<std::pair<NodeId, bool>> stack = {{start, false}};
  while (!stack.empty()) {
    const auto [id, leaving] = stack.back();
    stack.pop_back();
    const XmlNode& n = nodes[id];
    if (n.type != NodeType::kElement && n.type != NodeType::kDocument) {
      *out += n.raw;
      continue;
    }
    if (leaving) {
      *out += n.end;
      continue;
    }
    if (n.type == NodeType::kElement) {
      *out += '<';
      *out += n.tag;
      for (const XmlAttribute& a : n.attributes) {
        *out += a.lead;
        *out += a.name;
        *out += a.eq;
        *out += a.quote;
        *out += a.raw;
        *out += a.quote;
      }
      *out += n.tail;
      *out += n.self_closing ? "/>" : ">";
      if (n.self_closing) continue;
    }
    stack.push_back({id, true});
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) {
      stack.push_back({*it, false});
    }
  }
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

}  // namespace

std::string XmlTree::Serialize() const {
  std::string out;
  Write(nodes_, 0, &out);
  return out;
}

std::string XmlTree::SerializeNode(NodeId id) const {
  std::string out;
  Write(nodes_, id, &out);
  return out;
}

bool XmlTree::IsNamespaced(NodeId id) const {
  return nodes_[id].tag.find(':') != std::string::npos;
}

bool XmlTree::Attached(NodeId id) const {
  while (id > 0) id = nodes_[id].parent;
  return id == 0;
}

std::optional<std::string> XmlTree::Attribute(NodeId id,
                                              std::string_view name) const {
  for (const XmlAttribute& a : nodes_[id].attributes) {
    if (a.name != name) continue;
    // Attribute-value normalization (XML 1.0, 3.3.3): literal tabs and line
    // breaks read as spaces; character references to them do not.
    std::string normalized = a.raw;
    for (char& c : normalized) {
      if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    }
    return DecodeXml(normalized);
  }
  return std::nullopt;
}

std::string XmlTree::Text(NodeId id) const {
  std::string out;
  for (NodeId c : nodes_[id].children) {
    const XmlNode& n = nodes_[c];
    if (n.type == NodeType::kText) out += DecodeXml(n.raw);
    if (n.type == NodeType::kCData) {
      out += n.raw.substr(9, n.raw.size() - 12);
    }
  }
  return out;
}

std::vector<NodeId> XmlTree::ChildElements(NodeId id) const {
  std::vector<NodeId> out;
  for (NodeId c : nodes_[id].children) {
    if (IsElement(c)) out.push_back(c);
  }
  return out;
}

NodeId XmlTree::FirstChild(NodeId id, std::string_view tag) const {
  for (NodeId c : nodes_[id].children) {
    if (IsElement(c) && (tag.empty() || nodes_[c].tag == tag)) return c;
  }
  return kNoNode;
}

std::vector<NodeId> XmlTree::Children(NodeId id, std::string_view tag) const {
  std::vector<NodeId> out;
  for (NodeId c : nodes_[id].children) {
    if (IsElement(c) && nodes_[c].tag == tag) out.push_back(c);
  }
  return out;
}

NodeId XmlTree::ParentElement(NodeId id) const {
  const NodeId p = nodes_[id].parent;
  return IsElement(p) ? p : kNoNode;
}

SourceLocation XmlTree::Locate(NodeId id) const {
  std::vector<NodeId> chain;  // from `id` up to the root element
  for (NodeId n = id; IsElement(n); n = nodes_[n].parent) chain.push_back(n);
  std::reverse(chain.begin(), chain.end());
  const size_t depth = chain.size();
  const bool shorten = depth > static_cast<size_t>(kFullPathDepth);
  const auto k = static_cast<size_t>(kPathEndSegments);
  std::string path;
  for (size_t level = 0; level < depth; ++level) {
    if (shorten && level >= k && level < depth - k) {
      if (level == k) {
        path += "/...(" + std::to_string(depth - 2 * k) + " levels)";
      }
      continue;
    }
    path += "/" + nodes_[chain[level]].tag;
    if (const auto name = Attribute(chain[level], "name")) {
      path += "[@name=\"" + *name + "\"]";
    }
  }
  int line = 0;
  for (NodeId n = id; n > 0 && line == 0; n = nodes_[n].parent) {
    line = nodes_[n].line;
  }
  return {file_, line, path};
}

std::optional<std::string> XmlTree::Indent(NodeId id) const {
  const NodeId parent = nodes_[id].parent;
  if (parent == kNoNode) return std::nullopt;
  const size_t index = IndexInParent(id);
  if (index == 0) return std::nullopt;
  const XmlNode& before = nodes_[nodes_[parent].children[index - 1]];
  if (before.type != NodeType::kText) return std::nullopt;
  return TrailingIndent(before.raw);
}

std::string XmlTree::ChildIndent(NodeId parent) const {
  for (NodeId c : nodes_[parent].children) {
    if (!IsElement(c)) continue;
    if (auto indent = Indent(c)) return *indent;
  }
  return Indent(parent).value_or("") + indent_unit_;
}

NodeId XmlTree::Add(XmlNode node) {
  nodes_.push_back(std::move(node));
  return static_cast<NodeId>(nodes_.size()) - 1;
}

size_t XmlTree::IndexInParent(NodeId id) const {
  const auto& kids = nodes_[nodes_[id].parent].children;
  return static_cast<size_t>(std::find(kids.begin(), kids.end(), id) -
                             kids.begin());
}

void XmlTree::SetAttribute(NodeId id, std::string_view name,
                           std::string_view value) {
  for (XmlAttribute& a : nodes_[id].attributes) {
    if (a.name != name) continue;
    a.raw = EscapeXml(value, a.quote);
    return;
  }
  XmlAttribute a;
  a.lead = " ";
  a.name = std::string(name);
  a.eq = "=";
  // Follow the element's own quoting, else the document's.
  a.quote = nodes_[id].attributes.empty() ? quote_
                                          : nodes_[id].attributes[0].quote;
  a.raw = EscapeXml(value, a.quote);
  nodes_[id].attributes.push_back(std::move(a));
}

void XmlTree::RenameAttribute(NodeId id, std::string_view from,
                              std::string_view to) {
  for (XmlAttribute& a : nodes_[id].attributes) {
    if (a.name == from) a.name = std::string(to);
  }
}

void XmlTree::RemoveAttribute(NodeId id, std::string_view name) {
  auto& attrs = nodes_[id].attributes;
  attrs.erase(std::remove_if(attrs.begin(), attrs.end(),
                             [&](const XmlAttribute& a) {
                               return a.name == name;
                             }),
              attrs.end());
}

void XmlTree::RenameElement(NodeId id, std::string_view tag) {
  XmlNode& n = nodes_[id];
  if (!n.self_closing && n.end.size() >= n.tag.size() + 2) {
    n.end = "</" + std::string(tag) + n.end.substr(n.tag.size() + 2);
  }
  n.tag = std::string(tag);
}

void XmlTree::SetText(NodeId id, std::string_view value) {
  OpenIfSelfClosing(id);
  XmlNode& n = nodes_[id];
  NodeId first_text = kNoNode;
  for (NodeId c : n.children) {
    const NodeType t = nodes_[c].type;
    if (t != NodeType::kText && t != NodeType::kCData) continue;
    if (first_text == kNoNode) {
      first_text = c;
    } else {
      nodes_[c].type = NodeType::kText;
      nodes_[c].raw.clear();
    }
  }
  const std::string escaped = EscapeXml(value);
  if (first_text == kNoNode) {
    const NodeId t = NewText(escaped);
    InsertAt(id, 0, t);
    return;
  }
  XmlNode& t = nodes_[first_text];
  if (t.type == NodeType::kCData) {
    t.type = NodeType::kText;
    t.raw = escaped;
    return;
  }
  size_t b = 0, e = t.raw.size();
  while (b < e && IsSpace(t.raw[b])) ++b;
  while (e > b && IsSpace(t.raw[e - 1])) --e;
  t.raw = t.raw.substr(0, b) + escaped + t.raw.substr(e);
}

NodeId XmlTree::NewElement(std::string_view tag, std::string_view text) {
  XmlNode n;
  n.type = NodeType::kElement;
  n.tag = std::string(tag);
  n.self_closing = text.empty();
  if (!n.self_closing) n.end = "</" + n.tag + ">";
  const NodeId id = Add(std::move(n));
  if (!text.empty()) InsertAt(id, 0, NewText(EscapeXml(text)));
  return id;
}

NodeId XmlTree::NewText(std::string_view raw) {
  XmlNode n;
  n.type = NodeType::kText;
  n.raw = std::string(raw);
  return Add(std::move(n));
}

NodeId XmlTree::Clone(NodeId id, bool with_comments) {
  // (source, copy) pairs; children are copied after their parent.
  const NodeId top = Add(nodes_[id]);
  nodes_[top].parent = kNoNode;
  std::vector<std::pair<NodeId, NodeId>> stack = {{id, top}};
  while (!stack.empty()) {
    const auto [from, to] = stack.back();
    stack.pop_back();
    nodes_[to].children.clear();
    const std::vector<NodeId> kids = nodes_[from].children;
    for (NodeId c : kids) {
      if (!with_comments && nodes_[c].type == NodeType::kComment) continue;
      const NodeId copy = Add(nodes_[c]);
      nodes_[copy].parent = to;
      nodes_[to].children.push_back(copy);
      stack.push_back({c, copy});
    }
  }
  return top;
}

NodeId XmlTree::Import(const XmlTree& from, NodeId id) {
  // (source in `from`, copy here) pairs; children after their parent.
  const NodeId top = Add(from.nodes_[id]);
  nodes_[top].parent = kNoNode;
  std::vector<std::pair<NodeId, NodeId>> stack = {{id, top}};
  while (!stack.empty()) {
    const auto [source, to] = stack.back();
    stack.pop_back();
    nodes_[to].children.clear();
    for (NodeId c : from.nodes_[source].children) {
      const NodeId copy = Add(from.nodes_[c]);
      nodes_[copy].parent = to;
      nodes_[to].children.push_back(copy);
      stack.push_back({c, copy});
    }
  }
  return top;
}

void XmlTree::Replace(NodeId id, NodeId with) {
  const NodeId parent = nodes_[id].parent;
  if (parent == kNoNode) return;
  nodes_[parent].children[IndexInParent(id)] = with;
  nodes_[with].parent = parent;
  nodes_[id].parent = kNoNode;
}

void XmlTree::OpenIfSelfClosing(NodeId id) {
  XmlNode& n = nodes_[id];
  if (!n.self_closing) return;
  n.self_closing = false;
  while (!n.tail.empty() && IsSpace(n.tail.back())) n.tail.pop_back();
  n.end = "</" + n.tag + ">";
}

void XmlTree::InsertAt(NodeId parent, size_t index, NodeId child) {
  OpenIfSelfClosing(parent);
  auto& kids = nodes_[parent].children;
  index = std::min(index, kids.size());
  kids.insert(kids.begin() + static_cast<std::ptrdiff_t>(index), child);
  nodes_[child].parent = parent;
}

void XmlTree::InsertLine(NodeId parent, NodeId child, NodeId before) {
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
  auto& kids = nodes_[parent].children;
  // After the last element child (or at the start): the whitespace that
  // closes the parent stays last.
  size_t at = 0;
  for (size_t i = 0; i < kids.size(); ++i) {
    if (nodes_[kids[i]].type != NodeType::kText) at = i + 1;
  }
  if (!had_elements && at == 0 && !kids.empty()) {
    // Only text inside: keep it, add the child after it.
    at = kids.size();
  }
  const bool closes_line =
      at < kids.size() && nodes_[kids[at]].type == NodeType::kText &&
      nodes_[kids[at]].raw.find('\n') != std::string::npos;
  InsertAt(parent, at, child);
  InsertAt(parent, at, NewText(line_break));
  if (!closes_line) {
    InsertAt(parent, at + 2,
             NewText(newline_ + Indent(parent).value_or("")));
  }
}

void XmlTree::InsertLineAfter(NodeId after, NodeId child) {
  const NodeId parent = nodes_[after].parent;
  const std::string indent =
      Indent(after).value_or(ChildIndent(parent));
  const size_t at = IndexInParent(after) + 1;
  InsertAt(parent, at, child);
  InsertAt(parent, at, NewText(newline_ + indent));
}

void XmlTree::RemoveLine(NodeId id) {
  const NodeId parent = nodes_[id].parent;
  const size_t index = IndexInParent(id);
  if (index > 0) {
    XmlNode& before = nodes_[nodes_[parent].children[index - 1]];
    if (before.type == NodeType::kText && TrailingIndent(before.raw)) {
      before.raw.erase(before.raw.rfind('\n'));
      if (!before.raw.empty() && before.raw.back() == '\r') {
        before.raw.pop_back();
      }
    }
  }
  Detach(id);
}

void XmlTree::Detach(NodeId id) {
  const NodeId parent = nodes_[id].parent;
  if (parent == kNoNode) return;
  auto& kids = nodes_[parent].children;
  kids.erase(std::find(kids.begin(), kids.end(), id));
  nodes_[id].parent = kNoNode;
}

void XmlTree::Reindent(NodeId id, const std::string& from,
                       const std::string& to) {
  if (from == to) return;
  std::vector<NodeId> stack = {id};
  const std::string needle = "\n" + from;
  while (!stack.empty()) {
    const NodeId n = stack.back();
    stack.pop_back();
    XmlNode& node = nodes_[n];
    if (node.type == NodeType::kText) {
      std::string out;
      size_t i = 0;
      while (true) {
        const size_t at = node.raw.find(needle, i);
        if (at == std::string::npos) break;
        out.append(node.raw, i, at - i);
        out += "\n" + to;
        i = at + needle.size();
      }
      out.append(node.raw, i, std::string::npos);
      node.raw = std::move(out);
    }
    for (NodeId c : node.children) stack.push_back(c);
  }
}

}  // namespace sdfconv::upgrade
