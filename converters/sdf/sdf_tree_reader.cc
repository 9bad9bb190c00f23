#include "converters/sdf/sdf_tree_reader.h"

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "converters/sdf/collision_solid.h"
#include "converters/sdf/schema_check.h"
#include "converters/sdf/schema_findings.h"
#include "converters/sdf/sdf_values.h"
#include "converters/sdf/sdf_vocabulary.h"
#include "converters/sdf/value_level.h"
#include "converters/xml/text_values.h"
#include "core/inertia.h"

namespace sdfconv {
namespace {

// The core's name for a joint's model frame (scope.h).
constexpr char kModelFrame[] = "__model__";

// "<pose> of <link name="l">", or just the element at the root.
std::string DescribeWithOwner(XmlElement element) {
  std::string out = DescribeElement(element);
  if (const XmlElement owner = ParentElement(element)) {
    out += " of " + DescribeElement(owner);
  }
  return out;
}

// An XML element waiting to become an Element of `kind` under `parent`.
// 12 bytes: a model's children wait here together, a million for a
// large model.
struct Pending {
  NodeId node = kNoNode;  // in the reader's tree
  ElementId parent = kNoElement;
  ElementKind kind = ElementKind::kOther;
  bool include = false;  // an <include>: becomes an include placeholder
};

// What an <include> may add to the model it includes (003 §1.4.1).
bool AddedByInclude(std::string_view tag) {
  return tag == "joint" || tag == "frame" || tag == "plugin";
}

// One ReadSdfTree(): the XML, the dialect, the sink and the Document being
// filled.
class Reader {
 public:
  Reader(const XmlTree& xml, int32_t tree, std::string version,
         const SdfDialect& dialect, Diagnostics* diags, bool structure_only)
      : xml_(xml),
        tree_(tree),
        dialect_(dialect),
        diags_(diags),
        structure_only_(structure_only) {
    doc_.file = xml.file();
    doc_.version = std::move(version);
    // Every Element but the top is a named XML element: reserving for
    // those once spares the arena its reallocations, each a copy of every
    // Element so far, and the memory of a doubled capacity.
    size_t named = 1;
    for (NodeId id = 0; id < static_cast<NodeId>(xml.size()); ++id) {
      named += xml.IsElement(id) && xml.HasAttribute(id, "name");
    }
    doc_.elements.reserve(named);
  }

  Document Run(const std::vector<XmlElement>& tops);

 private:
  // Where a <frame> in an element of `kind` stands; null: nowhere.
  const Feature* FramePlace(ElementKind kind) const;
  // Whether `feature`, used at `node`, is read: a native one is; a later
  // one is, with LATER_VERSION_FEATURE; an ignored one is not (the caller
  // says so, as it says why). `what()` names the use ("@relative_to of
  // <pose>"), built only for the warning.
  template <typename What>
  bool Reads(const Feature& feature, XmlElement node, const What& what) {
    if (feature.support == Support::kNative) return true;
    if (feature.support == Support::kIgnored) return false;
    WarnLater(feature, node, what());
    return true;
  }
  void WarnLater(const Feature& feature, XmlElement node,
                 const std::string& what);
  std::optional<ElementKind> KindOfChild(ElementKind parent,
                                         XmlElement child);
  Element ReadElement(XmlElement node, ElementKind kind, ElementId parent);
  Element ReadInclude(XmlElement node, ElementKind parent);
  bool ReadMerge(XmlElement include, ElementKind parent);
  void ReadModel(XmlElement node, Element* model);
  void ReadJoint(XmlElement node, Element* joint);
  Inertial ReadInertial(XmlElement inertial);
  bool ReadAutoAttribute(XmlElement inertial);
  AutoInertia ReadAutoInertia(XmlElement inertial);
  void CheckInertia(const Element& link);
  JointAxis ReadAxis(XmlElement axis);
  JointMimic ReadMimic(XmlElement mimic);
  // An axis the joint's type has and its file does not write.
  JointAxis DefaultAxis(const SourceLocation& joint_at) const;
  std::string ReadJointLink(XmlElement joint, std::string_view tag,
                            const SourceLocation& joint_at,
                            SourceLocation* at);
  // The <pose> of `owner`, located at `owner_at` (Locate(owner)).
  PoseSpec ReadPoseOf(XmlElement owner, const SourceLocation& owner_at);
  std::string AttributeIfRead(XmlElement node, std::string_view name,
                              const Feature& feature);
  void WarnIgnoredAttribute(XmlElement node, std::string_view name);
  void WarnIgnoredChild(XmlElement child, const std::string& why);
  void ReportUnknownChild(XmlElement child, const std::string& why = "");
  XmlElement UniqueChild(XmlElement parent, std::string_view tag);

