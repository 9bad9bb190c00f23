// The exit status of every sdfconv command, one meaning each:
//   0  success: every file valid, the output written;
//   1  an input is invalid (its diagnostics were printed);
//   2  the command could not run: a usage error, an unreadable file, an
//      output that cannot be written, a conversion not implemented yet.
// When several files are checked the largest status wins.
#ifndef SDFCONV_CLI_EXIT_CODE_H_
#define SDFCONV_CLI_EXIT_CODE_H_

namespace sdfconv {

enum ExitCode : int {
  kExitOk = 0,
  kExitInvalid = 1,
  kExitCannotRun = 2,
};

}  // namespace sdfconv

#endif  // SDFCONV_CLI_EXIT_CODE_H_
