// `sdfconv upgrade PATH... (-o OUTDIR | --in-place | --check)`: the batch
// (upgrade_batch.h) run with the upgrade engine (converters/upgrade) and
// stopped cleanly by Ctrl-C (interrupt.h). See docs/cli.md.
#ifndef SDFCONV_CLI_UPGRADE_COMMAND_H_
#define SDFCONV_CLI_UPGRADE_COMMAND_H_

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/upgrade_batch.h"

namespace sdfconv {

// The engine as an UpgradeFunction: UpgradeSdf (its proof finding included
// files in `model_paths` first); with `options.sdf_version` (or
// model-absolute poses), WriteSdfVersion. (Manifests are the batch's:
// upgrade_folders.h.)
FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              const std::vector<std::string>& model_paths = {});
FileUpgrade UpgradeWithEngine(std::string_view text, const std::string& path,
                              const BatchOptions& options);

// Installs the Ctrl-C handlers and runs the batch, each file's diagnostics
// as `options.diagnostics.policy` has them; returns its exit status.
int RunUpgradeCommand(const BatchOptions& options, std::ostream& out,
                      std::ostream& err);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_COMMAND_H_
