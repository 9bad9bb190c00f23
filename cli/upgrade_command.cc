#include "cli/upgrade_command.h"

#include <utility>

#include "cli/interrupt.h"
#include "converters/upgrade/upgrade.h"
#include "converters/upgrade/version_write.h"

namespace sdfconv {

FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              const std::vector<std::string>& model_paths) {
  BatchOptions options;
  options.model_paths = model_paths;
  return UpgradeWithEngine(text, path, options);
}

FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              const BatchOptions& options) {
  const bool model_absolute = options.poses == "model-absolute";
  IncludeSearch search;
  search.model_paths = options.model_paths;
  if (options.keep_unresolved_includes) {
    search.unresolved = IncludeSearch::Unresolved::kKeep;
  }
  UpgradeResult result;
  if (options.sdf_version.empty() && !model_absolute) {
    UpgradeOptions upgrading;
    upgrading.include_search = search;
    upgrading.limits = options.limits;
    result = UpgradeSdf(text, path, upgrading);
  } else {
    VersionWriteOptions v;
    if (!options.sdf_version.empty()) v.version = options.sdf_version;
    v.include_search = search;
    v.limits = options.limits;
    v.frames = options.frames == "links" ? VersionWriteOptions::Frames::kLinks
                                         : VersionWriteOptions::Frames::kDrop;
    v.drop_mimic = options.drop_mimic;
    v.model_absolute = model_absolute;
    result = WriteSdfVersion(text, path, v);
  }
  return {std::move(result.output), std::move(result.diagnostics),
          std::move(result.version)};
}

int RunUpgradeCommand(const BatchOptions& options, std::ostream& out,
                      std::ostream& err) {
  const std::atomic<bool>& stop = StopOnSignals();
  // --ignore and --warnings-as-errors before the batch sees a file's
  // diagnostics: a warning made an error fails the file (nothing written).
  const UpgradeFunction upgrade = [&options](std::string_view text,
                                             const std::string& path) {
    FileUpgrade result = UpgradeWithEngine(text, path, options);
    result.diagnostics =
        options.diagnostics.policy.Apply(std::move(result.diagnostics));
    return result;
  };
  return RunUpgrade(options, upgrade, stop, out, err).exit_code;
}

}  // namespace sdfconv