  NodeRef RefOf(XmlElement node) const { return {tree_, node.id()}; }
  // Where `node` is, as the Document keeps it: nowhere when only the
  // structure is read (SdfReading::kStructure).
  SourceLocation Where(XmlElement node) const {
    return structure_only_ ? SourceLocation() : Locate(node);
  }

  const XmlTree& xml_;
  int32_t tree_;
  const SdfDialect& dialect_;
  Diagnostics* diags_;
  bool structure_only_;
  Document doc_;
};

// Pre-order without recursion: pop an XML element, add it, then push its
// frame-like children in reverse so that they pop (and get ids) in order.
// The tops (FindTops) start the stack in reverse too: each world's elements
// follow it, before the next world.
Document Reader::Run(const std::vector<XmlElement>& tops) {
  std::vector<Pending> stack;
  for (auto it = tops.rbegin(); it != tops.rend(); ++it) {
    const std::string_view tag = Tag(*it);
    stack.push_back({it->id(), kNoElement,
                     tag == "world"   ? ElementKind::kWorld
                     : tag == "light" ? ElementKind::kLight
                     : tag == "actor" ? ElementKind::kActor
                                      : ElementKind::kModel});
  }
  while (!stack.empty()) {
    const Pending pending = stack.back();
    stack.pop_back();
    const XmlElement node(&xml_, pending.node);
    const ElementId id = doc_.Add(
        pending.parent, pending.include
                            ? ReadInclude(node, doc_.at(pending.parent).kind)
                            : ReadElement(node, pending.kind, pending.parent));
    if (!ReadsChildren(pending.kind) && !FramePlace(pending.kind)) continue;
    const size_t first = stack.size();
    for (XmlElement child : ChildElements(node)) {
      if (pending.include && !AddedByInclude(Tag(child))) continue;
      if (const auto kind = KindOfChild(pending.kind, child)) {
        const bool include = Tag(child) == "include" && !pending.include;
        stack.push_back({child.id(), id, *kind, include});
      }
    }
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first),
                 stack.end());
  }
  return std::move(doc_);
}

const Feature* Reader::FramePlace(ElementKind kind) const {
  for (const sdfconv::FramePlace& place : dialect_.frame_places) {
    if (place.parent == kind) return &place.feature;
  }
  return nullptr;
}

void Reader::WarnLater(const Feature& feature, XmlElement node,
                       const std::string& what) {
  diags_->Warning(Code::kLaterVersionFeature, Locate(node),
                  what + " is SDFormat " + std::string(feature.since) +
                      " (this file says " + doc_.version +
                      "); it is read with its " + std::string(feature.since) +
                      " meaning, as libsdformat reads it (--strict: "
                      "ignored)");
}

std::optional<ElementKind> Reader::KindOfChild(ElementKind parent,
                                               XmlElement child) {
  if (IsNamespaced(child)) return std::nullopt;  // custom element
  const std::string_view tag = Tag(child);
  if (tag == "include" &&
      (parent == ElementKind::kWorld || parent == ElementKind::kModel)) {
    if (dialect_.includes) return ElementKind::kModel;  // ReadInclude
    diags_->Error(Code::kElementInvalid, Locate(child),
                  "<include> in SDFormat content of a URDF is not read "
                  "(an included file has no place in a URDF); it is skipped");
    return std::nullopt;
  }
  if (tag == "frame") {
    const Feature* place = FramePlace(parent);
    if (place &&
        Reads(*place, child, [&] { return DescribeWithOwner(child); })) {
      return ElementKind::kFrame;
    }
    ReportUnknownChild(child);
    return std::nullopt;
  }
  if (!ReadsChildren(parent)) return std::nullopt;
  std::optional<ElementKind> kind = KnownKind(parent, tag);
  if (kind == ElementKind::kJoint && parent == ElementKind::kWorld &&
      !dialect_.world_joints) {
    ReportUnknownChild(child, " (a <world>'s joints are read from "
                              "SDFormat 1.8 on)");
    kind.reset();
  }
  if (kind == ElementKind::kModel && parent == ElementKind::kModel &&
      !Reads(dialect_.nested_models, child,
             [&] { return DescribeWithOwner(child); })) {
    ReportUnknownChild(child);
    return std::nullopt;
  }
  if (kind) return kind;
  if (IsContentTag(tag) || !Attribute(child, "name")) return std::nullopt;
  return ElementKind::kOther;
}

