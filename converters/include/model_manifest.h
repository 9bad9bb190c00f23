// A model folder's manifest (`model.config`, or the older `manifest.xml`):
// its `<sdf version="V">FILE</sdf>` entries, and which of them a parser
// loads.
//
// A Gazebo model folder names its SDFormat files in the manifest, one entry
// per file and version; `model://NAME` loads the entry that libsdformat's
// `getBestSupportedModelVersion` picks: walking the entries in document
// order, an entry is taken when its version is above the best taken so far
// and one the parser reads (for libsdformat, at most its own version); so of
// entries with equal versions the first wins, and when no entry is taken
// the first `<sdf>` is loaded whatever its version. LoadedEntry is that rule;
// BestEntry is the walk without the fallback. This file is the one place the
// rule is written: include resolution (uri_resolver.h) and the upgrade's
// care for model folders (converters/upgrade/model_config.h) both use it.
//
//   std::optional<ModelManifest> m = ModelManifest::Parse(text, path, &diags);
//   const size_t loaded = LoadedEntry(m->entries, VersionNumber(1, 9));
//   std::string file = m->entries[loaded].file;  // relative to the folder
#ifndef SDFCONV_CONVERTERS_INCLUDE_MODEL_MANIFEST_H_
#define SDFCONV_CONVERTERS_INCLUDE_MODEL_MANIFEST_H_

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace sdfconv {

struct ManifestEntry {
  NodeId node = kNoNode;  // the <sdf> element
  std::string version;    // its @version as written ("" when absent)
  std::string file;       // its text, whitespace trimmed: relative to the folder
};

struct ModelManifest {
  XmlTree tree;
  // Every <sdf> child of the root <model>, in document order.
  std::vector<ManifestEntry> entries;

  // The manifest in `text` (named `path` in diagnostics). Nothing, with an
  // error in `diags`, when it is not XML or its root is not <model>.
  static std::optional<ModelManifest> Parse(std::string_view text,
                                            const std::string& path,
                                            Diagnostics* diags);
  // As Parse, for the file at `path`.
  static std::optional<ModelManifest> Load(const std::string& path,
                                           Diagnostics* diags);
};

// Whether a parser reads an entry's version (as written, "1.6").
using ReadsVersion = std::function<bool(std::string_view version)>;

// The entry libsdformat's walk takes for a parser that reads the versions
// `reads` accepts; nothing when it takes none. See the file comment.
[[nodiscard]] std::optional<size_t> BestEntry(
    const std::vector<ManifestEntry>& entries, const ReadsVersion& reads);

// The entry a parser of SDFormat `parser_version` (a VersionNumber) loads:
// BestEntry for the versions up to `parser_version`, else the first entry.
// Nothing only when there are no entries.
[[nodiscard]] std::optional<size_t> LoadedEntry(
    const std::vector<ManifestEntry>& entries, int parser_version);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_MODEL_MANIFEST_H_
