#include "converters/upgrade/correspondence.h"

#include <utility>

namespace sdfconv::upgrade {
namespace {

// The scoped name `id` had in the input, from the snapshot.
std::string InputScopedName(const NameSnapshot& s, NodeId id) {
  std::vector<NodeId> chain;
  for (NodeId n = id; n != kNoNode; n = s.entries[n].parent) {
    chain.push_back(n);
  }
  std::string out;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    if (!out.empty()) out += "::";
    out += s.entries[*it].name;
  }
  return out;
}

}  // namespace

NameSnapshot SnapshotNames(const XmlTree& tree, const SdfIndex& index) {
  NameSnapshot s;
  s.entries.resize(tree.size());
  for (NodeId id : index.Elements()) {
    std::string kind = index.DocumentKind(id);
    if (kind.empty() && !index.NamesDescendants(id)) continue;
    s.entries[id] = {std::move(kind), index.NameOf(id), index.NameParent(id),
                     true};
  }
  return s;
}

Correspondence Correspond(const NameSnapshot& before, const XmlTree& tree,
                          const std::unordered_map<NodeId, NodeId>& alias,
                          const std::unordered_set<NodeId>& flipped) {
  const SdfIndex after(tree);
  auto now = [&](NodeId n) -> NodeId {
    if (n == kNoNode || tree.Attached(n)) return n;
    const auto it = alias.find(n);
    return it == alias.end() ? kNoNode : it->second;
  };
  Correspondence c;
  const auto size = static_cast<NodeId>(before.entries.size());
  std::vector<char> changed(before.entries.size(), 0);
  // Name parents come before their children in the input's node order.
  for (NodeId id = 0; id < size; ++id) {
    const NameSnapshot::Entry& e = before.entries[id];
    if (!e.recorded) continue;
    const NodeId o = now(id);
    if (o == kNoNode) {
      changed[id] = 1;
      continue;
    }
    const std::string kind = after.DocumentKind(o);
    changed[id] = kind != e.kind || after.NameOf(o) != e.name ||
                  after.NameParent(o) != now(e.parent) ||
                  (e.parent != kNoNode && changed[e.parent]);
    if (!changed[id] || e.kind.empty() || kind.empty()) continue;
    std::pair<std::string, std::string> from(e.kind,
                                             InputScopedName(before, id));
    std::pair<std::string, std::string> to(kind, after.ScopedName(o));
    if (from != to) c.renamed.emplace(std::move(from), std::move(to));
  }
  for (NodeId joint : flipped) {
    c.flipped_joints.insert(after.ScopedName(joint));
  }
  return c;
}

}  // namespace sdfconv::upgrade
