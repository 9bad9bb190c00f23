// UrdfPlan: what each URDF link and joint becomes in SDFormat 1.8, and
// under which name, decided once before anything is written.
//
// Roles (docs/urdf.md, "Links and joints"):
//  - the root link, when it is named `world`, is the world (kWorld): joints
//    from it name `world` as their parent;
//  - a link without <inertial> whose parent joint is fixed becomes a frame
//    (kFrame), and so does that joint, unless the parent is `world` or the
//    joint has <gazebo><preserveFixedJoint>true (or
//    <disableFixedJointLumping>true). With merge_fixed_joints, every link
//    attached by such a fixed joint becomes a frame;
//  - floating and planar joints have no SDFormat 1.8 joint (kDropped): their
//    child is posed by the origin alone;
//  - everything else stays a link (kLink) or a joint (kJoint).
// Names: links first, in document order, then joints; each gets a NameScope
// name (urdf_names.h). Every change of name, every dropped joint and every
// link without inertia that stays a link is reported as a warning.
//
// The plan also notes, for a frame, its body: the nearest link above it,
// which receives the frame's visuals and collisions.
#ifndef SDFCONV_CONVERTERS_URDF_URDF_PLAN_H_
#define SDFCONV_CONVERTERS_URDF_URDF_PLAN_H_

#include <map>
#include <string>
#include <vector>

#include <urdf_model/model.h>

#include "converters/urdf/urdf_import_options.h"
#include "converters/urdf/urdf_names.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"

namespace sdfconv {

enum class LinkRole { kWorld, kLink, kFrame };
enum class JointRole { kJoint, kFrame, kDropped };

struct LinkPlan {
  LinkRole role = LinkRole::kLink;
  std::string sdf_name;
  std::string body;  // kFrame: URDF name of the link it is part of
  XmlElement xml;
  urdf::LinkConstSharedPtr link;
};

struct JointPlan {
  JointRole role = JointRole::kJoint;
  std::string sdf_name;
  XmlElement xml;
  urdf::JointConstSharedPtr joint;
};

struct UrdfPlan {
  std::string model_name;
  // The URDF root link's SDF name when it is a link (the canonical link).
  std::string canonical_link;
  std::map<std::string, LinkPlan> links;    // by URDF name
  std::map<std::string, JointPlan> joints;  // by URDF name
  // The names of the model's frames (links, joints, frames), for whatever
  // is added to the model later (<gazebo> content).
  NameScope frame_names;
  // Body link -> the frames whose body it is (URDF names, document order).
  std::map<std::string, std::vector<std::string>> frames_of;
  // <gazebo reference="..."> blocks, by reference, in document order.
  std::map<std::string, std::vector<XmlElement>> gazebo;

  // The frame a joint or pose names for URDF link `urdf_name`: its SDF name,
  // or "" for the world (the model frame).
  [[nodiscard]] std::string FrameOf(const std::string& urdf_name) const;
};

[[nodiscard]] UrdfPlan MakePlan(const XmlTree& xml,
                                const urdf::ModelInterface& model,
                                const UrdfImportOptions& options,
                                Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_PLAN_H_
