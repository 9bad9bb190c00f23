#include "converters/xml/xml_element.h"

namespace sdfconv {

std::vector<XmlElement> ChildElements(XmlElement e) {
  std::vector<XmlElement> out;
  for (NodeId c : e.tree().at(e.id()).children) {
    if (e.tree().IsElement(c)) out.emplace_back(&e.tree(), c);
  }
  return out;
}

}  // namespace sdfconv
