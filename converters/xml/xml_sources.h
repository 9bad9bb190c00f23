// XmlSources: the XML trees of one read. The file read comes first, then
// each file it includes (once each, in the order first included) and each
// tree a front end builds (the SDFormat a URDF stands for). An Element's
// NodeRef (core/document.h) names a tree here by its index and a node in
// it, so back ends reach the XML an element was read from directly.
//
// Invariant: trees are never removed, and a reference to one stays valid as
// more are added (a deque), so indices and NodeRefs stay valid too. A tree
// may also be lent (Lend): the sources then only point at it, and whoever
// lent it keeps it alive and unchanged while anything reads it through
// them.
//
//   XmlSources sources;
//   std::optional<Document> doc = ReadFile(path, &diags, {}, &sources);
//   XmlElement link = sources.Element(doc->at(id).node);
#ifndef SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
#define SDFCONV_CONVERTERS_XML_XML_SOURCES_H_

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"
#include "core/document.h"

namespace sdfconv {

class XmlSources {
 public:
  // Adds `tree`; returns its index.
  int32_t Add(XmlTree tree) {
    owned_.push_back(std::move(tree));
    slots_.push_back({nullptr, owned_.size() - 1});
    return static_cast<int32_t>(slots_.size()) - 1;
  }
  // Adds `tree` without a copy; returns its index. The caller keeps it
  // alive and unchanged for as long as anything reads it through these
  // sources (a reading that needs the tree only while it reads).
  int32_t Lend(const XmlTree& tree) {
    slots_.push_back({&tree, 0});
    return static_cast<int32_t>(slots_.size()) - 1;
  }
  [[nodiscard]] const XmlTree& tree(int32_t index) const {
    const Slot& slot = slots_[index];
    return slot.lent != nullptr ? *slot.lent : owned_[slot.owned];
  }
  [[nodiscard]] size_t size() const { return slots_.size(); }

  // The element `ref` names, or null when it names none of these.
  [[nodiscard]] XmlElement Element(const NodeRef& ref) const {
    if (!ref.valid() || static_cast<size_t>(ref.tree) >= slots_.size()) {
      return {};
    }
    const XmlTree& in = tree(ref.tree);
    if (static_cast<size_t>(ref.node) >= in.size()) return {};
    return {&in, ref.node};
  }

 private:
  struct Slot {
    const XmlTree* lent;  // a lent tree, or null: owned_[owned]
    size_t owned;
  };
  std::deque<XmlTree> owned_;
  std::vector<Slot> slots_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
