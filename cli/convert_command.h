// `sdfconv convert FILE --to FORMAT [--format json|csv] [-o OUT]`: check a
// file, resolve its frames and write it out in another format.
//
// Nothing is written unless the input is valid: any error prints the
// diagnostics to `err` and returns kExitInvalid. The output goes to `out`
// when no OUT is given, else to OUT through WriteFileAtomically (OUT then
// holds either its old contents or the whole new output).
//
// Targets: "flat" (converters/flat: every frame's world pose, JSON or CSV).
// "sdf" and "urdf" are accepted names whose back ends are not written yet:
// they return kExitCannotRun with a message saying so.
#ifndef SDFCONV_CLI_CONVERT_COMMAND_H_
#define SDFCONV_CLI_CONVERT_COMMAND_H_

#include <ostream>
#include <string>

#include "cli/exit_code.h"

namespace sdfconv {

struct ConvertOptions {
  std::string file;
  std::string to;               // "flat", "sdf" or "urdf"
  std::string format = "json";  // for "flat": "json" or "csv"
  std::string output;           // empty: write to `out`
};

// Returns an ExitCode (see exit_code.h).
int RunConvert(const ConvertOptions& options, std::ostream& out,
               std::ostream& err);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_CONVERT_COMMAND_H_
