// The model folders of `sdfconv upgrade`: which inputs go together, and
// which are left as they are, so that a folder loads the upgraded form of
// the file it loaded before (converters/upgrade/model_config.h).
//
// For the folder of every input, its `model.config` (when there is one) is
// read once, and planned for the version written: the file a parser of that
// version loads is converted; every other file its entries name is a
// variant for older (or newer) parsers, left as it is (status "variant";
// under -o copied as it is), however it was reached. A manifest that is an
// input is upgraded after the file it loads, by one worker, as one unit of
// work (UpgradeFolder): the manifest's entries naming that file say the
// version its output declares, the folder's proof (ProveModelFolder) is
// run, and only then are the file and the manifest written; when the file
// fails, or the proof does, neither is written. A manifest whose loaded file
// is not an input of the run is kept as it is: "unchanged" when its entries
// say the target version already, else a variant itself.
//
//   BatchPlan plan = PlanBatch(inputs, "1.8");
//   for (const std::vector<size_t>& unit : plan.units) ...  // one worker each
#ifndef SDFCONV_CLI_UPGRADE_FOLDERS_H_
#define SDFCONV_CLI_UPGRADE_FOLDERS_H_

#include <atomic>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "cli/upgrade_file.h"
#include "cli/upgrade_inputs.h"
#include "cli/upgrade_report.h"

namespace sdfconv {

struct BatchPlan {
  // Every input once, in units handled in order by one worker each: a
  // manifest's unit is {its loaded file, the manifest}; any other input is
  // a unit of its own. Units are in input order of their first member.
  std::vector<std::vector<size_t>> units;
  // Per input: why it is a variant, left as it is; empty for the others.
  std::vector<std::string> variant;
  // Per input that is a manifest with its loaded file in the run: that
  // file's name in the manifest (EntryFile); empty for the others.
  std::vector<std::string> loads;
};

// Plans `inputs` for writing SDFormat `target` ("1.8"; see the file comment).
BatchPlan PlanBatch(const std::vector<BatchInput>& inputs,
                    std::string_view target);

// Runs one unit of `plan` and stores each member's record in `records` (by
// input index).
void RunUnit(const std::vector<size_t>& unit, const BatchPlan& plan,
             const std::vector<BatchInput>& inputs, const OutputPolicy& policy,
             const UpgradeFunction& upgrade, const std::atomic<bool>& stop,
             uint64_t max_input_bytes, std::vector<FileRecord>* records);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_FOLDERS_H_
