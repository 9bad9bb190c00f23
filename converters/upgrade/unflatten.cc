// 1.7 -> 1.8: flattened names become nested models (the libsdformat recipe
// 1.8/1_7.convert, `<unflatten/>`, applied to every model and world, the top
// model of a model file included).
//
// Before 1.8, including a model into another flattened it: its links,
// joints, frames and models were copied into the parent with names
// prefixed `A::`, plus a frame `A::__model__` standing for its model frame.
// 1.8 reserves `::` for real nesting, so the siblings named `A::x` move
// into a new <model name="A"> (inserted where the first of them was), each
// named `x`; `A::__model__` becomes the model's own <pose> and
// canonical_link. References are rewritten by EmitReferences: `A::L1`
// written outside still names the same link, now through the nested model,
// and `A::L1` written inside becomes `L1`.
//
// A nested model cannot look outside itself. An element whose references
// (explicit, or implicit: a link placed in the parent's model frame, a
// frame attached to it) leave the group stays where it is, and is renamed
// by RepairNames (`A::x` -> `A_x`); the rest of the group still nests. When
// the parent has no `A::__model__` frame, the new model sits at the
// parent's model frame, so implicit placements in that frame stay valid.
// The parent's canonical link is written explicitly when it moves into the
// new model, so that the parent's frame stays attached to the same link.
#include <algorithm>
#include <deque>
#include <map>
#include <set>

#include "converters/upgrade/rules.h"
#include "converters/xml/text_values.h"

