#include "converters/urdf/urdf_importer.h"

#include <map>
#include <memory>
#include <utility>

#include "converters/urdf/gazebo_extensions.h"
#include "converters/urdf/gazebo_settings.h"
#include "converters/urdf/urdf_import_context.h"
#include "converters/urdf/urdf_joint_content.h"
#include "converters/urdf/urdf_link_content.h"
#include "converters/urdf/urdf_mimics.h"
#include "converters/urdf/urdf_names.h"
#include "converters/urdf/urdf_plan.h"
#include "converters/urdf/urdf_values.h"
#include "converters/urdf/urdfdom_parse.h"

namespace sdfconv {
namespace {

std::string Quote(const std::string& name) { return "'" + name + "'"; }

const char* TypeName(int type) {
  return type == urdf::Joint::FLOATING ? "floating" : "planar";
}

class Importer {
 public:
  Importer(const XmlTree& xml, const UrdfImportOptions& options,
           const UrdfPlan& plan, Diagnostics* diags)
      : xml_(xml),
        plan_(plan),
        tree_(XmlTree::Build(xml.file(), "sdf", Locate(RootElement(xml)))) {
    ctx_.xml = &xml;
    ctx_.options = &options;
    ctx_.plan = &plan;
    ctx_.diags = diags;
    ctx_.tree = &tree_;
    ctx_.namespaces = &namespaces_;
    ctx_.unresolved_packages = &unresolved_;
    ctx_.reported_unknown = &reported_;
  }

  XmlTree Run();

 private:
  void CreateModel();
  void CreateShells();
  void CreateLinkShell(XmlElement element);
  void CreateJointShell(XmlElement element);
  void FillLink(const std::string& name, const LinkPlan& link);
  void FillFrame(const std::string& name, const LinkPlan& link);
  void ApplyGazebo();
  void ApplyReferencedGazebo(const GazeboContext& gazebo_ctx,
                             XmlElement block);
  void DeclareNamespaces();

