#include "converters/upgrade/references.h"

#include <optional>

#include "converters/xml/text_values.h"
#include "core/scope.h"

namespace sdfconv::upgrade {
namespace {

bool WantsLink(RefKind kind) {
  return kind == RefKind::kGearboxReference ||
         kind == RefKind::kCanonicalLink || kind == RefKind::kGripperLink ||
         kind == RefKind::kContactCollision;
}

bool IsJointEnd(RefKind kind) {
  return kind == RefKind::kJointParent || kind == RefKind::kJointChild;
}

Code CodeFor(RefKind kind) {
  switch (kind) {
    case RefKind::kJointParent: return Code::kJointParentLinkInvalid;
    case RefKind::kJointChild: return Code::kJointChildLinkInvalid;
    case RefKind::kPoseRelativeTo: return Code::kPoseRelativeToInvalid;
    case RefKind::kAttachedTo: return Code::kFrameAttachedToInvalid;
    case RefKind::kExpressedIn: return Code::kJointAxisExpressedInInvalid;
    case RefKind::kCanonicalLink: return Code::kModelCanonicalLinkInvalid;
    case RefKind::kPlacementFrame: return Code::kModelPlacementFrameInvalid;
    default: return Code::kElementInvalid;
  }
}

// The collision named `name` in the link a contact sensor belongs to.
NodeId ContactCollision(const XmlTree& tree, NodeId holder,
                        std::string_view name) {
  const NodeId contact = tree.ParentElement(holder);
  const NodeId sensor = contact == kNoNode ? kNoNode : tree.ParentElement(contact);
  const NodeId link = sensor == kNoNode ? kNoNode : tree.ParentElement(sensor);
  if (link == kNoNode || tree.Tag(link) != "link") return kNoNode;
  for (NodeId c : tree.Children(link, "collision")) {
    if (tree.Attribute(c, "name") == name) return c;
  }
  return kNoNode;
}

// A model whose frame coincides with its parent scope's frame.
bool PlacedAtIdentity(const XmlTree& tree, NodeId model) {
  if (tree.Attribute(model, "placement_frame")) return false;
  const NodeId pose = tree.FirstChild(model, "pose");
  if (pose == kNoNode) return true;
  if (!tree.Attribute(pose, "relative_to").value_or("").empty() ||
      !tree.Attribute(pose, "frame").value_or("").empty()) {
    return false;
  }
  const std::string text = tree.Text(pose);
  if (TrimWhitespace(text).empty()) return true;
  const auto values = ParseDoubles(text, 6);
  if (!values) return false;
  for (double v : *values) {
    if (v != 0.0) return false;
  }
  return true;
}

// What `text` names from `site`'s scope when the tree is read as 1.8.
Target Resolve18(const XmlTree& tree, const TreeIndex& index,
                 const RefSite& site, std::string_view text) {
  if (text.empty()) return Target::None();
  if (site.kind == RefKind::kContactCollision) {
    const NodeId c = ContactCollision(tree, site.holder, text);
    return c == kNoNode ? Target::None() : Target::Node(c);
  }
  const ElementId scope = index.ElementOf(EvaluationScope(tree, index, site));
  if (scope == kNoElement) return Target::None();
  if (IsJointEnd(site.kind) && text == "world") return Target::World();
  const ScopeIndex& scopes = index.scopes();
  const ElementId found =
      WantsLink(site.kind) ? scopes.LookupKind(scope, text, ElementKind::kLink)
                           : scopes.Lookup(scope, text);
  if (found != kNoElement) return Target::Node(index.NodeOf(found));
  // Into an included model, which this reading does not read.
  const ScopeIndex::Descent d = scopes.Descend(scope, text);
  const NodeId model = index.NodeOf(d.model);
  if (!d.rest.empty() && index.IsInclude(model)) {
    return Target::Node(model, std::string(d.rest));
  }
  return Target::None();
}

// The text naming `target` from `scope` under 1.8 rules, if there is one.
std::optional<std::string> Express(const XmlTree& tree, const TreeIndex& index,
                                   NodeId scope, const RefSite& site,
                                   const Target& target) {
  if (target.kind == Target::Kind::kWorld) return std::string("world");
  const NodeId t = target.node;
  const std::string suffix =
      target.suffix.empty()
          ? std::string()
          : std::string(kScopeSeparator) + target.suffix;
  if (site.kind == RefKind::kContactCollision) return index.NameOf(t);
  if (t == scope) {  // within an include, what it adds names its content
    if (!suffix.empty()) {
      return index.IsInclude(t) ? std::optional<std::string>(target.suffix)
                                : std::nullopt;
    }
    return std::string(tree.Tag(scope) == "world" ? "world" : "__model__");
  }
  if (index.DefinesFrameIn(t)) {
    std::vector<std::string> parts = {index.NameOf(t)};
    for (NodeId s = index.ScopeOf(t); s != kNoNode; s = index.ScopeOf(s)) {
      if (s == scope) {
        return JoinScopedName({parts.begin(), parts.end()}) + suffix;
      }
      parts.push_back(index.NameOf(s));
    }
  }
  // A model around the reference whose frame coincides, at the initial
  // configuration, with the reference's own model frame: poses and axis
  // directions may name the nearer one.
  const bool initial_only = site.kind == RefKind::kPoseRelativeTo ||
                            site.kind == RefKind::kExpressedIn;
  if (!initial_only || !suffix.empty() || !index.IsScope(t)) {
    return std::nullopt;
  }
  for (NodeId m = scope; m != t; m = index.ScopeOf(m)) {
    if (m == kNoNode || tree.Tag(m) != "model" || !PlacedAtIdentity(tree, m)) {
      return std::nullopt;
    }
  }
  return std::string("__model__");
}

void Write(XmlTree* tree, const RefSite& site, const std::string& text) {
  if (site.attribute.empty()) {
    tree->SetText(site.holder, text);
  } else {
    tree->SetAttribute(site.holder, site.attribute, text);
  }
}

// The input's reading of one site: what the core resolved it to.
class Capture {
 public:
  Capture(const XmlTree& tree, const InputMeaning& in)
      : tree_(tree), in_(in) {}

