// text, github and json; SARIF is in diagnostic_sarif.cc.
#include "cli/diagnostic_formats.h"

#include <nlohmann/json.hpp>

#include "cli/diagnostic_json.h"
#include "cli/diagnostic_order.h"
#include "cli/version.h"
#include "core/visible_text.h"
#include "converters/xml/standard_input.h"

namespace sdfconv {

using json = nlohmann::ordered_json;

namespace {

// A workflow command's message ("data"): VisibleText, so the runner and
// the log viewer get one line without controls, then '%' as the Actions
// toolkit's escapeData writes it (its CR and LF cases cannot occur: there
// are none left).
std::string EscapeData(std::string_view text) {
  std::string out;
  for (char c : VisibleText(text)) {
    if (c == '%') {
      out += "%25";
    } else {
      out += c;
    }
  }
  return out;
}

// ... and of a property's value: also ':' and ',' (escapeProperty).
std::string EscapeProperty(std::string_view text) {
  std::string out;
  for (char c : EscapeData(text)) {
    switch (c) {
      case ':': out += "%3A"; break;
      case ',': out += "%2C"; break;
      default: out += c;
    }
  }
  return out;
}

json FileJson(const FileOutcome& file) {
  json diagnostics = json::array();
  for (const Diagnostic* d : InPrintOrder(file.diagnostics, file.path)) {
    diagnostics.push_back(DiagnosticJson(*d));
  }
  json entry = OutcomeJson(file);
  entry["diagnostics"] = std::move(diagnostics);
  return entry;
}

}  // namespace

std::string JsonDocument(const DiagnosticRun& run) {
  json files = json::array();
  for (const FileOutcome& file : run.files) files.push_back(FileJson(file));
  const json doc = {
      {"tool", {{"name", kToolName}, {"version", kToolVersion}}},
      {"command", run.command},
      {"exit_code", run.exit_code},
      {"files", std::move(files)},
      {"messages", run.messages},
  };
  return JsonText(doc);
}

json OutcomeJson(const FileOutcome& file) {
  json entry = {{"path", file.path},
                {"outcome", file.outcome},
                {"errors", CountOf(file.diagnostics, Severity::kError)},
                {"warnings", CountOf(file.diagnostics, Severity::kWarning)}};
  AddPathBytes(file.path, &entry);
  if (!file.output.empty()) entry["output"] = file.output;
  if (!file.message.empty()) entry["message"] = file.message;
  return entry;
}

int CountOf(const Diagnostics& diags, Severity severity) {
  int n = 0;
  for (const Diagnostic& d : diags.items()) n += d.severity == severity;
  return n;
}

std::string ErrorCountText(const Diagnostics& diags) {
  const int n = CountOf(diags, Severity::kError);
  return std::to_string(n) + (n == 1 ? " error" : " errors");
}

std::string GithubCommand(const Diagnostic& d) {
  std::string command = "::" + std::string(SeverityName(d.severity));
  std::string message = d.message;
  const std::string file = d.source.file.str();
  const bool located = !file.empty() && !IsStandardInput(file);
  if (located) {
    command += " file=" + EscapeProperty(file);
    if (d.source.line > 0) {
      command += ",line=" + std::to_string(d.source.line);
    }
    command += ",";
  } else {
    if (!file.empty()) {
      message = file +
                (d.source.line > 0 ? ":" + std::to_string(d.source.line) : "") +
                ": " + message;
    }
    command += " ";
  }
  command += "title=" + EscapeProperty(CodeName(d.code));
  return command + "::" + EscapeData(message);
}

std::string StreamedDiagnostics(DiagnosticFormat format,
                                const Diagnostics& diags,
                                const std::string& read_file) {
  if (IsDocumentFormat(format)) return "";
  std::string text;
  for (const Diagnostic* d : InPrintOrder(diags, read_file)) {
    text += format == DiagnosticFormat::kGithub ? GithubCommand(*d)
                                                : FormatDiagnostic(*d);
    text += '\n';
  }
  return text;
}

std::string RunDocument(DiagnosticFormat format, const DiagnosticRun& run) {
  switch (format) {
    case DiagnosticFormat::kJson:
      return JsonDocument(run);
    case DiagnosticFormat::kSarif:
      return SarifDocument(run);
    default:
      return "";
  }
}

}  // namespace sdfconv
