// The "flat" back end: every frame of a document with its pose in the world
// frame, as JSON or CSV, for tools that want numbers rather than a graph.
//
// One entry per model, link, joint, explicit <frame>, collision, visual,
// sensor, light and actor, in document order (the world element and kOther
// elements are left out). Each entry names the element by its scoped name
// (Document::ScopedName: "arm::tool", "cell::robot::base::visual"; world-level
// frames by their bare name; in a file of several worlds every name starts
// with its world's, "world_one::box::link"), its kind, the body it is
// rigidly attached to ("world" for its world frame and for static models),
// its pose X_WF as
// xyz, rpy and a unit quaternion (w, x, y, z), and for joints each axis as a
// unit vector in the world frame.
//
// Invariant: every number is printed in a form that parses back to the
// same double, and -0 is printed as 0, so equal poses give equal text:
// in CSV the shortest such form (std::to_chars); in JSON the form
// nlohmann::json writes (Grisu2, the shortest in nearly every case, with
// ".0" on whole numbers).
//
//   Diagnostics diags;
//   FrameGraph graph = BuildFrameGraph(doc, &diags);
//   if (!diags.HasErrors()) {
//     std::string json = WriteFlatJson(doc, graph, ResolveAll(doc, graph));
//   }
//
// JSON layout (one frame per line):
//   {
//     "sdfconv_flat": 1,
//     "file": "arm.sdf",
//     "version": "1.8",
//     "frames": [
//       {"name":"arm::upper_arm","kind":"link","attached_to":"arm::upper_arm",
//        "pose":{"xyz":[..],"rpy":[..],"quat_wxyz":[..]}},
//       {"name":"arm::shoulder","kind":"joint",...,"axis_xyz":[0.0,0.0,1.0]},
//       {"name":"arm::finger","kind":"joint",...,"axis_xyz":[..],
//        "axis_mimic":{"joint":"arm::shoulder","axis":"axis",
//                      "multiplier":2.0,"offset":0.0,"reference":0.0}},
//       ...
//     ]
//   }
// "axis_mimic" / "axis2_mimic" (SDFormat 1.11 //axis/mimic, after the axis
// keys) appear only on an axis that has a <mimic>: the leader joint's
// scoped name, the leader axis ("axis" or "axis2") and the values as read
// (follower = multiplier * (leader - reference) + offset). Layouts without
// mimics are unchanged, so the format version stays 1.
// CSV: a header line (kFlatCsvHeader), then one line per frame; axis cells
// are empty when the joint has no such axis (and for every non-joint). Lines
// end in "\n"; cells holding ',', '"' or a line break are quoted (RFC 4180).
// The CSV has no mimic columns: its columns are fixed, and it holds poses.
#ifndef SDFCONV_CONVERTERS_FLAT_FLAT_WRITER_H_
#define SDFCONV_CONVERTERS_FLAT_FLAT_WRITER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/document.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {

// Bumped when the JSON layout changes incompatibly ("sdfconv_flat": 1).
inline constexpr int kFlatFormatVersion = 1;

inline constexpr char kFlatCsvHeader[] =
    "name,kind,attached_to,x,y,z,roll,pitch,yaw,qw,qx,qy,qz,"
    "axis_x,axis_y,axis_z,axis2_x,axis2_y,axis2_z";

// A joint axis's <mimic>: the leader axis `axis` ("axis" or "axis2") of
// the joint `joint` (its scoped name), and the values as read.
struct FlatMimic {
  std::string joint;
  std::string axis;
  double multiplier = 1.0;
  double offset = 0.0;
  double reference = 0.0;
};

// One output entry, before formatting. The same shape as
// testing::OracleFrame, so outputs can be compared with libsdformat's.
struct FlatFrame {
  std::string name;         // Document::ScopedName
  std::string kind;         // KindName
  std::string attached_to;  // scoped name of the body, or "world"
  Pose X_WF = Pose::Identity();
  // Joints: <axis>, then <axis2>, through the last one written (a default
  // <axis> before a written <axis2> is there; default axes after are not).
  std::vector<Eigen::Vector3d> axes_W;
  // Per entry of axes_W, its <mimic> (1.11), if any.
  std::vector<std::optional<FlatMimic>> mimics;
};

// The entries of `doc`, in document order.
// Requires: `graph` was built from `doc` without errors and `resolution` is
// ResolveAll(doc, graph). (An element the graph left unresolved gets
// attached_to "" and, without a resolved pose, the identity.)
std::vector<FlatFrame> CollectFlatFrames(const Document& doc,
                                         const FrameGraph& graph,
                                         const Resolution& resolution);

// The JSON text described above, ending in a newline. Same requirements.
// Written one entry at a time, it stops as soon as it is longer than
// `max_bytes`: a caller bounding its output sees a text longer than its
// bound, having built little more (scoped names make the text of deeply
// nested models grow with the square of their depth).
std::string WriteFlatJson(const Document& doc, const FrameGraph& graph,
                          const Resolution& resolution,
                          uint64_t max_bytes = UINT64_MAX);

// The CSV text described above. Same requirements, and the same stop.
std::string WriteFlatCsv(const Document& doc, const FrameGraph& graph,
                         const Resolution& resolution,
                         uint64_t max_bytes = UINT64_MAX);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_FLAT_FLAT_WRITER_H_
