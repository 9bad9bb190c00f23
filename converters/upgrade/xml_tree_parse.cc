// XmlTree::Parse: the scanner that turns well-formed XML text into raw
// pieces, and the decoding and escaping of character data.
#include <algorithm>
#include <charconv>
#include <system_error>
#include <utility>

#include "converters/upgrade/xml_tree.h"

namespace sdfconv::upgrade {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool IsNameEnd(char c) { return IsSpace(c) || c == '/' || c == '>' || c == '='; }

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// Scans well-formed, DTD-free XML (XmlDocument has checked it) into nodes.
class Scanner {
 public:
  Scanner(std::string_view text, std::vector<XmlNode>* nodes)
      : text_(text), nodes_(nodes) {}

  // Returns the root element, or kNoNode if the text is not what we expect.
  NodeId Run();

 private:
  NodeId Add(XmlNode node, NodeId parent) {
    const auto id = static_cast<NodeId>(nodes_->size());
    node.parent = parent;
    nodes_->push_back(std::move(node));
    (*nodes_)[parent].children.push_back(id);
    return id;
  }
  // Adds raw text [pos_, end) as a node of `type` under `parent`.
  void AddRaw(NodeType type, size_t end, NodeId parent) {
    XmlNode n;
    n.type = type;
    n.raw = std::string(text_.substr(pos_, end - pos_));
    Advance(end);
    Add(std::move(n), parent);
  }
  void Advance(size_t to) {
    line_ += static_cast<int>(
        std::count(text_.begin() + static_cast<std::ptrdiff_t>(pos_),
                   text_.begin() + static_cast<std::ptrdiff_t>(to), '\n'));
    pos_ = to;
  }
  bool StartsWith(std::string_view s) const {
    return text_.substr(pos_, s.size()) == s;
  }
  // Parses a start tag at pos_; false if malformed.
  bool StartTag(NodeId parent, std::vector<NodeId>* open);

  std::string_view text_;
  std::vector<XmlNode>* nodes_;
  size_t pos_ = 0;
  int line_ = 1;
};

NodeId Scanner::Run() {
  std::vector<NodeId> open = {0};
  NodeId root = kNoNode;
  while (pos_ < text_.size()) {
    const NodeId parent = open.back();
    if (text_[pos_] != '<') {
      size_t end = text_.find('<', pos_);
      if (end == std::string_view::npos) end = text_.size();
      AddRaw(NodeType::kText, end, parent);
      continue;
    }
    auto until = [&](std::string_view close) {
      const size_t at = text_.find(close, pos_ + 2);
      return at == std::string_view::npos ? at : at + close.size();
    };
    size_t end = std::string_view::npos;
    if (StartsWith("<!--")) {
      if ((end = until("-->")) == std::string_view::npos) return kNoNode;
      AddRaw(NodeType::kComment, end, parent);
    } else if (StartsWith("<![CDATA[")) {
      if ((end = until("]]>")) == std::string_view::npos) return kNoNode;
      AddRaw(NodeType::kCData, end, parent);
    } else if (StartsWith("<?")) {
      if ((end = until("?>")) == std::string_view::npos) return kNoNode;
      AddRaw(NodeType::kPi, end, parent);
    } else if (StartsWith("<!")) {
      return kNoNode;  // a DTD: XmlDocument refuses them
    } else if (StartsWith("</")) {
      end = text_.find('>', pos_);
      if (end == std::string_view::npos || open.size() < 2) return kNoNode;
      (*nodes_)[parent].end = std::string(text_.substr(pos_, end + 1 - pos_));
      Advance(end + 1);
      open.pop_back();
    } else {
      if (parent == 0 && root != kNoNode) return kNoNode;
      if (!StartTag(parent, &open)) return kNoNode;
      if (parent == 0) root = static_cast<NodeId>(nodes_->size()) - 1;
    }
  }
  return open.size() == 1 ? root : kNoNode;
}

bool Scanner::StartTag(NodeId parent, std::vector<NodeId>* open) {
  XmlNode n;
  n.type = NodeType::kElement;
  n.line = line_;
  size_t i = pos_ + 1;
  const size_t name_start = i;
  while (i < text_.size() && !IsNameEnd(text_[i])) ++i;
  n.tag = std::string(text_.substr(name_start, i - name_start));
  if (n.tag.empty()) return false;
  while (true) {
    const size_t lead_start = i;
    while (i < text_.size() && IsSpace(text_[i])) ++i;
    if (i >= text_.size()) return false;
    if (text_[i] == '>' || text_[i] == '/') {
      n.tail = std::string(text_.substr(lead_start, i - lead_start));
      n.self_closing = text_[i] == '/';
      i += n.self_closing ? 2 : 1;
      break;
    }
    XmlAttribute a;
    a.lead = std::string(text_.substr(lead_start, i - lead_start));
    const size_t attr_name = i;
    while (i < text_.size() && !IsNameEnd(text_[i])) ++i;
    a.name = std::string(text_.substr(attr_name, i - attr_name));
    const size_t eq_start = i;
    while (i < text_.size() && text_[i] != '"' && text_[i] != '\'') ++i;
    if (i >= text_.size() || a.name.empty()) return false;
    a.eq = std::string(text_.substr(eq_start, i - eq_start));
    a.quote = text_[i];
    const size_t value_end = text_.find(a.quote, i + 1);
    if (value_end == std::string_view::npos) return false;
    a.raw = std::string(text_.substr(i + 1, value_end - i - 1));
    i = value_end + 1;
    n.attributes.push_back(std::move(a));
  }
  const bool self_closing = n.self_closing;
  Advance(i);
  const NodeId id = Add(std::move(n), parent);
  if (!self_closing) open->push_back(id);
  return true;
}

}  // namespace