Element Reader::ReadElement(XmlElement node, ElementKind kind,
                            ElementId parent) {
  Element e;
  e.kind = kind;
  e.tag = Tag(node);
  e.source = Where(node);
  e.node = RefOf(node);
  if (std::optional<std::string> name = Attribute(node, "name")) {
    e.name = std::move(*name);
    e.has_name = true;
  } else {
    diags_->Error(Code::kAttributeMissing, e.source,
                  "<" + e.tag + "> has no name attribute");
  }
  if (kind == ElementKind::kOther) return e;
  if (kind != ElementKind::kWorld) e.pose = ReadPoseOf(node, e.source);
  switch (kind) {
    case ElementKind::kModel:
      ReadModel(node, &e);
      break;
    case ElementKind::kLink:
      if (structure_only_) break;  // mass properties are values
      if (XmlElement inertial = UniqueChild(node, "inertial")) {
        e.inertial = ReadInertial(inertial);
        // An automatic inertia is checked once computed (auto_inertia.h).
        if (!e.inertial->automatic) CheckInertia(e);
      }
      break;
    case ElementKind::kCollision:
      if (parent != kNoElement && doc_.at(parent).inertial &&
          doc_.at(parent).inertial->automatic) {
        e.solid = ReadCollisionSolid(node, diags_);
      }
      break;
    case ElementKind::kJoint:
      ReadJoint(node, &e);
      break;
    case ElementKind::kFrame:
      e.attached_to =
          AttributeIfRead(node, "attached_to", dialect_.attachment_attributes);
      break;
    default:
      break;
  }
  return e;
}

// An <include> in `parent` (a model or the world): a model named by
// //include/name (unnamed: the included model's own name), posed by
// //include/pose, whose content composition reads from //include/uri (and
// merges into `parent` with //include/@merge).
Element Reader::ReadInclude(XmlElement node, ElementKind parent) {
  Element e;
  e.kind = ElementKind::kModel;
  e.tag = "model";  // what it stands for, for the sibling-name rules
  e.source = Where(node);
  e.node = RefOf(node);
  IncludeSpec spec;
  spec.source = e.source;
  spec.node = e.node;
  if (XmlElement uri = UniqueChild(node, "uri")) {
    spec.uri = std::string(TrimWhitespace(Text(uri)));
  }
  if (spec.uri.empty()) {
    diags_->Error(Code::kElementMissing, e.source,
                  "<include> has no <uri>; it is skipped");
  }
  if (XmlElement name = UniqueChild(node, "name")) {
    e.name = std::string(TrimWhitespace(Text(name)));
    e.has_name = !e.name.empty();
  }
  e.pose = ReadPoseOf(node, e.source);
  if (XmlElement placement = UniqueChild(node, "placement_frame")) {
    if (Reads(dialect_.include_placement_frame, placement,
              [&] { return DescribeWithOwner(placement); })) {
      e.MutableModel().placement_frame =
          std::string(TrimWhitespace(Text(placement)));
    } else {
      ReportUnknownChild(placement);
    }
  }
  if (XmlElement is_static = UniqueChild(node, "static")) {
    spec.is_static = ReadBool(is_static, false, diags_);
  }
  spec.merge = ReadMerge(node, parent);
  e.include = std::move(spec);
  return e;
}

