#include "converters/urdf/sdf_tree.h"

#include <algorithm>

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

void AppendEscaped(std::string_view text, bool in_attribute,
                   std::string* out) {
  for (const char c : text) {
    switch (c) {
      case '&': *out += "&amp;"; break;
      case '<': *out += "&lt;"; break;
      case '>': *out += "&gt;"; break;
      case '"':
        *out += in_attribute ? "&quot;" : "\"";
        break;
      case '\n':
        *out += in_attribute ? "&#10;" : "\n";
        break;
      case '\t':
        *out += in_attribute ? "&#9;" : "\t";
        break;
      case '\r': *out += "&#13;"; break;
      default: *out += c;
    }
  }
}

void AppendStartTag(const SdfNode& node, std::string* out) {
  *out += '<';
  *out += node.tag;
  for (const auto& [name, value] : node.attributes) {
    *out += ' ';
    *out += name;
    *out += "=\"";
    AppendEscaped(value, /*in_attribute=*/true, out);
    *out += '"';
  }
}

}  // namespace

SdfTree::SdfTree(std::string root_tag) {
  SdfNode root;
  root.tag = std::move(root_tag);
  nodes_.push_back(std::move(root));
}

NodeId SdfTree::AddElement(NodeId parent, std::string tag,
                           const SourceLocation& source) {
  SdfNode node;
  node.tag = std::move(tag);
  node.parent = parent;
  node.source = source;
  const auto id = static_cast<NodeId>(nodes_.size());
  nodes_.push_back(std::move(node));
  nodes_[parent].children.push_back(id);
  return id;
}

NodeId SdfTree::AddValue(NodeId parent, std::string tag, std::string text,
                         const SourceLocation& source) {
  const NodeId id = AddElement(parent, std::move(tag), source);
  nodes_[id].text = std::move(text);
  return id;
}

NodeId SdfTree::AddComment(NodeId parent, std::string text) {
  const NodeId id = AddElement(parent, "");
  nodes_[id].is_comment = true;
  nodes_[id].text = std::move(text);
  return id;
}

void SdfTree::SetAttribute(NodeId id, std::string name, std::string value) {
  auto& attributes = nodes_[id].attributes;
  for (auto& [n, v] : attributes) {
    if (n == name) {
      v = std::move(value);
      return;
    }
  }
  attributes.emplace_back(std::move(name), std::move(value));
}

std::optional<std::string> SdfTree::Attribute(NodeId id,
                                              std::string_view name) const {
  for (const auto& [n, v] : nodes_[id].attributes) {
    if (n == name) return v;
  }
  return std::nullopt;
}

NodeId SdfTree::FindChild(NodeId parent, std::string_view tag) const {
  for (const NodeId child : nodes_[parent].children) {
    const SdfNode& node = nodes_[child];
    if (!node.is_comment && node.tag == tag) return child;
  }
  return kNoNode;
}

NodeId SdfTree::FindOrAdd(NodeId parent, std::string_view tag,
                          const SourceLocation& source) {
  const NodeId found = FindChild(parent, tag);
  return found != kNoNode ? found : AddElement(parent, std::string(tag), source);
}

std::vector<NodeId> SdfTree::ChildElements(NodeId parent) const {
  std::vector<NodeId> out;
  for (const NodeId child : nodes_[parent].children) {
    if (!nodes_[child].is_comment) out.push_back(child);
  }
  return out;
}

std::string WriteXml(const SdfTree& tree) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  struct Frame {
    NodeId id;
    size_t next_child;
  };
  std::vector<Frame> stack = {{SdfTree::kRoot, 0}};
  bool entering = true;
  while (!stack.empty()) {
    Frame& frame = stack.back();
    const SdfNode& node = tree.at(frame.id);
    // Indentation stops growing at kMaxIndent levels, so that the text
    // stays linear in the size of deeply nested (copied) content.
    constexpr size_t kMaxIndent = 32;
    const std::string indent(2 * std::min(stack.size() - 1, kMaxIndent), ' ');
    if (entering) {
      out += indent;
      if (node.is_comment) {
        out += "<!--" + node.text + "-->\n";
        stack.pop_back();
        entering = false;
        continue;
      }
      AppendStartTag(node, &out);
      if (node.children.empty()) {
        if (node.text.empty()) {
          out += "/>\n";
        } else {
          out += '>';
          AppendEscaped(node.text, /*in_attribute=*/false, &out);
          out += "</" + node.tag + ">\n";
        }
        stack.pop_back();
        entering = false;
        continue;
      }
      out += '>';
      const std::string_view text = TrimWhitespace(node.text);
      AppendEscaped(text, /*in_attribute=*/false, &out);
      out += '\n';
    }
    if (frame.next_child < node.children.size()) {
      const NodeId child = node.children[frame.next_child++];
      stack.push_back({child, 0});
      entering = true;
      continue;
    }
    out += indent + "</" + node.tag + ">\n";
    stack.pop_back();
    entering = false;
  }
  return out;
}

}  // namespace sdfconv
