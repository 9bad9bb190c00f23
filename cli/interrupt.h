// Ctrl-C for long batches. After StopOnSignals(), the first SIGINT or
// SIGTERM sets the returned flag (and says on stderr that the batch is
// finishing); the batch then takes no new file, lets the files in flight
// finish or roll back, and exits with kExitInterrupted. A second signal, or
// 10 seconds (a file whose reading does not end), ends the process at once
// by the default action: files are then still either old or new (every
// write is one rename; a temporary being written has no name), and at
// most a named temporary of a rename in flight (`*.tmp.<pid>`) remains,
// until a later run removes it (RemoveStaleTemporaries, output_file.h).
//
//   const std::atomic<bool>& stop = StopOnSignals();
//   while (!stop.load()) { ... }
#ifndef SDFCONV_CLI_INTERRUPT_H_
#define SDFCONV_CLI_INTERRUPT_H_

#include <atomic>

namespace sdfconv {

// Installs the handlers (once per process; later calls only return the
// flag). System calls interrupted by the first signal are restarted.
const std::atomic<bool>& StopOnSignals();

}  // namespace sdfconv

#endif  // SDFCONV_CLI_INTERRUPT_H_
