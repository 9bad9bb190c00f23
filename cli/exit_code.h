// The exit status of every sdfconv command, one meaning each:
//   0  success: every file valid, the output written;
//   1  an input is invalid (its diagnostics were printed); for `upgrade`:
//      a file failed, or under --check a file would change;
//   2  the command could not run: a usage error, an unreadable file, an
//      output that cannot be written, a conversion not implemented yet;
//   130  interrupted (SIGINT or SIGTERM) before every file was done
//      (`upgrade` only; every file is then either old or new).
// When several files are checked the largest status wins, except that
// `upgrade` reports a file it cannot read or write as a failed file (1):
// its 2 is kept for usage errors and a report that cannot be written.
#ifndef SDFCONV_CLI_EXIT_CODE_H_
#define SDFCONV_CLI_EXIT_CODE_H_

namespace sdfconv {

enum ExitCode : int {
  kExitOk = 0,
  kExitInvalid = 1,
  kExitCannotRun = 2,
  kExitInterrupted = 130,
};

}  // namespace sdfconv

#endif  // SDFCONV_CLI_EXIT_CODE_H_
