// A URDF joint in SDFormat: a <joint>, or a pair of frames.
//
// A joint (role kJoint) becomes
//   <joint name="J" type="revolute|continuous|prismatic|fixed">
//     <pose relative_to="P">ORIGIN AS WRITTEN</pose>
//     <parent>P</parent> <child>C</child>
//     <axis><xyz>AXIS AS WRITTEN (default 1 0 0)</xyz>
//       <limit>lower upper effort velocity</limit>
//       <dynamics>damping friction</dynamics></axis>
//     <urdf:mimic .../> <urdf:safety_controller .../> <urdf:calibration .../>
//   </joint>
// P is `world` (pose relative_to `__model__`) when the parent is the world
// link. Continuous joints get no lower/upper (SDFormat ignores them; any
// written in the URDF are kept in <urdf:limit>); fixed joints get no axis,
// and their <axis>, <limit> and <dynamics>, which URDF ignores, are kept as
// <urdf:...>.
//
// A fixed joint whose child became a frame (role kFrame) becomes
//   <frame name="J" attached_to="P" urdf:kind="joint">
//     <pose relative_to="P">ORIGIN</pose></frame>
// and its child
//   <frame name="C" attached_to="J" urdf:kind="link">
//     <pose relative_to="J"/></frame>
#ifndef SDFCONV_CONVERTERS_URDF_URDF_JOINT_CONTENT_H_
#define SDFCONV_CONVERTERS_URDF_URDF_JOINT_CONTENT_H_

#include <string>

#include "converters/xml/xml_tree.h"
#include "converters/urdf/urdf_import_context.h"
#include "converters/urdf/urdf_plan.h"

namespace sdfconv {

// Fills the <joint> node `node` for `joint` (role kJoint).
void WriteJoint(const ImportContext& ctx, const JointPlan& joint, NodeId node);

// Fills the <frame> node `node` for `joint` (role kFrame).
void WriteJointFrame(const ImportContext& ctx, const JointPlan& joint,
                     NodeId node);

// Fills the <frame> node `node` for `link` (role kFrame).
void WriteLinkFrame(const ImportContext& ctx, const LinkPlan& link,
                    NodeId node);

// Marks an SDF element with the URDF name it had, when that differs.
void MarkUrdfName(const ImportContext& ctx, NodeId node,
                  const std::string& urdf_name);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_JOINT_CONTENT_H_
