// XmlSources: the XML trees of one read. The file read comes first, then
// each file it includes (once each, in the order first included) and each
// tree a front end builds (the SDFormat a URDF stands for). An Element's
// NodeRef (core/document.h) names a tree here by its index and a node in
// it, so back ends reach the XML an element was read from directly.
//
// Invariant: trees are never removed, and a reference to one stays valid as
// more are added (a deque), so indices and NodeRefs stay valid too. A tree
// may also be lent (Lend) for as long as a reading needs it: the sources
// point at it until EndLoan, and whoever lent it keeps it alive and
// unchanged until then. After EndLoan the index names no tree: Element()
// finds nothing there, and tree() must not be asked for it.
//
//   XmlSources sources;
//   std::optional<Document> doc = ReadFile(path, &diags, {}, &sources);
//   XmlElement link = sources.Element(doc->at(id).node);
#ifndef SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
#define SDFCONV_CONVERTERS_XML_XML_SOURCES_H_

#include <cassert>
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
  // Adds `tree` without a copy, until EndLoan(index); returns its index.
  // The caller keeps it alive and unchanged until then (a reading that
  // needs the tree only while it reads).
  int32_t Lend(const XmlTree& tree) {
    slots_.push_back({&tree, kLent});
    return static_cast<int32_t>(slots_.size()) - 1;
  }
  // Ends the loan of tree `index` (Lend): from now on it names no tree.
  void EndLoan(int32_t index) {
    assert(slots_[index].owned == kLent);
    slots_[index] = {nullptr, kEnded};
  }
  [[nodiscard]] const XmlTree& tree(int32_t index) const {
    const Slot& slot = slots_[index];
    assert(slot.owned != kEnded);
    return slot.lent != nullptr ? *slot.lent : owned_[slot.owned];
  }
  [[nodiscard]] size_t size() const { return slots_.size(); }

  // The element `ref` names, or null when it names none of these.
  [[nodiscard]] XmlElement Element(const NodeRef& ref) const {
    if (!ref.valid() || static_cast<size_t>(ref.tree) >= slots_.size() ||
        slots_[ref.tree].owned == kEnded) {
      return {};
    }
    const XmlTree& in = tree(ref.tree);
    if (static_cast<size_t>(ref.node) >= in.size()) return {};
    return {&in, ref.node};
  }

 private:
  static constexpr size_t kLent = SIZE_MAX;       // `lent` is the tree
  static constexpr size_t kEnded = SIZE_MAX - 1;  // a loan that has ended
  struct Slot {
    const XmlTree* lent;  // a lent tree, or null
    size_t owned;         // the tree's index in owned_, kLent or kEnded
  };
  std::deque<XmlTree> owned_;
  std::vector<Slot> slots_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_SOURCES_H_
