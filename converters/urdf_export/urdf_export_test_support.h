// Test helpers for the URDF back end: load an SDFormat text or file, export
// it, and check the URDF against the flat back end.
//
// CompareFk parses the URDF with urdfdom, walks it from the root with an
// explicit worklist (zero joint positions) and compares every link frame,
// visual, collision, inertial and joint axis with the flat back end's world
// poses within kTol. It knows the URDF forms the writer uses: a link's frame
// is its parent joint's frame; a joint --approximate splits is the chain
// `j`, `j_axis2`, `j_axis3` with links `j_link1`, `j_link2` (every piece at
// the joint frame; ball pieces about its x, y, z); a joint that re-rooting
// reversed (its URDF child is on the SDF parent's side) has its axis negated.
//
//   Exported e = Export(R"(<sdf version="1.8"><model name="m">...)");
//   ExpectFk(e);  // urdfdom parses it, FK at zero positions equals flat
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_URDF_EXPORT_TEST_SUPPORT_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_URDF_EXPORT_TEST_SUPPORT_H_

#include <optional>
#include <string>

#include <urdf_model/pose.h>

#include "converters/registry.h"
#include "converters/urdf_export/urdf_writer.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {

inline constexpr double kTol = 1e-9;

// A urdfdom pose as a Pose.
Pose FromUrdf(const urdf::Pose& p);

struct Loaded {
  XmlSources sources;  // the file and every tree of its read
  std::optional<Document> doc;
  FrameGraph graph;
  Resolution resolution;
  Diagnostics diags;
};

// Reads `text` (or the file `path` when text is empty), its includes
// expanded as `read` says; true when valid.
bool Load(const std::string& text, const std::string& path, Loaded* out,
          const ReadOptions& read = {});

// UrdfExportOptions with the XML of `in` (of every file of its read).
UrdfExportOptions WithSources(const Loaded& in, UrdfExportOptions options = {});

// The robot-level <gazebo><pose> of a URDF text (the pose of the URDF's
// root frame in the world, as the URDF import and libsdformat's URDF
// reader make it the model pose), or the identity when it has none.
Pose RobotPose(const std::string& urdf_text);

// Compares the URDF's forward kinematics at zero joint positions with the
// flat back end's poses, the URDF's root frame at RobotPose. Returns a
// description of every mismatch ("" if none). `prefix` is the exported
// model's scoped name.
std::string CompareFk(const Loaded& in, const std::string& urdf_text,
                      const std::string& prefix, const std::string& sep);

struct Exported {
  Loaded in;
  std::optional<std::string> urdf;
  Diagnostics diags;
};

// Loads `sdf` (expecting it valid) and exports it with `options`.
Exported Export(const std::string& sdf, UrdfExportOptions options = {});

// The exported model's scoped name: the root model's, or `model`.
std::string ModelPrefix(const Document& doc, const std::string& model);

// Expects a URDF whose forward kinematics equals the flat back end's.
void ExpectFk(const Exported& e, const UrdfExportOptions& options = {});

// The message of the first error ("" when none).
std::string FirstError(const Diagnostics& d);

// The code of the first error, if any.
std::optional<Code> FirstErrorCode(const Diagnostics& d);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_URDF_EXPORT_TEST_SUPPORT_H_
