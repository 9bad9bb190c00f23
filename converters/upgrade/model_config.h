// The upgrade of a model folder: a manifest (model.config) and the files its
// entries name (model_manifest.h), so that the folder loads the upgraded
// form of the file it loaded before.
//
// libsdformat loads the entry of the highest version it reads, the first of
// equal ones. Relabelling every entry to the version written would make all
// equal, and the folder would then load its first entry, often an old
// variant (`model-1_4.sdf`) instead of `model.sdf`. So the upgrade to
// version T converts one file, the one a parser of T loads
// (PlanModelFolder), and relabels the entries naming it to the version its
// output declares (RelabelModelConfig); every other entry and its file are
// kept as they are, for the parsers that load them.
//
// ProveModelFolder checks the result the way libsdformat chooses, for a
// parser of every SDFormat version: where the folder loads a file the
// upgrade changed, it loaded that file before; where it loads a file kept
// as it was, it loaded that same file before, or it loaded a changed file
// that it no longer reads (an older parser then loads the best file left
// for it).
//
//   ModelFolderPlan plan = PlanModelFolder(manifest.entries, "1.8");
//   ... upgrade plan.loaded, giving `version` ...
//   UpgradeResult r = RelabelModelConfig(text, path, plan.loaded, version);
//   if (!ProveModelFolder(text, r.output, {plan.loaded}, path, &diags)) ...
#ifndef SDFCONV_CONVERTERS_UPGRADE_MODEL_CONFIG_H_
#define SDFCONV_CONVERTERS_UPGRADE_MODEL_CONFIG_H_

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "converters/include/model_manifest.h"
#include "converters/upgrade/upgrade.h"
#include "core/diagnostic.h"

namespace sdfconv {

// How an entry names its file, for comparing entries: the name lexically
// normalised ("./a/../model.sdf" is "model.sdf").
[[nodiscard]] std::string EntryFile(const ManifestEntry& entry);

struct ModelFolderPlan {
  // The file (EntryFile) the upgrade converts; empty when the manifest has
  // no entry naming a file.
  std::string loaded;
  // Every other file an entry names (EntryFile, each once, in entry
  // order): kept as it is.
  std::vector<std::string> kept;
};

// The plan for writing the folder as SDFormat `target` ("1.8"): `loaded` is
// the file LoadedEntry picks for a parser of `target`.
[[nodiscard]] ModelFolderPlan PlanModelFolder(
    const std::vector<ManifestEntry>& entries, std::string_view target);

// The manifest `input` (named `path`) after the file `file` (EntryFile) was
// written as SDFormat `version`: every entry naming `file` says `version`;
// everything else is kept byte for byte. An error when `input` is not a
// manifest.
[[nodiscard]] UpgradeResult RelabelModelConfig(std::string_view input,
                                               const std::string& path,
                                               std::string_view file,
                                               std::string_view version);

// The proof described in the file comment, for the manifest `before` and
// `after` (texts, named `path`) and the files (EntryFile) the upgrade
// changed or relabelled. On failure an UPGRADE_NOT_EQUIVALENT error in
// `diags` names the parser version and both files.
[[nodiscard]] bool ProveModelFolder(std::string_view before,
                                    std::string_view after,
                                    const std::set<std::string>& changed,
                                    const std::string& path,
                                    Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_UPGRADE_MODEL_CONFIG_H_
