// Correspondence: which element of the output each element of the input
// became, in the terms verification matches them by (kind and scoped name,
// as the core names them; verify.h).
//
// Rules rename elements and move them between scopes, and the tree keeps
// each element's node through all of it, so the correspondence follows from
// the nodes: SnapshotNames records, on the input, each element's kind, name
// and the element its scoped name continues (its "name parent"); Correspond
// compares that with the output and lists the elements whose kind or scoped
// name changed. An element's scoped name changes only when its own name,
// kind or name parent changes, or its name parent's scoped name does, so
// only those elements' scoped names are ever spelled out: linear in the
// size of the file when little changes, whatever its depth.
#ifndef SDFCONV_CONVERTERS_UPGRADE_CORRESPONDENCE_H_
#define SDFCONV_CONVERTERS_UPGRADE_CORRESPONDENCE_H_

#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "converters/upgrade/sdf_index.h"
#include "converters/upgrade/verify.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv::upgrade {

struct NameSnapshot {
  struct Entry {
    std::string kind;  // DocumentKind; "" for an element only named through
    std::string name;
    NodeId parent = kNoNode;  // the name parent
    bool recorded = false;
  };
  std::vector<Entry> entries;  // by node id of the input
};

// Records every element of the input that takes part in scoped names.
[[nodiscard]] NameSnapshot SnapshotNames(const XmlTree& tree,
                                         const SdfIndex& index);

// The elements whose kind or scoped name differ between `before` and
// `tree` now; `alias` maps removed nodes to those standing for them.
// `flipped` joints are listed by their output scoped names.
[[nodiscard]] Correspondence Correspond(
    const NameSnapshot& before, const XmlTree& tree,
    const std::unordered_map<NodeId, NodeId>& alias,
    const std::unordered_set<NodeId>& flipped);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_CORRESPONDENCE_H_
