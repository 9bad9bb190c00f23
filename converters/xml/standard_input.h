// Standard input as a file: the name `<stdin>` stands for the process's
// standard input wherever a file name is read (ReadFileBytes), so every
// command that reads one file reads a pipe the same way (`xacro robot.xacro
// | sdfconv convert - --to sdf`; the command line maps `-` to this name).
//
// Invariant: standard input is read once, to its end, the first time it is
// asked for; every later read of `<stdin>` in the process (a conversion
// reads its input more than once: the read, then the upgrade's proof) gets
// the same bytes, or the same error. Diagnostics name the file `<stdin>`;
// a relative path written in it (an <include> URI, a mesh) is taken
// relative to the working directory, as the directory of `<stdin>` is
// empty. A file literally named `<stdin>` is read as `./<stdin>`.
#ifndef SDFCONV_CONVERTERS_XML_STANDARD_INPUT_H_
#define SDFCONV_CONVERTERS_XML_STANDARD_INPUT_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostic.h"

namespace sdfconv {

// The name standard input goes by in diagnostics and file arguments.
inline constexpr char kStandardInputName[] = "<stdin>";

[[nodiscard]] inline bool IsStandardInput(std::string_view path) {
  return path == kStandardInputName;
}

// The bytes of standard input (read once, see above), or nothing with
// FILE_READ (it cannot be read) or INPUT_LIMIT_EXCEEDED (more than `limit`
// bytes) in `diags`, located at `<stdin>`.
[[nodiscard]] std::optional<std::string> StandardInputBytes(size_t limit,
                                                            Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_STANDARD_INPUT_H_
