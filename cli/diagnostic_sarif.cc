// The SARIF 2.1.0 document of a run (cli/diagnostic_formats.h). Choices,
// documented in docs/cli.md ("Diagnostics for machines"):
//   - one rule per Code, all of them, in AllCodes() order, so a result's
//     ruleIndex is its code's place there; each rule's text is its row of
//     docs/diagnostics.md (plain in shortDescription, fullDescription and
//     help.text; as written in help.markdown). No helpUri: SARIF requires an
//     absolute URI and the documentation has no published address; the help
//     names docs/diagnostics.md instead.
//   - a relative file name is a relative URI reference with uriBaseId
//     %SRCROOT% (the working directory, which CI runs from the checkout's
//     root); an absolute one a file: URI without a base.
//   - standard input (`<stdin>`) has no artifact: its locations have no
//     physicalLocation, only the logical location (the element path); the
//     line is told in the message.
//   - region only when the line is known (not 0).
#include <cstdio>
#include <string>

#include <nlohmann/json.hpp>

#include "cli/diagnostic_docs.h"
#include "cli/diagnostic_formats.h"
#include "cli/diagnostic_json.h"
#include "cli/diagnostic_order.h"
#include "cli/exit_code.h"
#include "cli/version.h"
#include "converters/xml/standard_input.h"

namespace sdfconv {

using json = nlohmann::ordered_json;

constexpr char kSarifSchema[] = "https://json.schemastore.org/sarif-2.1.0.json";
constexpr char kSourceRoot[] = "%SRCROOT%";

namespace {

bool Unreserved(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
         (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' ||
         c == '~';
}

std::string PercentEncoded(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (Unreserved(c) || c == '/') {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

json RuleJson(Code code) {
  const std::string_view markdown = CodeDocumentation(code);
  const std::string text = PlainDocText(markdown);
  const std::string see = "docs/diagnostics.md, code " + std::string(CodeName(code));
  return json{
      {"id", std::string(CodeName(code))},
      {"shortDescription", {{"text", FirstSentence(text)}}},
      {"fullDescription", {{"text", text}}},
      {"help",
       {{"text", text + "\n\nSee " + see + "."},
        {"markdown", std::string(markdown) + "\n\nSee `" + see + "`."}}},
  };
}

int RuleIndex(Code code) {
  const std::vector<Code>& all = AllCodes();
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i] == code) return static_cast<int>(i);
  }
  return -1;
}

// A location: physical when the file is one, logical when the element path
// is known; nullopt-like empty object when neither.
json LocationOf(const SourceLocation& at) {
  json location = json::object();
  if (!at.file.empty() && !IsStandardInput(at.file)) {
    json artifact = {{"uri", ArtifactUri(at.file.str())}};
    if (at.file[0] != '/') artifact["uriBaseId"] = kSourceRoot;
    json physical = {{"artifactLocation", std::move(artifact)}};
    if (at.line > 0) physical["region"] = {{"startLine", at.line}};
    location["physicalLocation"] = std::move(physical);
  }
  if (!at.path.empty()) {
    location["logicalLocations"] =
        json::array({{{"fullyQualifiedName", at.path}, {"kind", "element"}}});
  }
  return location;
}

std::string MessageText(const Diagnostic& d) {
  if (!IsStandardInput(d.source.file)) return d.message;
  return d.source.file +
         (d.source.line > 0 ? ":" + std::to_string(d.source.line) : "") +
         ": " + d.message;
}

json ResultJson(const Diagnostic& d) {
  json result = {
      {"ruleId", std::string(CodeName(d.code))},
      {"ruleIndex", RuleIndex(d.code)},
      {"level", d.severity == Severity::kError ? "error" : "warning"},
      {"message", {{"text", MessageText(d)}}},
  };
  json location = LocationOf(d.source);
  result["locations"] =
      location.empty() ? json::array() : json::array({std::move(location)});
  if (!d.related.empty()) {
    json related = json::array();
    int id = 0;
    for (const SourceLocation& at : d.related) {
      json entry = LocationOf(at);
      entry["id"] = id++;
      entry["message"] = {{"text", at.path.empty() ? at.file.str() : at.path}};
      related.push_back(std::move(entry));
    }
    result["relatedLocations"] = std::move(related);
  }
  return result;
}

}  // namespace

std::string ArtifactUri(const std::string& file) {
  if (!file.empty() && file[0] == '/') return "file://" + PercentEncoded(file);
  std::string relative = file;
  while (relative.rfind("./", 0) == 0) relative.erase(0, 2);
  return PercentEncoded(relative);
}

std::string SarifDocument(const DiagnosticRun& run) {
  json rules = json::array();
  for (Code code : AllCodes()) rules.push_back(RuleJson(code));
  json results = json::array();
  json notifications = json::array();
  json outcomes = json::array();
  for (const FileOutcome& file : run.files) {
    for (const Diagnostic* d : InPrintOrder(file.diagnostics, file.path)) {
      results.push_back(ResultJson(*d));
    }
    outcomes.push_back(OutcomeJson(file));
    if (!file.message.empty()) {
      notifications.push_back({{"level", "note"},
                               {"message", {{"text", file.message}}}});
    }
  }
  for (const std::string& message : run.messages) {
    notifications.push_back({{"level", "note"}, {"message", {{"text", message}}}});
  }
  json invocation = {
      {"executionSuccessful",
       run.exit_code == kExitOk || run.exit_code == kExitInvalid},
      {"exitCode", run.exit_code},
  };
  if (!notifications.empty()) {
    invocation["toolExecutionNotifications"] = std::move(notifications);
  }
  json driver = {{"name", kToolName},
                 {"version", kToolVersion},
                 {"semanticVersion", kToolVersion},
                 {"rules", std::move(rules)}};
  json sarif_run = {
      {"tool", {{"driver", std::move(driver)}}},
      {"invocations", json::array({std::move(invocation)})},
      {"originalUriBaseIds",
       {{kSourceRoot,
         {{"description",
           {{"text", "The working directory sdfconv ran in."}}}}}}},
      {"results", std::move(results)},
      {"properties",
       {{"command", run.command}, {"files", std::move(outcomes)}}},
  };
  const json doc = {{"$schema", kSarifSchema},
                    {"version", "2.1.0"},
                    {"runs", json::array({std::move(sarif_run)})}};
  return JsonText(doc);
}

}  // namespace sdfconv
