#include "converters/sdf/sdf_reader.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "converters/sdf/sdf_values.h"
#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

constexpr std::array<std::string_view, 9> kJointTypes = {
    "revolute", "revolute2", "prismatic", "ball",      "screw",
    "universal", "fixed",    "gearbox",   "continuous"};

// Children an element reads itself; never kOther, even when named.
bool IsContentTag(std::string_view tag) {
  return tag == "pose" || tag == "static" || tag == "inertial" ||
         tag == "parent" || tag == "child" || tag == "axis" ||
         tag == "axis2";
}

// The kinds whose children the reader looks at (the rest are leaves here).
bool ReadsChildren(ElementKind kind) {
  return kind == ElementKind::kWorld || kind == ElementKind::kModel ||
         kind == ElementKind::kLink || kind == ElementKind::kJoint;
}

// The kind of a child `tag` of a `parent`, if it is a frame-like SDFormat
// element this reader knows there.
std::optional<ElementKind> KnownKind(ElementKind parent, std::string_view tag) {
  using K = ElementKind;
  switch (parent) {
    case K::kWorld:
      if (tag == "model") return K::kModel;
      if (tag == "frame") return K::kFrame;
      if (tag == "joint") return K::kJoint;
      if (tag == "light") return K::kLight;
      break;
    case K::kModel:
      if (tag == "link") return K::kLink;
      if (tag == "joint") return K::kJoint;
      if (tag == "frame") return K::kFrame;
      if (tag == "model") return K::kModel;
      break;
    case K::kLink:
      if (tag == "collision") return K::kCollision;
      if (tag == "visual") return K::kVisual;
      if (tag == "sensor") return K::kSensor;
      if (tag == "light") return K::kLight;
      break;
    case K::kJoint:
      if (tag == "sensor") return K::kSensor;
      break;
    default:
      break;
  }
  return std::nullopt;
}

// An XML element waiting to become an Element of `kind` under `parent`.
struct Pending {
  const xmlNode* node = nullptr;
  ElementKind kind = ElementKind::kOther;
  ElementId parent = kNoElement;
};

// One Read(): the XML, the sink and the Document being filled.
class Reader {
 public:
  Reader(const XmlDocument& xml, std::string version, Diagnostics* diags)
      : xml_(xml), diags_(diags) {
    doc_.file = xml.file();
    doc_.version = std::move(version);
  }

  Document Run(const xmlNode* top);

 private:
  std::optional<ElementKind> KindOfChild(ElementKind parent,
                                         const xmlNode* child);
  Element ReadElement(const xmlNode* node, ElementKind kind);
  void ReadModel(const xmlNode* node, Element* model);
  void ReadJoint(const xmlNode* node, Element* joint);
  Inertial ReadInertial(const xmlNode* inertial);
  JointAxis ReadAxis(const xmlNode* axis);
  std::string ReadJointLink(const xmlNode* joint, std::string_view tag,
                            const SourceLocation& joint_at,
                            SourceLocation* at);
  PoseSpec ReadPoseOf(const xmlNode* owner, const SourceLocation& owner_at);
  const xmlNode* UniqueChild(const xmlNode* parent, std::string_view tag);

  const XmlDocument& xml_;
  Diagnostics* diags_;
  Document doc_;
};

// Pre-order without recursion: pop an XML element, add it, then push its
// frame-like children in reverse so that they pop (and get ids) in order.
Document Reader::Run(const xmlNode* top) {
  const ElementKind top_kind =
      Tag(top) == "world" ? ElementKind::kWorld : ElementKind::kModel;
  std::vector<Pending> stack = {{top, top_kind, kNoElement}};
  while (!stack.empty()) {
    const Pending pending = stack.back();
    stack.pop_back();
    const ElementId id =
        doc_.Add(pending.parent, ReadElement(pending.node, pending.kind));
    if (!ReadsChildren(pending.kind)) continue;
    const size_t first = stack.size();
    for (const xmlNode* child : ChildElements(pending.node)) {
      if (const auto kind = KindOfChild(pending.kind, child)) {
        stack.push_back({child, *kind, id});
      }
    }
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first),
                 stack.end());
  }
  return std::move(doc_);
}

