// Diagnostics for machines: the formats of `--diagnostics-format`
// (`check --format`), beside the text format of FormatDiagnostic.
//
//   text    "FILE:LINE: error[CODE]: message", one a line (today's output).
//   github  GitHub Actions workflow commands, one a line:
//           "::error file=F,line=L,title=CODE::message" (`::warning`).
//   json    one object per run: the tool, and per input file its outcome
//           (check: valid / invalid / unreadable; convert, upgrade: what
//           was written) with every diagnostic (file, line, element path,
//           severity, code, message, related elements).
//   sarif   SARIF 2.1.0: one run, a rule per Code (its text from
//           docs/diagnostics.md, cli/diagnostic_docs.h), a result per
//           diagnostic, the outcomes in the run's property bag.
// docs/cli.md shows each.
//
// Invariant: every format lists a file's diagnostics in the one print order
// (cli/diagnostic_order.h), and a diagnostic says the same in each: its
// code, severity, file, line and element path.
//
// text and github are streamed (a file's lines as soon as it is done:
// StreamedDiagnostics); json and sarif are one document written at the end
// (RunDocument) from a DiagnosticRun.
#ifndef SDFCONV_CLI_DIAGNOSTIC_FORMATS_H_
#define SDFCONV_CLI_DIAGNOSTIC_FORMATS_H_

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "core/diagnostic.h"

namespace sdfconv {

enum class DiagnosticFormat { kText, kJson, kSarif, kGithub };

// json and sarif: one document at the end, nothing else on its stream.
[[nodiscard]] inline bool IsDocumentFormat(DiagnosticFormat format) {
  return format == DiagnosticFormat::kJson ||
         format == DiagnosticFormat::kSarif;
}

// What became of one input.
struct FileOutcome {
  std::string path;  // the input as named (`<stdin>` for standard input)
  // check: "valid", "invalid", "unreadable"; convert: "written", "invalid"
  // (nothing written), "unreadable", "not_written" (the output could not be
  // written); upgrade: cli/upgrade_report.h's StatusName.
  std::string outcome;
  std::string output;       // convert, upgrade: where it went, if anywhere
  Diagnostics diagnostics;  // as found; formats put them in print order
  // The line people are told about it, e.g. "FILE cannot be converted;
  // nothing written" (empty: none).
  std::string message;
};

// One command's run.
struct DiagnosticRun {
  std::string command;  // "check", "convert", "upgrade"
  std::vector<FileOutcome> files;
  // Lines about the run as a whole (upgrade's summary, a usage error).
  std::vector<std::string> messages;
  int exit_code = 0;
};

// How many of `diags` have `severity`.
int CountOf(const Diagnostics& diags, Severity severity);

// "1 error", "3 errors": the errors of `diags`, for the lines people read.
std::string ErrorCountText(const Diagnostics& diags);

// One file's outcome as the JSON and SARIF documents both give it: path,
// outcome, error and warning counts, output and message when set; not its
// diagnostics.
nlohmann::ordered_json OutcomeJson(const FileOutcome& file);

// The lines of one file's diagnostics in a streamed format (text or
// github), each ending in '\n', in print order (`read_file` first); "" for
// json and sarif.
std::string StreamedDiagnostics(DiagnosticFormat format,
                                const Diagnostics& diags,
                                const std::string& read_file);

// One GitHub workflow command for `d` (no '\n'). Standard input has no file
// to annotate: its line is told in the message instead.
std::string GithubCommand(const Diagnostic& d);

// The json or sarif document of `run`, ending in '\n' ("" for streamed
// formats). A name or message that is not UTF-8 is escaped
// (cli/diagnostic_json.h), not replaced and not thrown on.
std::string RunDocument(DiagnosticFormat format, const DiagnosticRun& run);
// Its two cases (diagnostic_formats.cc, diagnostic_sarif.cc).
std::string JsonDocument(const DiagnosticRun& run);
std::string SarifDocument(const DiagnosticRun& run);

// SARIF's artifact URI for a file name: a relative path as a relative URI
// reference (to be resolved against %SRCROOT%), an absolute one as a file:
// URI; bytes outside RFC 3986's unreserved set and '/' percent-encoded.
std::string ArtifactUri(const std::string& file);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_DIAGNOSTIC_FORMATS_H_
