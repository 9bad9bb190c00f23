#include "converters/urdf/gazebo_extensions.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <utility>
#include <vector>

#include "converters/urdf/gazebo_settings.h"
#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

std::string Lower(std::string text) {
  for (char& c : text) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return text;
}

using Kind = GazeboValueKind;

// The setting's value as SDFormat text, or nothing (and a warning) when it
// is not of its kind.
std::optional<std::string> ValueOf(const GazeboContext& ctx,
                                   XmlElement setting, Kind kind) {
  const std::string value = GazeboValue(setting);
  if (kind == Kind::kBool) return GazeboTrue(setting) ? "true" : "false";
  const bool ok = kind == Kind::kNumber    ? ParseDouble(value).has_value()
                  : kind == Kind::kInteger ? ParseInteger(value).has_value()
                                           : AreDoubles(value, 3);
  if (ok) return value;
  const char* wanted = kind == Kind::kNumber    ? "a number"
                       : kind == Kind::kInteger ? "an integer"
                                                : "3 numbers";
  ctx.diags->Warning(Code::kValueInvalid, Locate(setting),
                     "<gazebo> setting <" + std::string(Tag(setting)) +
                         "> value '" + value + "' is not " + wanted +
                         "; it is not written");
  return std::nullopt;
}

// Sets the element at `path` ("a/b/c") under `from` (created as needed) to
// `value`.
void SetAt(const GazeboContext& ctx, NodeId from, std::string_view path,
           const std::string& value, const SourceLocation& at) {
  NodeId node = from;
  while (!path.empty()) {
    const size_t slash = path.find('/');
    node = ctx.tree->FindOrAppend(node, path.substr(0, slash), at);
    path = slash == std::string_view::npos ? "" : path.substr(slash + 1);
  }
  ctx.tree->SetText(node, value);
}

// Applies the table's `setting`, written as `xml`, under each of `targets`:
// every path gets the value.
void Apply(const GazeboContext& ctx, const GazeboSetting& setting,
           XmlElement xml, const std::vector<NodeId>& targets) {
  const std::optional<std::string> value = ValueOf(ctx, xml, setting.kind);
  if (!value) return;
  for (const NodeId target : targets) {
    for (const std::string_view path : setting.paths) {
      if (!path.empty()) SetAt(ctx, target, path, *value, Locate(xml));
    }
  }
}

// Settings that apply nowhere, kept in one <urdf:gazebo> per block.
class Leftovers {
 public:
  Leftovers(const GazeboContext& ctx, XmlElement gazebo)
      : ctx_(ctx), gazebo_(gazebo) {}

  void Keep(XmlElement setting, const std::string& why) {
    if (node_ == kNoNode) {
      node_ = ctx_.tree->AppendElement(ctx_.model, "urdf:gazebo",
                                    Locate(gazebo_));
      CopyAttributes(gazebo_, ctx_.tree, node_, ctx_.namespaces);
    }
    CopyXml(setting, ctx_.tree, node_, ctx_.namespaces);
    ctx_.diags->Warning(Code::kElementInvalid, Locate(setting),
                        "<gazebo> setting <" + std::string(Tag(setting)) +
                            "> " + why + "; it is kept in <urdf:gazebo>");
  }

 private:
  const GazeboContext& ctx_;
  XmlElement gazebo_;
  NodeId node_ = kNoNode;
};

// libsdformat 12 looks at neither a <plugin> nor a namespaced element, nor
// inside them, for '::' in names or for siblings sharing a name
// (parser.cc, shouldValidateElement).
bool CheckedByLibsdformat(std::string_view tag) {
  return tag != "plugin" && tag.find(':') == std::string_view::npos;
}

