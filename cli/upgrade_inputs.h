// The files `sdfconv upgrade PATH...` works on, found once, before anything
// is written, in an order that does not depend on the file system.
//
// A PATH that is a file is taken whatever its name (`model.config` by its
// name, anything else as SDFormat). A PATH that is a directory is walked
// (iteratively, however deep) for `*.sdf`, `*.world` and `model.config`;
// entries of each directory are taken in byte order of their names, so the
// list is the same on every run. The walk does not follow symbolic links
// (neither to files nor to directories: no loops, and `--in-place` never
// writes through a link it was not asked to) and does not enter the
// directories in `skip_dirs` (the output directory, when it lies inside an
// input directory). Each file appears once: a file reached twice (a
// directory and a file in it, or two spellings of one path) keeps its first
// place.
//
// Each file also gets the path it keeps under `-o OUTDIR`: relative to the
// directory PATH it was found in, or its base name for a file PATH.
//
//   CollectedInputs found = CollectInputs({"models", "extra/arm.sdf"}, {});
//   if (!found.usage_errors.empty()) ...  // a PATH that does not exist
//   for (const BatchInput& in : found.files) ...
#ifndef SDFCONV_CLI_UPGRADE_INPUTS_H_
#define SDFCONV_CLI_UPGRADE_INPUTS_H_

#include <string>
#include <vector>

namespace sdfconv {

enum class InputKind {
  kSdf,          // an SDFormat document (`*.sdf`, `*.world`, a named file)
  kModelConfig,  // a `model.config` whose `<sdf version>` entries move on
};

struct BatchInput {
  std::string path;      // as found: "PATH" or "PATH/sub/file.sdf"
  std::string relative;  // under OUTDIR: "sub/file.sdf", or the base name
  InputKind kind = InputKind::kSdf;
  // Not empty when this entry is a directory that could not be listed: the
  // batch reports it as a failed entry and goes on with the others.
  std::string error;
};

struct CollectedInputs {
  std::vector<BatchInput> files;
  // A PATH that does not exist or is neither a file nor a directory: the
  // command does not start (exit 2).
  std::vector<std::string> usage_errors;
};

// True for the file names a directory walk takes.
[[nodiscard]] bool IsUpgradeInputName(const std::string& name);

// The kind a file of this (base) name is read as.
[[nodiscard]] InputKind KindOfName(const std::string& name);

// The file names a directory walk takes.
using InputNameFilter = bool (*)(const std::string& name);

// Finds the files named by `paths`; see the file comment. `take` picks the
// files of a walk by name (`sdfconv check` takes its own kinds).
CollectedInputs CollectInputs(const std::vector<std::string>& paths,
                              const std::vector<std::string>& skip_dirs,
                              InputNameFilter take = IsUpgradeInputName);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_INPUTS_H_