namespace sdfconv::upgrade {
namespace {

bool IsFlattenable(std::string_view tag) {
  return tag == "link" || tag == "joint" || tag == "frame" ||
         tag == "model" || tag == "gripper";
}

struct Group {
  std::string prefix;
  std::vector<NodeId> members;  // document order
  NodeId model_frame = kNoNode;  // `prefix::__model__`
};

// Groups of children of `scope` named `prefix::...`, in document order.
std::vector<Group> FindGroups(const XmlTree& tree, NodeId scope) {
  std::vector<Group> groups;
  std::map<std::string, size_t> by_prefix;
  for (NodeId c : tree.ChildElements(scope)) {
    if (!IsFlattenable(tree.Tag(c))) continue;
    const std::string name = tree.Attribute(c, "name").value_or("");
    const size_t sep = name.find(kScopeSeparator);
    if (sep == std::string::npos || sep == 0) continue;
    const std::string prefix = name.substr(0, sep);
    auto [it, added] = by_prefix.emplace(prefix, groups.size());
    if (added) groups.push_back({prefix, {}, kNoNode});
    Group& g = groups[it->second];
    g.members.push_back(c);
    if (tree.Tag(c) == "frame" && name == JoinScopedName({"__model__", prefix})) {
      g.model_frame = c;
    }
  }
  return groups;
}

bool Within(const XmlTree& tree, NodeId n, const std::set<NodeId>& members) {
  for (; n != kNoNode; n = tree.ParentElement(n)) {
    if (members.count(n) != 0) return true;
  }
  return false;
}

bool ExplicitPose(const XmlTree& tree, NodeId element) {
  const NodeId pose = tree.FirstChild(element, "pose");
  return pose != kNoNode &&
         !tree.Attribute(pose, "relative_to").value_or("").empty();
}

// Whether `member` can move into the new model: everything it refers to
// from the parent's scope is in the group.
bool StaysInside(const Context& ctx, const TreeIndex& index, NodeId scope,
                 const Group& g, const std::set<NodeId>& members,
                 NodeId member) {
  const XmlTree& tree = ctx.tree;
  const bool identity = g.model_frame == kNoNode;
  const std::string tag(tree.Tag(member));
  if (!identity && (tag == "link" || tag == "model" || tag == "frame") &&
      !ExplicitPose(tree, member) &&
      !(tag == "frame" &&
        !tree.Attribute(member, "attached_to").value_or("").empty())) {
    return false;  // placed in the parent's model frame
  }
  if (tag == "frame" &&
      tree.Attribute(member, "attached_to").value_or("").empty()) {
    return false;  // attached to the parent's model frame
  }
  for (const RefSite& site : ctx.refs) {
    if (site.target.kind == Target::Kind::kNone ||
        !Within(tree, site.holder, {member}) ||
        EvaluationScope(tree, index, site) != scope) {
      continue;
    }
    if (site.target.kind == Target::Kind::kWorld) {
      if (site.kind == RefKind::kJointParent) continue;
      return false;
    }
    const NodeId t = site.target.node;
    if (Within(tree, t, members)) continue;
    const bool initial_only = site.kind == RefKind::kPoseRelativeTo ||
                              site.kind == RefKind::kExpressedIn;
    if (t == scope && identity && initial_only) continue;
    return false;
  }
  return true;
}

// The first link directly in `scope`, or kNoNode.
NodeId FirstLink(const XmlTree& tree, NodeId scope) {
  return tree.FirstChild(scope, "link");
}

bool IsStatic(const XmlTree& tree, NodeId model) {
  const NodeId s = tree.FirstChild(model, "static");
  return s != kNoNode && ParseBool(tree.Text(s)).value_or(false);
}

void MoveInto(XmlTree& tree, NodeId model, NodeId element) {
  const std::string from = tree.Indent(element).value_or("");
  tree.RemoveLine(element);
  tree.InsertLine(model, element);
  tree.Reindent(element, from, tree.Indent(element).value_or(""));
}

// Nests the group; returns the new model, or kNoNode when nothing moved.
NodeId Nest(Context& ctx, NodeId scope, const Group& g) {
  XmlTree& tree = ctx.tree;
  const std::shared_ptr<const TreeIndex> held = ctx.Index();
  const TreeIndex& index = *held;
  if (index.scopes().Lookup(index.ElementOf(scope), g.prefix) != kNoElement) {
    return kNoNode;  // a sibling already has the name
  }
  std::set<NodeId> members(g.members.begin(), g.members.end());
  for (bool changed = true; changed;) {
    changed = false;
    for (NodeId m : g.members) {
      if (m == g.model_frame || members.count(m) == 0) continue;
      if (!StaysInside(ctx, index, scope, g, members, m)) {
        members.erase(m);
        changed = true;
      }
    }
  }
  if (g.model_frame != kNoNode) {
    const RefSite* attached = ctx.Site(g.model_frame, RefKind::kAttachedTo);
    if (attached == nullptr ||
        attached->target.kind != Target::Kind::kNode ||
        !Within(tree, attached->target.node, members)) {
      return kNoNode;  // its model frame could not be placed
    }
  }
  if (members.size() <= (g.model_frame != kNoNode ? 1u : 0u)) return kNoNode;

  const NodeId first_link = FirstLink(tree, scope);
  const NodeId model = tree.NewElement("model");
  tree.SetAttribute(model, "name", g.prefix);
  NodeId first = kNoNode;
  for (NodeId m : g.members) {
    if (members.count(m) != 0) {
      first = m;
      break;
    }
  }
  tree.InsertLine(scope, model, first);
  if (g.model_frame != kNoNode) {
    if (const NodeId pose = tree.FirstChild(g.model_frame, "pose");
        pose != kNoNode) {
      MoveInto(tree, model, pose);
    }
    for (NodeId c : tree.ChildNodes(g.model_frame).ToVector()) {
      if (tree.at(c).type == XmlNodeType::kComment) MoveInto(tree, model, c);
    }
    const RefSite* attached = ctx.Site(g.model_frame, RefKind::kAttachedTo);
    if (tree.Tag(attached->target.node) == "link") {
      ctx.EnsureSite(model, RefKind::kCanonicalLink, "canonical_link").target =
          attached->target;
    }
    ctx.alias[g.model_frame] = model;
    tree.RemoveLine(g.model_frame);
  }
  for (NodeId m : g.members) {
    if (m == g.model_frame || members.count(m) == 0) continue;
    MoveInto(tree, model, m);
    const std::string name = tree.Attribute(m, "name").value_or("");
    tree.SetAttribute(m, "name", name.substr(g.prefix.size() + 2));
  }
  if (first_link != kNoNode && members.count(first_link) != 0 &&
      tree.Tag(scope) == "model" && !IsStatic(tree, scope) &&
      !tree.Attribute(scope, "canonical_link")) {
    // 1.8 takes the first link, else the first nested model's canonical
    // link: name it explicitly unless that is still the same link.
    const RefSite* own = ctx.Site(model, RefKind::kCanonicalLink);
    const NodeId nested_canonical =
        own != nullptr ? own->target.node : FirstLink(tree, model);
    const bool same_by_default = FirstLink(tree, scope) == kNoNode &&
                                 tree.FirstChild(scope, "model") == model &&
                                 nested_canonical == first_link;
    if (!same_by_default) {
      ctx.EnsureSite(scope, RefKind::kCanonicalLink, "canonical_link").target =
          Target::Node(first_link);
    }
  }
  return model;
}

}  // namespace

void Unflatten(Context& ctx) {
  if (ctx.AtLeast(1, 8)) return;
  std::deque<NodeId> work;
  {
    const std::shared_ptr<const TreeIndex> held = ctx.Index();
    const TreeIndex& index = *held;
    for (NodeId id : ctx.RegionElements()) {
      if (index.IsScope(id)) work.push_back(id);
    }
  }
  while (!work.empty()) {
    const NodeId scope = work.front();
    work.pop_front();
    for (const Group& g : FindGroups(ctx.tree, scope)) {
      if (const NodeId model = Nest(ctx, scope, g); model != kNoNode) {
        work.push_back(model);
      }
    }
  }
}

}  // namespace sdfconv::upgrade
