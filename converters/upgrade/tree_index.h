// TreeIndex: what the nodes of an SDFormat XmlTree are, as the core reads
// them.
//
// The upgrade edits XML; what the XML means comes from the core. A
// TreeIndex reads the tree with the one SDFormat reader
// (converters/sdf/sdf_tree_reader.h, in the dialect of the version it is
// read as, structure only: no phase 1, no locations, no pose numbers) into a
// Document, and each Element's NodeRef maps it back to its node. Kinds, names,
// scopes and name lookups are therefore the core's (core/scope.h); an <include>
// is an include placeholder, known by PlaceholderName
// (converters/include/compose.h).
//
// An index is a snapshot of the tree when it is built; the upgrade builds
// one on the input and one on the output, and re-reads where a rule needs
// the structure the rules before it made. A node added to the tree after
// the index was built is no element of it, and its scope is its parent's
// (or its parent): so an index stays true of a tree whose edits since
// added or removed only nodes the reader makes no element of, such as an
// <axis> and its <xyz> (upgrade::Context::IndexStillHolds).
//
//   const TreeIndex index(tree, "1.8");
//   if (index.IsScope(node)) ...;  // a model or the world
//   ElementId e = index.scopes().Lookup(index.ElementOf(scope), "a::b");
#ifndef SDFCONV_CONVERTERS_UPGRADE_TREE_INDEX_H_
#define SDFCONV_CONVERTERS_UPGRADE_TREE_INDEX_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "core/document.h"
#include "core/scope.h"

namespace sdfconv::upgrade {

class TreeIndex {
 public:
  // Reads `tree` (as tree 0 of its NodeRefs) as SDFormat `version`.
  TreeIndex(const XmlTree& tree, std::string_view version);
  TreeIndex(const TreeIndex&) = delete;  // the ScopeIndex refers to doc_
  TreeIndex& operator=(const TreeIndex&) = delete;

  [[nodiscard]] const Document& doc() const { return doc_; }
  [[nodiscard]] const ScopeIndex& scopes() const { return *scopes_; }

  // The element read from `node`, or kNoElement.
  [[nodiscard]] ElementId ElementOf(NodeId node) const;
  // The node element `id` was read from, or kNoNode.
  [[nodiscard]] NodeId NodeOf(ElementId id) const;

  // Whether `node` is a model or the world.
  [[nodiscard]] bool IsScope(NodeId node) const;
  // The scope `node` is written in, strictly above it, or kNoNode; for a
  // node added after the index, found from its parent elements.
  [[nodiscard]] NodeId ScopeOf(NodeId node) const;
  // A link, joint, frame or (nested or included) model of a scope.
  [[nodiscard]] bool DefinesFrameIn(NodeId node) const;
  // An element the core reads (not a plugin or other named element).
  [[nodiscard]] bool IsFrameLike(NodeId node) const;
  // An include placeholder.
  [[nodiscard]] bool IsInclude(NodeId node) const;
  // The name of an element, or the name attribute of any other node.
  [[nodiscard]] std::string NameOf(NodeId node) const;

 private:
  const XmlTree& tree_;
  Document doc_;
  std::unique_ptr<ScopeIndex> scopes_;  // over doc_, which never moves
  std::vector<ElementId> element_of_;   // by node
  std::vector<NodeId> scope_of_;        // by node
};

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_TREE_INDEX_H_
