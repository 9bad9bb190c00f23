// The files `sdfconv upgrade PATH...` works on, found once, before anything
// is written, in an order that does not depend on the file system.
//
// A PATH that is a file is taken whatever its name (`model.config` by its
// name, anything else as SDFormat); a symbolic link named so is followed,
// and its final target is the file. A PATH that is a directory is walked
// (iteratively, however deep, paths longer than PATH_MAX included) for
// `*.sdf`, `*.world` and `model.config`, and, with `whole_tree` (`-o`),
// every other regular file and symbolic link, to be copied; entries of each
// directory are taken in byte order of their names, so the list is the
// same on every run. The walk goes through each folder's descriptor
// (file_place.h): it never follows a symbolic link inside a tree (no loops,
// and `--in-place` never writes through a link it was not named), and it
// does not enter the directories in `skip_dirs` (the output directory,
// when it lies inside an input directory). An entry it cannot examine or a
// folder it cannot list is an entry of its own with `error` set (a failed
// file), never skipped. A file reached twice (a directory and a file in
// it, two spellings of one path) keeps its first place; two names of one
// file (hard links) are two entries.
//
// Each file also gets the path it keeps under `-o OUTDIR`: relative to the
// directory PATH it was found in, or its base name for a file PATH.
//
//   CollectedInputs found = CollectInputs({"models", "extra/arm.sdf"}, {});
//   if (!found.usage_errors.empty()) ...  // a PATH that does not exist
//   for (const BatchInput& in : found.files) ...
#ifndef SDFCONV_CLI_UPGRADE_INPUTS_H_
#define SDFCONV_CLI_UPGRADE_INPUTS_H_

#include <sys/stat.h>

#include <map>
#include <string>
#include <vector>

#include "cli/file_place.h"

namespace sdfconv {

enum class InputKind {
  kSdf,          // an SDFormat document (`*.sdf`, `*.world`, a named file)
  kModelConfig,  // a `model.config` whose `<sdf version>` entries move on
  kOther,        // `whole_tree`: any other regular file, copied as it is
  kLink,         // `whole_tree`: a symbolic link in a tree, written as is
};

struct BatchInput {
  std::string path;      // as found: "PATH" or "PATH/sub/file.sdf"
  std::string relative;  // under OUTDIR: "sub/file.sdf", or the base name
  InputKind kind = InputKind::kSdf;
  // Not empty when this entry could not be examined (a directory that
  // could not be listed, an entry that could not be stat'ed): the batch
  // reports it as a failed entry and goes on with the others.
  std::string error;
  // Where it is. An empty root (inputs made by hand, in tests): `path` is
  // opened when the file is read (PlaceOfPath).
  FilePlace place;
};

struct CollectedInputs {
  std::vector<BatchInput> files;
  // A PATH that does not exist or is neither a file nor a directory: the
  // command does not start (exit 2).
  std::vector<std::string> usage_errors;
  // The permission bits of every folder walked, by its path under OUTDIR
  // ("sub", "sub/deeper"): OUTDIR's folders mirror them.
  std::map<std::string, mode_t> folder_modes;
};

// True for the file names a directory walk takes to upgrade.
[[nodiscard]] bool IsUpgradeInputName(const std::string& name);

// The kind a file of this (base) name is read as.
[[nodiscard]] InputKind KindOfName(const std::string& name);

// The file names a directory walk takes.
using InputNameFilter = bool (*)(const std::string& name);

// Where the file `path` is (links in it followed, to the final target);
// nothing, with `*error`, when its folder cannot be opened.
std::optional<FilePlace> PlaceOfPath(const std::string& path,
                                     std::string* error);

// Finds the files named by `paths`; see the file comment. `take` picks the
// files of a walk by name (`sdfconv check` takes its own kinds).
CollectedInputs CollectInputs(const std::vector<std::string>& paths,
                              const std::vector<std::string>& skip_dirs,
                              InputNameFilter take = IsUpgradeInputName,
                              bool whole_tree = false);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_INPUTS_H_
