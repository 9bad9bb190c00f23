#include "converters/urdf/urdf_plan.h"

#include <utility>

#include "converters/sdf/sdf_names.h"
#include "converters/urdf/gazebo_extensions.h"
#include "converters/urdf/urdf_names.h"

namespace sdfconv {
namespace {

bool Preserved(const UrdfPlan& plan, const std::string& joint) {
  const auto it = plan.gazebo.find(joint);
  if (it == plan.gazebo.end()) return false;
  for (XmlElement block : it->second) {
    if (PreservesFixedJoint(block)) return true;
  }
  return false;
}

std::string Quote(const std::string& name) { return "'" + name + "'"; }

class Planner {
 public:
  Planner(const XmlTree& xml, const urdf::ModelInterface& model,
          const UrdfImportOptions& options, Diagnostics* diags)
      : xml_(xml), model_(model), options_(options), diags_(diags) {}

  UrdfPlan Run();

 private:
  void Collect();
  void AssignRoles();
  void AssignBodies();
  void AssignNames();
  void WarnMassless(const std::string& name, const LinkPlan& link);
  void WarnSecondParents();

  const XmlTree& xml_;
  const urdf::ModelInterface& model_;
  const UrdfImportOptions& options_;
  Diagnostics* diags_;
  UrdfPlan plan_;
  std::vector<std::string> link_order_;   // URDF names, document order
  std::vector<std::string> joint_order_;
};

UrdfPlan Planner::Run() {
  Collect();
  AssignRoles();
  AssignBodies();
  for (const std::string& name : link_order_) {
    WarnMassless(name, plan_.links[name]);
  }
  AssignNames();
  WarnSecondParents();
  return std::move(plan_);
}

// urdfdom accepted the file, so link and joint names are unique and every
// <link>/<joint> has one.
void Planner::Collect() {
  for (XmlElement e : ChildElements(RootElement(xml_))) {
    const std::string tag(Tag(e));
    const std::string name = Attribute(e, "name").value_or("");
    if (tag == "link") {
      LinkPlan& link = plan_.links[name];
      link.xml = e;
      link.link = model_.getLink(name);
      link_order_.push_back(name);
    } else if (tag == "joint") {
      JointPlan& joint = plan_.joints[name];
      joint.xml = e;
      joint.joint = model_.getJoint(name);
      joint_order_.push_back(name);
    } else if (tag == "gazebo") {
      if (const auto reference = Attribute(e, "reference")) {
        plan_.gazebo[*reference].push_back(e);
      }
    }
  }
}

void Planner::AssignRoles() {
  const urdf::LinkConstSharedPtr root = model_.getRoot();
  for (auto& [name, joint] : plan_.joints) {
    const int type = joint.joint->type;
    if (type == urdf::Joint::FLOATING || type == urdf::Joint::PLANAR) {
      joint.role = JointRole::kDropped;
    }
  }
  for (auto& [name, link] : plan_.links) {
    if (link.link == root && name == "world") {
      link.role = LinkRole::kWorld;
      continue;
    }
    const urdf::JointConstSharedPtr parent_joint = link.link->parent_joint;
    if (!parent_joint) continue;
    const bool fixed = parent_joint->type == urdf::Joint::FIXED;
    const bool to_world =
        parent_joint->parent_link_name == "world" && root->name == "world";
    const bool merges = options_.merge_fixed_joints || link.link->inertial == nullptr;
    if (fixed && !to_world && merges && !Preserved(plan_, parent_joint->name)) {
      link.role = LinkRole::kFrame;
      plan_.joints[parent_joint->name].role = JointRole::kFrame;
    }
  }
}

// A link without inertia that stays a link weighs 1 kg in SDFormat, unless
// a fixed joint holds it to the world (or links merged into it bring mass).
void Planner::WarnMassless(const std::string& name, const LinkPlan& link) {
  if (link.role != LinkRole::kLink || link.link->inertial) return;
  if (const auto merged = plan_.frames_of.find(name);
      merged != plan_.frames_of.end()) {
    for (const std::string& frame : merged->second) {
      if (plan_.links[frame].link->inertial) return;
    }
  }
  const urdf::JointConstSharedPtr joint = link.link->parent_joint;
  if (joint && joint->type == urdf::Joint::FIXED) {
    const auto parent = plan_.links.find(joint->parent_link_name);
    if (parent != plan_.links.end() &&
        parent->second.role == LinkRole::kWorld) {
      return;
    }
  }
  const std::string why =
      !joint ? "it is the root link"
                       : "its joint " + Quote(joint->name) + " is " +
                             (joint->type == urdf::Joint::FIXED
                                  ? "fixed and kept as a joint"
                                  : "not fixed");
  diags_->Warning(Code::kElementMissing, Locate(link.xml),
                  "link " + Quote(name) + " has no <inertial> and stays a "
                  "link (" + why + "): URDF gives it no mass, SDFormat gives "
                  "a link without <inertial> a mass of 1 kg");
}

// Walks up from each frame to the nearest link (bounded: urdfdom accepts
// disconnected cycles, which the core reports later).
void Planner::AssignBodies() {
  for (const std::string& name : link_order_) {
    LinkPlan& link = plan_.links[name];
    if (link.role != LinkRole::kFrame) continue;
    std::string body = link.link->parent_joint->parent_link_name;
    for (size_t steps = 0; steps < plan_.links.size(); ++steps) {
      const LinkPlan& up = plan_.links[body];
      if (up.role != LinkRole::kFrame) break;
      body = up.link->parent_joint->parent_link_name;
    }
    link.body = body;
    plan_.frames_of[body].push_back(name);
  }
}

void Planner::AssignNames() {
  NameScope frames;
  const std::string robot = model_.getName();
  NameScope models;
  plan_.model_name = models.Claim(robot, "robot");
  if (plan_.model_name != robot) {
    diags_->Warning(Code::kReservedName, Locate(RootElement(xml_)),
                    "robot name " + Quote(robot) +
                        " is not a legal SDFormat 1.8 name; the model is "
                        "named " + Quote(plan_.model_name));
  }
  // Legal names are claimed first (links, then joints), as the upgrade
  // keeps every legal sibling name before it repairs the others: a link
  // `base` keeps its name even after a link `__base__` (which becomes
  // `base_link`).
  for (const bool legal : {true, false}) {
    for (const std::string& name : link_order_) {
      LinkPlan& link = plan_.links[name];
      if (link.role == LinkRole::kWorld || IsLegalSdfName(name) != legal) {
        continue;
      }
      link.sdf_name = frames.Claim(name, "link");
      if (link.sdf_name == name) continue;
      diags_->Warning(Code::kReservedName, Locate(link.xml),
                      "link " + Quote(name) +
                          " is not a legal SDFormat 1.8 name; renamed " +
                          Quote(link.sdf_name));
    }
    for (const std::string& name : joint_order_) {
      JointPlan& joint = plan_.joints[name];
      if (joint.role == JointRole::kDropped || IsLegalSdfName(name) != legal) {
        continue;
      }
      const bool clash = frames.Taken(name);
      joint.sdf_name = frames.Claim(name, "joint");
      if (joint.sdf_name == name) continue;
      diags_->Warning(
          clash ? Code::kDuplicateName : Code::kReservedName,
          Locate(joint.xml),
          "joint " + Quote(name) +
              (clash ? " has the name of a link (or of another frame); "
                     : " is not a legal SDFormat 1.8 name; ") +
              "renamed " + Quote(joint.sdf_name));
    }
  }
  plan_.frame_names = frames;
  const urdf::LinkConstSharedPtr root = model_.getRoot();
  const LinkPlan& root_plan = plan_.links[root->name];
  if (root_plan.role == LinkRole::kLink) plan_.canonical_link = root_plan.sdf_name;
}

// urdfdom accepts a link that is the child of two joints (the last joint by
// name poses it); the other joint closes a kinematic loop.
void Planner::WarnSecondParents() {
  for (const std::string& name : joint_order_) {
    const JointPlan& joint = plan_.joints[name];
    const auto child = plan_.links.find(joint.joint->child_link_name);
    if (child == plan_.links.end()) continue;
    const urdf::JointConstSharedPtr poser = child->second.link->parent_joint;
    if (!poser || poser == joint.joint) continue;
    diags_->Warning(Code::kJointChildLinkInvalid, Locate(joint.xml),
                    "link " + Quote(child->first) +
                        " is the child of more than one joint; joint " +
                        Quote(poser->name) + " poses it (as in urdfdom), "
                        "joint " + Quote(name) + " closes a kinematic loop");
  }
}

}  // namespace

std::string UrdfPlan::FrameOf(const std::string& urdf_name) const {
  const auto it = links.find(urdf_name);
  if (it == links.end() || it->second.role == LinkRole::kWorld) return "";
  return it->second.sdf_name;
}

UrdfPlan MakePlan(const XmlTree& xml, const urdf::ModelInterface& model,
                  const UrdfImportOptions& options, Diagnostics* diags) {
  return Planner(xml, model, options, diags).Run();
}

}  // namespace sdfconv
