// `sdfconv graph FILE`: the kinematic tree or a frame graph of FILE as
// Graphviz DOT, or drawn as SVG by Graphviz's `dot` (docs/graph.md).
//
// The file is read and checked as `check` does, and its diagnostics go to
// `err` likewise. An invalid file still draws (that is when the picture
// helps most): what breaks the rules is marked in it. Exit status: 0 valid
// and written; 1 invalid (an error, or a warning under
// --warnings-as-errors) but written, or nothing the front ends can read
// (nothing written); 2 unreadable, an output or `dot` that fails.
#ifndef SDFCONV_CLI_GRAPH_COMMAND_H_
#define SDFCONV_CLI_GRAPH_COMMAND_H_

#include <ostream>
#include <string>
#include <vector>

#include "cli/diagnostic_policy.h"
#include "core/limits.h"

namespace sdfconv {

struct GraphOptions {
  std::string file;
  std::string graph = "kinematic";  // "kinematic", "attached_to", "relative_to"
  std::string format = "dot";       // "dot" or "svg"
  std::string output;               // empty or "-": `out`
  std::vector<std::string> model_paths;  // as CheckOptions
  bool strict = false;                   // as CheckOptions
  Limits limits;                         // as CheckOptions
  // --unresolved-includes=keep: a graph needs every included model, so an
  // unresolved include stays an error, which says so (kNeeded).
  bool keep_unresolved_includes = false;
  bool progress = false;                 // as CheckOptions
  // --ignore, --warnings-as-errors: the diagnostics printed and the exit
  // status; the picture is drawn from the file as read.
  DiagnosticPolicy policy;
};

int RunGraph(const GraphOptions& options, std::ostream& out,
             std::ostream& err);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_GRAPH_COMMAND_H_
