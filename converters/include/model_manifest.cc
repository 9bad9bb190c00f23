#include "converters/include/model_manifest.h"

#include <utility>

#include "converters/xml/text_values.h"
#include "converters/xml/xml_element.h"
#include "core/document.h"

namespace sdfconv {

namespace {

std::optional<ModelManifest> Read(std::optional<XmlTree> tree,
                                  Diagnostics* diags) {
  if (!tree) return std::nullopt;
  const XmlElement root = RootElement(*tree);
  if (Tag(root) != "model") {
    diags->Error(Code::kElementInvalid, Locate(root),
                 "the root element of a model manifest is <" +
                     std::string(Tag(root)) + ">; expected <model>");
    return std::nullopt;
  }
  std::vector<ManifestEntry> entries;
  for (const XmlElement sdf : ChildElements(root)) {
    if (Tag(sdf) != "sdf") continue;
    entries.push_back({sdf.id(), Attribute(sdf, "version").value_or(""),
                       std::string(TrimWhitespace(Text(sdf)))});
  }
  return ModelManifest{std::move(*tree), std::move(entries)};
}

}  // namespace

std::optional<ModelManifest> ModelManifest::Parse(std::string_view text,
                                                  const std::string& path,
                                                  Diagnostics* diags) {
  return Read(XmlTree::Parse(text, path, diags), diags);
}

std::optional<ModelManifest> ModelManifest::Load(const std::string& path,
                                                 Diagnostics* diags) {
  return Read(XmlTree::Load(path, diags), diags);
}

std::optional<size_t> BestEntry(const std::vector<ManifestEntry>& entries,
                                const ReadsVersion& reads) {
  std::optional<size_t> best;
  int best_version = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const int version = VersionNumber(entries[i].version);
    if (version > best_version && reads(entries[i].version)) {
      best = i;
      best_version = version;
    }
  }
  return best;
}

std::optional<size_t> LoadedEntry(const std::vector<ManifestEntry>& entries,
                                  int parser_version) {
  if (entries.empty()) return std::nullopt;
  const std::optional<size_t> best =
      BestEntry(entries, [parser_version](std::string_view v) {
        return VersionNumber(std::string(v)) <= parser_version;
      });
  return best ? best : std::optional<size_t>(0);
}

}  // namespace sdfconv
