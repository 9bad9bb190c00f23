// Repair: names SDFormat 1.7+ forbids.
//  - Siblings sharing a name (1.4-1.6 allowed it across kinds: a link and a
//    joint both called `left_wheel`, a collision and a visual both `body`),
//    and elements the upgrade moved next to a namesake (a legacy frame `f`
//    moved out of a link into a model that has a frame `f`): one keeps the
//    name and the others are renamed `<name>_<tag>` (`left_wheel_joint`,
//    `f_frame`), numbered if that is taken too. The one that keeps it is,
//    in this order of preference:
//      1. an element the upgrade did not move there (it was a child of
//         that parent in the input, or the upgrade made it, like the model
//         for `A::x` siblings), before one it moved there from elsewhere:
//         the names of a model's children are what other files refer to
//         (`leaf::f`), and must keep naming what they named;
//      2. by kind: model or include, link, joint, frame, anything else;
//      3. the first in document order.
//  - Reserved names (`world`, `__x__`) and, in 1.8, `::` inside a name:
//    `world` -> `world_<tag>`, `__x__` -> `x`, `a::b` -> `a_b`, each
//    falling back to the `_<tag>` and numbered forms when taken.
// Runs after every structural rule, on the final structure. References to a
// renamed element are rewritten by EmitReferences (they resolved to the
// element, not to its old name); a <plugin> that mentions an old name is
// never edited, and the warning says which plugins do.
#include <algorithm>
#include <map>
#include <set>
#include <string_view>
#include <utility>
#include <vector>

#include "converters/sdf/sdf_names.h"
#include "converters/upgrade/rules.h"

