// testing/corpus.h once the corpus is present: what is missing fails the
// test instead of skipping it. (Absent, it skips: tools/test.sh and a plain
// `bazel test //...` without ../shared/corpus show that.)
#include "testing/corpus.h"

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace sdfconv::testing {
namespace {

namespace fs = std::filesystem;

// A corpus under the test's temporary folder holding urdf/a.urdf and an
// empty gazebo_models/, named by SDFCONV_CORPUS for the test's duration.
class PresentCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* tmp = std::getenv("TEST_TMPDIR");
    root_ = fs::path(tmp != nullptr ? tmp : "/tmp") / "corpus_test";
    fs::remove_all(root_);
    fs::create_directories(root_ / "urdf");
    fs::create_directories(root_ / "gazebo_models");
    std::ofstream(root_ / "urdf" / "a.urdf") << "<robot name=\"a\"/>";
    const char* before = std::getenv("SDFCONV_CORPUS");
    if (before != nullptr) before_ = before;
    had_ = before != nullptr;
    setenv("SDFCONV_CORPUS", root_.c_str(), 1);
  }
  void TearDown() override {
    if (had_) {
      setenv("SDFCONV_CORPUS", before_.c_str(), 1);
    } else {
      unsetenv("SDFCONV_CORPUS");
    }
  }
  fs::path root_;
  std::string before_;
  bool had_ = false;
};

TEST_F(PresentCorpus, GivesAFolderThatHoldsFiles) {
  EXPECT_EQ(CorpusRoot(), root_.string());
  EXPECT_EQ(RequireCorpusFolder("urdf"), (root_ / "urdf").string());
  EXPECT_EQ(RequireCorpusFolder(""), root_.string());
}

TEST_F(PresentCorpus, FailsOnAMissingFolder) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_EQ(RequireCorpusFolder("sdformat-tests"), ""), "not a folder");
}

TEST_F(PresentCorpus, FailsOnAnEmptyFolder) {
  EXPECT_NONFATAL_FAILURE(
      EXPECT_EQ(RequireCorpusFolder("gazebo_models"), ""), "holds no file");
}

TEST_F(PresentCorpus, FailsWhenNoFileIsLeft) {
  EXPECT_NONFATAL_FAILURE(NoCorpusFiles("SDFormat 1.8 file"),
                          "holds no SDFormat 1.8 file");
}

}  // namespace
}  // namespace sdfconv::testing