  Target Resolve(const RefSite& site, const std::string& text) const;

 private:
  Target Of(ElementId t, bool world_is_a_frame) const;

  const XmlTree& tree_;
  const InputMeaning& in_;
};

Target Capture::Of(ElementId t, bool world_is_a_frame) const {
  if (t == kNoElement) return Target::None();
  if (t == kWorldFrame) return Target::World();
  if (!world_is_a_frame && in_.doc().at(t).kind == ElementKind::kWorld) {
    return Target::World();
  }
  return in_.TargetOf(t);
}

Target Capture::Resolve(const RefSite& site, const std::string& text) const {
  if (text.empty()) return Target::None();
  const FrameGraph& g = in_.reading().graph;
  const NodeId holder = site.holder;
  switch (site.kind) {
    case RefKind::kPoseRelativeTo: {
      const NodeId owner = tree_.ParentElement(holder);
      const ElementId e = in_.ElementOf(owner);
      if (e != kNoElement && in_.doc().at(e).kind != ElementKind::kOther &&
          tree_.FirstChild(owner, "pose") == holder) {
        return Of(g.relative_to[e], true);
      }
      return Of(in_.Lookup(owner, text), true);
    }
    case RefKind::kJointParent:
    case RefKind::kJointChild: {
      const ElementId j = in_.ElementOf(tree_.ParentElement(holder));
      if (j == kNoElement || in_.doc().at(j).kind != ElementKind::kJoint) {
        return Target::None();
      }
      return Of(site.kind == RefKind::kJointParent ? g.joint_parent[j]
                                                   : g.joint_child[j],
                false);
    }
    case RefKind::kAttachedTo: {
      const ElementId f = in_.ElementOf(holder);
      if (f == kNoElement) return Target::None();
      return Of(g.attached_to[f], true);
    }
    case RefKind::kExpressedIn: {
      const NodeId axis = tree_.ParentElement(holder);
      const ElementId j = in_.ElementOf(tree_.ParentElement(axis));
      const size_t k = tree_.Tag(axis) == "axis2" ? 1 : 0;
      if (j == kNoElement || k >= g.axis_expressed_in[j].size()) {
        return Target::None();
      }
      return Of(g.axis_expressed_in[j][k], true);
    }
    case RefKind::kCanonicalLink: {
      const ElementId m = in_.ElementOf(holder);
      if (m == kNoElement) return Target::None();
      if (g.canonical_link[m] != kNoElement) return Of(g.canonical_link[m], true);
      return Of(in_.scopes().LookupKind(m, text, ElementKind::kLink), true);
    }
    case RefKind::kPlacementFrame: {
      const ElementId m = in_.ElementOf(holder);
      if (m == kNoElement) return Target::None();
      return Of(g.placement_frame[m], true);
    }
    case RefKind::kContactCollision: {
      const NodeId c = ContactCollision(tree_, holder, text);
      return c == kNoNode ? Target::None() : Target::Node(c);
    }
    case RefKind::kGearboxReference:
    case RefKind::kGripperLink:
      return Of(in_.Lookup(tree_.ParentElement(holder), text, true), true);
  }
  return Target::None();
}

}  // namespace

// ---- InputMeaning ---------------------------------------------------------

InputMeaning::InputMeaning(const ProofReading& reading)
    : reading_(reading),
      scopes_(std::make_unique<ScopeIndex>(*reading.doc)),
      element_of_(reading.input_parents.size(), kNoElement) {
  const Document& doc = *reading.doc;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.node.valid() && e.node.tree == 0) {
      element_of_[e.node.node] = id;
    } else if (const NodeId include = IncludeOf(id);
               include != kNoNode && element_of_[include] == kNoElement) {
      element_of_[include] = id;  // the included model
    }
  }
}

