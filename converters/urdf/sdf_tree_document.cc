#include "converters/urdf/sdf_tree_document.h"

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "converters/sdf/sdf_vocabulary.h"
#include "converters/xml/text_values.h"
#include "core/pose.h"

namespace sdfconv {
namespace {

bool IsCustom(const SdfNode& node) {
  return node.tag.find(':') != std::string::npos;
}

std::string Describe(const SdfTree& tree, NodeId id) {
  std::string out = "<" + tree.at(id).tag;
  if (const auto name = tree.Attribute(id, "name")) {
    out += " name=\"" + *name + "\"";
  }
  return out + ">";
}

class TreeReader {
 public:
  TreeReader(const SdfTree& tree, Diagnostics* diags)
      : tree_(tree), diags_(diags) {}

  Document Run(NodeId top, const std::string& file);

 private:
  std::optional<ElementKind> KindOfChild(ElementKind parent, NodeId child);
  Element ReadElement(NodeId node, ElementKind kind);
  void ReadJoint(NodeId node, Element* joint);
  Inertial ReadInertial(NodeId inertial);
  JointAxis ReadAxis(NodeId axis);
  PoseSpec ReadPoseOf(NodeId owner);
  NodeId UniqueChild(NodeId parent, std::string_view tag);
  double ReadDouble(NodeId node, double fallback);
  const SourceLocation& At(NodeId id) const { return tree_.at(id).source; }

  const SdfTree& tree_;
  Diagnostics* diags_;
  Document doc_;
};

Document TreeReader::Run(NodeId top, const std::string& file) {
  doc_.file = file;
  doc_.version = "1.8";
  struct Pending {
    NodeId node;
    ElementKind kind;
    ElementId parent;
  };
  const ElementKind top_kind = tree_.at(top).tag == "world"
                                   ? ElementKind::kWorld
                                   : ElementKind::kModel;
  std::vector<Pending> stack = {{top, top_kind, kNoElement}};
  while (!stack.empty()) {
    const Pending p = stack.back();
    stack.pop_back();
    const ElementId id = doc_.Add(p.parent, ReadElement(p.node, p.kind));
    if (!ReadsChildren(p.kind)) continue;
    const size_t first = stack.size();
    for (const NodeId child : tree_.ChildElements(p.node)) {
      if (const auto kind = KindOfChild(p.kind, child)) {
        stack.push_back({child, *kind, id});
      }
    }
    std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first),
                 stack.end());
  }
  return std::move(doc_);
}

std::optional<ElementKind> TreeReader::KindOfChild(ElementKind parent,
                                                   NodeId child) {
  const SdfNode& node = tree_.at(child);
  if (IsCustom(node)) return std::nullopt;
  if (node.tag == "include" &&
      (parent == ElementKind::kWorld || parent == ElementKind::kModel)) {
    diags_->Error(Code::kElementInvalid, node.source,
                  "<include> in SDFormat content of a URDF is not read "
                  "(an included file has no place in a URDF); it is skipped");
    return std::nullopt;
  }
  if (const auto kind = KnownKind(parent, node.tag)) return kind;
  // The tree is SDFormat 1.8, where worlds and models hold <frame>s.
  if (node.tag == "frame" &&
      (parent == ElementKind::kWorld || parent == ElementKind::kModel)) {
    return ElementKind::kFrame;
  }
  if (IsContentTag(node.tag) || !tree_.Attribute(child, "name")) {
    return std::nullopt;
  }
  return ElementKind::kOther;
}

Element TreeReader::ReadElement(NodeId node, ElementKind kind) {
  Element e;
  e.kind = kind;
  e.tag = tree_.at(node).tag;
  e.source = At(node);
  if (std::optional<std::string> name = tree_.Attribute(node, "name")) {
    e.name = std::move(*name);
    e.has_name = true;
  } else {
    diags_->Error(Code::kAttributeMissing, e.source,
                  "<" + e.tag + "> has no name attribute");
  }
  if (kind == ElementKind::kOther) return e;
  if (kind != ElementKind::kWorld) e.pose = ReadPoseOf(node);
  switch (kind) {
    case ElementKind::kModel: {
      if (const NodeId s = UniqueChild(node, "static"); s != kNoNode) {
        const auto value = ParseBool(tree_.at(s).text);
        if (!value) {
          diags_->Error(Code::kValueInvalid, At(s),
                        "<static> is '" + tree_.at(s).text +
                            "'; expected true, false, 1 or 0");
        }
        e.is_static = value.value_or(false);
      }
      e.canonical_link = tree_.Attribute(node, "canonical_link").value_or("");
      e.placement_frame =
          tree_.Attribute(node, "placement_frame").value_or("");
      break;
    }
    case ElementKind::kLink:
      if (const NodeId i = UniqueChild(node, "inertial"); i != kNoNode) {
        e.inertial = ReadInertial(i);
      }
      break;
    case ElementKind::kJoint:
      ReadJoint(node, &e);
      break;
    case ElementKind::kFrame:
      e.attached_to = tree_.Attribute(node, "attached_to").value_or("");
      break;
    default:
      break;
  }
  return e;
}