  const XmlTree& xml_;
  const UrdfPlan& plan_;
  XmlTree tree_;
  NodeId model_ = kNoNode;
  Namespaces namespaces_;
  std::vector<std::string> unresolved_;
  std::vector<std::string> reported_;
  ImportContext ctx_;
  std::vector<std::string> link_order_;
  std::vector<std::string> joint_order_;
  std::map<std::string, NodeId> link_nodes_;   // by URDF name
  std::map<std::string, NodeId> joint_nodes_;  // by URDF name
  std::map<NodeId, NameScope> scopes_;         // per SDF link
  std::map<std::string, LinkContent> contents_;  // by URDF link name
  std::vector<XmlElement> gazebo_;  // every <gazebo>, document order
};

XmlTree Importer::Run() {
  CreateModel();
  CreateShells();
  // Links before frames, so that a link's own visuals and collisions keep
  // their names before those moved from frames into it claim theirs.
  for (const std::string& name : link_order_) {
    const LinkPlan& link = plan_.links.at(name);
    if (link.role == LinkRole::kLink) FillLink(name, link);
  }
  for (const std::string& name : link_order_) {
    const LinkPlan& link = plan_.links.at(name);
    if (link.role == LinkRole::kFrame) FillFrame(name, link);
  }
  for (const std::string& name : joint_order_) {
    const JointPlan& joint = plan_.joints.at(name);
    if (joint.role == JointRole::kJoint) {
      WriteJoint(ctx_, joint, joint_nodes_.at(name));
    } else if (joint.role == JointRole::kFrame) {
      WriteJointFrame(ctx_, joint, joint_nodes_.at(name));
    }
  }
  ApplyGazebo();
  DeclareNamespaces();
  return std::move(tree_);
}

void Importer::CreateModel() {
  tree_.SetAttribute(tree_.root(), "version", "1.8");
  model_ = tree_.AppendElement(tree_.root(), "model", Locate(RootElement(xml_)));
  tree_.SetAttribute(model_, "name", plan_.model_name);
  if (!plan_.canonical_link.empty()) {
    tree_.SetAttribute(model_, "canonical_link", plan_.canonical_link);
  }
  MarkUrdfName(ctx_, model_, Attribute(RootElement(xml_), "name").value_or(""));
}

// Document order: one node per link and joint (filled later, when every
// node a pose or a moved visual may need exists), comments, and what is
// kept verbatim.
void Importer::CreateShells() {
  for (NodeId id : xml_.ChildNodes(xml_.root())) {
    if (xml_.at(id).type == XmlNodeType::kComment) {
      tree_.AppendComment(model_, xml_.CommentText(id));
      continue;
    }
    if (!xml_.IsElement(id)) continue;
    const XmlElement c(&xml_, id);
    const std::string tag(Tag(c));
    if (tag == "link") {
      CreateLinkShell(c);
    } else if (tag == "joint") {
      CreateJointShell(c);
    } else if (tag == "gazebo") {
      gazebo_.push_back(c);
    } else if (tag == "material" || tag == "transmission") {
      KeepAsUrdf(ctx_, c, model_);
    } else {
      KeepUnknown(ctx_, c, "robot", model_);
    }
  }
}

void Importer::CreateLinkShell(XmlElement element) {
  const std::string name = Attribute(element, "name").value_or("");
  const LinkPlan& link = plan_.links.at(name);
  link_order_.push_back(name);
  switch (link.role) {
    case LinkRole::kLink:
      link_nodes_[name] = tree_.AppendElement(model_, "link", ctx_.At(element));
      break;
    case LinkRole::kFrame:
      link_nodes_[name] = tree_.AppendElement(model_, "frame", ctx_.At(element));
      break;
    case LinkRole::kWorld:
      if (FirstChildElement(element)) {
        KeepAsUrdf(ctx_, element, model_);
        ctx_.diags->Warning(Code::kElementInvalid, ctx_.At(element),
                            "the root link 'world' is the world frame; what "
                            "it contains is kept in <urdf:link>");
      }
      break;
  }
}

void Importer::CreateJointShell(XmlElement element) {
  const std::string name = Attribute(element, "name").value_or("");
  const JointPlan& joint = plan_.joints.at(name);
  joint_order_.push_back(name);
  if (joint.role == JointRole::kJoint) {
    joint_nodes_[name] = tree_.AppendElement(model_, "joint", ctx_.At(element));
  } else if (joint.role == JointRole::kFrame) {
    joint_nodes_[name] = tree_.AppendElement(model_, "frame", ctx_.At(element));
  } else {
    KeepAsUrdf(ctx_, element, model_);
    const urdf::Joint& j = *joint.joint;
    ctx_.diags->Warning(
        Code::kAttributeInvalid, ctx_.At(element),
        "joint " + Quote(name) + " is " + TypeName(j.type) +
            ", which SDFormat 1.8 has no joint for: no joint is written and "
            "link " + Quote(j.child_link_name) +
            " is posed by the joint's origin" +
            (j.type == urdf::Joint::PLANAR
                 ? " without the planar constraint"
                 : ", free to move") +
            "; the joint is kept in <urdf:joint>");
  }
}

void Importer::FillLink(const std::string& name, const LinkPlan& link) {
  const NodeId node = link_nodes_.at(name);
  tree_.SetAttribute(node, "name", link.sdf_name);
  MarkUrdfName(ctx_, node, name);
  if (const urdf::JointConstSharedPtr joint = link.link->parent_joint) {
    const JointPlan& parent = plan_.joints.at(joint->name);
    if (parent.role == JointRole::kJoint) {
      const NodeId pose = tree_.AppendElement(node, "pose", ctx_.At(link.xml));
      tree_.SetAttribute(pose, "relative_to", parent.sdf_name);
    } else {  // floating or planar: the origin alone
      XmlElement origin = FirstChildElement(parent.xml, "origin");
      const NodeId pose = tree_.AppendValue(
          node, "pose", OriginText(origin),
          ctx_.At(origin ? origin : parent.xml));
      const std::string frame = plan_.FrameOf(joint->parent_link_name);
      tree_.SetAttribute(pose, "relative_to",
                         frame.empty() ? "__model__" : frame);
    }
  }
  CopyComments(ctx_, link.xml, node);
  if (ctx_.options->merge_fixed_joints) {
    WriteMergedInertial(ctx_, name, node);
  } else {
    WriteInertial(ctx_, link, node);
  }
  contents_[name] =
      WriteVisualsAndCollisions(ctx_, link, node, &scopes_[node], "");
  KeepUnknownLinkChildren(ctx_, link, node);
}

void Importer::FillFrame(const std::string& name, const LinkPlan& link) {
  const NodeId node = link_nodes_.at(name);
  WriteLinkFrame(ctx_, link, node);
  CopyComments(ctx_, link.xml, node);
  const auto body = link_nodes_.find(link.body);
  if (body != link_nodes_.end() &&
      plan_.links.at(link.body).role == LinkRole::kLink) {
    contents_[name] = WriteVisualsAndCollisions(
        ctx_, link, body->second, &scopes_[body->second], link.sdf_name);
  }
  KeepUnknownLinkChildren(ctx_, link, node);
}

void Importer::ApplyGazebo() {
  GazeboContext gazebo_ctx;
  gazebo_ctx.xml = &xml_;
  gazebo_ctx.tree = &tree_;
  gazebo_ctx.namespaces = &namespaces_;
  gazebo_ctx.diags = ctx_.diags;
  gazebo_ctx.model = model_;
  gazebo_ctx.scopes = &scopes_;
  scopes_[model_] = plan_.frame_names;
  for (XmlElement block : gazebo_) {
    const std::string reference = Attribute(block, "reference").value_or("");
    if (reference.empty()) {
      ApplyModelGazebo(gazebo_ctx, block);
    } else {
      ApplyReferencedGazebo(gazebo_ctx, block);
    }
  }
}

bool OnlyKeepsJoint(XmlElement block) {
  for (XmlElement c : ChildElements(block)) {
    if (!IsGazeboPreserveFixedJoint(Tag(c))) return false;
  }
  return true;
}

void Importer::ApplyReferencedGazebo(const GazeboContext& gazebo_ctx,
                                     XmlElement block) {
  const std::string reference = *Attribute(block, "reference");
  if (const auto it = plan_.links.find(reference); it != plan_.links.end()) {
    const LinkPlan& link = it->second;
    if (link.role == LinkRole::kWorld) {
      KeepGazebo(gazebo_ctx, block, "refers to the world link");
      return;
    }
    LinkTarget target;
    target.urdf_name = reference;
    target.visuals = contents_[reference].visuals;
    target.collisions = contents_[reference].collisions;
    if (link.role == LinkRole::kLink) {
      target.link = link_nodes_.at(reference);
    } else {
      const auto body = link_nodes_.find(link.body);
      if (body == link_nodes_.end() ||
          plan_.links.at(link.body).role != LinkRole::kLink) {
        KeepGazebo(gazebo_ctx, block, "refers to a frame without a body link");
        return;
      }
      target.link = body->second;
      target.frame = link.sdf_name;
    }
    ApplyLinkGazebo(gazebo_ctx, block, target);
    return;
  }
  const auto it = plan_.joints.find(reference);
  if (it == plan_.joints.end()) {
    KeepGazebo(gazebo_ctx, block, "refers to no link or joint");
    return;
  }
  const JointPlan& joint = it->second;
  if (joint.role == JointRole::kJoint) {
    ApplyJointGazebo(gazebo_ctx, block, joint_nodes_.at(reference),
                     joint.joint->type != urdf::Joint::FIXED);
  } else if (joint.role == JointRole::kDropped) {
    KeepGazebo(gazebo_ctx, block,
               "refers to a joint SDFormat 1.8 has no joint for");
  } else if (!OnlyKeepsJoint(block)) {
    KeepGazebo(gazebo_ctx, block,
               "refers to a fixed joint written as a frame (its child link "
               "has no inertia)");
  }
}

void Importer::DeclareNamespaces() {
  const std::string prefix = kUrdfPrefix;
  tree_.SetAttribute(tree_.root(), "xmlns:" + prefix, kUrdfNamespaceUri);
  for (const auto& [p, uri] : namespaces_) {
    if (p == prefix) continue;
    tree_.SetAttribute(tree_.root(), "xmlns:" + p,
                       uri.empty() ? "urn:sdfconv:undeclared:" + p : uri);
  }
}

}  // namespace

std::optional<XmlTree> ImportUrdf(const XmlTree& xml,
                                  const UrdfImportOptions& options,
                                  Diagnostics* diags) {
  if (Tag(RootElement(xml)) != "robot") {
    diags->Error(Code::kElementInvalid, Locate(RootElement(xml)),
                 "the root element is <" + std::string(Tag(RootElement(xml))) +
                     ">; a URDF has <robot>");
    return std::nullopt;
  }
  const std::shared_ptr<const urdf::ModelInterface> model =
      ParseWithUrdfdom(xml, diags);
  if (!model) return std::nullopt;
  const UrdfPlan plan = MakePlan(xml, *model, options, diags);
  CheckUrdfMimics(plan, diags);
  return Importer(xml, options, plan, diags).Run();
}

}  // namespace sdfconv