ElementId InputMeaning::ScopeAbove(NodeId node) const {
  const std::vector<NodeId>& parents = reading_.input_parents;
  const auto parent = [&](NodeId n) {
    return n >= 0 && static_cast<size_t>(n) < parents.size() ? parents[n]
                                                             : kNoNode;
  };
  for (NodeId n = parent(node); n != kNoNode; n = parent(n)) {
    const ElementId e = ElementOf(n);
    if (IsScope(doc(), e)) return e;
  }
  return kNoElement;
}

ElementId InputMeaning::Lookup(NodeId node, std::string_view text,
                               bool link_only) const {
  const ElementId scope = ScopeAbove(node);
  if (scope == kNoElement) return kNoElement;
  return link_only ? scopes_->LookupKind(scope, text, ElementKind::kLink)
                   : scopes_->Lookup(scope, text);
}

ElementId InputMeaning::ElementOf(NodeId node) const {
  return node >= 0 && static_cast<size_t>(node) < element_of_.size()
             ? element_of_[node]
             : kNoElement;
}

std::optional<Pose> InputMeaning::WorldPose(NodeId node) const {
  const ElementId e = ElementOf(node);
  if (e == kNoElement || !reading_.resolved) return std::nullopt;
  return reading_.resolution.X_W[e];
}

NodeId InputMeaning::IncludeOf(ElementId element) const {
  const Document& doc = this->doc();
  const Element& e = doc.at(element);
  if (!e.include || !e.include->node.valid() || e.include->node.tree != 0 ||
      (e.node.valid() && e.node.tree == 0)) {
    return kNoNode;
  }
  // Inside a stand-in, only its top element stands for the include.
  if (e.include->stand_in && e.parent != kNoElement) {
    const Element& p = doc.at(e.parent);
    if (p.include && p.include->stand_in && p.include->node == e.include->node) {
      return kNoNode;
    }
  }
  return e.include->node.node;
}

Target InputMeaning::TargetOf(ElementId element) const {
  const Document& doc = this->doc();
  if (element < 0) return Target::None();
  if (doc.at(element).node.valid() && doc.at(element).node.tree == 0) {
    return Target::Node(doc.at(element).node.node);
  }
  // Inside an included model (read, or a stand-in): its <include> in the
  // input, and the names from there down.
  std::vector<std::string_view> names;  // below the include, innermost first
  for (ElementId a = element; a != kNoElement; a = doc.at(a).parent) {
    const Element& e = doc.at(a);
    if (const NodeId include = IncludeOf(a); include != kNoNode) {
      if (a == element && e.include->stand_in &&
          e.kind == ElementKind::kLink) {
        // A flat stand-in (before 1.5) is named `include::path`.
        const size_t sep = e.name.find(kScopeSeparator);
        if (sep != std::string::npos) {
          names.push_back(std::string_view(e.name).substr(
              sep + kScopeSeparator.size()));
        }
      }
      return Target::Node(include, JoinScopedName(names));
    }
    names.push_back(e.name);
  }
  return Target::None();
}

// ---- Sites ------------------------------------------------------------------

std::string SiteText(const XmlTree& tree, const RefSite& site) {
  if (site.attribute.empty()) {
    return std::string(TrimWhitespace(tree.Text(site.holder)));
  }
  return tree.Attribute(site.holder, site.attribute).value_or("");
}

NodeId EvaluationScope(const XmlTree& tree, const TreeIndex& index,
                       const RefSite& site) {
  if (site.kind == RefKind::kCanonicalLink ||
      site.kind == RefKind::kPlacementFrame) {
    return site.holder;
  }
  if (site.kind == RefKind::kPoseRelativeTo) {
    const NodeId owner = tree.ParentElement(site.holder);
    return owner == kNoNode ? kNoNode : index.ScopeOf(owner);
  }
  return index.ScopeOf(site.holder);
}