void TreeReader::ReadJoint(NodeId node, Element* joint) {
  if (std::optional<std::string> type = tree_.Attribute(node, "type")) {
    joint->joint_type = std::move(*type);
    if (!IsSdfJointType(joint->joint_type)) {
      diags_->Error(Code::kAttributeInvalid, joint->source,
                    "joint type '" + joint->joint_type + "' of " +
                        Describe(tree_, node) + " is not an SDFormat type");
    }
  } else {
    diags_->Error(Code::kAttributeMissing, joint->source,
                  Describe(tree_, node) + " has no type attribute");
  }
  for (const char* tag : {"parent", "child"}) {
    const NodeId link = UniqueChild(node, tag);
    const bool is_parent = std::string_view(tag) == "parent";
    SourceLocation& at = is_parent ? joint->parent_source : joint->child_source;
    std::string& frame = is_parent ? joint->parent_frame : joint->child_frame;
    if (link == kNoNode) {
      at = joint->source;
      diags_->Error(Code::kElementMissing, joint->source,
                    Describe(tree_, node) + " has no <" + tag + ">");
      continue;
    }
    at = At(link);
    frame = std::string(TrimWhitespace(tree_.at(link).text));
  }
  const NodeId axis = UniqueChild(node, "axis");
  const NodeId axis2 = UniqueChild(node, "axis2");
  if (axis != kNoNode) {
    joint->axes.push_back(ReadAxis(axis));
  } else if (axis2 != kNoNode) {
    JointAxis first;
    first.source = joint->source;
    joint->axes.push_back(first);
  }
  if (axis2 != kNoNode) joint->axes.push_back(ReadAxis(axis2));
}

JointAxis TreeReader::ReadAxis(NodeId axis) {
  JointAxis result;
  result.source = At(axis);
  if (const NodeId xyz = UniqueChild(axis, "xyz"); xyz != kNoNode) {
    result.source = At(xyz);
    if (const auto v = ParseDoubles(tree_.at(xyz).text, 3)) {
      result.xyz = Eigen::Vector3d((*v)[0], (*v)[1], (*v)[2]);
    } else {
      diags_->Error(Code::kValueInvalid, At(xyz),
                    "<xyz> is '" + tree_.at(xyz).text +
                        "'; expected three numbers 'x y z'");
    }
    result.expressed_in = tree_.Attribute(xyz, "expressed_in").value_or("");
  }
  return result;
}

Inertial TreeReader::ReadInertial(NodeId inertial) {
  Inertial result;
  result.pose = ReadPoseOf(inertial);
  if (const NodeId mass = UniqueChild(inertial, "mass"); mass != kNoNode) {
    result.mass = ReadDouble(mass, result.mass);
  }
  const NodeId inertia = UniqueChild(inertial, "inertia");
  if (inertia == kNoNode) return result;
  struct Moment {
    const char* tag;
    int row, col;
  };
  constexpr Moment kMoments[] = {{"ixx", 0, 0}, {"ixy", 0, 1}, {"ixz", 0, 2},
                                 {"iyy", 1, 1}, {"iyz", 1, 2}, {"izz", 2, 2}};
  Eigen::Matrix3d& I = result.inertia;
  for (const Moment& m : kMoments) {
    const NodeId element = UniqueChild(inertia, m.tag);
    if (element == kNoNode) continue;
    I(m.row, m.col) = ReadDouble(element, I(m.row, m.col));
    I(m.col, m.row) = I(m.row, m.col);
  }
  return result;
}

double TreeReader::ReadDouble(NodeId node, double fallback) {
  if (const auto value = ParseDouble(tree_.at(node).text)) return *value;
  diags_->Error(Code::kValueInvalid, At(node),
                "<" + tree_.at(node).tag + "> is '" + tree_.at(node).text +
                    "'; expected a finite number");
  return fallback;
}

PoseSpec TreeReader::ReadPoseOf(NodeId owner) {
  PoseSpec spec;
  const NodeId pose = UniqueChild(owner, "pose");
  if (pose == kNoNode) {
    spec.source = At(owner);
    return spec;
  }
  spec.present = true;
  spec.source = At(pose);
  spec.relative_to = tree_.Attribute(pose, "relative_to").value_or("");
  const std::string& text = tree_.at(pose).text;
  if (TrimWhitespace(text).empty()) return spec;
  const auto v = ParseDoubles(text, 6);
  if (!v) {
    diags_->Error(Code::kPoseInvalid, spec.source,
                  "<pose> of " + Describe(tree_, owner) + " is '" + text +
                      "'; expected six numbers 'x y z roll pitch yaw'");
    return spec;
  }
  spec.X = PoseFromXyzRpy(Eigen::Vector3d((*v)[0], (*v)[1], (*v)[2]),
                          Eigen::Vector3d((*v)[3], (*v)[4], (*v)[5]));
  return spec;
}

NodeId TreeReader::UniqueChild(NodeId parent, std::string_view tag) {
  const NodeId first = tree_.FindChild(parent, tag);
  if (first == kNoNode) return kNoNode;
  bool seen = false;
  for (const NodeId child : tree_.ChildElements(parent)) {
    if (tree_.at(child).tag != tag) continue;
    if (seen) {
      diags_->Warning(Code::kElementInvalid, At(child),
                      "more than one <" + std::string(tag) + "> in " +
                          Describe(tree_, parent) + "; only the first is read");
    }
    seen = true;
  }
  return first;
}

}  // namespace

std::optional<Document> SdfTreeToDocument(const SdfTree& tree,
                                          const std::string& file,
                                          Diagnostics* diags) {
  for (const NodeId child : tree.ChildElements(SdfTree::kRoot)) {
    const std::string& tag = tree.at(child).tag;
    if (tag == "model" || tag == "world") {
      return TreeReader(tree, diags).Run(child, file);
    }
  }
  diags->Error(Code::kElementMissing, tree.at(SdfTree::kRoot).source,
               "<sdf> has no <world> or <model>");
  return std::nullopt;
}

}  // namespace sdfconv