// Every `name` holding '::' in `copy` (copied from `source`), at any depth
// below its top (and the top too when `with_top`), outside what libsdformat
// does not check: libsdformat 12 refuses '::' in the name of every element
// of an SDFormat 1.8 file, unknown ones included. Each is renamed as
// RepairName repairs it, unique among its named siblings, with a warning,
// and urdf:name keeps the name as written (the URDF export restores it).
void RepairNestedNames(const GazeboContext& ctx, XmlElement source,
                       NodeId copy, bool with_top) {
  std::vector<std::pair<XmlElement, NodeId>> stack;
  const auto push_children = [&](XmlElement from, NodeId to) {
    const std::vector<XmlElement> from_kids = ChildElements(from);
    const std::vector<NodeId> to_kids = ctx.tree->ChildElements(to);
    for (size_t i = 0; i < from_kids.size() && i < to_kids.size(); ++i) {
      stack.push_back({from_kids[i], to_kids[i]});
    }
  };
  if (!CheckedByLibsdformat(Tag(source))) return;
  if (with_top) {
    stack.push_back({source, copy});
  } else {
    push_children(source, copy);
  }
  while (!stack.empty()) {
    const auto [from, node] = stack.back();
    stack.pop_back();
    const std::string tag(Tag(from));
    if (!CheckedByLibsdformat(tag)) continue;
    push_children(from, node);
    const std::optional<std::string> name = ctx.tree->Attribute(node, "name");
    if (!name || name->find("::") == std::string::npos) continue;
    NameScope siblings;
    const NodeId parent = ctx.tree->ParentElement(node);
    for (const NodeId s : ctx.tree->ChildElements(parent)) {
      if (s == node) continue;
      if (const auto n = ctx.tree->Attribute(s, "name")) siblings.Reserve(*n);
    }
    const std::string claimed = siblings.Claim(*name, tag);
    ctx.tree->SetAttribute(node, "name", claimed);
    ctx.tree->SetAttribute(node, "urdf:name", *name);
    ctx.diags->Warning(Code::kReservedName, Locate(from),
                       "<gazebo> content <" + tag + " name=\"" + *name +
                           "\"> has '::' in its name, which libsdformat "
                           "refuses in SDFormat 1.8 outside <plugin> and "
                           "namespaced elements; renamed '" +
                           claimed + "' (urdf:name keeps the name)");
  }
}

// Copies `setting` into `target`, renamed when its name is taken there.
NodeId CopyNamed(const GazeboContext& ctx, XmlElement setting,
                 NodeId target) {
  const NodeId node =
      CopyXml(setting, ctx.tree, target, ctx.namespaces);
  RepairNestedNames(ctx, setting, node, /*with_top=*/false);
  const std::string tag(Tag(setting));
  const std::optional<std::string> name = ctx.tree->Attribute(node, "name");
  if (!name || !CheckedByLibsdformat(tag)) return node;
  NameScope& scope = (*ctx.scopes)[target];
  const bool clash = scope.Taken(*name);
  const std::string claimed = scope.Claim(*name, tag);
  if (claimed != *name) {
    ctx.tree->SetAttribute(node, "name", claimed);
    ctx.tree->SetAttribute(node, "urdf:name", *name);
    ctx.diags->Warning(
        clash ? Code::kDuplicateName : Code::kReservedName,
        Locate(setting),
        "<gazebo> content <" + tag + " name=\"" + *name + "\"> " +
            (clash ? "has the name of a sibling" : "has a name SDFormat 1.8 "
                                                   "reserves") +
            "; renamed '" + claimed + "'");
  }
  return node;
}

// SDF elements that can be moved from a frame to its body link, their pose
// made relative to the frame.
bool Movable(std::string_view tag) {
  return tag == "sensor" || tag == "light" || tag == "plugin";
}

void CopyRelativeTo(const GazeboContext& ctx, XmlElement setting,
                    NodeId link, const std::string& frame) {
  const NodeId node = CopyNamed(ctx, setting, link);
  if (Tag(setting) == "plugin") return;
  NodeId pose = ctx.tree->FirstChild(node, "pose");
  if (pose == kNoNode) {
    pose = ctx.tree->AppendElement(node, "pose", Locate(setting));
  }
  if (!ctx.tree->Attribute(pose, "relative_to")) {
    ctx.tree->SetAttribute(pose, "relative_to", frame);
  }
}

// <collision> and <visual> blocks: their children go into every collision
// (visual) of the link.
void CopyIntoEach(const GazeboContext& ctx, XmlElement block,
                  const std::vector<NodeId>& targets, Leftovers* leftovers) {
  if (targets.empty()) {
    leftovers->Keep(block,
                    "has no <" + std::string(Tag(block)) + "> to apply to");
    return;
  }
  for (const NodeId target : targets) {
    for (XmlElement c : ChildElements(block)) {
      RepairNestedNames(ctx, c, CopyXml(c, ctx.tree, target, ctx.namespaces),
                        /*with_top=*/true);
    }
  }
}

void SetMaterialScript(const GazeboContext& ctx, XmlElement setting,
                       const std::vector<NodeId>& visuals) {
  const std::string name = GazeboValue(setting);
  const SourceLocation at = Locate(setting);
  for (const NodeId visual : visuals) {
    const NodeId script = ctx.tree->FindOrAppend(
        ctx.tree->FindOrAppend(visual, "material", at), "script", at);
    SetAt(ctx, script, "uri",
          kGazeboMaterialUri, at);
    SetAt(ctx, script, "name", name, at);
  }
}

