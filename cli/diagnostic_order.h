// The one order in which sdfconv prints a file's diagnostics, whatever the
// format (text, JSON, SARIF, GitHub workflow commands) and command.
//
// Invariant: like a compiler, in source order. Those about the file that was
// read (`read_file`) come first, then each other (included) file in the
// order it was first reported on; within a file by line; diagnostics of one
// line keep the order they were found in (phase order).
//
//   for (const Diagnostic* d : InPrintOrder(diags, "world.sdf")) ...
#ifndef SDFCONV_CLI_DIAGNOSTIC_ORDER_H_
#define SDFCONV_CLI_DIAGNOSTIC_ORDER_H_

#include <string>
#include <vector>

#include "core/diagnostic.h"

namespace sdfconv {

// Pointers into `diags`, in the order above.
std::vector<const Diagnostic*> InPrintOrder(const Diagnostics& diags,
                                            const std::string& read_file = "");

}  // namespace sdfconv

#endif  // SDFCONV_CLI_DIAGNOSTIC_ORDER_H_
