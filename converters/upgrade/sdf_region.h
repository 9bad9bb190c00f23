// SdfRegion: which parts of an SDFormat XmlTree the upgrade may read and
// edit, element by element, in document order.
//
// The contents of <plugin> elements and of namespaced elements
// ("mysim:thing") are opaque: never read, never changed. The contents of a
// world's <state> are records of a simulation, not definitions: only their
// pose attributes are renamed. Everything else is the SDFormat region. This
// is a fact about the XML (which text is whose), not about meaning: what
// the elements of the region are and what their names refer to comes from
// the core (tree_index.h).
#ifndef SDFCONV_CONVERTERS_UPGRADE_SDF_REGION_H_
#define SDFCONV_CONVERTERS_UPGRADE_SDF_REGION_H_

#include <vector>

#include "converters/xml/xml_tree.h"

namespace sdfconv::upgrade {

class SdfRegion {
 public:
  explicit SdfRegion(const XmlTree& tree);

  // SDFormat-region elements in document order (the root <sdf> first).
  // From a temporary (`for (NodeId n : SdfRegion(tree).Elements())`), a
  // copy that outlives it.
  [[nodiscard]] const std::vector<NodeId>& Elements() const& {
    return elements_;
  }
  [[nodiscard]] std::vector<NodeId> Elements() && {
    return std::move(elements_);
  }
  [[nodiscard]] bool InSdf(NodeId id) const { return region(id) == kSdf; }
  [[nodiscard]] bool InState(NodeId id) const { return region(id) == kState; }
  // The top element (<world> or <model>) under <sdf>, or kNoNode.
  [[nodiscard]] NodeId Top() const { return top_; }

 private:
  enum Region : char { kOutside = 0, kSdf, kState, kOpaque };
  [[nodiscard]] Region region(NodeId id) const {
    return id >= 0 && static_cast<size_t>(id) < region_.size() ? region_[id]
                                                               : kOutside;
  }

  NodeId top_ = kNoNode;
  std::vector<NodeId> elements_;
  std::vector<Region> region_;
};

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_SDF_REGION_H_
