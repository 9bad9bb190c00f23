#include "cli/upgrade_command.h"

#include <utility>

#include "cli/interrupt.h"
#include "converters/upgrade/upgrade.h"
#include "converters/upgrade/version_write.h"

namespace sdfconv {

FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              InputKind kind,
                              const std::vector<std::string>& model_paths) {
  BatchOptions options;
  options.model_paths = model_paths;
  return UpgradeWithEngine(text, path, kind, options);
}

FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              InputKind kind, const BatchOptions& options) {
  const bool model_absolute = options.poses == "model-absolute";
  if (options.sdf_version.empty() && !model_absolute) {
    UpgradeOptions upgrading;
    upgrading.include_search.model_paths = options.model_paths;
    upgrading.limits = options.limits;
    UpgradeResult result = kind == InputKind::kModelConfig
                               ? UpgradeModelConfig(text, path)
                               : UpgradeSdf(text, path, upgrading);
    return {std::move(result.output), std::move(result.diagnostics)};
  }
  VersionWriteOptions v;
  if (!options.sdf_version.empty()) v.version = options.sdf_version;
  v.include_search.model_paths = options.model_paths;
  v.limits = options.limits;
  v.frames = options.frames == "links" ? VersionWriteOptions::Frames::kLinks
                                       : VersionWriteOptions::Frames::kDrop;
  v.drop_mimic = options.drop_mimic;
  v.model_absolute = model_absolute;
  UpgradeResult result = kind == InputKind::kModelConfig
                             ? UpgradeModelConfig(text, path, v.version)
                             : WriteSdfVersion(text, path, v);
  return {std::move(result.output), std::move(result.diagnostics)};
}

int RunUpgradeCommand(const BatchOptions& options, std::ostream& out,
                      std::ostream& err) {
  const std::atomic<bool>& stop = StopOnSignals();
  // --ignore and --warnings-as-errors before the batch sees a file's
  // diagnostics: a warning made an error fails the file (nothing written).
  const UpgradeFunction upgrade = [&options](std::string_view text,
                                             const std::string& path,
                                             InputKind kind) {
    FileUpgrade result = UpgradeWithEngine(text, path, kind, options);
    result.diagnostics =
        options.diagnostics.policy.Apply(std::move(result.diagnostics));
    return result;
  };
  return RunUpgrade(options, upgrade, stop, out, err).exit_code;
}

}  // namespace sdfconv
