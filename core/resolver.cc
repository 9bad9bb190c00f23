#include "core/resolver.h"

#include <string>

#include "core/scope.h"

namespace sdfconv {
namespace {

// Each element's pose relative to its relative_to frame. A model with a
// placement_frame F is posed so that F lands on its <pose>:
// X_PM = X_PF * X_MF^-1, where X_MF follows F's relative_to chain up to M.
// Nested models come after their parents in the arena, so walking ids
// downwards settles every nested placement before it is needed.
std::vector<Pose> LocalPoses(const Document& doc, const FrameGraph& graph) {
  std::vector<Pose> local(doc.size(), Pose::Identity());
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    local[id] = doc.at(id).pose.X;
  }
  for (ElementId m = static_cast<ElementId>(doc.size()) - 1; m >= 0; --m) {
    const ElementId f = graph.placement_frame[m];
    if (f == kNoElement) continue;
    Pose X_MF = Pose::Identity();
    size_t steps = 0;  // bounded even if validation was skipped
    for (ElementId u = f; u >= 0 && u != m && steps < doc.size();
         u = graph.relative_to[u], ++steps) {
      X_MF = local[u] * X_MF;
    }
    local[m] = doc.at(m).pose.X * X_MF.inverse(Eigen::Isometry);
  }
  return local;
}

// World poses along the relative_to tree, memoised, without recursion.
std::vector<Pose> WorldPoses(const Document& doc, const FrameGraph& graph) {
  const std::vector<Pose> local = LocalPoses(doc, graph);
  const size_t n = doc.size();
  std::vector<Pose> X_W(n, Pose::Identity());
  // 0: not yet, 1: on the current path, 2: done. A path that meets itself
  // (only possible in a graph that failed validation) stops there.
  std::vector<char> done(n, 0);
  std::vector<ElementId> path;
  for (ElementId start = 0; start < static_cast<ElementId>(n); ++start) {
    path.clear();
    ElementId u = start;
    while (u >= 0 && done[u] == 0) {
      done[u] = 1;
      path.push_back(u);
      u = graph.relative_to[u];
    }
    if (u >= 0 && done[u] == 1) u = kNoElement;
    // u is settled (done, the world frame, or unresolved: identity).
    Pose X_WU = u >= 0 ? X_W[u] : Pose::Identity();
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const Element& e = doc.at(*it);
      if (e.kind != ElementKind::kWorld && e.kind != ElementKind::kOther) {
        X_WU = X_WU * local[*it];
      }
      X_W[*it] = X_WU;
      done[*it] = 2;
    }
  }
  return X_W;
}

Pose WorldPoseOf(const Resolution& r, ElementId id) {
  return id >= 0 ? r.X_W[id] : Pose::Identity();
}

}  // namespace

Resolution ResolveAll(const Document& doc, const FrameGraph& graph) {
  Resolution r;
  r.X_W = WorldPoses(doc, graph);
  r.axes_W.assign(doc.size(), {});
  r.axes_J.assign(doc.size(), {});
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.kind != ElementKind::kJoint) continue;
    const std::vector<JointAxis>& axes = e.Joint().axes;
    for (size_t i = 0; i < axes.size(); ++i) {
      const ElementId frame = graph.axis_expressed_in[id][i];
      const Eigen::Vector3d xyz = axes[i].xyz.normalized();
      r.axes_W[id].push_back(WorldPoseOf(r, frame).linear() * xyz);
      r.axes_J[id].push_back(
          frame == id ? xyz : RelativePose(r, frame, id).linear() * xyz);
    }
  }
  return r;
}

bool CheckFinite(const Document& doc, const Resolution& r,
                 Diagnostics* diags) {
  ElementId first = kNoElement;
  size_t count = 0;
  for (ElementId id = 0; id < static_cast<ElementId>(r.X_W.size()); ++id) {
    bool finite = r.X_W[id].matrix().allFinite();
    for (const Eigen::Vector3d& axis : r.axes_W[id]) {
      finite = finite && axis.allFinite();
    }
    if (finite) continue;
    if (first == kNoElement) first = id;
    ++count;
  }
  if (count == 0) return true;
  const Element& e = doc.at(first);
  diags->Error(Code::kPoseNotFinite, e.source,
               std::string(KindName(e.kind)) + " '" + doc.ScopedName(first) +
                   "': its world pose is not finite (its poses and those it "
                   "is relative to compose past the range of a double)" +
                   (count > 1 ? "; " + std::to_string(count - 1) +
                                    " more elements likewise"
                              : std::string()) +
                   "; nothing can be written from it");
  return false;
}

Pose RelativePose(const Resolution& r, ElementId frame,
                  ElementId relative_to) {
  return WorldPoseOf(r, relative_to).inverse(Eigen::Isometry) *
         WorldPoseOf(r, frame);
}

std::optional<Pose> ResolvePose(const Document& doc, const Resolution& r,
                                ElementId scope, std::string_view frame,
                                std::string_view relative_to) {
  const ScopeIndex scopes(doc);
  const ElementId f = scopes.Lookup(scope, frame);
  const ElementId b =
      relative_to.empty() ? scope : scopes.Lookup(scope, relative_to);
  if (f == kNoElement || b == kNoElement) return std::nullopt;
  return RelativePose(r, f, b);
}

}  // namespace sdfconv