// //include/@merge in `parent` (a model or the world): a bool
// (ATTRIBUTE_INVALID, and false, for anything else), read where the
// dialect has it (in an older file, `merge="true"` as a later feature).
// Where it does not, the attribute is not read; the schema check says it
// is unknown there.
bool Reader::ReadMerge(XmlElement include, ElementKind parent) {
  const Feature& feature = parent == ElementKind::kWorld
                               ? dialect_.world_merge_include
                               : dialect_.model_merge_include;
  const std::optional<std::string> merge = Attribute(include, "merge");
  if (!merge || feature.support == Support::kIgnored) return false;
  const std::string what = "@merge of " + DescribeWithOwner(include);
  const std::optional<bool> value = ParseBool(*merge);
  if (!value) {
    diags_->Error(Code::kAttributeInvalid, Locate(include),
                  what + " is '" + *merge + "'; expected true, false, 1 or 0");
  }
  return value.value_or(false) &&
         Reads(feature, include, [&] { return what; });
}

void Reader::ReadModel(XmlElement node, Element* model) {
  ModelSpec& spec = model->MutableModel();
  if (XmlElement is_static = UniqueChild(node, "static")) {
    spec.is_static = ReadBool(is_static, false, diags_);
  }
  spec.canonical_link =
      AttributeIfRead(node, "canonical_link", dialect_.attachment_attributes);
  spec.placement_frame =
      AttributeIfRead(node, "placement_frame", dialect_.attachment_attributes);
}

void Reader::ReadJoint(XmlElement node, Element* joint) {
  JointSpec& spec = joint->MutableJoint();
  if (std::optional<std::string> type = Attribute(node, "type")) {
    spec.type = std::move(*type);
    if (!IsSdfJointType(spec.type)) {
      diags_->Error(Code::kAttributeInvalid, joint->source,
                    "joint type '" + spec.type + "' of " +
                        DescribeElement(node) +
                        " is not one of revolute, revolute2, prismatic, "
                        "ball, screw, universal, fixed, gearbox, continuous");
    }
  } else {
    diags_->Error(Code::kAttributeMissing, joint->source,
                  DescribeElement(node) + " has no type attribute");
  }
  spec.parent_frame =
      ReadJointLink(node, "parent", joint->source, &spec.parent_source);
  spec.child_frame =
      ReadJointLink(node, "child", joint->source, &spec.child_source);
  spec.frame_ends_later = dialect_.joint_frame_ends.support == Support::kLater;

  const std::array<XmlElement, 2> written = {UniqueChild(node, "axis"),
                                             UniqueChild(node, "axis2")};
  // <axis2> alone counts two: the default <axis> comes before it.
  const size_t written_count = written[1] ? 2 : written[0] ? 1 : 0;
  const size_t count = std::max(SdfJointAxisCount(spec.type), written_count);
  for (size_t k = 0; k < count; ++k) {
    spec.axes.push_back(written[k] ? ReadAxis(written[k])
                                   : DefaultAxis(joint->source));
  }
}

JointAxis Reader::DefaultAxis(const SourceLocation& joint_at) const {
  JointAxis axis;
  axis.source = joint_at;
  axis.written = false;
  if (dialect_.axis_frame == AxisFrameRule::kParentModelFrame) {
    axis.expressed_in = kModelFrame;
  }
  return axis;
}

std::string Reader::ReadJointLink(XmlElement joint, std::string_view tag,
                                  const SourceLocation& joint_at,
                                  SourceLocation* at) {
  XmlElement element = UniqueChild(joint, tag);
  if (!element) {
    *at = joint_at;
    diags_->Error(Code::kElementMissing, joint_at,
                  DescribeElement(joint) + " has no <" + std::string(tag) +
                      ">");
    return "";
  }
  *at = Where(element);
  std::string scratch;
  return std::string(TrimWhitespace(Text(element, &scratch)));
}

