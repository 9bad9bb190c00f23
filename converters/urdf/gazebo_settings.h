// Gazebo's URDF extension settings that have a fixed place in SDFormat
// (`<gazebo reference="L"><mu1>0.5</mu1></gazebo>` is the collisions'
// //surface/friction/ode/mu): the one table that the URDF import
// (gazebo_extensions.cc) reads to place a setting and the URDF export
// (urdf_export/gazebo_blocks.cc) reads to write SDFormat back as settings.
//
// Invariant: `paths` are below the element the setting applies to (each
// collision of the link, the link, the joint), steps separated by '/'; a
// setting with two paths sets both to its value and is written back only
// where both hold the same value. Tables are in the order the export writes.
//
//   const GazeboSetting* s = FindGazeboSetting(kGazeboCollisionSettings, "kp");
//   s->paths[0];  // "surface/contact/ode/kp"
#ifndef SDFCONV_CONVERTERS_URDF_GAZEBO_SETTINGS_H_
#define SDFCONV_CONVERTERS_URDF_GAZEBO_SETTINGS_H_

#include <array>
#include <string_view>

namespace sdfconv {

enum class GazeboValueKind { kNumber, kInteger, kVector3, kBool };

struct GazeboSetting {
  std::string_view tag;  // as Gazebo names it in a <gazebo> block
  GazeboValueKind kind;
  std::array<std::string_view, 2> paths;  // the second is "" for one place
};

// Below each <collision> of the link.
inline constexpr std::array<GazeboSetting, 9> kGazeboCollisionSettings = {{
    {"mu1", GazeboValueKind::kNumber, {"surface/friction/ode/mu"}},
    {"mu2", GazeboValueKind::kNumber, {"surface/friction/ode/mu2"}},
    {"fdir1", GazeboValueKind::kVector3, {"surface/friction/ode/fdir1"}},
    {"kp", GazeboValueKind::kNumber, {"surface/contact/ode/kp"}},
    {"kd", GazeboValueKind::kNumber, {"surface/contact/ode/kd"}},
    {"maxVel", GazeboValueKind::kNumber, {"surface/contact/ode/max_vel"}},
    {"minDepth", GazeboValueKind::kNumber, {"surface/contact/ode/min_depth"}},
    {"laserRetro", GazeboValueKind::kNumber, {"laser_retro"}},
    {"maxContacts", GazeboValueKind::kInteger, {"max_contacts"}},
}};

// Below the <link>.
inline constexpr std::array<GazeboSetting, 3> kGazeboLinkSettings = {{
    {"selfCollide", GazeboValueKind::kBool, {"self_collide"}},
    {"gravity", GazeboValueKind::kBool, {"gravity"}},
    {"dampingFactor",
     GazeboValueKind::kNumber,
     {"velocity_decay/linear", "velocity_decay/angular"}},
}};

// Below the <joint>. //physics/ode/provide_feedback left SDFormat in 1.7:
// provideFeedback is //physics/provide_feedback alone.
inline constexpr std::array<GazeboSetting, 7> kGazeboJointSettings = {{
    {"provideFeedback", GazeboValueKind::kBool, {"physics/provide_feedback"}},
    {"implicitSpringDamper",
     GazeboValueKind::kBool,
     {"physics/ode/implicit_spring_damper", "physics/ode/cfm_damping"}},
    {"stopCfm", GazeboValueKind::kNumber, {"physics/ode/limit/cfm"}},
    {"stopErp", GazeboValueKind::kNumber, {"physics/ode/limit/erp"}},
    {"fudgeFactor", GazeboValueKind::kNumber, {"physics/ode/fudge_factor"}},
    {"springReference", GazeboValueKind::kNumber, {"axis/dynamics/spring_reference"}},
    {"springStiffness", GazeboValueKind::kNumber, {"axis/dynamics/spring_stiffness"}},
}};

// Other names libsdformat's URDF parser reads for a setting of the tables.
inline constexpr std::array<std::array<std::string_view, 2>, 2>
    kGazeboSettingAliases = {{{"self_collide", "selfCollide"},
                              {"cfmDamping", "implicitSpringDamper"}}};

// <material> in a link's block: a Gazebo material script name, which each
// visual of the link gets as //material/script/name with this uri.
inline constexpr char kGazeboMaterialUri[] =
    "file://media/materials/scripts/gazebo.material";

// A joint's block asking that its fixed joint stay a joint (not lumped
// into the parent link): the setting the export writes, and both names
// the import reads.
// The `urdf:kind` the import gives a link, joint, frame, model or
// namespaced element it copied from a robot-level <gazebo> block (PR2's
// gripper joints that close kinematic loops for Gazebo, old Gazebo's
// <controller:...>): simulator content, not part of the URDF tree nor
// robot-level URDF content; the export writes it back into a robot-level
// <gazebo> block.
inline constexpr char kGazeboContentKind[] = "gazebo";

inline constexpr char kGazeboPreserveFixedJoint[] = "preserveFixedJoint";
inline bool IsGazeboPreserveFixedJoint(std::string_view tag) {
  return tag == kGazeboPreserveFixedJoint ||
         tag == "disableFixedJointLumping";
}

// The setting of `table` named `tag` (or an alias of it), or null.
template <size_t N>
const GazeboSetting* FindGazeboSetting(
    const std::array<GazeboSetting, N>& table, std::string_view tag) {
  for (const auto& [alias, name] : kGazeboSettingAliases) {
    if (tag == alias) tag = name;
  }
  for (const GazeboSetting& s : table) {
    if (s.tag == tag) return &s;
  }
  return nullptr;
}

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_GAZEBO_SETTINGS_H_
