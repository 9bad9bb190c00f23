#include "converters/upgrade/references.h"

#include <optional>

#include "converters/xml/text_values.h"

namespace sdfconv::upgrade {
namespace {

LookupFor WhatFor(RefKind kind) {
  switch (kind) {
    case RefKind::kJointParent:
    case RefKind::kJointChild:
      return LookupFor::kJointLink;
    case RefKind::kGearboxReference:
    case RefKind::kCanonicalLink:
    case RefKind::kGripperLink:
    case RefKind::kContactCollision:
      return LookupFor::kLink;
    default:
      return LookupFor::kFrame;
  }
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

Target Resolve(const XmlTree& tree, const SdfIndex& index, const RefSite& site,
               std::string_view text, SdfVersion version) {
  if (text.empty()) return Target::None();
  if (site.kind == RefKind::kContactCollision) {
    const NodeId c = ContactCollision(tree, site.holder, text);
    return c == kNoNode ? Target::None() : Target::Node(c);
  }
  const NodeId scope = EvaluationScope(tree, index, site);
  if (scope == kNoNode) return Target::None();
  return index.Lookup(scope, text, WhatFor(site.kind), version);
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

// The text naming `target` from `scope` under 1.8 rules, if there is one.
std::optional<std::string> Express(const XmlTree& tree, const SdfIndex& index,
                                   NodeId scope, const RefSite& site,
                                   const Target& target) {
  if (target.kind == Target::Kind::kWorld) return std::string("world");
  const NodeId t = target.node;
  const std::string suffix =
      target.suffix.empty() ? std::string() : "::" + target.suffix;
  if (site.kind == RefKind::kContactCollision) return index.NameOf(t);
  if (t == scope) {
    if (!suffix.empty()) return std::nullopt;
    return std::string(tree.Tag(scope) == "model" ? "__model__" : "world");
  }
  if (index.DefinesFrameIn(t)) {
    std::vector<std::string> parts = {index.NameOf(t)};
    for (NodeId s = index.ScopeOf(t); s != kNoNode; s = index.ScopeOf(s)) {
      if (s == scope) {
        std::string out;
        for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
          if (!out.empty()) out += "::";
          out += *it;
        }
        return out + suffix;
      }
      parts.push_back(index.NameOf(s));
    }
  }
  // A model around the reference whose frame coincides, at the initial
  // configuration, with the reference's own model frame: poses and axis
  // directions may name the nearer one.
  const bool initial_only = site.kind == RefKind::kPoseRelativeTo ||
                            site.kind == RefKind::kExpressedIn;
  if (!initial_only || !suffix.empty() || !index.IsScope(t)) return std::nullopt;
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

}  // namespace

std::string SiteText(const XmlTree& tree, const RefSite& site) {
  if (site.attribute.empty()) {
    return std::string(TrimWhitespace(tree.Text(site.holder)));
  }
  return tree.Attribute(site.holder, site.attribute).value_or("");
}

NodeId EvaluationScope(const XmlTree& tree, const SdfIndex& index,
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
                                       const SdfIndex& index,
                                       SdfVersion version) {
  const bool legacy = version.Legacy();
  std::deque<RefSite> sites;
  auto add = [&](RefKind kind, NodeId holder, std::string attribute) {
    RefSite site{kind, holder, std::move(attribute), Target::None()};
    if (!site.attribute.empty() && !tree.Attribute(holder, site.attribute)) {
      return;
    }
    site.target = Resolve(tree, index, site, SiteText(tree, site), version);
    sites.push_back(std::move(site));
  };
  for (NodeId id : index.Elements()) {
    const std::string& tag = tree.Tag(id);
    const NodeId parent = tree.ParentElement(id);
    if (parent == kNoNode) continue;
    const std::string& ptag = tree.Tag(parent);
    if (tag == "pose" && index.ScopeOf(parent) != kNoNode) {
      add(RefKind::kPoseRelativeTo, id, legacy ? "frame" : "relative_to");
    } else if ((tag == "parent" || tag == "child" ||
                tag == "gearbox_reference_body") &&
               ptag == "joint" && index.IsScope(tree.ParentElement(parent))) {
      add(tag == "parent"  ? RefKind::kJointParent
          : tag == "child" ? RefKind::kJointChild
                           : RefKind::kGearboxReference,
          id, "");
    } else if (tag == "frame" && index.IsScope(parent) && !legacy) {
      add(RefKind::kAttachedTo, id, "attached_to");
    } else if (tag == "xyz" && (ptag == "axis" || ptag == "axis2") &&
               !legacy) {
      add(RefKind::kExpressedIn, id, "expressed_in");
    } else if ((tag == "gripper_link" || tag == "palm_link") &&
               ptag == "gripper" && index.IsScope(tree.ParentElement(parent))) {
      add(RefKind::kGripperLink, id, "");
    } else if (tag == "collision" && ptag == "contact") {
      add(RefKind::kContactCollision, id, "");
    }
    if (tag == "model" && index.IsScope(id) && !legacy) {
      add(RefKind::kCanonicalLink, id, "canonical_link");
      add(RefKind::kPlacementFrame, id, "placement_frame");
    }
  }
  return sites;
}

void EmitReferences(XmlTree* tree, const std::deque<RefSite>& sites,
                    const std::unordered_map<NodeId, NodeId>& alias,
                    Diagnostics* diags) {
  const SdfIndex index(*tree);
  for (const RefSite& site : sites) {
    if (site.target.kind == Target::Kind::kNone || !tree->Attached(site.holder)) {
      continue;
    }
    Target target = site.target;
    if (target.kind == Target::Kind::kNode) {
      if (const auto it = alias.find(target.node); it != alias.end()) {
        target.node = it->second;
      }
    }
    const std::string text = SiteText(*tree, site);
    const bool has_value =
        site.attribute.empty() || tree->Attribute(site.holder, site.attribute);
    if (has_value &&
        Resolve(*tree, index, site, text, SdfVersion{1, 8}) == target) {
      continue;
    }
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