JointAxis Reader::ReadAxis(XmlElement axis) {
  JointAxis result;
  result.source = Where(axis);
  const AxisFrameRule rule = dialect_.axis_frame;
  if (XmlElement xyz = UniqueChild(axis, "xyz")) {
    result.source = Where(xyz);
    result.xyz = ReadVector3(xyz, Eigen::Vector3d::UnitZ(), diags_);
    result.expressed_in =
        AttributeIfRead(xyz, "expressed_in", dialect_.axis_expressed_in);
  }
  if (rule == AxisFrameRule::kParentModelFrame) {
    result.expressed_in = kModelFrame;
  }
  if (XmlElement mimic = UniqueChild(axis, "mimic")) {
    if (Reads(dialect_.axis_mimic, mimic,
              [&] { return DescribeWithOwner(mimic); })) {
      result.mimic = ReadMimic(mimic);
    }  // else phase 1 says the element is not part of the version
  }
  if (rule == AxisFrameRule::kUseParentModelFrame) {
    XmlElement use = UniqueChild(axis, "use_parent_model_frame");
    if (use && ReadBool(use, false, diags_)) {
      result.expressed_in = kModelFrame;
    }
    return result;
  }
  for (XmlElement old = FirstChildElement(axis, "use_parent_model_frame");
       old;
       old = NextSiblingElement(old, "use_parent_model_frame")) {
    ReportUnknownChild(old, rule == AxisFrameRule::kExpressedInAttribute
                                ? " (use <xyz expressed_in=\"__model__\">)"
                                : " (its axes are in the model frame)");
  }
  return result;
}

// mimic.sdf (1.11): @joint required; @axis, <multiplier>, <offset> and
// <reference> with their defaults. What the names mean is the core's.
JointMimic Reader::ReadMimic(XmlElement mimic) {
  JointMimic result;
  result.source = Where(mimic);
  if (std::optional<std::string> joint = Attribute(mimic, "joint")) {
    result.joint = std::move(*joint);
  } else {
    const XmlElement axis = ParentElement(mimic);
    diags_->Error(Code::kAttributeMissing, result.source,
                  "<mimic> of <" + std::string(Tag(axis)) + "> of " +
                      DescribeElement(ParentElement(axis)) +
                      " has no joint attribute (the leader joint)");
  }
  if (std::optional<std::string> axis = Attribute(mimic, "axis")) {
    result.axis = std::move(*axis);
  }
  const auto read = [&](std::string_view tag, double* value) {
    if (XmlElement e = UniqueChild(mimic, tag)) {
      *value = ReadDouble(e, *value, diags_);
    }
  };
  read("multiplier", &result.multiplier);
  read("offset", &result.offset);
  read("reference", &result.reference);
  return result;
}

Inertial Reader::ReadInertial(XmlElement inertial) {
  Inertial result;
  if (ReadAutoAttribute(inertial)) {
    result.automatic = ReadAutoInertia(inertial);
    return result;
  }
  result.pose = ReadPoseOf(inertial, Where(inertial));
  // 1.5 and 1.6 allow <frame> here too, but an <inertial> is no Element.
  for (XmlElement frame = FirstChildElement(inertial, "frame");
       frame; frame = NextSiblingElement(frame, "frame")) {
    if (FramePlace(ElementKind::kLink)) {
      WarnIgnoredChild(frame, "is not read (inertials have no frames in "
                              "sdfconv's model)");
    } else {
      ReportUnknownChild(frame);
    }
  }
  if (XmlElement mass = UniqueChild(inertial, "mass")) {
    result.mass = ReadDouble(mass, result.mass, diags_);
  }
  XmlElement inertia = UniqueChild(inertial, "inertia");
  if (!inertia) return result;
  struct Moment {
    const char* tag;
    int row, col;
  };
  constexpr Moment kMoments[] = {{"ixx", 0, 0}, {"ixy", 0, 1}, {"ixz", 0, 2},
                                 {"iyy", 1, 1}, {"iyz", 1, 2}, {"izz", 2, 2}};
  Eigen::Matrix3d& I = result.inertia;
  for (const Moment& m : kMoments) {
    XmlElement element = UniqueChild(inertia, m.tag);
    if (!element) continue;  // the default
    I(m.row, m.col) = ReadDouble(element, I(m.row, m.col), diags_);
    I(m.col, m.row) = I(m.row, m.col);
  }
  return result;
}

// //inertial/@auto where the version has it (a bool: else
// ATTRIBUTE_INVALID and false).
bool Reader::ReadAutoAttribute(XmlElement inertial) {
  const std::string text =
      AttributeIfRead(inertial, "auto", dialect_.auto_inertia);
  if (text.empty()) return false;
  const std::optional<bool> value = ParseBool(text);
  if (!value) {
    diags_->Error(Code::kAttributeInvalid, Locate(inertial),
                  "@auto of " + DescribeWithOwner(inertial) + " is '" + text +
                      "', not a bool; it is read as false");
  }
  return value.value_or(false);
}

