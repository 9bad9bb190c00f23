#include "testing/corpus.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace sdfconv::testing {
namespace {

namespace fs = std::filesystem;

void SkipAbsent() {
  GTEST_SKIP() << "the corpus is absent (SDFCONV_CORPUS is empty or unset: "
                  "no ../shared/corpus, or none wanted); skipping";
}

bool HoldsAFile(const fs::path& dir) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    if (it->is_regular_file(ec)) return true;
  }
  return false;
}

}  // namespace

std::string CorpusRoot() {
  const char* env = std::getenv("SDFCONV_CORPUS");
  return env == nullptr ? "" : env;
}

std::string RequireCorpusFolder(const std::string& folder) {
  const std::string root = CorpusRoot();
  if (root.empty()) {
    SkipAbsent();
    return "";
  }
  const fs::path dir =
      folder.empty() ? fs::path(root) : fs::path(root) / folder;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    ADD_FAILURE() << "SDFCONV_CORPUS=" << root << ", yet " << dir
                  << " is not a folder: the corpus is incomplete";
    return "";
  }
  if (!HoldsAFile(dir)) {
    ADD_FAILURE() << "SDFCONV_CORPUS=" << root << ", yet " << dir
                  << " holds no file: the corpus is incomplete";
    return "";
  }
  return dir.string();
}

void NoCorpusFiles(const std::string& what) {
  const std::string root = CorpusRoot();
  if (root.empty()) return SkipAbsent();
  std::error_code ec;
  ADD_FAILURE() << "SDFCONV_CORPUS=" << root << ", yet "
                << (fs::is_directory(root, ec) ? "it holds no " + what
                                               : "that is not a folder")
                << ": the corpus is incomplete";
}

}  // namespace sdfconv::testing
