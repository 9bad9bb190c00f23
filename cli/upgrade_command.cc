#include "cli/upgrade_command.h"

#include <utility>

#include "cli/interrupt.h"
#include "converters/upgrade/upgrade.h"

namespace sdfconv {

FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              InputKind kind) {
  UpgradeResult result = kind == InputKind::kModelConfig
                             ? UpgradeModelConfig(text, path)
                             : UpgradeSdf(text, path);
  return {std::move(result.output), std::move(result.diagnostics)};
}

int RunUpgradeCommand(const BatchOptions& options, std::ostream& out,
                      std::ostream& err) {
  const std::atomic<bool>& stop = StopOnSignals();
  return RunUpgrade(options, UpgradeWithEngine, stop, out, err).exit_code;
}

}  // namespace sdfconv
