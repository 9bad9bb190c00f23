// Correspondence: which element of the output each element of the input
// became, in the terms verification matches them by (kind and scoped name,
// as the core names them; verify.h).
//
// Rules rename elements and move them between scopes, and the tree keeps
// each element's node through all of it, so the correspondence follows from
// the nodes: the core's reading of the input (InputMeaning) and its reading
// of the output tree (TreeIndex) hold the same nodes. An element inside an
// included model corresponds through its <include>, whose path inside is
// kept. An element's scoped name changes only when its own name, kind or
// parent changes, or its parent's scoped name does, so only those
// elements' scoped names are ever spelled out: linear in the size of the
// file when little changes, whatever its depth.
#ifndef SDFCONV_CONVERTERS_UPGRADE_CORRESPONDENCE_H_
#define SDFCONV_CONVERTERS_UPGRADE_CORRESPONDENCE_H_

#include <unordered_map>
#include <unordered_set>

#include "converters/upgrade/references.h"
#include "converters/upgrade/tree_index.h"
#include "converters/upgrade/verify.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv::upgrade {

// The elements whose kind or scoped name differ between the input (`in`)
// and `tree` now (`out`, a TreeIndex of it); `alias` maps removed nodes to
// those standing for them. `flipped` joints are listed by their output
// scoped names.
[[nodiscard]] Correspondence Correspond(
    const InputMeaning& in, const XmlTree& tree, const TreeIndex& out,
    const std::unordered_map<NodeId, NodeId>& alias,
    const std::unordered_set<NodeId>& flipped);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_CORRESPONDENCE_H_
