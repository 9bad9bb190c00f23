// Graphviz's `dot` run as a child process: DOT in, SVG out.
//
// `dot` is found on PATH (Debian's graphviz), started without a shell, fed
// the DOT on its standard input by a thread while its standard output and
// standard error are read, so no pipe can fill up and stall either side
// whatever the graph's size. SIGPIPE is ignored while it runs (a `dot`
// that dies early makes a write fail, not this process).
#ifndef SDFCONV_CLI_GRAPHVIZ_H_
#define SDFCONV_CLI_GRAPHVIZ_H_

#include <optional>
#include <string>

namespace sdfconv {

// The SVG `dot -Tsvg` draws from `dot_text`; nothing, with `*error` set
// (`dot` is not installed, failed with its message, or was killed), on
// failure. `program` is the executable looked up on PATH.
[[nodiscard]] std::optional<std::string> RenderSvg(
    const std::string& dot_text, std::string* error,
    const std::string& program = "dot");

}  // namespace sdfconv

#endif  // SDFCONV_CLI_GRAPHVIZ_H_
