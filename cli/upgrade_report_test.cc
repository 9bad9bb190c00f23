#include "cli/upgrade_report.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace sdfconv {
namespace {

std::vector<FileRecord> SomeRecords() {
  std::vector<FileRecord> files(5);
  files[0] = {"in/a.sdf", "out/a.sdf", FileStatus::kUpgraded, {}, ""};
  files[0].diagnostics.Warning(Code::kDuplicateName,
                               {"in/a.sdf", 7, "/sdf/model[@name=\"m\"]"},
                               "renamed");
  files[1] = {"in/b.sdf", "out/b.sdf", FileStatus::kUnchanged, {}, ""};
  files[2] = {"in/c.sdf", "out/c.sdf", FileStatus::kFailed, {}, ""};
  files[2].diagnostics.Error(Code::kXmlSyntaxError, {"in/c.sdf", 3, ""},
                             "not XML");
  files[3] = {"in/d.sdf", "out/d.sdf", FileStatus::kFailed, {},
              "cannot create 'out/d.sdf.tmp.1': Permission denied"};
  files[4] = {"in/e.sdf", "out/e.sdf", FileStatus::kNotProcessed, {}, ""};
  return files;
}

TEST(UpgradeReportTest, StatusNames) {
  EXPECT_EQ(StatusName(FileStatus::kUpgraded), "upgraded");
  EXPECT_EQ(StatusName(FileStatus::kUnchanged), "unchanged");
  EXPECT_EQ(StatusName(FileStatus::kWouldChange), "would_change");
  EXPECT_EQ(StatusName(FileStatus::kFailed), "failed");
  EXPECT_EQ(StatusName(FileStatus::kNotProcessed), "not_processed");
}

TEST(UpgradeReportTest, SummarizeCountsEachStatus) {
  const BatchSummary s = Summarize(SomeRecords(), true, 1.5);
  EXPECT_EQ(s.total, 5);
  EXPECT_EQ(s.upgraded, 1);
  EXPECT_EQ(s.unchanged, 1);
  EXPECT_EQ(s.would_change, 0);
  EXPECT_EQ(s.failed, 2);
  EXPECT_EQ(s.not_processed, 1);
  EXPECT_TRUE(s.interrupted);
  EXPECT_EQ(s.seconds, 1.5);
}

TEST(UpgradeReportTest, JsonHasEveryFileItsDiagnosticsAndTheSummary) {
  const std::vector<FileRecord> files = SomeRecords();
  const auto report =
      nlohmann::json::parse(ReportJson(files, Summarize(files, false, 0.25)));
  ASSERT_EQ(report["files"].size(), 5u);
  const auto& a = report["files"][0];
  EXPECT_EQ(a["path"], "in/a.sdf");
  EXPECT_EQ(a["output"], "out/a.sdf");
  EXPECT_EQ(a["status"], "upgraded");
  ASSERT_EQ(a["diagnostics"].size(), 1u);
  EXPECT_EQ(a["diagnostics"][0]["severity"], "warning");
  EXPECT_EQ(a["diagnostics"][0]["code"], "DUPLICATE_NAME");
  EXPECT_EQ(a["diagnostics"][0]["file"], "in/a.sdf");
  EXPECT_EQ(a["diagnostics"][0]["line"], 7);
  EXPECT_EQ(a["diagnostics"][0]["path"], "/sdf/model[@name=\"m\"]");
  EXPECT_FALSE(a.contains("error"));
  EXPECT_EQ(report["files"][2]["diagnostics"][0]["code"], "XML_SYNTAX_ERROR");
  EXPECT_EQ(report["files"][2]["diagnostics"][0]["severity"], "error");
  EXPECT_EQ(report["files"][3]["status"], "failed");
  EXPECT_NE(report["files"][3]["error"].get<std::string>().find("Permission"),
            std::string::npos);
  EXPECT_EQ(report["files"][4]["status"], "not_processed");
  const auto& summary = report["summary"];
  EXPECT_EQ(summary["total"], 5);
  EXPECT_EQ(summary["failed"], 2);
  EXPECT_EQ(summary["interrupted"], false);
  EXPECT_EQ(summary["seconds"], 0.25);
}

TEST(UpgradeReportTest, PathsThatAreNotUtf8AreEscapedAndKeptDistinct) {
  std::vector<FileRecord> files(2);
  files[0].path = "in/\xfe.sdf";
  files[1].path = "in/\xff.sdf";
  files[1].error = "cannot read 'in/\xff.sdf'";
  const auto report =
      nlohmann::json::parse(ReportJson(files, Summarize(files, false, 0)));
  EXPECT_EQ(report["files"][0]["path"], "in/\\xfe.sdf");
  EXPECT_EQ(report["files"][1]["path"], "in/\\xff.sdf");
  EXPECT_EQ(report["files"][1]["path_base64"], "aW4v/y5zZGY=");
  EXPECT_EQ(report["files"][1]["error"], "cannot read 'in/\\xff.sdf'");
}

TEST(UpgradeReportTest, SummaryLine) {
  const std::vector<FileRecord> files = SomeRecords();
  EXPECT_EQ(SummaryLine(Summarize(files, false, 2.314), false),
            "upgrade: 1 upgraded, 1 unchanged, 2 failed, 1 not processed "
            "(5 files, 2.31 s)");
  BatchSummary check;
  check.total = 1;
  check.would_change = 1;
  EXPECT_EQ(SummaryLine(check, true),
            "upgrade: 1 would change, 0 unchanged, 0 failed (1 file, 0.00 s)");
  check.interrupted = true;
  EXPECT_EQ(SummaryLine(check, true).rfind("upgrade: interrupted: ", 0), 0u);
}

// A file upgraded or unchanged with a value error kept as written
// (docs/errors_policy.md) is counted, in the line and the report; a failed
// one is not, nor a warning of another kind.
TEST(UpgradeReportTest, CountsFilesWithValuesKeptAsWritten) {
  std::vector<FileRecord> files = SomeRecords();
  files[1].diagnostics.Warning(Code::kLinkInertiaInvalid, {"in/b.sdf", 4, ""},
                               "kept as written: link 'l' has an invalid "
                               "inertia");
  files[1].diagnostics.Warning(Code::kValueInvalid, {"in/b.sdf", 9, ""},
                               "kept as written: <mu> of <ode> '-1'");
  files[2].diagnostics.Warning(Code::kValueInvalid, {"in/c.sdf", 9, ""},
                               "kept as written: <mu> of <ode> '-1'");
  const BatchSummary s = Summarize(files, false, 1);
  EXPECT_EQ(s.kept_values, 1);
  EXPECT_EQ(SummaryLine(s, false),
            "upgrade: 1 upgraded, 1 unchanged, 2 failed, 1 with values kept "
            "as written, 1 not processed (5 files, 1.00 s)");
  const auto report = nlohmann::json::parse(ReportJson(files, s));
  EXPECT_EQ(report["summary"]["kept_values"], 1);
}

}  // namespace
}  // namespace sdfconv
