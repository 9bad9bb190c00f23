// EmitXml (see xml_emit.h). Invariant: one explicit stack of open elements;
// every start tag written is closed before the function returns.
#include "converters/urdf_export/xml_emit.h"

#include <libxml/tree.h>

#include <vector>

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

std::string_view AsView(const xmlChar* s) {
  return s == nullptr ? std::string_view()
                      : std::string_view(reinterpret_cast<const char*>(s));
}

bool IsUrdfNs(const xmlNs* ns) {
  return ns != nullptr && AsView(ns->href) == kUrdfNamespace;
}

void Record(const xmlNs* ns, XmlNamespaces* used) {
  if (ns == nullptr || ns->prefix == nullptr) return;
  const std::string prefix(AsView(ns->prefix));
  if (prefix != "xml") (*used)[prefix] = std::string(AsView(ns->href));
}

std::string AttributeValue(const xmlAttr* a) {
  std::string value;
  for (const xmlNode* c = a->children; c != nullptr; c = c->next) {
    value += AsView(c->content);
  }
  return value;
}

bool IsContent(const xmlNode* n) {
  return n->type == XML_ELEMENT_NODE || n->type == XML_COMMENT_NODE;
}

bool HasContentChildren(const xmlNode* element) {
  for (const xmlNode* c = element->children; c != nullptr; c = c->next) {
    if (IsContent(c)) return true;
  }
  return false;
}

std::string EscapeText(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      default: out += c;
    }
  }
  return out;
}

const xmlNode* NextContent(const xmlNode* n) {
  while (n != nullptr && !IsContent(n)) n = n->next;
  return n;
}

class Emitter {
 public:
  Emitter(const XmlEmitOptions& options, XmlNamespaces* used)
      : options_(options), used_(*used) {}

  std::string Run(const xmlNode* top) {
    top_ = top;
    const bool add_pose = options_.pose && !options_.pose->empty() &&
                          FirstChildElement(top, "pose") == nullptr;
    Open(top, 0, add_pose);
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      const xmlNode* child = f.next;
      if (child == nullptr) {
        Indent(f.depth);
        out_ += "</" + TagOf(f.element) + ">\n";
        stack_.pop_back();
        continue;
      }
      f.next = NextContent(child->next);
      const int depth = f.depth + 1;
      if (child->type == XML_COMMENT_NODE) {
        Indent(depth);
        out_ += "<!--" + std::string(AsView(child->content)) + "-->\n";
      } else if (f.element == top_ && options_.pose && Tag(child) == "pose") {
        WritePose(depth);
      } else {
        Open(child, depth, false);
      }
    }
    return std::move(out_);
  }

 private:
  struct Frame {
    const xmlNode* element;
    const xmlNode* next;
    int depth;
  };

  void Indent(int depth) {
    out_.append(static_cast<size_t>(options_.indent + 2 * depth), ' ');
  }

  std::string TagOf(const xmlNode* element) const {
    if (element == top_ && !options_.tag.empty()) return options_.tag;
    return Tag(element);
  }

  void WritePose(int depth) {
    if (options_.pose->empty()) return;
    Indent(depth);
    out_ += "<pose>" + EscapeText(*options_.pose) + "</pose>\n";
  }

  void Open(const xmlNode* element, int depth, bool add_pose) {
    Indent(depth);
    if (element != top_ || options_.tag.empty()) Record(element->ns, &used_);
    out_ += "<" + TagOf(element);
    WriteAttributes(element);
    if (!HasContentChildren(element) && !add_pose) {
      const std::string text = Text(element);
      out_ += text.empty() ? "/>\n"
                           : ">" + EscapeText(text) + "</" + TagOf(element) +
                                 ">\n";
      return;
    }
    out_ += ">";
    const std::string text = Text(element);
    if (!TrimWhitespace(text).empty()) out_ += EscapeText(TrimWhitespace(text));
    out_ += "\n";
    if (add_pose) WritePose(depth + 1);
    stack_.push_back({element, NextContent(element->children), depth});
  }

  void WriteAttributes(const xmlNode* element) {
    const std::optional<std::string> urdf_name =
        options_.restore_names ? UrdfAttribute(element, "name") : std::nullopt;
    const bool is_joint = options_.joint_names != nullptr &&
                          element->ns == nullptr &&
                          AsView(element->name) == "joint";
    for (const xmlAttr* a = element->properties; a != nullptr; a = a->next) {
      if (IsUrdfNs(a->ns)) continue;
      Record(a->ns, &used_);
      std::string name;
      if (a->ns != nullptr && a->ns->prefix != nullptr) {
        name = std::string(AsView(a->ns->prefix)) + ":";
      }
      name += AsView(a->name);
      std::string value = AttributeValue(a);
      if (name == "name") {
        if (urdf_name) value = *urdf_name;
        if (is_joint) {
          const auto it = options_.joint_names->find(value);
          if (it != options_.joint_names->end()) value = it->second;
        }
      }
      out_ += " " + name + "=\"" + EscapeXml(value) + "\"";
    }
  }

  const XmlEmitOptions& options_;
  XmlNamespaces& used_;
  const xmlNode* top_ = nullptr;
  std::vector<Frame> stack_;
  std::string out_;
};

}  // namespace

std::string EmitXml(const xmlNode* element, const XmlEmitOptions& options,
                    XmlNamespaces* used) {
  return Emitter(options, used).Run(element);
}

bool InUrdfNamespace(const xmlNode* element) { return IsUrdfNs(element->ns); }

std::string LocalTag(const xmlNode* element) {
  return std::string(AsView(element->name));
}

std::optional<std::string> UrdfAttribute(const xmlNode* element,
                                         std::string_view name) {
  for (const xmlAttr* a = element->properties; a != nullptr; a = a->next) {
    if (IsUrdfNs(a->ns) && AsView(a->name) == name) return AttributeValue(a);
  }
  return std::nullopt;
}

std::string EscapeXml(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\n': out += "&#10;"; break;
      case '\t': out += "&#9;"; break;
      case '\r': out += "&#13;"; break;
      default: out += c;
    }
  }
  return out;
}

}  // namespace sdfconv
