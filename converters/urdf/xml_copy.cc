#include "converters/urdf/xml_copy.h"

#include <libxml/tree.h>

#include <utility>
#include <vector>

namespace sdfconv {
namespace {

std::string_view AsView(const xmlChar* s) {
  return s == nullptr ? std::string_view()
                      : std::string_view(reinterpret_cast<const char*>(s));
}

// Records the prefix of "prefix:name" when libxml2 knows no namespace for it
// (an undeclared prefix), and the declared one otherwise.
void Record(const xmlNs* ns, std::string_view qualified,
            Namespaces* namespaces) {
  if (ns != nullptr && ns->prefix != nullptr) {
    const std::string prefix(AsView(ns->prefix));
    if (prefix != "xml") (*namespaces)[prefix] = std::string(AsView(ns->href));
    return;
  }
  const size_t colon = qualified.find(':');
  if (colon == std::string_view::npos) return;
  const std::string prefix(qualified.substr(0, colon));
  if (prefix != "xml" && prefix != "xmlns") namespaces->emplace(prefix, "");
}

std::string QualifiedName(const xmlNs* ns, const xmlChar* name) {
  std::string out;
  if (ns != nullptr && ns->prefix != nullptr) {
    out = std::string(AsView(ns->prefix)) + ":";
  }
  out += AsView(name);
  return out;
}

}  // namespace

void CopyAttributes(const xmlNode* element, SdfTree* tree, NodeId node,
                    Namespaces* namespaces) {
  for (const xmlAttr* a = element->properties; a != nullptr; a = a->next) {
    const std::string name = QualifiedName(a->ns, a->name);
    Record(a->ns, name, namespaces);
    std::string value;
    for (const xmlNode* c = a->children; c != nullptr; c = c->next) {
      value += AsView(c->content);
    }
    tree->SetAttribute(node, name, std::move(value));
  }
}

NodeId CopyXml(const XmlDocument& xml, const xmlNode* element, SdfTree* tree,
               NodeId parent, Namespaces* namespaces, std::string_view tag) {
  // Nodes are created when their parent is visited, so children keep their
  // order among comments; each is filled in when popped.
  auto add = [&](NodeId under, const xmlNode* source, std::string_view as) {
    const std::string own_tag = Tag(source);
    Record(source->ns, own_tag, namespaces);
    return tree->AddElement(under, as.empty() ? own_tag : std::string(as),
                            xml.Locate(source));
  };
  struct Pending {
    const xmlNode* source;
    NodeId node;
  };
  const NodeId top = add(parent, element, tag);
  std::vector<Pending> stack = {{element, top}};
  while (!stack.empty()) {
    const Pending p = stack.back();
    stack.pop_back();
    CopyAttributes(p.source, tree, p.node, namespaces);
    for (const xmlNode* c = p.source->children; c != nullptr; c = c->next) {
      switch (c->type) {
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
          tree->at(p.node).text += AsView(c->content);
          break;
        case XML_COMMENT_NODE:
          tree->AddComment(p.node, std::string(AsView(c->content)));
          break;
        case XML_ELEMENT_NODE:
          stack.push_back({c, add(p.node, c, {})});
          break;
        default:
          break;
      }
    }
  }
  return top;
}

}  // namespace sdfconv
