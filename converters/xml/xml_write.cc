#include "converters/xml/xml_write.h"

#include <algorithm>
#include <utility>

#include "converters/xml/text_values.h"
#include "converters/xml/xml_escape.h"

namespace sdfconv {
namespace {

// Every attribute as written, declarations included, decoded.
std::vector<XmlAttribute> AllAttributes(const XmlTree& tree, NodeId id) {
  std::vector<XmlAttribute> out;
  for (const RawAttribute& a : tree.RawAttributes(id)) {
    out.push_back({std::string(a.name()), DecodeXmlAttribute(a.raw()),
                   a.name().find(':') != std::string::npos});
  }
  return out;
}

void AppendAttribute(std::string_view name, std::string_view value,
                     std::string* out) {
  *out += ' ';
  *out += name;
  *out += "=\"";
  AppendEscapedXmlAttribute(value, '"', out);
  *out += '"';
}

void AppendAttributes(const std::vector<XmlAttribute>& attributes,
                      std::string* out) {
  for (const XmlAttribute& a : attributes) {
    AppendAttribute(a.name, a.value, out);
  }
}

bool IsContent(const XmlTree& tree, NodeId id) {
  const XmlNodeType type = tree.at(id).type;
  return type == XmlNodeType::kElement || type == XmlNodeType::kComment;
}

class Indented {
 public:
  Indented(const XmlTree& tree, const IndentedXmlOptions& options)
      : tree_(tree), options_(options) {}

  std::string Run(NodeId top) {
    Open(top, 0);
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      const auto& kids = tree_.ChildNodes(f.element);
      while (f.next < kids.size() && !IsContent(tree_, kids[f.next])) ++f.next;
      if (f.next == kids.size()) {
        Indent(f.depth);
        Close(f.tag);
        stack_.pop_back();
        continue;
      }
      const NodeId child = kids[f.next++];
      const int depth = f.depth + 1;
      if (tree_.at(child).type == XmlNodeType::kComment) {
        Indent(depth);
        out_ += tree_.at(child).raw;
        out_ += '\n';
      } else {
        Open(child, depth);
      }
    }
    return std::move(out_);
  }

 private:
  struct Frame {
    NodeId element;
    std::string tag;
    size_t next;
    int depth;
  };

  void Indent(int depth) {
    const int levels = std::min(depth, kMaxIndentLevels);
    out_.append(static_cast<size_t>(options_.indent + 2 * levels), ' ');
  }

  void Close(std::string_view tag) {
    out_ += "</";
    out_ += tag;
    out_ += ">\n";
  }

  // The start tag, written into out_ as it is read: without a callback,
  // no attribute is copied, and a value decoding leaves as it is is
  // escaped straight from the tree.
  void Open(NodeId element, int depth) {
    std::string tag(tree_.Tag(element));
    std::vector<XmlAttribute> attributes;
    if (options_.element) {
      attributes = AllAttributes(tree_, element);
      options_.element(element, &tag, &attributes);
    }
    Indent(depth);
    out_ += '<';
    out_ += tag;
    if (options_.element) {
      AppendAttributes(attributes, &out_);
    } else {
      for (const RawAttribute& a : tree_.RawAttributes(element)) {
        AppendAttribute(a.name(), DecodeXmlAttribute(a.raw(), &scratch_),
                        &out_);
      }
    }
    const auto& kids = tree_.ChildNodes(element);
    const bool has_content =
        std::any_of(kids.begin(), kids.end(),
                    [&](NodeId c) { return IsContent(tree_, c); });
    const std::string_view text = tree_.Text(element, &scratch_);
    if (!has_content) {
      if (text.empty()) {
        out_ += "/>\n";
        return;
      }
      out_ += '>';
      AppendEscapedXmlText(text, &out_);
      Close(tag);
      return;
    }
    out_ += '>';
    AppendEscapedXmlText(TrimWhitespace(text), &out_);
    out_ += '\n';
    stack_.push_back({element, std::move(tag), 0, depth});
  }

  const XmlTree& tree_;
  const IndentedXmlOptions& options_;
  std::vector<Frame> stack_;
  std::string out_;
  std::string scratch_;  // a decoded value, while it is written
};

}  // namespace

std::string WriteIndentedXml(const XmlTree& tree, NodeId top,
                             const IndentedXmlOptions& options) {
  return Indented(tree, options).Run(top);
}

std::string WriteNormalizedXml(const XmlTree& tree) {
  std::string out = kXmlDeclaration;
  // (node, leaving?) pairs on an explicit stack.
  std::vector<std::pair<NodeId, bool>> stack;
  const auto& top = tree.ChildNodes(0);
  for (auto it = top.rbegin(); it != top.rend(); ++it) {
    stack.push_back({*it, false});
  }
  while (!stack.empty()) {
    const auto [id, leaving] = stack.back();
    stack.pop_back();
    const XmlNode& n = tree.at(id);
    const bool outside = n.parent == 0;  // prolog and epilog
    switch (n.type) {
      case XmlNodeType::kText:
        if (!outside) out += EscapeXmlText(DecodeXmlText(n.raw));
        continue;
      case XmlNodeType::kCData:
      case XmlNodeType::kComment:
        out += n.raw;
        if (outside) out += '\n';
        continue;
      case XmlNodeType::kPi:
        if (n.raw.compare(0, 6, "<?xml ") == 0 && outside) continue;
        out += n.raw;
        if (outside) out += '\n';
        continue;
      case XmlNodeType::kDocument:
        continue;
      case XmlNodeType::kElement:
        break;
    }
    if (leaving) {
      out += "</";
      out += tree.Tag(id);
      out += '>';
      if (outside) out += '\n';
      continue;
    }
    out += '<';
    out += tree.Tag(id);
    AppendAttributes(AllAttributes(tree, id), &out);
    const XmlList<NodeId>& children = tree.ChildNodes(id);
    if (children.empty()) {
      out += outside ? "/>\n" : "/>";
      continue;
    }
    out += ">";
    stack.push_back({id, true});
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      stack.push_back({*it, false});
    }
  }
  return out;
}

}  // namespace sdfconv
