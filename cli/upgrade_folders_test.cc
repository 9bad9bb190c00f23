// A batch's model folders (upgrade_folders.h), with the fake upgrade
// (cli/testing/fake_upgrade.h) and real manifests: the folder loads the
// upgraded form of the file it loaded, its other files are kept, and a
// folder whose file fails, or whose proof fails, is left as it was.
#include "cli/upgrade_folders.h"

#include <atomic>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/testing/fake_upgrade.h"
#include "cli/testing/temp_tree.h"
#include "cli/upgrade_batch.h"
#include "converters/include/model_manifest.h"
#include "core/document.h"

namespace sdfconv {
namespace {

using testing::FakeSdf;
using testing::FakeSdf18;
using testing::FakeUpgrade;
using testing::MakeTempDir;
using testing::ReadFile;
using testing::Snapshot;
using testing::WriteFile;
using Files = std::map<std::string, std::string>;

// gazebo_models' usual folder: a file per version, model.sdf the newest.
std::string Manifest(const std::string& newest = "1.5") {
  return "<?xml version='1.0'?>\n<model>\n  <name>m</name>\n"
         "  <sdf version='1.3'>model-1_3.sdf</sdf>\n"
         "  <sdf version='1.4'>model-1_4.sdf</sdf>\n"
         "  <sdf version='" + newest + "'>model.sdf</sdf>\n</model>\n";
}

Files Folder(const std::string& extra = "") {
  return {{"m/model.config", Manifest()},
          {"m/model-1_3.sdf", FakeSdf("1.3")},
          {"m/model-1_4.sdf", FakeSdf("1.4")},
          {"m/model.sdf", FakeSdf("1.5", extra)}};
}

void WriteTree(const std::string& dir, const Files& files) {
  for (const auto& [path, text] : files) WriteFile(dir + "/" + path, text);
}

struct Outcome {
  BatchResult result;
  std::string out;
  std::string err;
};

Outcome Upgrade(std::vector<std::string> paths, BatchMode mode,
            const std::string& output_dir = "",
            const UpgradeFunction& upgrade = FakeUpgrade,
            const std::string& version = "") {
  static const std::atomic<bool> kGo{false};
  BatchOptions options;
  options.paths = std::move(paths);
  options.output = {mode, output_dir, false};
  options.jobs = 2;
  options.verbose = true;
  options.sdf_version = version;
  std::ostringstream out, err;
  Outcome run;
  run.result = RunUpgrade(options, upgrade, kGo, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

FileStatus StatusOf(const BatchResult& result, const std::string& path) {
  for (const FileRecord& file : result.files) {
    if (file.path == path) return file.status;
  }
  ADD_FAILURE() << "no record for " << path;
  return FileStatus::kNotProcessed;
}

bool HasCode(const BatchResult& result, const std::string& path, Code code) {
  for (const FileRecord& file : result.files) {
    if (file.path != path) continue;
    for (const Diagnostic& d : file.diagnostics.items()) {
      if (d.code == code) return true;
    }
  }
  return false;
}

// The file a parser of `major.minor` loads from the manifest at `path`.
std::string Loaded(const std::string& path, int major, int minor) {
  Diagnostics diags;
  const std::optional<ModelManifest> m = ModelManifest::Load(path, &diags);
  if (!m) return "(unreadable)";
  const std::optional<size_t> i =
      LoadedEntry(m->entries, VersionNumber(major, minor));
  return i ? m->entries[*i].file : "(none)";
}

TEST(UpgradeFoldersTest, TheFolderLoadsTheUpgradedFileAndKeepsTheOthers) {
  const std::string dir = MakeTempDir("folder");
  WriteTree(dir, Folder());
  const Outcome run = Upgrade({dir}, BatchMode::kInPlace);
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  Files expected = Folder();
  expected["m/model.sdf"] = FakeSdf18();
  expected["m/model.config"] = Manifest("1.8");
  EXPECT_EQ(Snapshot(dir), expected);
  for (int minor : {8, 9, 12}) {
    EXPECT_EQ(Loaded(dir + "/m/model.config", 1, minor), "model.sdf");
  }
  // A parser of 1.4 still finds the file it reads.
  EXPECT_EQ(Loaded(dir + "/m/model.config", 1, 4), "model-1_4.sdf");
  EXPECT_EQ(StatusOf(run.result, dir + "/m/model-1_3.sdf"),
            FileStatus::kVariant);
  EXPECT_EQ(StatusOf(run.result, dir + "/m/model-1_4.sdf"),
            FileStatus::kVariant);
  EXPECT_EQ(run.result.summary.variants, 2);
  EXPECT_EQ(run.result.summary.upgraded, 2);
  EXPECT_NE(run.out.find("model-1_4.sdf: variant ("), std::string::npos)
      << run.out;
  EXPECT_NE(run.err.find("2 variants left as they are"), std::string::npos)
      << run.err;

  // Again: nothing to do.
  const Outcome again = Upgrade({dir}, BatchMode::kCheck);
  EXPECT_EQ(again.result.exit_code, kExitOk) << again.out;
  EXPECT_EQ(Snapshot(dir), expected);
}

TEST(UpgradeFoldersTest, OutputDirCopiesTheVariants) {
  const std::string dir = MakeTempDir("outdir");
  WriteTree(dir + "/in", Folder());
  const Outcome run = Upgrade({dir + "/in"}, BatchMode::kOutputDir, dir + "/out");
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  Files expected = Folder();
  expected["m/model.sdf"] = FakeSdf18();
  expected["m/model.config"] = Manifest("1.8");
  EXPECT_EQ(Snapshot(dir + "/out"), expected);
  EXPECT_EQ(Snapshot(dir + "/in"), Folder());
}

TEST(UpgradeFoldersTest, CheckSaysWhatWouldChange) {
  const std::string dir = MakeTempDir("check");
  WriteTree(dir, Folder());
  const Outcome run = Upgrade({dir}, BatchMode::kCheck);
  EXPECT_EQ(run.result.exit_code, kExitInvalid);
  EXPECT_EQ(run.result.summary.would_change, 2);
  EXPECT_EQ(run.result.summary.variants, 2);
  EXPECT_EQ(Snapshot(dir), Folder());
}

// A variant named alone is still a variant: upgrading it would make its
// entry's version false.
TEST(UpgradeFoldersTest, AVariantReachedAloneIsKept) {
  const std::string dir = MakeTempDir("alone");
  WriteTree(dir, Folder());
  const Outcome run = Upgrade({dir + "/m/model-1_4.sdf"}, BatchMode::kInPlace);
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(StatusOf(run.result, dir + "/m/model-1_4.sdf"),
            FileStatus::kVariant);
  EXPECT_EQ(Snapshot(dir), Folder());
}

// The manifest alone: the file it loads is not upgraded, so neither is it.
TEST(UpgradeFoldersTest, AManifestWithoutItsFileIsKept) {
  const std::string dir = MakeTempDir("manifest");
  WriteTree(dir, Folder());
  const Outcome run = Upgrade({dir + "/m/model.config"}, BatchMode::kInPlace);
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(StatusOf(run.result, dir + "/m/model.config"),
            FileStatus::kVariant);
  EXPECT_EQ(Snapshot(dir), Folder());
}

TEST(UpgradeFoldersTest, AFolderWhoseFileFailsIsLeftAsItWas) {
  const std::string dir = MakeTempDir("fails");
  WriteTree(dir, Folder(testing::kFailMarker));
  const Outcome run = Upgrade({dir}, BatchMode::kInPlace);
  EXPECT_EQ(run.result.exit_code, kExitInvalid);
  EXPECT_EQ(StatusOf(run.result, dir + "/m/model.sdf"), FileStatus::kFailed);
  EXPECT_EQ(StatusOf(run.result, dir + "/m/model.config"),
            FileStatus::kUnchanged);
  EXPECT_EQ(Snapshot(dir), Folder(testing::kFailMarker));
}

// Written down to 1.6, the folder's first entry (1.10) is what a parser of
// 1.6 loads; relabelled 1.6 it would make a parser of 1.10 load the 1.9
// file instead: the folder proof refuses, and nothing is written.
TEST(UpgradeFoldersTest, AFolderWhoseChoiceWouldChangeIsLeftAsItWas) {
  const std::string dir = MakeTempDir("proof");
  const Files folder = {
      {"m/model.config",
       "<model><sdf version='1.10'>a.sdf</sdf><sdf version='1.9'>b.sdf</sdf>"
       "</model>"},
      {"m/a.sdf", FakeSdf("1.10")},
      {"m/b.sdf", FakeSdf("1.9")}};
  WriteTree(dir, folder);
  const UpgradeFunction down = [](std::string_view text,
                                  const std::string&) {
    std::string out(text);
    out.replace(out.find("1.10"), 4, "1.6");
    return FileUpgrade{out, Diagnostics(), "1.6"};
  };
  const Outcome run = Upgrade({dir}, BatchMode::kInPlace, "", down, "1.6");
  EXPECT_EQ(run.result.exit_code, kExitInvalid);
  EXPECT_EQ(StatusOf(run.result, dir + "/m/a.sdf"), FileStatus::kFailed);
  EXPECT_EQ(StatusOf(run.result, dir + "/m/model.config"),
            FileStatus::kFailed);
  EXPECT_TRUE(HasCode(run.result, dir + "/m/model.config",
                      Code::kUpgradeNotEquivalent));
  EXPECT_EQ(StatusOf(run.result, dir + "/m/b.sdf"), FileStatus::kVariant);
  EXPECT_EQ(Snapshot(dir), folder);
}

TEST(UpgradeFoldersTest, PlanGroupsAManifestWithItsFile) {
  const std::string dir = MakeTempDir("plan");
  WriteTree(dir, Folder());
  WriteFile(dir + "/other.sdf", FakeSdf("1.6"));
  const std::vector<BatchInput> inputs = {
      {dir + "/m/model-1_3.sdf", "m/model-1_3.sdf", InputKind::kSdf, ""},
      {dir + "/m/model.config", "m/model.config", InputKind::kModelConfig, ""},
      {dir + "/m/model.sdf", "m/model.sdf", InputKind::kSdf, ""},
      {dir + "/other.sdf", "other.sdf", InputKind::kSdf, ""}};
  const BatchPlan plan = PlanBatch(inputs, "1.8");
  EXPECT_EQ(plan.units, (std::vector<std::vector<size_t>>{{0}, {2, 1}, {3}}));
  EXPECT_NE(plan.variant[0], "");
  EXPECT_EQ(plan.variant[2], "");
  EXPECT_EQ(plan.loads[1], "model.sdf");
}

}  // namespace
}  // namespace sdfconv
