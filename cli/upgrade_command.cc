#include "cli/upgrade_command.h"

#include <utility>

#include "cli/interrupt.h"
#include "converters/upgrade/upgrade.h"

namespace sdfconv {

FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              InputKind kind,
                              const std::vector<std::string>& model_paths) {
  UpgradeOptions options;
  options.include_search.model_paths = model_paths;
  UpgradeResult result = kind == InputKind::kModelConfig
                             ? UpgradeModelConfig(text, path)
                             : UpgradeSdf(text, path, options);
  return {std::move(result.output), std::move(result.diagnostics)};
}

int RunUpgradeCommand(const BatchOptions& options, std::ostream& out,
                      std::ostream& err) {
  const std::atomic<bool>& stop = StopOnSignals();
  const UpgradeFunction upgrade = [&options](std::string_view text,
                                             const std::string& path,
                                             InputKind kind) {
    return UpgradeWithEngine(text, path, kind, options.model_paths);
  };
  return RunUpgrade(options, upgrade, stop, out, err).exit_code;
}

}  // namespace sdfconv
