// The upgrade of ../shared/corpus/gazebo_models checked by the reference
// implementation, libsdformat 12 (a test-only oracle, testing/): each
// original and its upgrade are loaded by libsdformat (which converts the
// original itself, and expands model:// includes from the corpus), and
// wherever it accepts the original it must accept the upgrade too and find
// the same world pose for every frame and the same axes, within 1e-9.
// Frames only libsdformat sees (inside included models) are compared too.
// How many originals it rejects, and how many of those it accepts once
// upgraded (repaired), is printed.
//
// The corpus folder comes from SDFCONV_CORPUS (testing/corpus.h): without a
// corpus the test skips and says so; without gazebo_models/ it fails.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <regex>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/upgrade/upgrade.h"
#include "core/pose.h"
#include "testing/corpus.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
constexpr double kTolerance = 1e-9;

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::map<std::string, const testing::OracleFrame*> ByName(
    const testing::OracleResult& r) {
  std::map<std::string, const testing::OracleFrame*> frames;
  for (const testing::OracleFrame& f : r.frames) {
    frames[f.kind + " " + f.name] = &f;
  }
  return frames;
}

TEST(CorpusOracleUpgradeTest, LibsdformatSeesTheSameFrames) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const fs::path dir = testing::RequireCorpusFolder("gazebo_models");
  if (dir.empty()) return;
  if (FindFrontEnd("sdf", "1.6") == nullptr) {
    GTEST_SKIP() << "no front end reads SDFormat 1.2-1.6 yet (the legacy "
                    "front end lands separately), so these files cannot be "
                    "verified";
  }
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path out_dir = fs::path(tmp != nullptr ? tmp : "/tmp") / "upgraded";

  static const std::regex version(
      R"(<(sdf|gazebo)[^>]*version\s*=\s*["']1\.([2-7])["'])");
  int compared = 0, frames = 0, original_invalid = 0, not_upgraded = 0;
  int accepted_after_upgrade = 0;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".sdf" && ext != ".world")) continue;
    const std::string input = Slurp(e.path());
    if (!std::regex_search(input, version)) continue;
    const std::string rel = fs::relative(e.path(), dir).string();
    const UpgradeResult r = UpgradeSdf(input, rel);
    if (!r.ok()) {
      ++not_upgraded;  // corpus_upgrade_test says which and why
      continue;
    }
    const testing::OracleResult before =
        testing::LoadWithSdformat(e.path().string(), {dir.string()});
    const fs::path written = out_dir / rel;
    fs::create_directories(written.parent_path());
    std::ofstream(written, std::ios::binary) << r.output;
    const testing::OracleResult after =
        testing::LoadWithSdformat(written.string(), {dir.string()});
    if (!before.valid) {
      ++original_invalid;
      accepted_after_upgrade += after.valid ? 1 : 0;
      continue;
    }
    ASSERT_TRUE(after.valid) << rel << ": libsdformat accepts the original "
                             << "but not the upgrade:\n" << after.diagnostics;
    const auto want = ByName(before);
    const auto got = ByName(after);
    for (const auto& [key, f] : want) {
      const auto it = got.find(key);
      if (it == got.end()) {
        ADD_FAILURE() << rel << ": " << key << " is missing after the upgrade";
        continue;
      }
      ++frames;
      EXPECT_LE(PoseDistance(f->X_WF, it->second->X_WF), kTolerance)
          << rel << ": " << key;
      ASSERT_EQ(f->axes.size(), it->second->axes.size()) << rel << ": " << key;
      for (size_t i = 0; i < f->axes.size(); ++i) {
        EXPECT_LE((f->axes[i] - it->second->axes[i]).norm(), kTolerance)
            << rel << ": " << key << " axis " << i + 1;
      }
    }
    ++compared;
  }
  std::cout << "libsdformat 12: " << compared << " originals accepted and "
            << "their upgrades give the same " << frames << " frames; "
            << original_invalid << " originals it rejects, of which it "
            << "accepts " << accepted_after_upgrade << " once upgraded; "
            << not_upgraded << " not upgraded" << std::endl;
  EXPECT_GT(compared, 0);
}

}  // namespace
}  // namespace sdfconv
