#include "converters/urdf/xml_copy.h"

#include <utility>
#include <vector>

namespace sdfconv {
namespace {

// Records the prefix of the qualified name `name` used at `at` with the URI
// it is declared with there ("" when it is not declared).
void Record(XmlElement at, std::string_view name, Namespaces* namespaces) {
  const size_t colon = name.find(':');
  if (colon == std::string_view::npos) return;
  const std::string prefix(name.substr(0, colon));
  if (prefix == "xml" || prefix == "xmlns") return;
  const std::optional<std::string> uri =
      at.tree().NamespaceUri(at.id(), prefix);
  if (uri) {
    (*namespaces)[prefix] = *uri;
  } else {
    namespaces->emplace(prefix, "");
  }
}

}  // namespace

void CopyAttributes(XmlElement element, XmlTree* tree, NodeId node,
                    Namespaces* namespaces) {
  for (const XmlAttribute& a : Attributes(element)) {
    Record(element, a.name, namespaces);
    tree->SetAttribute(node, a.name, a.value);
  }
}

NodeId CopyXml(XmlElement element, XmlTree* tree, NodeId parent,
               Namespaces* namespaces, std::string_view tag) {
  const XmlTree& from = element.tree();
  const NodeId top = tree->Import(from, element.id());
  // The copy and its source, element by element, in the same order.
  std::vector<std::pair<NodeId, NodeId>> stack = {{element.id(), top}};
  while (!stack.empty()) {
    const auto [source, copy] = stack.back();
    stack.pop_back();
    const XmlElement at(&from, source);
    Record(at, from.Tag(source), namespaces);
    for (const RawAttribute& a : from.RawAttributes(source)) {
      if (IsNamespaceDeclaration(a.name())) {
        tree->RemoveAttribute(copy, a.name());
      } else {
        Record(at, a.name(), namespaces);
      }
    }
    tree->SetOrigin(copy, Locate(at));
    const auto& sources = from.ChildNodes(source);
    const auto& copies = tree->ChildNodes(copy);
    for (size_t i = 0; i < sources.size(); ++i) {
      if (from.IsElement(sources[i])) stack.push_back({sources[i], copies[i]});
    }
  }
  if (!tag.empty()) tree->RenameElement(top, tag);
  tree->Append(parent, top);
  return top;
}

}  // namespace sdfconv
