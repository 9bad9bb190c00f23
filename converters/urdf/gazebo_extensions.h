// <gazebo> extensions of a URDF, mapped to SDFormat 1.8.
//
// A <gazebo reference="L"> block adds simulator settings to link or joint L;
// one without a reference adds them to the robot. Known settings are mapped
// to their SDFormat 1.8 element (the table is in docs/urdf.md, "Gazebo
// extensions"), as libsdformat's URDF parser maps them; anything else is
// copied verbatim into the element the block refers to (SDF content such as
// <sensor>, <plugin>, <light>, and custom elements alike).
//
// When link L became a frame (urdf_plan.h), its settings go where its
// visuals and collisions went: surface settings to those collisions,
// <material> to those visuals, and sensors, lights and the rest to the body
// link, with their <pose> made relative to frame L. Link properties (gravity,
// self_collide, ...) cannot apply to a frame. What cannot apply anywhere is
// kept verbatim at model level in <urdf:gazebo reference="L">, with a
// warning that names it.
//
// A named element copied into a link, joint or model keeps its name unless
// a sibling has it already (or it is not a legal SDFormat name): then it is
// renamed, with a warning, and urdf:name keeps the name as written.
//
// Values are read as libsdformat reads them: a `value` attribute or the
// element's text, trimmed; booleans are true for "true", "yes" or "1" (any
// case). A number that does not parse is a warning, VALUE_INVALID, and is
// not written.
#ifndef SDFCONV_CONVERTERS_URDF_GAZEBO_EXTENSIONS_H_
#define SDFCONV_CONVERTERS_URDF_GAZEBO_EXTENSIONS_H_

#include <map>
#include <string>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "converters/urdf/urdf_names.h"
#include "converters/urdf/xml_copy.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"

namespace sdfconv {

// A setting's value: its `value` attribute, else its text; trimmed.
[[nodiscard]] std::string GazeboValue(XmlElement setting);
// libsdformat's reading of a boolean setting.
[[nodiscard]] bool GazeboTrue(XmlElement setting);
// True when a block asks for its fixed joint to stay a joint
// (<preserveFixedJoint> or <disableFixedJointLumping> true).
[[nodiscard]] bool PreservesFixedJoint(XmlElement gazebo);

struct GazeboContext {
  const XmlTree* xml = nullptr;
  XmlTree* tree = nullptr;
  Namespaces* namespaces = nullptr;
  Diagnostics* diags = nullptr;
  NodeId model = kNoNode;  // where <urdf:gazebo> keeps what cannot apply
  // The names in use under each node that receives content (the model,
  // links, joints): a named element copied in keeps its name when it is
  // free and legal, and is renamed (with a warning) otherwise.
  std::map<NodeId, NameScope>* scopes = nullptr;
};

// What a block for URDF link `urdf_name` applies to.
struct LinkTarget {
  std::string urdf_name;
  NodeId link = kNoNode;  // receives sensors, plugins, link properties
  std::string frame;      // set when the URDF link is a frame of `link`
  std::vector<NodeId> visuals;     // made from the URDF link's <visual>s
  std::vector<NodeId> collisions;  // and <collision>s
};

void ApplyLinkGazebo(const GazeboContext& ctx, XmlElement gazebo,
                     const LinkTarget& target);
// `has_axis`: the joint has an <axis> (not fixed).
void ApplyJointGazebo(const GazeboContext& ctx, XmlElement gazebo,
                      NodeId joint, bool has_axis);
void ApplyModelGazebo(const GazeboContext& ctx, XmlElement gazebo);
// Keeps the whole block as <urdf:gazebo> at model level; `why` completes
// the warning "<gazebo reference=...> ...".
void KeepGazebo(const GazeboContext& ctx, XmlElement gazebo,
                const std::string& why);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_GAZEBO_EXTENSIONS_H_
