// `bazel run //cli:sdfconv -- check arm.urdf` (or `@sdfconv//cli:sdfconv`
// from another workspace) names files from where the user typed it: Bazel
// starts the binary in its runfiles folder and says in
// BUILD_WORKING_DIRECTORY where the user was. Like buildifier and gazelle,
// sdfconv then moves there first, so every relative path (inputs, -o,
// --report, --model-path, --diagnostics-output, includes) and every name
// it prints are the user's.
//
// Invariant: the variable is followed only when Bazel ran this binary
// itself, i.e. the working directory is inside the binary's own runfiles
// folder (`<binary>.runfiles/...`). A script that Bazel ran (an
// sdf_check_test under `bazel run`, a user's sh_binary) inherits the
// variable too, but runs sdfconv from its own runfiles with runfiles paths:
// there sdfconv stays where it was started.
#ifndef SDFCONV_CLI_BAZEL_RUN_H_
#define SDFCONV_CLI_BAZEL_RUN_H_

#include <optional>
#include <string>

namespace sdfconv {

// Whether `cwd` lies in the runfiles folder of the binary `executable`
// (both physical paths, as getcwd and /proc/self/exe give them).
[[nodiscard]] bool InOwnRunfiles(const std::string& cwd,
                                 const std::string& executable);

// Changes to BUILD_WORKING_DIRECTORY when it is set and Bazel ran this
// binary itself (see the file comment). The message for people when it is
// set but cannot be entered; nullopt otherwise.
[[nodiscard]] std::optional<std::string> EnterBuildWorkingDirectory();

}  // namespace sdfconv

#endif  // SDFCONV_CLI_BAZEL_RUN_H_
