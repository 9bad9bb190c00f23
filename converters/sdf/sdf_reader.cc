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

}  // namespace

bool SdfReader::Accepts(std::string_view root_tag,
                        std::string_view version) const {
  return root_tag == "sdf" &&
         std::find(kSdfReaderVersions.begin(), kSdfReaderVersions.end(),
                   version) != kSdfReaderVersions.end();
}

std::optional<Document> SdfReader::Read(int32_t tree, XmlSources* sources,
                                        Diagnostics* diags) const {
  return ReadAcceptedSdf(*this, SupportedVersions(), tree, *sources, diags,
                         strict_);
}

}  // namespace sdfconv