// An <inertial auto="true">: what libsdformat's Link::Load reads of it.
// <mass> scales the computed inertia, <density> is the collisions'
// default; <pose> and <inertia> are not read (a warning each).
AutoInertia Reader::ReadAutoInertia(XmlElement inertial) {
  AutoInertia spec;
  if (XmlElement mass = UniqueChild(inertial, "mass")) {
    spec.mass = ReadDouble(mass, 1.0, diags_);
  }
  if (XmlElement density = UniqueChild(inertial, "density")) {
    spec.density = ReadDouble(density, kDefaultDensity, diags_);
  }
  for (const char* tag : {"pose", "inertia"}) {
    if (XmlElement written = FirstChildElement(inertial, tag)) {
      WarnIgnoredChild(written,
                       "has no effect: with @auto=\"true\" the link's "
                       "centre of mass and inertia are computed from its "
                       "collisions");
    }
  }
  return spec;
}

// LINK_INERTIA_INVALID, libsdformat's rule for an SDFormat link
// (core/inertia.h). The rule is SDFormat's, so it is applied here, where
// SDFormat is read, and not by the core for every format: URDF's reference
// parser accepts such an inertia, and the URDF front end says so with a
// warning.
void Reader::CheckInertia(const Element& link) {
  if (const std::optional<std::string> why =
          InertiaProblem(link.inertial->mass, link.inertial->inertia)) {
    Diagnostic d;
    d.code = Code::kLinkInertiaInvalid;
    d.source = link.source;
    d.message = "link '" + link.name + "' has an invalid inertia: " + *why;
    diags_->Add(dialect_.inertia_kept_as_written ? KeptAsWritten(std::move(d))
                                                 : std::move(d));
  }
}

PoseSpec Reader::ReadPoseOf(XmlElement owner,
                            const SourceLocation& owner_at) {
  if (XmlElement pose = UniqueChild(owner, "pose")) {
    // @frame wins over @relative_to where both are read: libsdformat's
    // 1.6 -> 1.7 recipe moves it there.
    PoseRules rules;
    rules.frame_attribute = "";
    for (const auto& [name, feature] :
         {std::pair<std::string_view, const Feature&>{"frame",
                                                      dialect_.pose_frame},
          {"relative_to", dialect_.pose_relative_to}}) {
      if (!HasAttribute(pose, name)) continue;
      const auto what = [&, name = name] {
        return "@" + std::string(name) + " of " + DescribeWithOwner(pose);
      };
      if (!Reads(feature, pose, what)) {
        WarnIgnoredAttribute(pose, name);
      } else if (!rules.frame_attribute.empty()) {
        diags_->Warning(Code::kAttributeInvalid, Locate(pose),
                        what() + " is ignored: @" +
                            std::string(rules.frame_attribute) +
                            " is read instead, as libsdformat moves it "
                            "over @" + std::string(name));
      } else {
        rules.frame_attribute = name;
      }
    }
    rules.rotation_attributes =
        dialect_.pose_rotation.support != Support::kIgnored;
    rules.values = !structure_only_;
    if (dialect_.pose_rotation.support == Support::kLater) {
      for (const char* name : {"rotation_format", "degrees"}) {
        if (HasAttribute(pose, name)) {
          (void)Reads(dialect_.pose_rotation, pose, [&] {
            return "@" + std::string(name) + " of " + DescribeWithOwner(pose);
          });
        }
      }
    }
    return ReadPose(pose, diags_, rules, &owner_at);
  }
  PoseSpec absent;
  absent.set_source(owner_at);
  return absent;
}

// The attribute `name` of `node` when `feature` is read (Reads); when it
// is not, "" and, if the attribute is written anyway, a warning.
std::string Reader::AttributeIfRead(XmlElement node, std::string_view name,
                                    const Feature& feature) {
  std::optional<std::string> value = Attribute(node, name);
  if (!value) return "";
  if (!Reads(feature, node, [&] {
        return "@" + std::string(name) + " of " + DescribeWithOwner(node);
      })) {
    WarnIgnoredAttribute(node, name);
    return "";
  }
  return std::move(*value);
}

