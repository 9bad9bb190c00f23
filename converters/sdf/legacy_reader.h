// LegacySdfReader: the front end for SDFormat 1.2 to 1.6 files.
//
// Reads them with their own semantics into the same Document as SdfReader,
// through the walk every SDFormat front end shares (sdf_tree_reader.h), in
// the dialect of the file's version (000 "Pose Frame Semantics: legacy
// behavior", 002 "Specifying model kinematics", the element reference in
// /usr/share/sdformat12/1.X/). What the core then applies by version (names
// unique per type, nothing reserved, joints to and from `world`) is in the
// core's phases. docs/legacy.md maps every legacy rule onto the core.
//
//   version  <pose> frame  joint axis <xyz>          <frame> in     nesting
//   1.2-1.4  default only  the joint's model frame   (nowhere)      no
//   1.5-1.6  @frame        the joint frame, or the   model, link,   yes
//                          model frame with          joint, sensor,
//                          use_parent_model_frame    collision,
//                                                    visual, light
//
// 1.2 and 1.3 are read as 1.4: their element reference gives every pose,
// joint and axis the same frames as 1.4 (joint.sdf: "The joint axis
// specified in the model frame"; the joint pose is an "offset from child
// link origin in child link frame"), and libsdformat's upgrade recipes to
// 1.4 (1.3/1_2.convert, 1.4/1_3.convert) change no kinematic element (only
// <physics> settings move). SDFormat 1.2 files written with the root
// element of that version's reference, <gazebo version="1.2">, are read
// too. SDFormat 1.0 (<gazebo version="1.0">, whose recipe to 1.2 renames
// most elements) is not read: VERSION_UNSUPPORTED.
#ifndef SDFCONV_CONVERTERS_SDF_LEGACY_READER_H_
#define SDFCONV_CONVERTERS_SDF_LEGACY_READER_H_

#include <array>
#include <optional>
#include <string_view>

#include "converters/front_end.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// The <sdf version="..."> values LegacySdfReader reads.
inline constexpr std::array<std::string_view, 5> kLegacySdfVersions = {
    "1.2", "1.3", "1.4", "1.5", "1.6"};
// The <gazebo version="..."> values it reads (SDFormat 1.2's own root).
inline constexpr std::array<std::string_view, 1> kLegacyGazeboVersions = {
    "1.2"};

class LegacySdfReader final : public FrontEnd {
 public:
  // `strict`: features of later versions are ignored, as the file's own
  // version says (sdf_dialect.h), instead of read as libsdformat reads them.
  explicit LegacySdfReader(bool strict = false) : strict_(strict) {}

  std::string_view name() const override { return "sdf-1.2-1.6"; }

  // Root <sdf> with version exactly "1.2" ... "1.6", or <gazebo> "1.2".
  bool Accepts(std::string_view root_tag,
               std::string_view version) const override;

  // Returns nothing (with an error in `diags`) when the root is not
  // accepted, or when it holds no <world> or <model>.
  std::optional<Document> Read(int32_t tree, XmlSources* sources,
                               Diagnostics* diags) const override;
 private:
  bool strict_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_LEGACY_READER_H_
