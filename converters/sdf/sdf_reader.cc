#include "converters/sdf/sdf_reader.h"

#include <algorithm>
#include <string>

#include "converters/sdf/sdf_tree_reader.h"

namespace sdfconv {
namespace {

std::string SupportedVersions() {
  std::string out;
  for (std::string_view v : kSdfReaderVersions) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out;
}

// 004 (1.7): //pose/@relative_to, //axis/xyz/@expressed_in, <frame> in
// models and worlds with @attached_to, //model/@canonical_link. 003 (1.8):
// //model/@placement_frame (read from 1.7 files as well, as before) and
// <joint> in worlds.
SdfDialect DialectOf(std::string_view version) {
  SdfDialect d;
  d.pose_frame_attribute = "relative_to";
  d.axis_frame = AxisFrameRule::kExpressedInAttribute;
  d.frame_parents = {ElementKind::kWorld, ElementKind::kModel};
  d.attachment_attributes = true;
  d.world_joints = version != "1.7";
  d.include_placement_frame = version != "1.7";
  return d;
}

}  // namespace

bool SdfReader::Accepts(std::string_view root_tag,
                        std::string_view version) const {
  return root_tag == "sdf" &&
         std::find(kSdfReaderVersions.begin(), kSdfReaderVersions.end(),
                   version) != kSdfReaderVersions.end();
}

std::optional<Document> SdfReader::Read(const XmlDocument& xml,
                                        Diagnostics* diags) const {
  const std::optional<std::string> version =
      AcceptedSdfVersion(xml, *this, SupportedVersions(), diags);
  if (!version) return std::nullopt;
  return ReadSdfTree(xml, *version, DialectOf(*version), diags);
}

}  // namespace sdfconv
