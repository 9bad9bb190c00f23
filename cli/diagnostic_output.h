// Where a command's diagnostics go, in the format asked for
// (`--diagnostics-format`, `check --format`; cli/diagnostic_formats.h) and
// to the place asked for (`--diagnostics-output FILE`, else the command's
// stream: stdout for `check` in a machine format, stderr otherwise).
//
// Invariant: with json or sarif on a stream, that stream holds the document
// and nothing else (`OwnsStream`: the command then puts its lines for
// people, verdicts and summaries, into the DiagnosticRun instead, and draws
// no progress there). With FILE, the file gets exactly what the stream would
// have got, written atomically at the end (cli/output_file.h), and the
// streams carry what the text format gives, without the diagnostics.
//
//   DiagnosticOutput output(options.diagnostics);
//   err << output.Streamed(diags, path);   // text, github: now
//   ...
//   if (!output.Finish(run, err, &error)) ... // json, sarif; or the FILE
#ifndef SDFCONV_CLI_DIAGNOSTIC_OUTPUT_H_
#define SDFCONV_CLI_DIAGNOSTIC_OUTPUT_H_

#include <mutex>
#include <ostream>
#include <string>

#include "cli/diagnostic_formats.h"
#include "cli/diagnostic_policy.h"
#include "core/diagnostic.h"

namespace sdfconv {

struct DiagnosticOptions {
  DiagnosticFormat format = DiagnosticFormat::kText;
  std::string file;  // --diagnostics-output; empty: the command's stream
  // --ignore, --warnings-as-errors: applied by the command to each file's
  // diagnostics before it decides anything on them.
  DiagnosticPolicy policy;
};

class DiagnosticOutput {
 public:
  explicit DiagnosticOutput(DiagnosticOptions options)
      : options_(std::move(options)) {}

  DiagnosticFormat format() const { return options_.format; }
  // json or sarif on the command's stream: nothing else may go there.
  bool OwnsStream() const {
    return IsDocumentFormat(options_.format) && options_.file.empty();
  }

  // One finished file's diagnostics in a streamed format, for the caller
  // to write on its stream now; kept for FILE instead (then ""). "" for
  // json and sarif. Safe to call from several threads.
  std::string Streamed(const Diagnostics& diags, const std::string& read_file);

  // Ends the run: json or sarif, the document of `run` to `stream` or FILE;
  // a streamed format with FILE, what was kept to FILE. False, with
  // `*error` naming FILE and the reason, when FILE cannot be written.
  [[nodiscard]] bool Finish(const DiagnosticRun& run, std::ostream& stream,
                            std::string* error);

 private:
  DiagnosticOptions options_;
  std::mutex mutex_;
  std::string kept_;  // streamed text for FILE
};

}  // namespace sdfconv

#endif  // SDFCONV_CLI_DIAGNOSTIC_OUTPUT_H_