// A warning if `node` has the attribute `name`, which the file's version
// does not define.
void Reader::WarnIgnoredAttribute(XmlElement node, std::string_view name) {
  if (!HasAttribute(node, name)) return;
  diags_->Warning(Code::kAttributeInvalid, Locate(node),
                  "@" + std::string(name) + " of " + DescribeWithOwner(node) +
                      " is not an attribute of SDFormat " + doc_.version +
                      "; it is ignored");
}

// A warning for an element that is not read: "<frame> of <link name="l">
// " + why + "; it is ignored".
void Reader::WarnIgnoredChild(XmlElement child, const std::string& why) {
  diags_->Warning(Code::kElementInvalid, Locate(child),
                  DescribeWithOwner(child) + " " + why + "; it is ignored");
}

// ELEMENT_UNKNOWN for an element the file's version does not have where
// it is, which is not read: "<frame> of <link name="l"> is not part of
// SDFormat 1.4 there" + why + "; it is ignored". Phase 1 finds it too; the
// reader's word, which says why, is the one reported (schema_findings.h).
void Reader::ReportUnknownChild(XmlElement child, const std::string& why) {
  diags_->Warning(Code::kElementUnknown, Locate(child),
                  DescribeWithOwner(child) + " is not part of SDFormat " +
                      doc_.version + " there" + why + "; it is ignored");
}

// The first child `tag`; a warning for each further one. One walk of the
// children (a node that is no element has no tag).
XmlElement Reader::UniqueChild(XmlElement parent, std::string_view tag) {
  const XmlTree& xml = parent.tree();
  NodeId first = kNoNode;
  for (const NodeId c : xml.ChildNodes(parent.id())) {
    if (xml.Tag(c) != tag) continue;
    if (first == kNoNode) {
      first = c;
      continue;
    }
    diags_->Warning(Code::kElementInvalid, Locate(XmlElement(&xml, c)),
                    "more than one <" + std::string(tag) + "> in " +
                        DescribeElement(parent) + "; only the first is read");
  }
  return {&xml, first};
}

// What the root holds: its <world>s (any number, as SDFormat's root
// allows and libsdformat reads), or one <model>, <light> or <actor> (a
// lone light or actor: Gazebo's `model://sun`, docs/composition.md), in
// document order. Errors for a second model, light or actor, or one beside
// worlds (libsdformat refuses two models, lights or actors, or two of them
// of different kinds, ELEMENT_INCORRECT_TYPE; sdfconv reads a file's
// worlds or its one model, light or actor, and so also refuses a world
// beside a light), and for an <include> there. Anything else there is no
// SDFormat element: phase 1 says so (ELEMENT_UNKNOWN), and it is not read.
std::vector<XmlElement> FindTops(XmlElement root, Diagnostics* diags) {
  std::vector<XmlElement> tops;
  for (XmlElement child : ChildElements(root)) {
    if (IsNamespaced(child)) continue;
    const std::string tag(Tag(child));
    const bool is_top = tag == "world" || tag == "model" || tag == "light" ||
                        tag == "actor";
    const bool joins =
        tops.empty() || (tag == "world" && Tag(tops.front()) == "world");
    if (is_top && joins) {
      tops.push_back(child);
    } else if (is_top) {
      diags->Error(Code::kElementInvalid, Locate(child),
                   "a file holds <world>s, or one <model>, <light> or "
                   "<actor>; " +
                       DescribeElement(child) + " is ignored (the file's is " +
                       DescribeElement(tops.front()) + ")");
    } else if (tag == "include") {
      diags->Error(Code::kElementInvalid, Locate(child),
                   "<" + tag + "> directly under <" + std::string(Tag(root)) +
                       "> is not supported; expected <world>s, or one "
                       "<model>, <light> or <actor>");
    }
  }
  return tops;
}

