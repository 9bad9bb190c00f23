// Repair: names SDFormat 1.7+ forbids.
//  - Siblings sharing a name (1.4-1.6 allowed it across kinds: a link and a
//    joint both called `left_wheel`, a collision and a visual both `body`):
//    one keeps the name, by kind (model or include, link, joint, frame,
//    anything else; the first in document order among equals) and the
//    others are renamed `<name>_<tag>` (`left_wheel_joint`), numbered if
//    that is taken too.
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

#include "converters/upgrade/rules.h"

namespace sdfconv::upgrade {
namespace {

bool IsReserved(const std::string& name) {
  if (name == "world") return true;
  if (name.find("::") != std::string::npos) return true;
  return name.size() >= 4 && name.compare(0, 2, "__") == 0 &&
         name.compare(name.size() - 2, 2, "__") == 0;
}

// Lower keeps its name.
int Priority(const std::string& tag) {
  if (tag == "model" || tag == "include") return 0;
  if (tag == "link") return 1;
  if (tag == "joint") return 2;
  if (tag == "frame") return 3;
  return 4;
}

// Elements the core checks for reserved names: those with frame semantics
// and the named elements inside links.
bool ReservedNameMatters(const SdfIndex& index, NodeId id) {
  return !index.DocumentKind(id).empty();
}

std::string NewName(const std::string& name, const std::string& tag,
                    const std::set<std::string>& taken) {
  std::string base = name;
  for (size_t at; (at = base.find("::")) != std::string::npos;) {
    base.replace(at, 2, "_");
  }
  std::vector<std::string> candidates;
  if (base.size() >= 4 && base.compare(0, 2, "__") == 0 &&
      base.compare(base.size() - 2, 2, "__") == 0) {
    const size_t b = base.find_first_not_of('_');
    const size_t e = base.find_last_not_of('_');
    base = b == std::string::npos ? tag : base.substr(b, e - b + 1);
  }
  if (base != name) candidates.push_back(base);
  candidates.push_back(base + "_" + tag);
  for (const std::string& c : candidates) {
    if (!IsReserved(c) && taken.count(c) == 0) return c;
  }
  for (int n = 2;; ++n) {
    const std::string c = base + "_" + tag + "_" + std::to_string(n);
    if (taken.count(c) == 0) return c;
  }
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

struct Sibling {
  NodeId id;
  std::string name;
};

void RenameOne(Context& ctx, const SdfIndex& index, NodeId id,
               std::set<std::string>& taken, Code code,
               const std::string& why) {
  XmlTree& tree = ctx.tree;
  const std::string old = tree.Attribute(id, "name").value_or("");
  const std::string renamed = NewName(old, tree.Tag(id), taken);
  taken.insert(renamed);
  const SourceLocation at = tree.Locate(id);
  tree.SetAttribute(id, "name", renamed);
  NodeId scope = index.IsScope(id) ? id : index.ScopeOf(id);
  if (scope == kNoNode) scope = tree.root();
  ctx.diags.Warning(code, at,
                    tree.Tag(id) + " '" + old + "' " + why +
                        "; renamed to '" + renamed + "'" +
                        PluginMentions(tree, scope, old));
}

void RepairChildren(Context& ctx, const SdfIndex& index, NodeId parent) {
  XmlTree& tree = ctx.tree;
  std::vector<Sibling> named;
  std::set<std::string> taken;
  for (NodeId c : tree.ChildElements(parent)) {
    if (!index.InSdf(c) || tree.Tag(c) == "plugin") continue;
    const std::string name = tree.Tag(c) == "include"
                                 ? index.NameOf(c)
                                 : tree.Attribute(c, "name").value_or("");
    if (name.empty()) continue;
    named.push_back({c, name});
    taken.insert(name);
  }
  std::map<std::string, std::vector<NodeId>> by_name;
  for (const Sibling& s : named) by_name[s.name].push_back(s.id);
  std::set<NodeId> renamed;
  for (const Sibling& s : named) {
    const std::vector<NodeId>& same = by_name[s.name];
    if (same.size() < 2 || same.front() != s.id) continue;
    const NodeId keeper = *std::min_element(
        same.begin(), same.end(), [&](NodeId a, NodeId b) {
          return Priority(tree.Tag(a)) < Priority(tree.Tag(b));
        });
    for (NodeId other : same) {
      if (other == keeper || tree.Tag(other) == "include") continue;
      renamed.insert(other);
      RenameOne(ctx, index, other, taken, Code::kDuplicateName,
                "shares its name with " + Describe(tree, keeper) + " in " +
                    Describe(tree, parent) +
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
  const SdfIndex index(tree);
  for (NodeId id : index.Elements()) {
    const std::string& tag = tree.Tag(id);
    if (index.IsScope(id) ||
        ((tag == "link" || tag == "joint") && index.DefinesFrameIn(id))) {
      RepairChildren(ctx, index, id);
    }
  }
  const NodeId top = index.Top();
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
