#include "cli/diagnostic_formats.h"

#include <string>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/diagnostic.h"

namespace sdfconv {
namespace {

using json = nlohmann::json;

Diagnostic Make(Severity severity, Code code, const std::string& file,
                int line, const std::string& path, const std::string& message) {
  Diagnostic d;
  d.severity = severity;
  d.code = code;
  d.source = {file, line, path};
  d.message = message;
  return d;
}

// world.sdf includes part.sdf: a warning in the included file found first,
// then two errors of world.sdf out of line order; a cycle with related
// elements.
Diagnostics WorldDiagnostics() {
  Diagnostics diags;
  diags.Add(Make(Severity::kWarning, Code::kElementInvalid, "part.sdf", 3,
                 "/sdf/model[@name=\"p\"]/foo", "element 'foo' ignored"));
  diags.Add(Make(Severity::kError, Code::kDuplicateName, "world.sdf", 20,
                 "/sdf/world[@name=\"w\"]/model[@name=\"a\"]", "dup 'a'"));
  Diagnostic cycle = Make(Severity::kError, Code::kPoseRelativeToCycle,
                          "world.sdf", 7, "/sdf/world[@name=\"w\"]/frame[@name=\"f\"]",
                          "relative_to cycle");
  cycle.related = {{"world.sdf", 9, "/sdf/world[@name=\"w\"]/frame[@name=\"g\"]"}};
  diags.Add(cycle);
  return diags;
}

DiagnosticRun CheckRun() {
  DiagnosticRun run;
  run.command = "check";
  run.files.push_back({"world.sdf", "invalid", "", WorldDiagnostics(), ""});
  run.files.push_back({"ok.sdf", "valid", "", Diagnostics{}, ""});
  run.exit_code = 1;
  return run;
}

TEST(GithubFormat, OneWorkflowCommandPerDiagnosticInPrintOrder) {
  EXPECT_EQ(StreamedDiagnostics(DiagnosticFormat::kGithub, WorldDiagnostics(),
                                "world.sdf"),
            "::error file=world.sdf,line=7,title=POSE_RELATIVE_TO_CYCLE::"
            "relative_to cycle\n"
            "::error file=world.sdf,line=20,title=DUPLICATE_NAME::dup 'a'\n"
            "::warning file=part.sdf,line=3,title=ELEMENT_INVALID::"
            "element 'foo' ignored\n");
}

TEST(GithubFormat, EscapesDataAndProperties) {
  // Message: '%' escaped, ':' and ',' kept; file: also ':' and ','.
  const Diagnostic d =
      Make(Severity::kError, Code::kValueInvalid, "dir,x/a:b%.sdf", 4, "",
           "50% of a:b,c");
  EXPECT_EQ(GithubCommand(d),
            "::error file=dir%2Cx/a%3Ab%25.sdf,line=4,title=VALUE_INVALID::"
            "50%25 of a:b,c");
}

TEST(GithubFormat, ControlsInNamesAndMessagesAreShownNotObeyed) {
  // A newline would end the command and start another; ESC would reach
  // the log viewer's terminal emulation.
  const Diagnostic d = Make(
      Severity::kError, Code::kDuplicateName,
      "a\n::error file=x.sdf::forged\x1b[2K.sdf", 4, "",
      "name 'b\r\n::warning::forged' \xff");
  EXPECT_EQ(GithubCommand(d),
            "::error file=a\\n%3A%3Aerror file=x.sdf%3A%3Aforged\\x1b[2K.sdf,"
            "line=4,title=DUPLICATE_NAME::"
            "name 'b\\r\\n::warning::forged' \\xff");
  // On standard input the place is in the message, escaped with it.
  EXPECT_EQ(GithubCommand(Make(Severity::kError, Code::kDuplicateName,
                               "<stdin>", 5, "", "a\nb")),
            "::error title=DUPLICATE_NAME::<stdin>:5: a\\nb");
}

TEST(TextFormat, ControlsInNamesAndMessagesAreShownNotObeyed) {
  Diagnostics diags;
  diags.Add(Make(Severity::kError, Code::kDuplicateName, "a\nb.sdf", 3, "",
                 "dup 'x\nb.sdf:9: error[FORGED]: y'"));
  EXPECT_EQ(StreamedDiagnostics(DiagnosticFormat::kText, diags, "a\nb.sdf"),
            "a\\nb.sdf:3: error[DUPLICATE_NAME]: "
            "dup 'x\\nb.sdf:9: error[FORGED]: y'\n");
}

TEST(GithubFormat, LineZeroAndStandardInput) {
  EXPECT_EQ(GithubCommand(Make(Severity::kWarning, Code::kFileRead, "a.sdf", 0,
                               "", "cannot read")),
            "::warning file=a.sdf,title=FILE_READ::cannot read");
  // No file to annotate: the place goes into the message.
  EXPECT_EQ(GithubCommand(Make(Severity::kError, Code::kDuplicateName,
                               "<stdin>", 5, "", "dup")),
            "::error title=DUPLICATE_NAME::<stdin>:5: dup");
}

TEST(TextFormat, IsFormatDiagnosticInPrintOrder) {
  const Diagnostics diags = WorldDiagnostics();
  EXPECT_EQ(StreamedDiagnostics(DiagnosticFormat::kText, diags, "world.sdf"),
            FormatDiagnostic(diags.items()[2]) + "\n" +
                FormatDiagnostic(diags.items()[1]) + "\n" +
                FormatDiagnostic(diags.items()[0]) + "\n");
  EXPECT_EQ(StreamedDiagnostics(DiagnosticFormat::kJson, diags, "world.sdf"),
            "");
}

TEST(JsonFormat, ToolFilesOutcomesAndDiagnostics) {
  const json doc = json::parse(RunDocument(DiagnosticFormat::kJson, CheckRun()));
  EXPECT_EQ(doc["tool"]["name"], "sdfconv");
  EXPECT_FALSE(doc["tool"]["version"].get<std::string>().empty());
  EXPECT_EQ(doc["command"], "check");
  EXPECT_EQ(doc["exit_code"], 1);
  ASSERT_EQ(doc["files"].size(), 2u);
  const json& world = doc["files"][0];
  EXPECT_EQ(world["path"], "world.sdf");
  EXPECT_EQ(world["outcome"], "invalid");
  EXPECT_EQ(world["errors"], 2);
  EXPECT_EQ(world["warnings"], 1);
  ASSERT_EQ(world["diagnostics"].size(), 3u);
  const json& first = world["diagnostics"][0];
  EXPECT_EQ(first["code"], "POSE_RELATIVE_TO_CYCLE");
  EXPECT_EQ(first["severity"], "error");
  EXPECT_EQ(first["file"], "world.sdf");
  EXPECT_EQ(first["line"], 7);
  EXPECT_EQ(first["path"], "/sdf/world[@name=\"w\"]/frame[@name=\"f\"]");
  EXPECT_EQ(first["message"], "relative_to cycle");
  ASSERT_EQ(first["related"].size(), 1u);
  EXPECT_EQ(first["related"][0]["line"], 9);
  EXPECT_EQ(first["related"][0]["path"],
            "/sdf/world[@name=\"w\"]/frame[@name=\"g\"]");
  EXPECT_EQ(world["diagnostics"][1]["code"], "DUPLICATE_NAME");
  EXPECT_EQ(world["diagnostics"][2]["file"], "part.sdf");
  EXPECT_EQ(world["diagnostics"][2]["severity"], "warning");
  EXPECT_EQ(doc["files"][1]["outcome"], "valid");
  EXPECT_TRUE(doc["files"][1]["diagnostics"].empty());
  EXPECT_TRUE(doc["messages"].empty());
}

TEST(JsonFormat, PathsThatAreNotUtf8StayDistinct) {
  // Two names that differ only in a byte that is not UTF-8 get two paths;
  // a name that spells the escape literally gets the same path text as the
  // escaped one, and no path_base64: entries still differ.
  DiagnosticRun run;
  run.command = "check";
  Diagnostics diags;
  diags.Add(Make(Severity::kError, Code::kFileRead, "m\xfe.sdf", 0, "",
                 "cannot read 'm\xfe.sdf'"));
  run.files.push_back({"m\xfe.sdf", "unreadable", "", diags, ""});
  run.files.push_back({"m\xff.sdf", "valid", "", Diagnostics{}, ""});
  run.files.push_back({"m\\xff.sdf", "valid", "", Diagnostics{}, ""});
  run.files.push_back({"caf\xc3\xa9.sdf", "valid", "", Diagnostics{}, ""});
  const json doc = json::parse(RunDocument(DiagnosticFormat::kJson, run));
  const json& files = doc["files"];
  EXPECT_EQ(files[0]["path"], "m\\xfe.sdf");
  EXPECT_EQ(files[0]["path_base64"], "bf4uc2Rm");
  EXPECT_EQ(files[0]["diagnostics"][0]["file"], "m\\xfe.sdf");
  EXPECT_EQ(files[0]["diagnostics"][0]["message"], "cannot read 'm\\xfe.sdf'");
  EXPECT_EQ(files[1]["path"], "m\\xff.sdf");
  EXPECT_EQ(files[1]["path_base64"], "bf8uc2Rm");
  // Valid UTF-8 as it is, without path_base64, backslash included.
  EXPECT_EQ(files[2]["path"], "m\\xff.sdf");
  EXPECT_FALSE(files[2].contains("path_base64"));
  EXPECT_EQ(files[3]["path"], "caf\xc3\xa9.sdf");
  EXPECT_FALSE(files[3].contains("path_base64"));
  // SARIF's outcomes the same, its artifact URIs percent-encoded.
  const json sarif = json::parse(RunDocument(DiagnosticFormat::kSarif, run));
  const json& outcomes = sarif["runs"][0]["properties"]["files"];
  EXPECT_EQ(outcomes[0]["path_base64"], "bf4uc2Rm");
  EXPECT_EQ(sarif["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
                 ["artifactLocation"]["uri"],
            "m%FE.sdf");
}

TEST(JsonFormat, OutputMessageAndRunMessages) {
  DiagnosticRun run;
  run.command = "upgrade";
  run.files.push_back({"a.sdf", "failed", "out/a.sdf", Diagnostics{},
                       "a.sdf: error: cannot write"});
  run.messages = {"upgrade: 0 upgraded, 0 unchanged, 1 failed"};
  const json doc = json::parse(RunDocument(DiagnosticFormat::kJson, run));
  EXPECT_EQ(doc["files"][0]["output"], "out/a.sdf");
  EXPECT_EQ(doc["files"][0]["message"], "a.sdf: error: cannot write");
  EXPECT_EQ(doc["messages"][0], "upgrade: 0 upgraded, 0 unchanged, 1 failed");
}

TEST(SarifFormat, StructureOfSarif210) {
  const json doc =
      json::parse(RunDocument(DiagnosticFormat::kSarif, CheckRun()));
  EXPECT_EQ(doc["version"], "2.1.0");
  EXPECT_EQ(doc["$schema"], "https://json.schemastore.org/sarif-2.1.0.json");
  ASSERT_EQ(doc["runs"].size(), 1u);
  const json& run = doc["runs"][0];
  const json& driver = run["tool"]["driver"];
  EXPECT_EQ(driver["name"], "sdfconv");
  // One rule per code, in AllCodes() order, documented from the docs page.
  ASSERT_EQ(driver["rules"].size(), AllCodes().size());
  for (size_t i = 0; i < AllCodes().size(); ++i) {
    const json& rule = driver["rules"][i];
    EXPECT_EQ(rule["id"], std::string(CodeName(AllCodes()[i])));
    const std::string full = rule["fullDescription"]["text"];
    EXPECT_FALSE(full.empty()) << rule["id"];
    EXPECT_EQ(full.find('`'), std::string::npos) << rule["id"];
    EXPECT_FALSE(rule["shortDescription"]["text"].get<std::string>().empty());
    EXPECT_NE(rule["help"]["text"].get<std::string>().find(
                  "docs/diagnostics.md"),
              std::string::npos);
    EXPECT_FALSE(rule.contains("helpUri"));  // no absolute address to give
  }
  const json& rules = driver["rules"];
  EXPECT_EQ(rules[static_cast<int>(Code::kFileRead)]["help"]["markdown"]
                .get<std::string>()
                .rfind("The file does not exist or cannot be read. `check` "
                       "exits 2.",
                       0),
            0u);
  // Results: one per diagnostic, in print order.
  const json& results = run["results"];
  ASSERT_EQ(results.size(), 3u);
  const char* codes[] = {"POSE_RELATIVE_TO_CYCLE", "DUPLICATE_NAME",
                         "ELEMENT_INVALID"};
  const char* levels[] = {"error", "error", "warning"};
  const int lines[] = {7, 20, 3};
  for (size_t i = 0; i < 3; ++i) {
    const json& r = results[i];
    EXPECT_EQ(r["ruleId"], codes[i]);
    EXPECT_EQ(rules[r["ruleIndex"].get<int>()]["id"], codes[i]);
    EXPECT_EQ(r["level"], levels[i]);
    const json& physical = r["locations"][0]["physicalLocation"];
    EXPECT_EQ(physical["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    EXPECT_EQ(physical["region"]["startLine"], lines[i]);
  }
  EXPECT_EQ(results[0]["message"]["text"], "relative_to cycle");
  EXPECT_EQ(results[0]["locations"][0]["physicalLocation"]["artifactLocation"]
                   ["uri"],
            "world.sdf");
  EXPECT_EQ(results[0]["locations"][0]["logicalLocations"][0]
                   ["fullyQualifiedName"],
            "/sdf/world[@name=\"w\"]/frame[@name=\"f\"]");
  EXPECT_EQ(results[0]["relatedLocations"][0]["physicalLocation"]["region"]
                   ["startLine"],
            9);
  EXPECT_EQ(results[2]["locations"][0]["physicalLocation"]["artifactLocation"]
                   ["uri"],
            "part.sdf");
  // Outcomes and the invocation.
  EXPECT_EQ(run["properties"]["files"][0]["outcome"], "invalid");
  EXPECT_EQ(run["properties"]["files"][1]["outcome"], "valid");
  EXPECT_EQ(run["invocations"][0]["exitCode"], 1);
  EXPECT_EQ(run["invocations"][0]["executionSuccessful"], true);
}

TEST(SarifFormat, LineZeroStandardInputAndAbsolutePaths) {
  Diagnostics diags;
  diags.Add(Make(Severity::kError, Code::kFileRead, "missing.sdf", 0, "",
                 "cannot open"));
  diags.Add(Make(Severity::kError, Code::kDuplicateName, "<stdin>", 4,
                 "/sdf/model[@name=\"m\"]", "dup"));
  diags.Add(Make(Severity::kWarning, Code::kElementInvalid, "/abs/my dir/x.sdf",
                 2, "", "w"));
  DiagnosticRun run;
  run.command = "check";
  run.files.push_back({"<stdin>", "invalid", "", diags, ""});
  run.exit_code = 2;
  const json doc = json::parse(RunDocument(DiagnosticFormat::kSarif, run));
  const json& results = doc["runs"][0]["results"];
  ASSERT_EQ(results.size(), 3u);
  // Print order: <stdin> (the file read) first.
  const json& stdin_result = results[0];
  EXPECT_EQ(stdin_result["ruleId"], "DUPLICATE_NAME");
  EXPECT_FALSE(stdin_result["locations"][0].contains("physicalLocation"));
  EXPECT_EQ(stdin_result["locations"][0]["logicalLocations"][0]["kind"],
            "element");
  EXPECT_EQ(stdin_result["message"]["text"], "<stdin>:4: dup");
  const json& unread = results[1]["locations"][0]["physicalLocation"];
  EXPECT_EQ(unread["artifactLocation"]["uri"], "missing.sdf");
  EXPECT_FALSE(unread.contains("region"));
  const json& absolute =
      results[2]["locations"][0]["physicalLocation"]["artifactLocation"];
  EXPECT_EQ(absolute["uri"], "file:///abs/my%20dir/x.sdf");
  EXPECT_FALSE(absolute.contains("uriBaseId"));
  EXPECT_EQ(doc["runs"][0]["invocations"][0]["executionSuccessful"], false);
}

TEST(SarifFormat, ArtifactUris) {
  EXPECT_EQ(ArtifactUri("models/arm.sdf"), "models/arm.sdf");
  EXPECT_EQ(ArtifactUri("./a/b.sdf"), "a/b.sdf");
  EXPECT_EQ(ArtifactUri("../x y#1%.sdf"), "../x%20y%231%25.sdf");
  EXPECT_EQ(ArtifactUri("/tmp/a.sdf"), "file:///tmp/a.sdf");
  EXPECT_EQ(ArtifactUri("caf\xc3\xa9.sdf"), "caf%C3%A9.sdf");
}

}  // namespace
}  // namespace sdfconv