std::string DecodeXml(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '&') {
      out.push_back(raw[i]);
      continue;
    }
    const size_t semi = raw.find(';', i);
    if (semi == std::string_view::npos) {
      out.push_back(raw[i]);
      continue;
    }
    const std::string_view ref = raw.substr(i + 1, semi - i - 1);
    if (ref == "lt") out.push_back('<');
    else if (ref == "gt") out.push_back('>');
    else if (ref == "amp") out.push_back('&');
    else if (ref == "quot") out.push_back('"');
    else if (ref == "apos") out.push_back('\'');
    else if (ref.size() > 1 && ref[0] == '#') {
      const bool hex = ref[1] == 'x';
      const std::string_view digits = ref.substr(hex ? 2 : 1);
      uint32_t cp = 0;
      const auto [ptr, ec] = std::from_chars(
          digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
      if (ec != std::errc() || ptr != digits.data() + digits.size()) {
        out.append(raw.substr(i, semi - i + 1));
      } else {
        AppendUtf8(cp, &out);
      }
    } else {
      out.append(raw.substr(i, semi - i + 1));
    }
    i = semi;
  }
  return out;
}

std::string EscapeXml(std::string_view value, char quote) {
  std::string out;
  for (char c : value) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += quote == '"' ? "&quot;" : "\""; break;
      case '\'': out += quote == '\'' ? "&apos;" : "'"; break;
      default: out.push_back(c);
    }
  }
  return out;
}

std::optional<XmlTree> XmlTree::Parse(std::string_view text,
                                      const std::string& path,
                                      Diagnostics* diags,
                                      const XmlLimits& limits) {
  if (!XmlDocument::LoadString(text, path, diags, limits)) return std::nullopt;
  XmlTree tree;
  tree.file_ = path;
  XmlNode document;
  document.type = NodeType::kDocument;
  tree.nodes_.push_back(std::move(document));
  tree.root_ = Scanner(text, &tree.nodes_).Run();
  if (tree.root_ == kNoNode || tree.Serialize() != text) {
    diags->Error(Code::kXmlSyntaxError, {path, 0, ""},
                 "the XML is well-formed but uses a construct this tool "
                 "cannot copy losslessly; nothing was changed");
    return std::nullopt;
  }
  if (text.find("\r\n") != std::string_view::npos) tree.newline_ = "\r\n";
  long singles = 0;
  for (const XmlNode& n : tree.nodes_) {
    for (const XmlAttribute& a : n.attributes) singles += a.quote == '\'' ? 1 : -1;
  }
  if (singles > 0) tree.quote_ = '\'';
  // The indentation unit: the first step between a parent's and its first
  // child element's indentation.
  for (NodeId id = 1; id < static_cast<NodeId>(tree.nodes_.size()); ++id) {
    const NodeId parent = tree.ParentElement(id);
    if (!tree.IsElement(id) || parent == kNoNode) continue;
    const auto child = tree.Indent(id);
    const auto outer = tree.Indent(parent);
    if (child && outer && child->size() > outer->size() &&
        child->compare(0, outer->size(), *outer) == 0) {
      tree.indent_unit_ = child->substr(outer->size());
      break;
    }
  }
  return tree;
}

}  // namespace sdfconv::upgrade
