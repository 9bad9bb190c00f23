#include "converters/upgrade/input_poses.h"

#include <unordered_map>

#include "converters/upgrade/pose_text.h"

namespace sdfconv::upgrade {
namespace {

// Resolves a recorded target to a base node; kNoNode when unusable.
NodeId BaseOf(const Target& t) {
  if (t.kind == Target::Kind::kWorld) return kWorldNode;
  if (t.kind == Target::Kind::kNode && t.suffix.empty()) return t.node;
  return kNoNode;
}

}  // namespace

InputPoses::InputPoses(const XmlTree& tree, const SdfIndex& index,
                       const std::deque<RefSite>& sites, SdfVersion version)
    : records_(tree.size()),
      memo_(tree.size()),
      state_(tree.size(), 0) {
  std::unordered_map<NodeId, const RefSite*> by_holder;
  for (const RefSite& s : sites) by_holder[s.holder] = &s;
  auto target_of = [&](NodeId holder) -> const Target* {
    const auto it = by_holder.find(holder);
    return it == by_holder.end() ? nullptr : &it->second->target;
  };
  const NodeId top = index.Top();
  const NodeId world =
      top != kNoNode && tree.Tag(top) == "world" ? top : kWorldNode;
  for (NodeId id : index.Elements()) {
    Record& r = records_[id];
    const std::string& tag = tree.Tag(id);
    const NodeId parent = tree.ParentElement(id);
    if (id == index.Top() && tag == "world") {
      r = {kWorldNode, Pose::Identity()};
      continue;
    }
    if (parent == kNoNode) continue;  // <sdf>
    // The default frame of the element's pose.
    if (id == index.Top()) {
      r.base = kWorldNode;
    } else if (index.DefinesFrameIn(id) && tag == "joint") {
      const NodeId child = tree.FirstChild(id, "child");
      const Target* t = child == kNoNode ? nullptr : target_of(child);
      r.base = t == nullptr ? kNoNode : BaseOf(*t);
      if (r.base == kWorldNode) r.base = world;
    } else if (index.DefinesFrameIn(id)) {
      r.base = index.ScopeOf(id);
      const Target* attached =
          tag == "frame" && !version.Legacy() ? target_of(id) : nullptr;
      if (attached != nullptr && tree.Attribute(id, "attached_to") &&
          !tree.Attribute(id, "attached_to")->empty()) {
        r.base = BaseOf(*attached);
      }
    } else {
      r.base = parent;
    }
    r.X = Pose::Identity();
    const NodeId pose = tree.FirstChild(id, "pose");
    if (pose == kNoNode) continue;
    r.X = ParsePoseText(tree.Text(pose));
    const std::string attribute = version.Legacy() ? "frame" : "relative_to";
    if (!tree.Attribute(pose, attribute).value_or("").empty()) {
      const Target* t = target_of(pose);
      r.base = t == nullptr ? kNoNode : BaseOf(*t);
      if (r.base == kWorldNode) r.base = world;
    }
  }
}

std::optional<Pose> InputPoses::World(NodeId id) const {
  if (id == kWorldNode) return Pose::Identity();
  if (id < 0 || static_cast<size_t>(id) >= records_.size()) return std::nullopt;
  // Follow bases up to a settled node, then settle the path back down.
  std::vector<NodeId> path;
  NodeId u = id;
  while (u >= 0 && state_[u] == 0) {
    state_[u] = 1;
    path.push_back(u);
    u = records_[u].base;
  }
  std::optional<Pose> X_WU;
  if (u == kWorldNode) {
    X_WU = Pose::Identity();
  } else if (u >= 0 && state_[u] == 2) {
    X_WU = memo_[u];
  }  // else: unresolved (kNoNode), or a cycle (state 1): nothing
  for (auto it = path.rbegin(); it != path.rend(); ++it) {
    const Record& r = records_[*it];
    if (X_WU && r.X) {
      X_WU = *X_WU * *r.X;
    } else {
      X_WU.reset();
    }
    memo_[*it] = X_WU;
    state_[*it] = 2;
  }
  return memo_[id];
}

std::optional<Pose> InputPoses::Relative(NodeId a, NodeId b) const {
  const auto X_WA = World(a);
  const auto X_WB = World(b);
  if (!X_WA || !X_WB) return std::nullopt;
  return X_WA->inverse(Eigen::Isometry) * *X_WB;
}

}  // namespace sdfconv::upgrade
