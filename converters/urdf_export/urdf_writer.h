// URDF back end: one tree-shaped SDFormat model written as URDF.
//
// URDF describes a tree of links joined by joints, and puts each link's frame
// at its parent joint's frame. The writer maps a resolved Document onto that:
//  - The kinematics must be a tree: each link the child of at most one joint,
//    no loops, one root (a `world` link when anything is fixed to the world).
//    Anything else is refused with an error naming the joint or link that
//    breaks it ("joint 'j4' closes a loop between 'a' and 'c'").
//  - URDF link frame = parent joint frame J (the root: its SDF link frame,
//    or the model frame for `world`; where that root frame is in the world
//    is the robot-level <gazebo><pose>, gazebo_blocks.h, as libsdformat's
//    URDF reader makes it the model pose). Joint <origin> is X_PJ = X_WP^-1 X_WJ
//    with P the parent's URDF frame; everything on a link (inertial, visuals,
//    collisions) gets origin X_LuF = X_WLu^-1 X_WF, which folds the child
//    link's offset X_JL in. Axes are the core's, in the joint frame
//    (Resolution::axes_J), whatever the SDF said they were expressed in.
//  - Nested models flatten: names are scoped below the exported model and
//    joined with `separator` ("/" by default: "arm/gripper/finger").
//  - Explicit <frame>s become massless links on fixed joints (or are dropped).
//  - Joint types URDF lacks are refused, or written as a chain of URDF
//    joints under `approximate` (joint_approximation.h); `root_link` hangs
//    the tree from another link (reroot.h). The tree is urdf_tree.h's.
//  - Geometry, materials, limits and dynamics are not in the core Document:
//    they are read from `UrdfExportOptions::sources`, the XML the Document
//    was read from, through each element's NodeRef. docs/urdf_export.md has
//    the full mapping, every refusal and every default.
// Poses come from the Resolution only; the writer does no pose arithmetic
// beyond X_AB = X_WA^-1 X_WB. Nothing recurses on the model's depth.
//
//   XmlSources sources;
//   std::optional<Document> doc = ReadFile(path, &diags, {}, &sources);
//   FrameGraph graph = BuildFrameGraph(*doc, &diags);
//   UrdfExportOptions options;
//   options.sources = &sources;
//   std::optional<std::string> urdf =
//       WriteUrdf(*doc, graph, ResolveAll(*doc, graph), options, &diags);
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_URDF_WRITER_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_URDF_WRITER_H_

#include <optional>
#include <string>

#include "converters/xml/xml_element.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv {

enum class UrdfFrames { kLinks, kDrop };
enum class UrdfMeshUri { kPackage, kKeep, kFile };
enum class UrdfUnsupportedGeometry { kSkip, kRefuse };

struct UrdfExportOptions {
  // The XML trees the Document was read from (ReadFile's XmlSources:
  // geometry, materials, limits, dynamics, sensors, also of included
  // models), reached through each Element's NodeRef. Null: those are not
  // written (visuals and collisions are left out with a warning; joint
  // limits take the defaults below).
  const XmlSources* sources = nullptr;
  // For a world file: the name of the top-level model to export, as
  // outputs name it (`world::model` in a file of several worlds) or its
  // own name when that is found in one world only (empty: the only one).
  std::string model;
  // Joins the names of nested models and their content.
  std::string separator = "/";
  UrdfFrames frames = UrdfFrames::kLinks;
  // model://NAME/x -> package://NAME/x (kPackage), as written (kKeep), or
  // file://`mesh_root`/NAME/x (kFile).
  UrdfMeshUri mesh_uri = UrdfMeshUri::kPackage;
  std::string mesh_root;
  UrdfUnsupportedGeometry unsupported_geometry = UrdfUnsupportedGeometry::kSkip;
  // Written for a revolute or prismatic joint whose SDF limit has no
  // (or a negative, i.e. unlimited) effort / velocity.
  double default_effort = 1e16;
  double default_velocity = 1e16;
  // Joint types URDF lacks (ball, universal, revolute2, screw, gearbox) are
  // written as their closest URDF form, with a warning per joint saying
  // what changed (joint_approximation.h), instead of refused.
  bool approximate = false;
  // The URDF name of the link to make the root (reroot.h); empty: the
  // tree's own root. Refused when the model is fixed to the world.
  std::string root_link;
};

// The URDF text of the model, or nothing with at least one error in `diags`
// when it cannot be written (not a tree, a joint type URDF lacks, ...).
// Warnings and notes (a skipped shape, an approximated joint) go to `diags`.
// Requires: `graph` was built from `doc` without errors and `resolution` is
// ResolveAll(doc, graph).
[[nodiscard]] std::optional<std::string> WriteUrdf(
    const Document& doc, const FrameGraph& graph, const Resolution& resolution,
    const UrdfExportOptions& options, Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_URDF_WRITER_H_