std::optional<ElementKind> Reader::KindOfChild(ElementKind parent,
                                               const xmlNode* child) {
  if (IsNamespaced(child)) return std::nullopt;  // custom element
  const std::string tag = Tag(child);
  if (tag == "include" &&
      (parent == ElementKind::kWorld || parent == ElementKind::kModel)) {
    diags_->Error(Code::kElementInvalid, xml_.Locate(child),
                  "<include> is not supported yet; it is skipped");
    return std::nullopt;
  }
  std::optional<ElementKind> kind = KnownKind(parent, tag);
  if (kind == ElementKind::kJoint && parent == ElementKind::kWorld &&
      !doc_.AtLeast(1, 8)) {
    diags_->Warning(Code::kElementInvalid, xml_.Locate(child),
                    "<joint> in a <world> needs SDFormat 1.8 (this file is " +
                        doc_.version + "); it is not read as a joint");
    kind.reset();
  }
  if (kind) return kind;
  if (IsContentTag(tag) || !Attribute(child, "name")) return std::nullopt;
  return ElementKind::kOther;
}

Element Reader::ReadElement(const xmlNode* node, ElementKind kind) {
  Element e;
  e.kind = kind;
  e.tag = Tag(node);
  e.source = xml_.Locate(node);
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
      if (const xmlNode* inertial = UniqueChild(node, "inertial")) {
        e.inertial = ReadInertial(inertial);
      }
      break;
    case ElementKind::kJoint:
      ReadJoint(node, &e);
      break;
    case ElementKind::kFrame:
      e.attached_to = Attribute(node, "attached_to").value_or("");
      break;
    default:
      break;
  }
  return e;
}

void Reader::ReadModel(const xmlNode* node, Element* model) {
  if (const xmlNode* is_static = UniqueChild(node, "static")) {
    model->is_static = ReadBool(xml_, is_static, false, diags_);
  }
  model->canonical_link = Attribute(node, "canonical_link").value_or("");
  model->placement_frame = Attribute(node, "placement_frame").value_or("");
}

void Reader::ReadJoint(const xmlNode* node, Element* joint) {
  if (std::optional<std::string> type = Attribute(node, "type")) {
    joint->joint_type = std::move(*type);
    if (std::find(kJointTypes.begin(), kJointTypes.end(), joint->joint_type) ==
        kJointTypes.end()) {
      diags_->Error(Code::kAttributeInvalid, joint->source,
                    "joint type '" + joint->joint_type + "' of " +
                        DescribeElement(node) +
                        " is not one of revolute, revolute2, prismatic, "
                        "ball, screw, universal, fixed, gearbox, continuous");
    }
  } else {
    diags_->Error(Code::kAttributeMissing, joint->source,
                  DescribeElement(node) + " has no type attribute");
  }
  joint->parent_frame =
      ReadJointLink(node, "parent", joint->source, &joint->parent_source);
  joint->child_frame =
      ReadJointLink(node, "child", joint->source, &joint->child_source);

  const xmlNode* axis = UniqueChild(node, "axis");
  const xmlNode* axis2 = UniqueChild(node, "axis2");
  if (axis != nullptr) {
    joint->axes.push_back(ReadAxis(axis));
  } else if (axis2 != nullptr) {
    JointAxis first;  // <axis2> alone: the first axis keeps its default
    first.source = joint->source;
    joint->axes.push_back(first);
  }
  if (axis2 != nullptr) joint->axes.push_back(ReadAxis(axis2));
}

std::string Reader::ReadJointLink(const xmlNode* joint, std::string_view tag,
                                  const SourceLocation& joint_at,
                                  SourceLocation* at) {
  const xmlNode* element = UniqueChild(joint, tag);
  if (element == nullptr) {
    *at = joint_at;
    diags_->Error(Code::kElementMissing, joint_at,
                  DescribeElement(joint) + " has no <" + std::string(tag) +
                      ">");
    return "";
  }
  *at = xml_.Locate(element);
  return std::string(TrimWhitespace(Text(element)));
}

JointAxis Reader::ReadAxis(const xmlNode* axis) {
  JointAxis result;
  result.source = xml_.Locate(axis);
  if (const xmlNode* xyz = UniqueChild(axis, "xyz")) {
    result.source = xml_.Locate(xyz);
    result.xyz = ReadVector3(xml_, xyz, Eigen::Vector3d::UnitZ(), diags_);
    result.expressed_in = Attribute(xyz, "expressed_in").value_or("");
  }
  for (const xmlNode* old = FirstChildElement(axis, "use_parent_model_frame");
       old != nullptr;
       old = NextSiblingElement(old, "use_parent_model_frame")) {
    diags_->Warning(Code::kElementInvalid, xml_.Locate(old),
                    "<use_parent_model_frame> was removed in SDFormat 1.7; "
                    "use <xyz expressed_in=\"__model__\"> instead (ignored)");
  }
  return result;
}

