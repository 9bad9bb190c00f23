// XmlSources: the XML trees of one read. The file read comes first, then
// each file it includes (once each, in the order first included) and each
// tree a front end builds (the SDFormat a URDF stands for). An Element's
// NodeRef (core/document.h) names a tree here by its index and a node in
// it, so back ends reach the XML an element was read from directly.
//
// Invariant: trees are never removed, and a reference to one stays valid as
// more are added (a deque), so indices and NodeRefs stay valid too.
//
//   XmlSources sources;
//   std::optional<Document> doc = ReadFile(path, &diags, {}, &sources);
//   XmlElement link = sources.Element(doc->at(id).node);
#ifndef SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
#define SDFCONV_CONVERTERS_XML_XML_SOURCES_H_

#include <cstdint>
#include <deque>
#include <string>

#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"
#include "core/document.h"

namespace sdfconv {

class XmlSources {
 public:
  // Adds `tree`; returns its index.
  int32_t Add(XmlTree tree) {
    trees_.push_back(std::move(tree));
    return static_cast<int32_t>(trees_.size()) - 1;
  }
  [[nodiscard]] const XmlTree& tree(int32_t index) const {
    return trees_[index];
  }
  [[nodiscard]] size_t size() const { return trees_.size(); }
  [[nodiscard]] const std::deque<XmlTree>& trees() const { return trees_; }

  // The element `ref` names, or null when it names none of these.
  [[nodiscard]] XmlElement Element(const NodeRef& ref) const {
    if (!ref.valid() || static_cast<size_t>(ref.tree) >= trees_.size() ||
        static_cast<size_t>(ref.node) >= trees_[ref.tree].size()) {
      return {};
    }
    return {&trees_[ref.tree], ref.node};
  }

 private:
  std::deque<XmlTree> trees_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
