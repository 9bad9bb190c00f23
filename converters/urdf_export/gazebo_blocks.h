// Gazebo blocks: the simulator content of an SDF model written as URDF
// <gazebo> extensions, so that a URDF importer gives it back.
//
// URDF has no sensors, lights, plugins or surface parameters; Gazebo (and
// our URDF front end, converters/urdf/gazebo_extensions.h) read them from
// <gazebo reference="LINK">, <gazebo reference="JOINT"> and <gazebo>
// blocks. This is the inverse of that front end's mapping (docs/urdf.md,
// "Gazebo extensions"; docs/urdf_export.md has the table):
//  - link: self_collide -> <selfCollide>, gravity -> <gravity>,
//    velocity_decay with linear == angular (and nothing else) ->
//    <dampingFactor>; sensors and lights with their <pose> re-expressed in
//    the URDF link frame; plugins and anything else URDF has no element for
//    copied as written;
//  - the link's collisions: surface friction/contact (ode) mu, mu2, fdir1,
//    kp, kd, max_vel, min_depth, laser_retro, max_contacts -> <mu1>, ...,
//    <maxContacts> when every collision of the URDF link has the same ones
//    (a URDF block applies to all of them), else their identical <surface>
//    in a <collision> block, else nothing, with a warning; visuals: a
//    gazebo.material script name -> <material>, likewise;
//  - joint: physics provide_feedback (both), ode implicit_spring_damper with
//    cfm_damping, ode limit cfm/erp, ode fudge_factor -> <provideFeedback>,
//    <implicitSpringDamper>, <stopCfm>, <stopErp>, <fudgeFactor> (any other
//    <physics> is copied whole); axis dynamics spring_reference and
//    spring_stiffness -> <springReference>, <springStiffness>; sensors
//    re-expressed in the joint frame; anything else copied;
//  - model: its pose, as the robot-level <gazebo><pose> that the URDF
//    import and libsdformat's URDF reader make the model pose: where the
//    URDF's root frame is in the world (GazeboInput::robot_pose); plugins,
//    <static> and whatever else the URDF cannot say, copied into the same
//    robot-level <gazebo>.
// A sensor or light posed relative to a frame that is a URDF link (a
// urdf:kind="link" frame) goes into that link's block when that frame is
// attached to the sensor's own link; relative to a frame on another link it
// stays in its own link's block (else it would move with the other link
// after import), its pose re-expressed.
//
// Invariant: poses are X_LuF = X_WLu^-1 X_WF of Resolution poses, written
// shortest round-trip, except that a pose whose frame is exactly the URDF
// frame it is written in keeps its text as written; every copy goes through
// EmitXml (no recursion on the input's depth).
//
//   std::string blocks = GazeboBlocks(input, &namespaces, &diags);
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_GAZEBO_BLOCKS_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_GAZEBO_BLOCKS_H_

#include <string>
#include <vector>

#include "converters/urdf_export/urdf_tree.h"
#include "converters/xml/xml_sources.h"
#include "converters/urdf_export/xml_emit.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv {

struct GazeboInput {
  const Document* doc = nullptr;
  const FrameGraph* graph = nullptr;
  const Resolution* resolution = nullptr;
  const XmlSources* sources = nullptr;  // null: no XML to read
  ElementId model = kNoElement;  // the exported model
  const std::vector<UrdfLink>* links = nullptr;
  const std::vector<UrdfJoint>* joints = nullptr;
  // For each link, the visuals and collisions written in it
  // (UrdfExtensions::AssignShapes).
  const std::vector<std::vector<ElementId>>* shapes = nullptr;
  // Where the URDF's root frame is in the world (its root link's frame, or
  // for a `world` root the model frame): the robot-level <gazebo><pose>
  // when it is not the identity.
  Pose robot_pose = Pose::Identity();
};

// Whether `element` (a link, joint, frame or model of the SDF) is one the
// URDF import copied from a robot-level <gazebo> block (urdf:kind="gazebo",
// gazebo_settings.h): it is not part of the URDF tree, and GazeboBlocks
// writes it back into the robot-level block.
[[nodiscard]] bool IsGazeboContent(XmlElement element);

// Every <gazebo> block of the model, in link, joint, robot order, each
// ending with a newline; "" when there is nothing to write. Warnings say
// what cannot be written (surface parameters that differ between the
// collisions of one URDF link, content of nested models, ...).
[[nodiscard]] std::string GazeboBlocks(const GazeboInput& input,
                                       XmlNamespaces* used,
                                       Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_GAZEBO_BLOCKS_H_