std::deque<RefSite> CaptureReferences(const XmlTree& tree,
                                      const SdfRegion& region,
                                      const InputMeaning& in, int version) {
  const bool legacy = version < VersionNumber(1, 7);
  const Capture capture(tree, in);
  const auto is_scope = [&](NodeId n) {
    return n != kNoNode && IsScope(in.doc(), in.ElementOf(n));
  };
  // Whether a scope is written above `n`.
  const auto in_scope = [&](NodeId n) {
    for (NodeId a = tree.ParentElement(n); a != kNoNode;
         a = tree.ParentElement(a)) {
      if (is_scope(a)) return true;
    }
    return false;
  };
  std::deque<RefSite> sites;
  auto add = [&](RefKind kind, NodeId holder, std::string attribute) {
    RefSite site{kind, holder, std::move(attribute), Target::None()};
    if (!site.attribute.empty() && !tree.Attribute(holder, site.attribute)) {
      return;
    }
    site.target = capture.Resolve(site, SiteText(tree, site));
    sites.push_back(std::move(site));
  };
  for (NodeId id : region.Elements()) {
    const std::string_view tag = tree.Tag(id);
    const NodeId parent = tree.ParentElement(id);
    if (parent == kNoNode) continue;
    const std::string_view ptag = tree.Tag(parent);
    if (tag == "pose" && in_scope(parent)) {
      // A legacy pose names its frame with @frame, or with 1.7's
      // @relative_to read as a later feature (sdf_dialect.h); @frame wins.
      add(RefKind::kPoseRelativeTo, id,
          legacy && tree.Attribute(id, "frame") ? "frame" : "relative_to");
    } else if ((tag == "parent" || tag == "child" ||
                tag == "gearbox_reference_body") &&
               ptag == "joint" && is_scope(tree.ParentElement(parent))) {
      add(tag == "parent"  ? RefKind::kJointParent
          : tag == "child" ? RefKind::kJointChild
                           : RefKind::kGearboxReference,
          id, "");
    } else if (tag == "frame" && is_scope(parent) && !legacy) {
      add(RefKind::kAttachedTo, id, "attached_to");
    } else if (tag == "xyz" && (ptag == "axis" || ptag == "axis2") &&
               !legacy) {
      add(RefKind::kExpressedIn, id, "expressed_in");
    } else if ((tag == "gripper_link" || tag == "palm_link") &&
               ptag == "gripper" && is_scope(tree.ParentElement(parent))) {
      add(RefKind::kGripperLink, id, "");
    } else if (tag == "collision" && ptag == "contact") {
      add(RefKind::kContactCollision, id, "");
    }
    if (tag == "model" && is_scope(id) && !legacy) {
      add(RefKind::kCanonicalLink, id, "canonical_link");
      add(RefKind::kPlacementFrame, id, "placement_frame");
    }
  }
  return sites;
}

void EmitReferences(XmlTree* tree, const TreeIndex& index,
                    const std::deque<RefSite>& sites,
                    const std::unordered_map<NodeId, NodeId>& alias,
                    Diagnostics* diags) {
  for (const RefSite& site : sites) {
    if (site.target.kind == Target::Kind::kNone || !tree->Attached(site.holder)) {
      continue;
    }
    Target target = site.target;
    if (target.kind == Target::Kind::kNode) {
      if (const auto it = alias.find(target.node); it != alias.end()) {
        target.node = it->second;
      }
      // An unnamed include is known by its model's own name, which only the
      // included file says: what names it stays as written.
      if (index.IsInclude(target.node) &&
          tree->FirstChild(target.node, "name") == kNoNode) {
        continue;
      }
    }
    const std::string text = SiteText(*tree, site);
    const bool has_value =
        site.attribute.empty() || tree->Attribute(site.holder, site.attribute);
    if (has_value && Resolve18(*tree, index, site, text) == target) continue;
    const NodeId scope = EvaluationScope(*tree, index, site);
    const std::optional<std::string> written =
        scope == kNoNode ? std::nullopt
                         : Express(*tree, index, scope, site, target);
    if (!written) {
      diags->Error(CodeFor(site.kind), tree->Locate(site.holder),
                   "after the upgrade, '" + text +
                       "' can no longer name what it named in the input "
                       "from where it now is; nothing was written");
      continue;
    }
    Write(tree, site, *written);
  }
}

}  // namespace sdfconv::upgrade
