#include "converters/urdf/urdf_joint_content.h"

#include "converters/sdf/joint_limits.h"
#include "converters/urdf/urdf_values.h"

namespace sdfconv {
namespace {

const char* TypeName(int type) {
  switch (type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    default: return "fixed";
  }
}

// The frame a URDF parent link is named by, and what the joint pose is
// relative to.
struct ParentFrame {
  std::string parent;       // <parent>: SDF name or "world"
  std::string relative_to;  // the frame name or "__model__"
};

ParentFrame ParentOf(const ImportContext& ctx, const urdf::Joint& joint) {
  const std::string frame = ctx.plan->FrameOf(joint.parent_link_name);
  if (frame.empty()) return {"world", "__model__"};
  return {frame, frame};
}

void WriteOriginPose(const ImportContext& ctx, const JointPlan& joint,
                     const std::string& relative_to, NodeId node) {
  XmlElement origin = FirstChildElement(joint.xml, "origin");
  const NodeId pose = ctx.tree->AppendValue(
      node, "pose", OriginText(origin), ctx.At(origin ? origin : joint.xml));
  ctx.tree->SetAttribute(pose, "relative_to", relative_to);
}

std::string AxisText(const ImportContext& ctx, const JointPlan& joint) {
  const urdf::Vector3& a = joint.joint->axis;
  XmlElement axis = FirstChildElement(joint.xml, "axis");
  if (a.x == 0 && a.y == 0 && a.z == 0) {
    ctx.diags->Warning(Code::kJointAxisInvalid, ctx.At(axis ? axis : joint.xml),
                       "joint '" + joint.joint->name +
                           "': urdfdom reads a zero axis (an <axis> without "
                           "xyz, or xyz=\"0 0 0\"); URDF's default 1 0 0 is "
                           "written instead");
    return "1 0 0";
  }
  return VectorText(axis, "xyz", "1 0 0");
}

void WriteAxis(const ImportContext& ctx, const JointPlan& joint, NodeId node) {
  const urdf::Joint& j = *joint.joint;
  XmlElement axis_xml = FirstChildElement(joint.xml, "axis");
  const SourceLocation at = ctx.At(axis_xml ? axis_xml : joint.xml);
  XmlTree& tree = *ctx.tree;
  const NodeId axis = tree.AppendElement(node, "axis", at);
  tree.AppendValue(axis, "xyz", AxisText(ctx, joint), at);
  if (j.limits) {
    XmlElement limit_xml = FirstChildElement(joint.xml, "limit");
    const SourceLocation limit_at = ctx.At(limit_xml);
    const NodeId limit = tree.AppendElement(axis, "limit", limit_at);
    if (j.type != urdf::Joint::CONTINUOUS) {
      tree.AppendValue(limit, "lower", FormatNumber(j.limits->lower), limit_at);
      tree.AppendValue(limit, "upper", FormatNumber(j.limits->upper), limit_at);
    }
    tree.AppendValue(limit, "effort", FormatNumber(j.limits->effort), limit_at);
    tree.AppendValue(limit, "velocity", FormatNumber(j.limits->velocity),
                  limit_at);
  }
  if (j.dynamics) {
    XmlElement dynamics_xml = FirstChildElement(joint.xml, "dynamics");
    const SourceLocation dynamics_at = ctx.At(dynamics_xml);
    const NodeId dynamics = tree.AppendElement(axis, "dynamics", dynamics_at);
    tree.AppendValue(dynamics, "damping", FormatNumber(j.dynamics->damping),
                  dynamics_at);
    tree.AppendValue(dynamics, "friction", FormatNumber(j.dynamics->friction),
                  dynamics_at);
  }
}

// What URDF says about the joint that SDFormat has no element for.
bool KeptVerbatim(const urdf::Joint& joint, XmlElement child) {
  const std::string tag(Tag(child));
  if (tag == "mimic" || tag == "safety_controller" || tag == "calibration") {
    return true;
  }
  const bool fixed = joint.type == urdf::Joint::FIXED;
  if (tag == "axis" || tag == "dynamics") return fixed;
  if (tag == "limit") {
    // What SDFormat reads as "unlimited", written as read: a negative
    // effort or velocity, or a revolute joint's lower and upper both
    // beyond 1e16 (which the export would write as continuous). The URDF's
    // text is kept so that the export writes it back.
    const bool unlimited =
        joint.limits &&
        (joint.limits->effort < 0 || joint.limits->velocity < 0 ||
         (joint.type == urdf::Joint::REVOLUTE &&
          !IsBounded(joint.limits->lower) && !IsBounded(joint.limits->upper)));
    return fixed || unlimited ||
           (joint.type == urdf::Joint::CONTINUOUS &&
            (Attribute(child, "lower") || Attribute(child, "upper")));
  }
  return false;
}

bool IsJointElement(std::string_view tag) {
  return tag == "origin" || tag == "parent" || tag == "child" ||
         tag == "axis" || tag == "limit" || tag == "dynamics" ||
         tag == "mimic" || tag == "safety_controller" || tag == "calibration";
}

void KeepTheRest(const ImportContext& ctx, const JointPlan& joint,
                 NodeId node) {
  CopyComments(ctx, joint.xml, node);
  for (XmlElement child : ChildElements(joint.xml)) {
    if (KeptVerbatim(*joint.joint, child)) {
      KeepAsUrdf(ctx, child, node);
    } else if (!IsJointElement(Tag(child))) {
      KeepUnknown(ctx, child, "joint", node);
    }
  }
}

}  // namespace

void MarkUrdfName(const ImportContext& ctx, NodeId node,
                  const std::string& urdf_name) {
  if (ctx.tree->Attribute(node, "name") == urdf_name) return;
  ctx.tree->SetAttribute(node, std::string(kUrdfPrefix) + ":name", urdf_name);
}

void WriteJoint(const ImportContext& ctx, const JointPlan& joint,
                NodeId node) {
  const urdf::Joint& j = *joint.joint;
  XmlTree& tree = *ctx.tree;
  tree.SetAttribute(node, "name", joint.sdf_name);
  tree.SetAttribute(node, "type", TypeName(j.type));
  MarkUrdfName(ctx, node, j.name);
  const ParentFrame parent = ParentOf(ctx, j);
  WriteOriginPose(ctx, joint, parent.relative_to, node);
  XmlElement parent_xml = FirstChildElement(joint.xml, "parent");
  XmlElement child_xml = FirstChildElement(joint.xml, "child");
  tree.AppendValue(node, "parent", parent.parent, ctx.At(parent_xml));
  tree.AppendValue(node, "child", ctx.plan->FrameOf(j.child_link_name),
                ctx.At(child_xml));
  if (j.type != urdf::Joint::FIXED) WriteAxis(ctx, joint, node);
  KeepTheRest(ctx, joint, node);
}

void WriteJointFrame(const ImportContext& ctx, const JointPlan& joint,
                     NodeId node) {
  const urdf::Joint& j = *joint.joint;
  XmlTree& tree = *ctx.tree;
  const ParentFrame parent = ParentOf(ctx, j);
  tree.SetAttribute(node, "name", joint.sdf_name);
  tree.SetAttribute(node, "attached_to", parent.parent);
  tree.SetAttribute(node, std::string(kUrdfPrefix) + ":kind", "joint");
  MarkUrdfName(ctx, node, j.name);
  WriteOriginPose(ctx, joint, parent.relative_to, node);
  KeepTheRest(ctx, joint, node);
}

void WriteLinkFrame(const ImportContext& ctx, const LinkPlan& link,
                    NodeId node) {
  const urdf::Joint& j = *link.link->parent_joint;
  const std::string& joint_name = ctx.plan->joints.at(j.name).sdf_name;
  XmlTree& tree = *ctx.tree;
  tree.SetAttribute(node, "name", link.sdf_name);
  tree.SetAttribute(node, "attached_to", joint_name);
  tree.SetAttribute(node, std::string(kUrdfPrefix) + ":kind", "link");
  MarkUrdfName(ctx, node, link.link->name);
  const NodeId pose = tree.AppendElement(node, "pose", ctx.At(link.xml));
  tree.SetAttribute(pose, "relative_to", joint_name);
}

}  // namespace sdfconv