// MERGE_INCLUDE_UNSUPPORTED for each <include merge="true"> (a 1.9
// feature, in older files a later one) in an element other than a
// <model> or <world>, which the walk does not
// read (libsdformat: "Merge-include does not support parent element of
// type ..."). Plugins' and namespaced elements' content is not SDFormat.
void ReportMisplacedMerges(const XmlTree& xml, const SdfDialect& dialect,
                           Diagnostics* diags) {
  if (dialect.model_merge_include.support == Support::kIgnored) return;
  const auto opaque = [&](NodeId n) {
    return xml.Tag(n) == "plugin" || xml.IsNamespaced(n);
  };
  for (NodeId n : xml.Elements(xml.root(), opaque)) {
    if (xml.Tag(n) != "include") continue;
    const NodeId parent = xml.ParentElement(n);
    if (parent == kNoNode || parent == xml.root()) continue;  // FindTops'
    const std::string where(xml.Tag(parent));
    if (where == "model" || where == "world") continue;
    if (!ParseBool(xml.Attribute(n, "merge").value_or("")).value_or(false)) {
      continue;
    }
    diags->Error(Code::kMergeIncludeUnsupported, xml.Locate(n),
                 "<include merge=\"true\"> in <" + where +
                     ">: only a <model> or a <world> can merge an included "
                     "model; it is not read");
  }
}

// The version of `xml`'s root element when `front_end` accepts the file;
// otherwise one error (ELEMENT_INVALID for another root element,
// ATTRIBUTE_MISSING without a version, VERSION_UNSUPPORTED naming
// `supported`) and nothing.
std::optional<std::string> AcceptedSdfVersion(const XmlTree& xml,
                                              const FrontEnd& front_end,
                                              std::string_view supported,
                                              Diagnostics* diags) {
  const XmlElement root = RootElement(xml);
  const SourceLocation at = Locate(root);
  const std::string tag(Tag(root));
  if (tag != "sdf" && tag != "gazebo") {
    diags->Error(Code::kElementInvalid, at,
                 "the root element is <" + tag + ">; expected <sdf>");
    return std::nullopt;
  }
  std::optional<std::string> version = Attribute(root, "version");
  if (!version) {
    diags->Error(Code::kAttributeMissing, at,
                 "<" + tag + "> has no version attribute");
    return std::nullopt;
  }
  if (!front_end.Accepts(tag, *version)) {
    diags->Error(Code::kVersionUnsupported, at,
                 "SDFormat version " + *version + " with root <" + tag +
                     "> is not supported by this reader; supported: " +
                     std::string(supported));
    return std::nullopt;
  }
  return version;
}

}  // namespace

std::optional<Document> ReadAcceptedSdf(const FrontEnd& front_end,
                                        std::string_view supported,
                                        int32_t tree,
                                        const XmlSources& sources,
                                        Diagnostics* diags, bool strict) {
  const XmlTree& xml = sources.tree(tree);
  const std::optional<std::string> version =
      AcceptedSdfVersion(xml, front_end, supported, diags);
  if (!version) return std::nullopt;
  return ReadSdfTree(xml, tree, *version, DialectOf(*version, strict), diags);
}

std::optional<Document> ReadSdfTree(const XmlTree& xml, int32_t tree,
                                    const std::string& version,
                                    const SdfDialect& dialect,
                                    Diagnostics* diags, SdfReading reading) {
  // Phase 1 (schema validation) over the whole file, then the reading.
  const size_t first = diags->size();
  Diagnostics schema;
  if (reading == SdfReading::kAll) {
    CheckSchema(xml, version, &schema, dialect.later_elements);
  }
  const XmlElement root = RootElement(xml);
  const std::vector<XmlElement> tops = FindTops(root, diags);
  std::optional<Document> doc;
  if (tops.empty()) {
    // The schema allows it (a root's <world> is "*", its model, light and
    // actor optional) and libsdformat loads it: an empty Document, with a
    // warning (docs/errors_policy.md).
    diags->Warning(Code::kElementMissing, Locate(root),
                   "<" + std::string(Tag(root)) +
                       "> holds no <world>, <model>, <light> or <actor>: "
                       "nothing to read");
    doc.emplace();
    doc->file = xml.file();
    doc->version = version;
  } else {
    doc = Reader(xml, tree, version, dialect, diags,
                 reading == SdfReading::kStructure)
              .Run(tops);
  }
  ReportMisplacedMerges(xml, dialect, diags);
  AppendUnreported(schema, doc, first, diags);
  return doc;
}

}  // namespace sdfconv
