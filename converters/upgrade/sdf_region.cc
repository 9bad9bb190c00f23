#include "converters/upgrade/sdf_region.h"

namespace sdfconv::upgrade {

SdfRegion::SdfRegion(const XmlTree& tree) : region_(tree.size(), kOutside) {
  const NodeId sdf = tree.root();
  // Pre-order without recursion; each node's region follows from its
  // parent's.
  std::vector<NodeId> stack = {sdf};
  while (!stack.empty()) {
    const NodeId id = stack.back();
    stack.pop_back();
    const NodeId parent = tree.ParentElement(id);
    const std::string_view tag = tree.Tag(id);
    Region r = parent == kNoNode ? kSdf : region_[parent];
    if (r == kSdf && (tree.IsNamespaced(id) || tag == "plugin")) r = kOpaque;
    if (r == kSdf && tag == "state" && parent != kNoNode &&
        tree.Tag(parent) == "world" && tree.ParentElement(parent) == sdf) {
      r = kState;
    }
    region_[id] = r;
    if (r == kSdf) {
      elements_.push_back(id);
      if (parent == sdf && (tag == "world" || tag == "model") &&
          top_ == kNoNode) {
        top_ = id;
      }
    }
    const auto& kids = tree.ChildNodes(id);
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
      if (tree.IsElement(*it)) stack.push_back(*it);
    }
  }
}

}  // namespace sdfconv::upgrade
