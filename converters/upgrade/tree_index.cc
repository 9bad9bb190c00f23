#include "converters/upgrade/tree_index.h"

#include "converters/include/compose.h"
#include "converters/sdf/sdf_dialect.h"
#include "converters/sdf/sdf_tree_reader.h"

namespace sdfconv::upgrade {

TreeIndex::TreeIndex(const XmlTree& tree, std::string_view version)
    : tree_(tree),
      element_of_(tree.size(), kNoElement),
      scope_of_(tree.size(), kNoNode) {
  Diagnostics ignored;  // the tree's problems are the proof's to report
  std::optional<Document> doc =
      ReadSdfTree(tree, 0, std::string(version), DialectOf(version), &ignored,
                  SdfReading::kStructure);
  if (doc) doc_ = std::move(*doc);
  for (ElementId id = 0; id < static_cast<ElementId>(doc_.size()); ++id) {
    Element& e = doc_.at(id);
    if (e.include && !e.has_name) {  // known by its URI until read
      e.name = PlaceholderName(e);
      e.has_name = !e.name.empty();
    }
    if (e.node.valid() && e.node.tree == 0) element_of_[e.node.node] = id;
  }
  scopes_ = std::make_unique<ScopeIndex>(doc_);
  // Pre-order: each node's scope follows from its parent's.
  std::vector<NodeId> stack = {tree.root()};
  while (!stack.empty()) {
    const NodeId n = stack.back();
    stack.pop_back();
    for (NodeId c : tree.ChildNodes(n)) {
      if (!tree.IsElement(c)) continue;
      scope_of_[c] = IsScope(n) ? n : scope_of_[n];
      stack.push_back(c);
    }
  }
}

ElementId TreeIndex::ElementOf(NodeId node) const {
  return node >= 0 && static_cast<size_t>(node) < element_of_.size()
             ? element_of_[node]
             : kNoElement;
}

NodeId TreeIndex::NodeOf(ElementId id) const {
  if (id < 0) return kNoNode;
  const NodeRef& ref = doc_.at(id).node;
  return ref.valid() && ref.tree == 0 ? ref.node : kNoNode;
}

bool TreeIndex::IsScope(NodeId node) const {
  return sdfconv::IsScope(doc_, ElementOf(node));
}

NodeId TreeIndex::ScopeOf(NodeId node) const {
  if (node < 0) return kNoNode;
  // A node added since (an <axis> a rule wrote, say) is no scope: its scope
  // is its parent's, or its parent, as the constructor's walk would say.
  while (static_cast<size_t>(node) >= scope_of_.size()) {
    const NodeId parent = tree_.ParentElement(node);
    if (parent == kNoNode) return kNoNode;
    if (static_cast<size_t>(parent) < scope_of_.size()) {
      return IsScope(parent) ? parent : scope_of_[parent];
    }
    node = parent;
  }
  return scope_of_[node];
}

bool TreeIndex::DefinesFrameIn(NodeId node) const {
  const ElementId e = ElementOf(node);
  if (e == kNoElement || doc_.at(e).parent == kNoElement) return false;
  const ElementKind k = doc_.at(e).kind;
  return (k == ElementKind::kLink || k == ElementKind::kJoint ||
          k == ElementKind::kFrame || k == ElementKind::kModel) &&
         sdfconv::IsScope(doc_, doc_.at(e).parent);
}

bool TreeIndex::IsFrameLike(NodeId node) const {
  const ElementId e = ElementOf(node);
  return e != kNoElement && doc_.at(e).kind != ElementKind::kOther;
}

bool TreeIndex::IsInclude(NodeId node) const {
  const ElementId e = ElementOf(node);
  return e != kNoElement && doc_.at(e).include.has_value();
}

std::string TreeIndex::NameOf(NodeId node) const {
  const ElementId e = ElementOf(node);
  if (e != kNoElement) return doc_.at(e).name;
  return tree_.Attribute(node, "name").value_or("");
}

}  // namespace sdfconv::upgrade