namespace sdfconv::upgrade {
namespace {

// Names the upgrade repairs (an empty name is left to the reader's error).
bool IsReserved(std::string_view name) {
  return !name.empty() && !IsLegalSdfName(name);
}

// Lower keeps its name (among elements that are all, or all not, where the
// input had them).
int Priority(std::string_view tag) {
  if (tag == "model" || tag == "include") return 0;
  if (tag == "link") return 1;
  if (tag == "joint") return 2;
  if (tag == "frame") return 3;
  return 4;
}

// Elements the core checks for reserved names: those with frame semantics
// and the named elements inside links.
bool ReservedNameMatters(const TreeIndex& index, NodeId id) {
  return index.IsFrameLike(id) && !index.IsInclude(id);
}

bool IsWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_';
}

// ", and <plugin> 'p' (line N) mentions 'old' ..." for the plugins under
// `scope` whose text names `old` as a whole word.
std::string PluginMentions(const XmlTree& tree, NodeId scope,
                           const std::string& old) {
  std::string out;
  const auto everything = [](NodeId) { return false; };
  for (NodeId id : tree.Elements(scope, everything)) {
    if (tree.Tag(id) != "plugin") continue;
    const std::string text = tree.SerializeNode(id);
    for (size_t at = text.find(old); at != std::string::npos;
         at = text.find(old, at + 1)) {
      const bool starts = at == 0 || !IsWordChar(text[at - 1]);
      const size_t end = at + old.size();
      const bool ends = end >= text.size() || !IsWordChar(text[end]);
      if (!starts || !ends) continue;
      out += "; " + Describe(tree, id) + " (line " +
             std::to_string(tree.at(id).line) + ") mentions '" + old +
             "' and is not changed";
      break;
    }
  }
  return out;
}

// Whether `id`, a child of `parent`, was moved there by the upgrade: in the
// input it was a child of another element. An element the upgrade made
// (the model unflattening makes for the `A::x` siblings) was not moved: it
// carries names its scope already had.
bool MovedHere(const Context& ctx, NodeId id, NodeId parent) {
  if (id < 0 || static_cast<size_t>(id) >= ctx.input_parent.size()) {
    return false;
  }
  const NodeId was = ctx.input_parent[id];
  return was != kNoNode && was != parent;
}

struct Sibling {
  NodeId id;
  std::string name;
};

void RenameOne(Context& ctx, const TreeIndex& index, NodeId id,
               std::set<std::string>& taken, Code code,
               const std::string& why) {
  XmlTree& tree = ctx.tree;
  const std::string old = tree.Attribute(id, "name").value_or("");
  const std::string renamed =
      RepairName(old, tree.Tag(id), [&](const std::string& name) {
        return taken.count(name) > 0;
      });
  taken.insert(renamed);
  const SourceLocation at = tree.Locate(id);
  tree.SetAttribute(id, "name", renamed);
  NodeId scope = index.IsScope(id) ? id : index.ScopeOf(id);
  if (scope == kNoNode) scope = tree.root();
  ctx.diags.Warning(code, at,
                    std::string(tree.Tag(id)) + " '" + old + "' " + why +
                        "; renamed to '" + renamed + "'" +
                        PluginMentions(tree, scope, old));
}

void RepairChildren(Context& ctx, const TreeIndex& index,
                    const SdfRegion& region, NodeId parent) {
  XmlTree& tree = ctx.tree;
  std::vector<Sibling> named;
  for (NodeId c : tree.ChildElements(parent)) {
    if (!region.InSdf(c) || tree.Tag(c) == "plugin") continue;
    const std::string name = tree.Tag(c) == "include"
                                 ? index.NameOf(c)
                                 : tree.Attribute(c, "name").value_or("");
    if (name.empty()) continue;
    named.push_back({c, name});
  }
  // Most parents have neither two children of one name nor one of a
  // reserved name: nothing to repair, and no set of names to build.
  std::vector<std::string_view> names;
  names.reserve(named.size());
  for (const Sibling& s : named) names.push_back(s.name);
  std::sort(names.begin(), names.end());
  if (std::adjacent_find(names.begin(), names.end()) == names.end() &&
      std::none_of(names.begin(), names.end(), IsReserved)) {
    return;
  }
  std::set<std::string> taken(names.begin(), names.end());
  std::map<std::string, std::vector<NodeId>> by_name;
  for (const Sibling& s : named) by_name[s.name].push_back(s.id);
  std::set<NodeId> renamed;
  for (const Sibling& s : named) {
    const std::vector<NodeId>& same = by_name[s.name];
    if (same.size() < 2 || same.front() != s.id) continue;
    const auto rank = [&](NodeId id) {
      return std::make_pair(MovedHere(ctx, id, parent), Priority(tree.Tag(id)));
    };
    // `same` is in document order: the first of the lowest rank keeps it.
    const NodeId keeper = *std::min_element(
        same.begin(), same.end(),
        [&](NodeId a, NodeId b) { return rank(a) < rank(b); });
    for (NodeId other : same) {
      if (other == keeper || tree.Tag(other) == "include") continue;
      renamed.insert(other);
      const bool moved_next_to_it =
          MovedHere(ctx, other, parent) && !MovedHere(ctx, keeper, parent);
      RenameOne(ctx, index, other, taken, Code::kDuplicateName,
                moved_next_to_it
                    ? "was moved into " + Describe(tree, parent) +
                          ", which already has " + Describe(tree, keeper) +
                          " (SDFormat 1.7+ forbids siblings sharing a name)"
                    : "shares its name with " + Describe(tree, keeper) +
                          " in " + Describe(tree, parent) +
                          ", which SDFormat 1.7+ forbids");
    }
  }
  for (const Sibling& s : named) {
    if (renamed.count(s.id) != 0 || tree.Tag(s.id) == "include" ||
        !IsReserved(s.name) || !ReservedNameMatters(index, s.id)) {
      continue;
    }
    RenameOne(ctx, index, s.id, taken, Code::kReservedName,
              "is a reserved name in SDFormat 1.8");
  }
}

}  // namespace

void RepairNames(Context& ctx) {
  XmlTree& tree = ctx.tree;
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  const std::shared_ptr<const SdfRegion> region_held = ctx.Region();
  const SdfRegion& region = *region_held;
  for (NodeId id : region.Elements()) {
    const std::string_view tag = tree.Tag(id);
    if (index.IsScope(id) ||
        ((tag == "link" || tag == "joint") && index.DefinesFrameIn(id))) {
      RepairChildren(ctx, index, region, id);
    }
  }
  const NodeId top = region.Top();
  if (top != kNoNode && tree.Tag(top) == "model") {
    const std::string name = tree.Attribute(top, "name").value_or("");
    if (IsReserved(name)) {
      std::set<std::string> taken;
      RenameOne(ctx, index, top, taken, Code::kReservedName,
                "is a reserved name in SDFormat 1.8");
    }
  }
}

}  // namespace sdfconv::upgrade