// Link properties: whether `setting` is one, and if so applies it.
bool ApplyLinkProperty(const GazeboContext& ctx, XmlElement setting,
                       NodeId link) {
  const std::string tag(Tag(setting));
  if (tag == "turnGravityOff") {  // gravity, negated
    SetAt(ctx, link, "gravity", GazeboTrue(setting) ? "false" : "true",
          Locate(setting));
    return true;
  }
  const GazeboSetting* known = FindGazeboSetting(kGazeboLinkSettings, tag);
  if (known) Apply(ctx, *known, setting, {link});
  return known != nullptr;
}

bool IsLinkProperty(std::string_view tag) {
  return tag == "turnGravityOff" ||
         FindGazeboSetting(kGazeboLinkSettings, tag) != nullptr;
}

}  // namespace

std::string GazeboValue(XmlElement setting) {
  if (const auto value = Attribute(setting, "value")) {
    return std::string(TrimWhitespace(*value));
  }
  return std::string(TrimWhitespace(Text(setting)));
}

bool GazeboTrue(XmlElement setting) {
  const std::string value = Lower(GazeboValue(setting));
  return value == "true" || value == "yes" || value == "1";
}

bool PreservesFixedJoint(XmlElement gazebo) {
  for (XmlElement c : ChildElements(gazebo)) {
    const std::string tag(Tag(c));
    if (IsGazeboPreserveFixedJoint(tag) &&
        GazeboTrue(c)) {
      return true;
    }
  }
  return false;
}

void ApplyLinkGazebo(const GazeboContext& ctx, XmlElement gazebo,
                     const LinkTarget& target) {
  Leftovers leftovers(ctx, gazebo);
  const bool is_frame = !target.frame.empty();
  for (XmlElement setting : ChildElements(gazebo)) {
    const std::string tag(Tag(setting));
    if (const GazeboSetting* known =
            FindGazeboSetting(kGazeboCollisionSettings, tag)) {
      if (target.collisions.empty()) {
        leftovers.Keep(setting, "has no <collision> to apply to");
        continue;
      }
      Apply(ctx, *known, setting, target.collisions);
    } else if (tag == "material") {
      if (target.visuals.empty()) {
        leftovers.Keep(setting, "has no <visual> to apply to");
      } else {
        SetMaterialScript(ctx, setting, target.visuals);
      }
    } else if (tag == "collision") {
      CopyIntoEach(ctx, setting, target.collisions, &leftovers);
    } else if (tag == "visual") {
      CopyIntoEach(ctx, setting, target.visuals, &leftovers);
    } else if (!is_frame) {
      if (!ApplyLinkProperty(ctx, setting, target.link)) {
        CopyNamed(ctx, setting, target.link);
      }
    } else if (IsLinkProperty(tag) || !Movable(tag)) {
      leftovers.Keep(setting, "cannot apply to link '" + target.urdf_name +
                                  "', which is a frame");
    } else {
      CopyRelativeTo(ctx, setting, target.link, target.frame);
    }
  }
}

void ApplyJointGazebo(const GazeboContext& ctx, XmlElement gazebo,
                      NodeId joint, bool has_axis) {
  Leftovers leftovers(ctx, gazebo);
  for (XmlElement setting : ChildElements(gazebo)) {
    const std::string tag(Tag(setting));
    if (IsGazeboPreserveFixedJoint(tag)) {
      continue;  // read by the plan: the joint is a joint
    }
    if (const GazeboSetting* known =
            FindGazeboSetting(kGazeboJointSettings, tag)) {
      if (known->paths[0].substr(0, 5) == "axis/" && !has_axis) {
        leftovers.Keep(setting, "needs an axis and the joint is fixed");
      } else {
        Apply(ctx, *known, setting, {joint});
      }
    } else {
      CopyNamed(ctx, setting, joint);
    }
  }
}

void ApplyModelGazebo(const GazeboContext& ctx, XmlElement gazebo) {
  for (XmlElement setting : ChildElements(gazebo)) {
    const std::string tag(Tag(setting));
    if (tag == "static") {
      SetAt(ctx, ctx.model, "static", *ValueOf(ctx, setting, Kind::kBool),
            Locate(setting));
      continue;
    }
    const NodeId node = CopyNamed(ctx, setting, ctx.model);
    if (tag == "link" || tag == "joint" || tag == "frame" || tag == "model" ||
        tag.find(':') != std::string::npos) {
      ctx.tree->SetAttribute(node, "urdf:kind", kGazeboContentKind);
    }
  }
}

void KeepGazebo(const GazeboContext& ctx, XmlElement gazebo,
                const std::string& why) {
  CopyXml(gazebo, ctx.tree, ctx.model, ctx.namespaces,
          "urdf:gazebo");
  ctx.diags->Warning(Code::kAttributeInvalid, Locate(gazebo),
                     "<gazebo reference=\"" +
                         Attribute(gazebo, "reference").value_or("") + "\"> " +
                         why + "; the block is kept in <urdf:gazebo>");
}

}  // namespace sdfconv
