// InputPoses: the pose of any element of the input in the world frame, as
// the input's own version defines it, for the few repairs that must write a
// computed pose (a joint turned around, a legacy frame that leaves a
// collision, an inertial pose that loses its frame).
//
// Built once on the unmodified input: it records, for every element, the
// frame its <pose> is expressed in (the resolved @frame/@relative_to, or
// the version's default: the model for links and nested models, the child
// link for joints, the parent element for everything inside a link) and
// the pose as written. Later edits of the tree do not affect it. Queries
// follow those records iteratively, memoised; an unresolved name, a
// malformed pose or a cycle gives nothing.
#ifndef SDFCONV_CONVERTERS_UPGRADE_INPUT_POSES_H_
#define SDFCONV_CONVERTERS_UPGRADE_INPUT_POSES_H_

#include <deque>
#include <optional>
#include <vector>

#include "converters/upgrade/references.h"
#include "converters/upgrade/sdf_index.h"
#include "converters/xml/xml_tree.h"
#include "core/pose.h"

namespace sdfconv::upgrade {

// The world frame as a node: for a world file its <world>, for a model file
// the frame its top model is placed in.
inline constexpr NodeId kWorldNode = -2;

class InputPoses {
 public:
  InputPoses(const XmlTree& tree, const SdfIndex& index,
             const std::deque<RefSite>& sites, SdfVersion version);

  // X_WE: element `id`'s frame in the world frame (kWorldNode: identity).
  [[nodiscard]] std::optional<Pose> World(NodeId id) const;
  // X_AB.
  [[nodiscard]] std::optional<Pose> Relative(NodeId a, NodeId b) const;

 private:
  struct Record {
    NodeId base = kNoNode;  // the frame the pose is expressed in
    std::optional<Pose> X;  // X_base,E as written; nothing if unusable
  };
  std::vector<Record> records_;
  mutable std::vector<std::optional<Pose>> memo_;
  mutable std::vector<char> state_;  // 0 new, 1 visiting, 2 done
};

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_INPUT_POSES_H_
