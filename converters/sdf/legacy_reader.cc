#include "converters/sdf/legacy_reader.h"

#include <algorithm>
#include <string>

#include "converters/sdf/sdf_tree_reader.h"

namespace sdfconv {
namespace {

template <size_t N>
bool Contains(const std::array<std::string_view, N>& versions,
              std::string_view version) {
  return std::find(versions.begin(), versions.end(), version) !=
         versions.end();
}

std::string SupportedVersions() {
  std::string out;
  for (std::string_view v : kLegacySdfVersions) {
    if (!out.empty()) out += ", ";
    out += v;
  }
  return out + " (and <gazebo version=\"1.2\">)";
}

}  // namespace

bool LegacySdfReader::Accepts(std::string_view root_tag,
                              std::string_view version) const {
  if (root_tag == "sdf") return Contains(kLegacySdfVersions, version);
  if (root_tag == "gazebo") return Contains(kLegacyGazeboVersions, version);
  return false;
}

std::optional<Document> LegacySdfReader::Read(int32_t tree, XmlSources* sources,
                                              Diagnostics* diags) const {
  return ReadAcceptedSdf(*this, SupportedVersions(), tree, *sources, diags,
                         strict_);
}

}  // namespace sdfconv
