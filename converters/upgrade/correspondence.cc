#include "converters/upgrade/correspondence.h"

#include <string>
#include <utility>
#include <vector>

namespace sdfconv::upgrade {
namespace {

bool Compared(ElementKind kind) {
  return kind != ElementKind::kWorld && kind != ElementKind::kOther;
}

}  // namespace

Correspondence Correspond(const InputMeaning& in, const XmlTree& tree,
                          const TreeIndex& out,
                          const std::unordered_map<NodeId, NodeId>& alias,
                          const std::unordered_set<NodeId>& flipped) {
  const Document& a = in.doc();
  const Document& b = out.doc();
  // The node standing now for input node `n`, or kNoNode.
  auto now = [&](NodeId n) -> NodeId {
    if (n == kNoNode || tree.Attached(n)) return n;
    const auto it = alias.find(n);
    return it == alias.end() ? kNoNode : it->second;
  };
  const auto size = static_cast<ElementId>(a.size());
  // Per input element: its counterpart in `out`, or kNoElement when it is
  // inside an included model (it keeps its name there) or gone.
  std::vector<ElementId> counterpart(a.size(), kNoElement);
  std::vector<char> gone(a.size(), 0), changed(a.size(), 0);
  std::unordered_map<ElementId, std::string> out_name;  // changed ones
  Correspondence c;
  for (ElementId id = 0; id < size; ++id) {
    const Element& e = a.at(id);
    const ElementId parent = e.parent;
    NodeId node = kNoNode;
    // An included model keeps the name its file or <include> gives it (the
    // upgrade renames no include); only where it is can change.
    bool included = false;
    if (e.node.valid() && e.node.tree == 0) {
      node = e.node.node;
    } else if (!(e.include && e.include->stand_in &&
                 e.kind == ElementKind::kLink)) {
      node = in.IncludeOf(id);  // an included model: its <include>
      included = node != kNoNode;
    }
    bool differs = false;
    if (node != kNoNode) {
      const ElementId o = out.ElementOf(now(node));
      if (o == kNoElement) {
        gone[id] = changed[id] = 1;
        continue;
      }
      const Element& f = b.at(o);
      const ElementId expected_parent =
          parent == kNoElement ? kNoElement : counterpart[parent];
      differs = f.kind != e.kind || (!included && f.name != e.name) ||
                (parent != kNoElement && f.parent != expected_parent);
      if (!included) counterpart[id] = o;
    }
    if (parent != kNoElement && gone[parent]) {
      gone[id] = changed[id] = 1;
      continue;
    }
    changed[id] = differs || (parent != kNoElement && changed[parent]);
    if (!changed[id]) continue;
    // Spelled out only where something changed.
    const std::string in_name = a.ScopedName(id);
    std::string name;
    if (counterpart[id] != kNoElement) {
      name = b.ScopedName(counterpart[id]);
    } else {
      const auto p = out_name.find(parent);
      const std::string& above =
          p != out_name.end() ? p->second : a.ScopedName(parent);
      name = JoinScopedName({e.name, above});
    }
    const ElementKind kind =
        counterpart[id] != kNoElement ? b.at(counterpart[id]).kind : e.kind;
    if (Compared(e.kind) && Compared(kind) &&
        (kind != e.kind || name != in_name)) {
      c.renamed.emplace(std::make_pair(std::string(KindName(e.kind)), in_name),
                        std::make_pair(std::string(KindName(kind)), name));
    }
    out_name.emplace(id, std::move(name));
  }
  for (NodeId joint : flipped) {
    const ElementId o = out.ElementOf(joint);
    if (o != kNoElement) c.flipped_joints.insert(b.ScopedName(o));
  }
  return c;
}

}  // namespace sdfconv::upgrade
