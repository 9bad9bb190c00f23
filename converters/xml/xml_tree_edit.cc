// XmlTree: layout and editing (the rest of the tree is xml_tree.cc).
#include <algorithm>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "converters/xml/xml_escape.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
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
      singles += a.quote() == '\'' ? 1 : -1;
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
  // What it stands for: here the same; Import maps another tree's.
  const int32_t origin = &from == this ? OriginIndex(id) : -1;
  NodeId copy = kNoNode;
  if (node.parts < 0) {
    copy = Add(node);
  } else {
    XmlElementParts parts = from.parts_[node.parts];
    parts.children.clear();
    parts.depth = 0;  // a detached copy: its place is not known
    parts.head = kNoNode;
    copy = AddWithParts(node, std::move(parts));
  }
  if (origin >= 0) SetOriginIndex(copy, origin);
  return copy;
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
  XmlList<RawAttribute>& attributes = Parts(id).attributes;
  for (RawAttribute& a : attributes) {
    if (a.name() != name) continue;
    a = KeepAttribute(a.lead(), a.name(), a.eq(), a.quote(),
                      EscapeXmlAttribute(value, a.quote()));
    return;
  }
  // Follow the element's own quoting, else the document's.
  const char quote = attributes.empty() ? quote_ : attributes[0].quote();
  attributes.push_back(
      KeepAttribute(" ", name, "=", quote, EscapeXmlAttribute(value, quote)));
}

RawAttribute XmlTree::KeepAttribute(std::string_view lead,
                                    std::string_view name, std::string_view eq,
                                    char quote, std::string_view raw) {
  std::string text;
  text.reserve(lead.size() + name.size() + eq.size() + raw.size() + 2);
  text.append(lead).append(name).append(eq);
  text += quote;
  text.append(raw);
  text += quote;
  return RawAttribute(Keep(text), static_cast<uint32_t>(lead.size()),
                      static_cast<uint32_t>(name.size()),
                      static_cast<uint32_t>(eq.size()));
}

void XmlTree::RenameAttribute(NodeId id, std::string_view from,
                              std::string_view to) {
  ++revision_;
  for (RawAttribute& a : Parts(id).attributes) {
    if (a.name() == from) {
      a = KeepAttribute(a.lead(), to, a.eq(), a.quote(), a.raw());
    }
  }
}

void XmlTree::RemoveAttribute(NodeId id, std::string_view name) {
  ++revision_;
  auto& attrs = Parts(id).attributes;
  attrs.erase(
      std::remove_if(attrs.begin(), attrs.end(),
                     [&](const RawAttribute& a) { return a.name() == name; }),
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
    const std::vector<NodeId> kids = ChildNodes(from).ToVector();
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
    if (const int32_t o = from.OriginIndex(source); o >= 0) {
      auto [it, fresh] = origins.try_emplace(o, 0);
      if (fresh) {
        it->second = static_cast<int32_t>(origins_.size());
        origins_.push_back(from.origins_[o]);
      }
      SetOriginIndex(id, it->second);
    }
    // The text is `from`'s: keep our own copy of it.
    copy.raw = Keep(copy.raw);
    if (copy.parts < 0) return id;
    XmlElementParts& parts = Parts(id);
    for (PackedXmlText* piece : {&parts.tag, &parts.tail, &parts.end}) {
      *piece = Keep(*piece);
    }
    for (RawAttribute& a : parts.attributes) a = a.At(Keep(a.whole()));
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
  return AppendValue(parent, tag, "", origin);
}

NodeId XmlTree::AppendValue(NodeId parent, std::string_view tag,
                            std::string_view text,
                            const SourceLocation& origin) {
  const NodeId id = NewElement(tag, text);
  if (!origin.file.empty() || origin.line != 0 || !origin.path.empty()) {
    SetOrigin(id, origin);
  }
  Append(parent, id);
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