Inertial Reader::ReadInertial(const xmlNode* inertial) {
  Inertial result;
  result.pose = ReadPoseOf(inertial, xml_.Locate(inertial));
  if (const xmlNode* mass = UniqueChild(inertial, "mass")) {
    result.mass = ReadDouble(xml_, mass, result.mass, diags_);
  }
  const xmlNode* inertia = UniqueChild(inertial, "inertia");
  if (inertia == nullptr) return result;
  struct Moment {
    const char* tag;
    int row, col;
  };
  constexpr Moment kMoments[] = {{"ixx", 0, 0}, {"ixy", 0, 1}, {"ixz", 0, 2},
                                 {"iyy", 1, 1}, {"iyz", 1, 2}, {"izz", 2, 2}};
  Eigen::Matrix3d& I = result.inertia;
  for (const Moment& m : kMoments) {
    const xmlNode* element = UniqueChild(inertia, m.tag);
    if (element == nullptr) continue;  // the default
    I(m.row, m.col) = ReadDouble(xml_, element, I(m.row, m.col), diags_);
    I(m.col, m.row) = I(m.row, m.col);
  }
  return result;
}

PoseSpec Reader::ReadPoseOf(const xmlNode* owner,
                            const SourceLocation& owner_at) {
  if (const xmlNode* pose = UniqueChild(owner, "pose")) {
    return ReadPose(xml_, pose, diags_);
  }
  PoseSpec absent;
  absent.source = owner_at;
  return absent;
}

// The first child `tag`; a warning for each further one.
const xmlNode* Reader::UniqueChild(const xmlNode* parent,
                                   std::string_view tag) {
  const xmlNode* first = FirstChildElement(parent, tag);
  if (first == nullptr) return nullptr;
  for (const xmlNode* extra = NextSiblingElement(first, tag); extra != nullptr;
       extra = NextSiblingElement(extra, tag)) {
    diags_->Warning(Code::kElementInvalid, xml_.Locate(extra),
                    "more than one <" + std::string(tag) + "> in " +
                        DescribeElement(parent) + "; only the first is read");
  }
  return first;
}

std::string SupportedVersions() {
  std::string out;
  for (std::string_view v : kSdfReaderVersions) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out;
}

// The one <world> or <model> under <sdf>; errors for everything else there.
const xmlNode* FindTop(const XmlDocument& xml, const xmlNode* sdf,
                       Diagnostics* diags) {
  const xmlNode* top = nullptr;
  for (const xmlNode* child : ChildElements(sdf)) {
    if (IsNamespaced(child)) continue;
    const std::string tag = Tag(child);
    const bool world_or_model = tag == "world" || tag == "model";
    if (world_or_model && top == nullptr) {
      top = child;
    } else if (world_or_model) {
      diags->Error(Code::kElementInvalid, xml.Locate(child),
                   "only one <world> or <model> per file is supported; " +
                       DescribeElement(child) + " is ignored");
    } else {
      diags->Error(Code::kElementInvalid, xml.Locate(child),
                   "<" + tag +
                       "> directly under <sdf> is not supported; expected "
                       "one <world> or <model>");
    }
  }
  return top;
}

}  // namespace

bool SdfReader::Accepts(std::string_view root_tag,
                        std::string_view version) const {
  return root_tag == "sdf" &&
         std::find(kSdfReaderVersions.begin(), kSdfReaderVersions.end(),
                   version) != kSdfReaderVersions.end();
}

std::optional<Document> SdfReader::Read(const XmlDocument& xml,
                                        Diagnostics* diags) const {
  const xmlNode* sdf = xml.root();
  const SourceLocation at = xml.Locate(sdf);
  if (Tag(sdf) != "sdf") {
    diags->Error(Code::kElementInvalid, at,
                 "the root element is <" + Tag(sdf) + ">; expected <sdf>");
    return std::nullopt;
  }
  const std::optional<std::string> version = Attribute(sdf, "version");
  if (!version) {
    diags->Error(Code::kAttributeMissing, at,
                 "<sdf> has no version attribute");
    return std::nullopt;
  }
  if (!Accepts("sdf", *version)) {
    diags->Error(Code::kVersionUnsupported, at,
                 "SDFormat version " + *version +
                     " is not supported by this reader; supported: " +
                     SupportedVersions());
    return std::nullopt;
  }
  const xmlNode* top = FindTop(xml, sdf, diags);
  if (top == nullptr) {
    diags->Error(Code::kElementMissing, at,
                 "<sdf> has no <world> or <model>");
    return std::nullopt;
  }
  return Reader(xml, *version, diags).Run(top);
}

}  // namespace sdfconv
