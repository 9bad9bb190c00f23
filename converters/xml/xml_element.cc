#include "converters/xml/xml_element.h"

namespace sdfconv {

std::vector<XmlElement> ChildElements(XmlElement e) {
  std::vector<XmlElement> out;
  const XmlList<NodeId>& children = e.tree().ChildNodes(e.id());
  out.reserve(children.size());  // text nodes too: one allocation
  for (NodeId c : children) {
    if (e.tree().IsElement(c)) out.emplace_back(&e.tree(), c);
  }
  return out;
}

}  // namespace sdfconv
