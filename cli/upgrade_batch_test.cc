// The batch guarantees of `sdfconv upgrade`, one test each, with injected
// upgrade functions (cli/testing/fake_upgrade.h): mirroring under -o, in
// place with and without backups, --check exit codes, a failing or
// throwing file in the middle, read-only outputs, model.config, -j 1 vs
// -j 4, usage errors, the report, and interruption (a stop flag set midway,
// and real SIGINT/SIGTERM sent to a forked child running a slow batch).
#include "cli/upgrade_batch.h"

#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <new>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "cli/interrupt.h"
#include "cli/testing/fake_upgrade.h"
#include "cli/testing/temp_tree.h"

namespace sdfconv {
namespace {

using testing::Exists;
using testing::FakeModelConfig;
using testing::FakeSdf;
using testing::FakeSdf18;
using testing::FakeUpgrade;
using testing::ListTree;
using testing::MakeTempDir;
using testing::ReadFile;
using testing::Snapshot;
using testing::WriteFile;
using Files = std::map<std::string, std::string>;

// A batch run, with what it printed.
struct Outcome {
  BatchResult result;
  std::string out;
  std::string err;
};

Outcome RunBatch(const BatchOptions& options,
             const UpgradeFunction& upgrade = FakeUpgrade,
             const std::atomic<bool>* stop = nullptr) {
  static const std::atomic<bool> kGo{false};
  std::ostringstream out, err;
  Outcome run;
  run.result = RunUpgrade(options, upgrade, stop ? *stop : kGo, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

BatchOptions Options(std::vector<std::string> paths, BatchMode mode,
                     const std::string& output_dir = "") {
  BatchOptions options;
  options.paths = std::move(paths);
  options.output = {mode, output_dir, true};
  options.jobs = 2;
  return options;
}

FileStatus StatusOf(const BatchResult& result, const std::string& path) {
  for (const FileRecord& file : result.files) {
    if (file.path == path) return file.status;
  }
  ADD_FAILURE() << "no record for " << path;
  return FileStatus::kNotProcessed;
}

nlohmann::json ReadReport(const std::string& path) {
  return nlohmann::json::parse(ReadFile(path), nullptr, false);
}

// The report without its only run-dependent number.
nlohmann::json WithoutTime(nlohmann::json report) {
  report["summary"].erase("seconds");
  return report;
}

bool HasTemporaries(const std::string& dir) {
  for (const std::string& entry : ListTree(dir)) {
    if (entry.find(".tmp.") != std::string::npos) return true;
  }
  return false;
}

// A tree of every kind of input: old and new SDFormat, a world, a
// model.config, and a file the walk does not take.
Files MixedTree() {
  return {
      {"arm/model.sdf", FakeSdf("1.6")},
      {"arm/model.config", FakeModelConfig("1.6")},
      {"arm/notes.txt", "not an input"},
      {"cell/cell.world", FakeSdf("1.7")},
      {"cell/deep/er/part.sdf", FakeSdf18()},
      {"top.sdf", FakeSdf("1.5")},
  };
}

void WriteTree(const std::string& dir, const Files& files) {
  for (const auto& [path, text] : files) WriteFile(dir + "/" + path, text);
}

TEST(UpgradeBatchTest, OutputDirMirrorsTheTreeAndLeavesInputsAlone) {
  const std::string dir = MakeTempDir("mirror");
  WriteTree(dir + "/in", MixedTree());
  const Files before = Snapshot(dir + "/in");
  const Outcome run = RunBatch(
      Options({dir + "/in"}, BatchMode::kOutputDir, dir + "/out"));
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(Snapshot(dir + "/in"), before);
  EXPECT_EQ(Snapshot(dir + "/out"),
            (Files{{"arm/model.config", FakeModelConfig("1.8")},
                   {"arm/model.sdf", FakeSdf18()},
                   {"arm/notes.txt", "not an input"},
                   {"cell/cell.world", FakeSdf18()},
                   {"cell/deep/er/part.sdf", FakeSdf18()},
                   {"top.sdf", FakeSdf18()}}));
  EXPECT_EQ(run.result.summary.upgraded, 4);
  EXPECT_EQ(run.result.summary.unchanged, 1);
  EXPECT_EQ(run.result.summary.copied, 1);
  EXPECT_EQ(StatusOf(run.result, dir + "/in/cell/deep/er/part.sdf"),
            FileStatus::kUnchanged);
  EXPECT_EQ(run.out, "");
  EXPECT_NE(run.err.find("upgrade: 4 upgraded, 1 unchanged, 1 other file "
                         "copied, 0 failed (6 files"),
            std::string::npos)
      << run.err;
}

// A file argument lands under its base name, beside a directory's tree.
TEST(UpgradeBatchTest, OutputDirTakesFilesAndDirectories) {
  const std::string dir = MakeTempDir("args");
  WriteFile(dir + "/loose/one.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/tree/sub/two.sdf", FakeSdf("1.6"));
  const Outcome run = RunBatch(Options({dir + "/loose/one.sdf", dir + "/tree"},
                                   BatchMode::kOutputDir, dir + "/out"));
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(ListTree(dir + "/out"),
            (std::vector<std::string>{"one.sdf", "sub/", "sub/two.sdf"}));
}

TEST(UpgradeBatchTest, InPlaceKeepsBackups) {
  const std::string dir = MakeTempDir("inplace");
  WriteTree(dir, MixedTree());
  const Outcome run = RunBatch(Options({dir}, BatchMode::kInPlace));
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  Files expected = MixedTree();
  for (const char* changed : {"arm/model.sdf", "arm/model.config",
                              "cell/cell.world", "top.sdf"}) {
    expected[std::string(changed) + ".bak"] = expected[changed];
  }
  expected["arm/model.sdf"] = FakeSdf18();
  expected["arm/model.config"] = FakeModelConfig("1.8");
  expected["cell/cell.world"] = FakeSdf18();
  expected["top.sdf"] = FakeSdf18();
  EXPECT_EQ(Snapshot(dir), expected);

  // Again: everything is 1.8 now, nothing is written, no backup is needed.
  const Outcome again = RunBatch(Options({dir}, BatchMode::kInPlace));
  EXPECT_EQ(again.result.exit_code, kExitOk) << again.err;
  EXPECT_EQ(again.result.summary.unchanged, 5);
  EXPECT_EQ(Snapshot(dir), expected);
}

TEST(UpgradeBatchTest, InPlaceWithoutBackups) {
  const std::string dir = MakeTempDir("nobackup");
  WriteTree(dir, MixedTree());
  BatchOptions options = Options({dir}, BatchMode::kInPlace);
  options.output.backup = false;
  const Outcome run = RunBatch(options);
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(Snapshot(dir),
            (Files{{"arm/model.config", FakeModelConfig("1.8")},
                   {"arm/model.sdf", FakeSdf18()},
                   {"arm/notes.txt", "not an input"},
                   {"cell/cell.world", FakeSdf18()},
                   {"cell/deep/er/part.sdf", FakeSdf18()},
                   {"top.sdf", FakeSdf18()}}));
}

TEST(UpgradeBatchTest, CheckExitCodes) {
  const std::string dir = MakeTempDir("check");
  WriteFile(dir + "/current/a.sdf", FakeSdf18());
  WriteFile(dir + "/current/model.config", FakeModelConfig("1.8"));
  WriteFile(dir + "/old/a.sdf", FakeSdf18());
  WriteFile(dir + "/old/b.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/broken/a.sdf", FakeSdf18(testing::kFailMarker));
  const Files before = Snapshot(dir);

  const Outcome current = RunBatch(Options({dir + "/current"}, BatchMode::kCheck));
  EXPECT_EQ(current.result.exit_code, kExitOk) << current.err;
  EXPECT_EQ(current.out, "");

  const Outcome old = RunBatch(Options({dir + "/old"}, BatchMode::kCheck));
  EXPECT_EQ(old.result.exit_code, kExitInvalid);
  EXPECT_EQ(old.out, dir + "/old/b.sdf: would change\n");
  EXPECT_NE(old.err.find("1 would change, 1 unchanged, 0 failed"),
            std::string::npos)
      << old.err;

  const Outcome broken = RunBatch(Options({dir + "/broken"}, BatchMode::kCheck));
  EXPECT_EQ(broken.result.exit_code, kExitInvalid);
  EXPECT_EQ(broken.out, dir + "/broken/a.sdf: failed\n");
  EXPECT_NE(broken.err.find("a.sdf:2: error[ELEMENT_INVALID]"),
            std::string::npos)
      << broken.err;

  EXPECT_EQ(Snapshot(dir), before) << "--check changed a file";
}

// The 5th of 9 files fails (or throws): the 8 others are upgraded, the
// batch says so, exits 1, and the report names the file and its codes.
TEST(UpgradeBatchTest, AFailingFileInTheMiddleDoesNotStopTheBatch) {
  for (const char* marker : {testing::kFailMarker, testing::kThrowMarker}) {
    SCOPED_TRACE(marker);
    const std::string dir = MakeTempDir("middle");
    for (int i = 0; i < 9; ++i) {
      WriteFile(dir + "/in/m" + std::to_string(i) + ".sdf",
                FakeSdf("1.6", i == 4 ? marker : ""));
    }
    BatchOptions options =
        Options({dir + "/in"}, BatchMode::kOutputDir, dir + "/out");
    options.report = dir + "/report.json";
    const Outcome run = RunBatch(options);
    EXPECT_EQ(run.result.exit_code, kExitInvalid);
    EXPECT_EQ(run.out, dir + "/in/m4.sdf: failed\n");
    EXPECT_NE(run.err.find("8 upgraded, 0 unchanged, 1 failed"),
              std::string::npos)
        << run.err;
    std::vector<std::string> written;
    for (int i = 0; i < 9; ++i) {
      if (i != 4) written.push_back("m" + std::to_string(i) + ".sdf");
    }
    EXPECT_EQ(ListTree(dir + "/out"), written);
    EXPECT_EQ(ReadFile(dir + "/in/m4.sdf"), FakeSdf("1.6", marker));

    const nlohmann::json report = ReadReport(dir + "/report.json");
    ASSERT_FALSE(report.is_discarded());
    const nlohmann::json& m4 = report["files"][4];
    EXPECT_EQ(m4["path"], dir + "/in/m4.sdf");
    EXPECT_EQ(m4["status"], "failed");
    if (std::string(marker) == testing::kFailMarker) {
      ASSERT_EQ(m4["diagnostics"].size(), 1u);
      EXPECT_EQ(m4["diagnostics"][0]["code"], "ELEMENT_INVALID");
      EXPECT_EQ(m4["diagnostics"][0]["line"], 2);
      EXPECT_EQ(m4["diagnostics"][0]["path"], "/sdf");
      EXPECT_EQ(m4["diagnostics"][0]["message"], "fake failure");
    } else {
      EXPECT_NE(m4["error"].get<std::string>().find("fake crash"),
                std::string::npos);
    }
    EXPECT_EQ(report["files"][3]["status"], "upgraded");
    EXPECT_EQ(report["summary"]["failed"], 1);
    EXPECT_EQ(report["summary"]["upgraded"], 8);
  }
}

// Warnings (repairs) are printed and reported; the file still upgrades.
TEST(UpgradeBatchTest, RepairsArePrintedAndReported) {
  const std::string dir = MakeTempDir("repair");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6", testing::kRepairMarker));
  BatchOptions options = Options({dir + "/a.sdf"}, BatchMode::kCheck);
  options.report = dir + "/report.json";
  const Outcome run = RunBatch(options);
  EXPECT_EQ(run.result.exit_code, kExitInvalid);
  EXPECT_NE(run.err.find("a.sdf:2: warning[DUPLICATE_NAME]: fake repair"),
            std::string::npos)
      << run.err;
  const nlohmann::json report = ReadReport(dir + "/report.json");
  EXPECT_EQ(report["files"][0]["status"], "would_change");
  EXPECT_EQ(report["files"][0]["diagnostics"][0]["severity"], "warning");
}

TEST(UpgradeBatchTest, ModelConfigGoesThroughItsOwnUpgrade) {
  const std::string dir = MakeTempDir("config");
  WriteFile(dir + "/m/model.config", FakeModelConfig("1.6"));
  WriteFile(dir + "/m/model.sdf", FakeSdf("1.6"));
  const Outcome run =
      RunBatch(Options({dir + "/m"}, BatchMode::kOutputDir, dir + "/out"));
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(ReadFile(dir + "/out/model.config"), FakeModelConfig("1.8"));
  EXPECT_EQ(ReadFile(dir + "/out/model.sdf"), FakeSdf18());
}

// Same records, report and outputs whatever the number of threads.
TEST(UpgradeBatchTest, OneJobAndFourJobsGiveTheSameResults) {
  const std::string dir = MakeTempDir("jobs");
  for (int i = 0; i < 40; ++i) {
    const std::string extra = i % 7 == 3   ? testing::kFailMarker
                              : i % 5 == 1 ? testing::kRepairMarker
                                           : "";
    WriteFile(dir + "/in/d" + std::to_string(i % 4) + "/m" +
                  std::to_string(i) + ".sdf",
              i % 3 == 0 ? FakeSdf18(extra) : FakeSdf("1.6", extra));
  }
  std::vector<nlohmann::json> reports;
  std::vector<Files> trees;
  for (int jobs : {1, 4}) {
    const std::string out = dir + "/out" + std::to_string(jobs);
    BatchOptions options = Options({dir + "/in"}, BatchMode::kOutputDir, out);
    options.jobs = jobs;
    options.report = out + ".json";
    const Outcome run =
        RunBatch(options, testing::SlowFakeUpgrade(std::chrono::milliseconds(2)));
    EXPECT_EQ(run.result.exit_code, kExitInvalid);
    reports.push_back(ReadReport(out + ".json"));
    trees.push_back(Snapshot(out));
  }
  ASSERT_FALSE(reports[0].is_discarded());
  EXPECT_EQ(reports[0]["summary"]["failed"], 6);
  // Outputs are named by OUTDIR: compare the reports with it taken out.
  std::string one = WithoutTime(reports[0]).dump();
  std::string four = WithoutTime(reports[1]).dump();
  for (std::string* text : {&one, &four}) {
    for (const std::string& out : {dir + "/out1/", dir + "/out4/"}) {
      for (size_t at; (at = text->find(out)) != std::string::npos;) {
        text->replace(at, out.size(), "OUT/");
      }
    }
  }
  EXPECT_EQ(one, four);
  EXPECT_EQ(trees[0], trees[1]);
}

TEST(UpgradeBatchTest, UsageErrorsDoNothing) {
  const std::string dir = MakeTempDir("usage");
  WriteFile(dir + "/a/m.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/b/m.sdf", FakeSdf("1.6"));
  const Files before = Snapshot(dir);

  const Outcome missing = RunBatch(Options({dir + "/a", dir + "/nope"},
                                       BatchMode::kInPlace));
  EXPECT_EQ(missing.result.exit_code, kExitCannotRun);
  EXPECT_NE(missing.err.find("cannot find '" + dir + "/nope'"),
            std::string::npos)
      << missing.err;

  // Two inputs, one output: nothing is written at all.
  const Outcome clash = RunBatch(Options({dir + "/a", dir + "/b"},
                                     BatchMode::kOutputDir, dir + "/out"));
  EXPECT_EQ(clash.result.exit_code, kExitCannotRun);
  EXPECT_NE(clash.err.find("would both be written to '" + dir + "/out/m.sdf'"),
            std::string::npos)
      << clash.err;

  // -o onto the inputs would be --in-place without backups.
  const Outcome onto = RunBatch(Options({dir + "/a"}, BatchMode::kOutputDir,
                                    dir + "/a"));
  EXPECT_EQ(onto.result.exit_code, kExitCannotRun);
  EXPECT_NE(onto.err.find("use --in-place"), std::string::npos) << onto.err;

  const Outcome no_dir = RunBatch(Options({dir + "/a"}, BatchMode::kOutputDir));
  EXPECT_EQ(no_dir.result.exit_code, kExitCannotRun);

  EXPECT_EQ(Snapshot(dir), before);
}

TEST(UpgradeBatchTest, NoInputFileIsNotAnError) {
  const std::string dir = MakeTempDir("empty");
  WriteFile(dir + "/notes.txt", "x");
  const Outcome run = RunBatch(Options({dir}, BatchMode::kCheck));
  EXPECT_EQ(run.result.exit_code, kExitOk);
  EXPECT_NE(run.err.find("no *.sdf, *.world or model.config file found"),
            std::string::npos);
}

// A report that cannot be written is exit 2, after the files are done.
TEST(UpgradeBatchTest, UnwritableReportIsExitTwo) {
  const std::string dir = MakeTempDir("report");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6"));
  BatchOptions options = Options({dir + "/a.sdf"}, BatchMode::kOutputDir,
                                 dir + "/out");
  options.report = dir + "/no/such/dir/report.json";
  const Outcome run = RunBatch(options);
  EXPECT_EQ(run.result.exit_code, kExitCannotRun);
  EXPECT_NE(run.err.find("report: cannot write"), std::string::npos)
      << run.err;
  EXPECT_EQ(ReadFile(dir + "/out/a.sdf"), FakeSdf18());
}

// A file whose upgrade runs out of memory only beside another one (as
// large files under a memory limit at -j N) is tried again alone: every
// file upgrades, and each is said once.
TEST(UpgradeBatchTest, OutOfMemoryBesideOthersIsRetriedAlone) {
  const std::string dir = MakeTempDir("oom");
  for (int i = 0; i < 4; ++i) {
    WriteFile(dir + "/m" + std::to_string(i) + ".sdf", FakeSdf("1.6"));
  }
  std::atomic<int> in_flight{0};
  std::atomic<int> thrown{0};
  const UpgradeFunction upgrade = [&](std::string_view text,
                                      const std::string& path) {
    const int others = in_flight.fetch_add(1);
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    const bool crowded = others > 0 || in_flight.load() > 1;
    in_flight.fetch_sub(1);
    if (crowded) {
      ++thrown;
      throw std::bad_alloc();
    }
    return FakeUpgrade(text, path);
  };
  BatchOptions options = Options({dir}, BatchMode::kInPlace);
  options.jobs = 4;
  options.output.backup = false;
  const Outcome run = RunBatch(options, upgrade);
  EXPECT_GT(thrown.load(), 0);
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(run.result.summary.upgraded, 4);
  EXPECT_EQ(run.err.find("OUT_OF_MEMORY"), std::string::npos) << run.err;
}

class ReadOnlyBatchTest : public ::testing::Test {
 protected:
  void MakeReadOnly(const std::string& dir) {
    ASSERT_EQ(::chmod(dir.c_str(), 0555), 0);
    locked_.push_back(dir);
    if (testing::CanCreateIn(dir)) GTEST_SKIP() << "permissions do not bind";
  }
  void TearDown() override {
    for (const std::string& dir : locked_) ::chmod(dir.c_str(), 0755);
  }
  testing::ScopedPermissionChecks checks_;
  std::vector<std::string> locked_;
};

// One read-only output directory: its files fail with a clear message,
// the others are written, nothing is left half-done.
TEST_F(ReadOnlyBatchTest, ReadOnlyOutputFailsOnlyItsFiles) {
  const std::string dir = MakeTempDir("readonly");
  WriteTree(dir + "/in", MixedTree());
  ::mkdir((dir + "/out").c_str(), 0755);
  ::mkdir((dir + "/out/arm").c_str(), 0755);
  MakeReadOnly(dir + "/out/arm");
  BatchOptions options =
      Options({dir + "/in"}, BatchMode::kOutputDir, dir + "/out");
  options.report = dir + "/report.json";
  const Outcome run = RunBatch(options);
  EXPECT_EQ(run.result.exit_code, kExitInvalid);
  EXPECT_EQ(run.out, dir + "/in/arm/model.config: failed\n" + dir +
                         "/in/arm/model.sdf: failed\n" + dir +
                         "/in/arm/notes.txt: failed\n");
  EXPECT_NE(run.err.find("'" + dir + "/out/arm/model.sdf': cannot create"),
            std::string::npos)
      << run.err;
  EXPECT_NE(run.err.find("Permission denied"), std::string::npos);
  EXPECT_EQ(ListTree(dir + "/out"),
            (std::vector<std::string>{"arm/", "cell/", "cell/cell.world",
                                      "cell/deep/", "cell/deep/er/",
                                      "cell/deep/er/part.sdf", "top.sdf"}));
  const nlohmann::json report = ReadReport(dir + "/report.json");
  EXPECT_EQ(report["files"][0]["status"], "failed");  // model.config
  EXPECT_EQ(report["files"][0]["diagnostics"][0]["code"], "FILE_WRITE");
  EXPECT_NE(report["files"][0]["diagnostics"][0]["message"]
                .get<std::string>()
                .find("could not be written"),
            std::string::npos);
  EXPECT_EQ(report["files"][1]["status"], "failed");  // model.sdf
  EXPECT_EQ(report["files"][1]["diagnostics"][0]["code"], "FILE_WRITE");
  EXPECT_NE(report["files"][1]["diagnostics"][0]["message"]
                .get<std::string>()
                .find("Permission denied"),
            std::string::npos);
  EXPECT_EQ(report["summary"]["failed"], 3);
}

TEST_F(ReadOnlyBatchTest, ReadOnlyOutputDirFailsEveryFile) {
  const std::string dir = MakeTempDir("readonly_all");
  WriteTree(dir + "/in", MixedTree());
  ::mkdir((dir + "/out").c_str(), 0755);
  MakeReadOnly(dir + "/out");
  const Outcome run =
      RunBatch(Options({dir + "/in"}, BatchMode::kOutputDir, dir + "/out"));
  EXPECT_EQ(run.result.exit_code, kExitInvalid);
  EXPECT_EQ(run.result.summary.failed, 6);  // notes.txt too
  EXPECT_TRUE(ListTree(dir + "/out").empty());
}

// The stop flag, set by the upgrade of the 3rd file (-j 1): files 1-2 are
// new, file 3 is computed but not written, the rest are not touched.
TEST(UpgradeBatchTest, StopSetMidwayLeavesEveryFileOldOrNew) {
  const std::string dir = MakeTempDir("stop");
  for (int i = 0; i < 8; ++i) {
    WriteFile(dir + "/m" + std::to_string(i) + ".sdf", FakeSdf("1.6"));
  }
  std::atomic<bool> stop{false};
  std::atomic<int> calls{0};
  const UpgradeFunction upgrade = [&](std::string_view text,
                                      const std::string& path) {
    if (++calls == 3) stop.store(true);
    return FakeUpgrade(text, path);
  };
  BatchOptions options = Options({dir}, BatchMode::kInPlace);
  options.jobs = 1;
  options.report = dir + ".report.json";
  const Outcome run = RunBatch(options, upgrade, &stop);
  EXPECT_EQ(run.result.exit_code, kExitInterrupted);
  EXPECT_EQ(calls.load(), 3);
  EXPECT_EQ(run.result.summary.upgraded, 2);
  EXPECT_EQ(run.result.summary.not_processed, 6);
  EXPECT_TRUE(run.result.summary.interrupted);
  EXPECT_NE(run.err.find("upgrade: interrupted: 2 upgraded"), std::string::npos)
      << run.err;
  for (int i = 0; i < 8; ++i) {
    const std::string path = dir + "/m" + std::to_string(i) + ".sdf";
    EXPECT_EQ(ReadFile(path), i < 2 ? FakeSdf18() : FakeSdf("1.6")) << path;
    EXPECT_EQ(Exists(path + ".bak"), i < 2) << path;
  }
  const nlohmann::json report = ReadReport(dir + ".report.json");
  EXPECT_EQ(report["summary"]["interrupted"], true);
  EXPECT_EQ(report["files"][2]["status"], "not_processed");
}

// What a forked child running a slow batch left, after a signal.
struct Interrupted {
  int exit_code = -1;
  nlohmann::json report;
};

// Runs, in a child process with the real signal handlers, a batch of
// `count` slow files over `dir`/in (-j 3), sends `signal` once `ready`
// holds (polled), and waits for the child.
Interrupted InterruptChild(const std::string& dir, BatchOptions options,
                           int signal, const std::function<bool()>& ready) {
  options.jobs = 3;
  options.report = dir + "/report.json";
  const pid_t child = ::fork();
  if (child == 0) {
    const std::atomic<bool>& stop = StopOnSignals();
    std::ostringstream out, err;
    const BatchResult result = RunUpgrade(
        options, testing::SlowFakeUpgrade(std::chrono::milliseconds(40)), stop,
        out, err);
    ::_exit(result.exit_code);
  }
  Interrupted what;
  if (child < 0) {
    ADD_FAILURE() << "fork failed";
    return what;
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!ready() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ::kill(child, signal);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status)) << "the child did not exit normally";
  if (WIFEXITED(status)) what.exit_code = WEXITSTATUS(status);
  what.report = ReadReport(dir + "/report.json");
  return what;
}

constexpr int kSlowFiles = 60;

std::string SlowFile(const std::string& dir, int i) {
  return dir + "/in/m" + std::to_string(i) + ".sdf";
}

TEST(UpgradeBatchTest, SigintInPlaceLeavesEveryFileOldOrNew) {
  const std::string dir = MakeTempDir("sigint");
  for (int i = 0; i < kSlowFiles; ++i) WriteFile(SlowFile(dir, i), FakeSdf("1.6"));
  const Interrupted what = InterruptChild(
      dir, Options({dir + "/in"}, BatchMode::kInPlace), SIGINT,
      [&] { return Exists(SlowFile(dir, 0) + ".bak"); });
  EXPECT_EQ(what.exit_code, kExitInterrupted);
  EXPECT_FALSE(HasTemporaries(dir)) << "a temporary file remains";
  int upgraded = 0;
  for (int i = 0; i < kSlowFiles; ++i) {
    const std::string path = SlowFile(dir, i);
    const std::string text = ReadFile(path);
    const bool is_new = text == FakeSdf18();
    EXPECT_TRUE(is_new || text == FakeSdf("1.6")) << path << ": " << text;
    // New files have their backup; old files have none.
    EXPECT_EQ(Exists(path + ".bak"), is_new) << path;
    if (is_new) {
      EXPECT_EQ(ReadFile(path + ".bak"), FakeSdf("1.6"));
    }
    upgraded += is_new;
  }
  EXPECT_GT(upgraded, 0);
  EXPECT_LT(upgraded, kSlowFiles) << "the signal came too late to test";
  ASSERT_FALSE(what.report.is_discarded()) << "no report after the signal";
  EXPECT_EQ(what.report["summary"]["interrupted"], true);
  EXPECT_EQ(what.report["summary"]["upgraded"], upgraded);
  EXPECT_EQ(what.report["summary"]["not_processed"], kSlowFiles - upgraded);
  for (const nlohmann::json& file : what.report["files"]) {
    const bool is_new = ReadFile(file["path"]) == FakeSdf18();
    EXPECT_EQ(file["status"], is_new ? "upgraded" : "not_processed")
        << file["path"];
  }
}

TEST(UpgradeBatchTest, SigtermWithOutputDirLeavesWholeOutputsOnly) {
  const std::string dir = MakeTempDir("sigterm");
  for (int i = 0; i < kSlowFiles; ++i) WriteFile(SlowFile(dir, i), FakeSdf("1.6"));
  const Files inputs = Snapshot(dir + "/in");
  const Interrupted what = InterruptChild(
      dir, Options({dir + "/in"}, BatchMode::kOutputDir, dir + "/out"),
      SIGTERM, [&] { return Exists(dir + "/out/m0.sdf"); });
  EXPECT_EQ(what.exit_code, kExitInterrupted);
  EXPECT_EQ(Snapshot(dir + "/in"), inputs);
  EXPECT_FALSE(HasTemporaries(dir)) << "a temporary file remains";
  const Files outputs = Snapshot(dir + "/out");
  EXPECT_GT(outputs.size(), 0u);
  EXPECT_LT(outputs.size(), static_cast<size_t>(kSlowFiles));
  for (const auto& [name, text] : outputs) EXPECT_EQ(text, FakeSdf18()) << name;
  ASSERT_FALSE(what.report.is_discarded());
  EXPECT_EQ(what.report["summary"]["upgraded"], outputs.size());
}

// The progress line appears only when asked for (stderr is a terminal).
TEST(UpgradeBatchTest, ProgressLineOnlyWhenAskedFor) {
  const std::string dir = MakeTempDir("progress");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6"));
  BatchOptions options = Options({dir + "/a.sdf"}, BatchMode::kCheck);
  const Outcome quiet = RunBatch(options);
  EXPECT_EQ(quiet.err.find('\r'), std::string::npos);
  options.progress = true;
  const Outcome drawn = RunBatch(options);
  EXPECT_NE(drawn.err.find("\r\033[Kupgrade: 1/1 files"), std::string::npos)
      << drawn.err;
}

TEST(UpgradeBatchTest, VerboseListsEveryFile) {
  const std::string dir = MakeTempDir("verbose");
  WriteTree(dir, MixedTree());
  BatchOptions options = Options({dir + "/cell"}, BatchMode::kCheck);
  options.verbose = true;
  const Outcome run = RunBatch(options);
  EXPECT_EQ(run.out, dir + "/cell/cell.world: would change\n" + dir +
                         "/cell/deep/er/part.sdf: unchanged\n");
}

}  // namespace
}  // namespace sdfconv
