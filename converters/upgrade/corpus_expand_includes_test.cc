// Expands the <include>s of every SDFormat file of
// ../shared/corpus/gazebo_models that has any (real models by other people,
// 1.4 and 1.5 mostly), model:// URIs resolving against the gazebo_models
// folder itself (as `--model-path` would), and checks for each:
//  - either it expands, with the proof passing (every frame's world pose
//    and axis, as the core composes the input, equal within 1e-9 in the
//    self-contained output), and the output has no <include> left and
//    expands to itself again;
//  - or it fails for a stated reason: a model absent from the corpus subset
//    gives INCLUDE_URI_UNRESOLVED naming it (checked against the folder),
//    and any other failure is listed below with its reason and the error it
//    must give (a listed file that starts expanding fails the test, so the
//    list stays true).
// Counts are printed at the end.
//
// The corpus folder comes from SDFCONV_CORPUS (testing/corpus.h): without a
// corpus the test skips and says so; without gazebo_models/ it fails.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/upgrade/expand_includes.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

// Files that cannot be expanded for a reason other than a missing model,
// and the error they must give.
struct Known {
  Code code;
  const char* reason;
};
const std::map<std::string, Known>& KnownFailures() {
  static const auto* const kKnown = new std::map<std::string, Known>{};
  return *kKnown;
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The corpus files with an <include>, relative to `dir`, sorted.
std::vector<std::string> FilesWithIncludes(const std::string& dir) {
  std::vector<std::string> out;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const std::string ext = entry.path().extension().string();
    if (ext != ".sdf" && ext != ".world") continue;
    if (Slurp(entry.path()).find("<include") == std::string::npos) continue;
    out.push_back(fs::relative(entry.path(), dir).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// "model://NAME..." -> NAME
std::string ModelName(const std::string& message) {
  const size_t at = message.find("model://");
  if (at == std::string::npos) return "";
  size_t end = at + 8;
  while (end < message.size() && message[end] != '/' && message[end] != ':' &&
         message[end] != '\'' && message[end] != ' ') {
    ++end;
  }
  return message.substr(at + 8, end - at - 8);
}

std::string Describe(const Diagnostics& diags) {
  std::string out;
  for (const Diagnostic& d : diags.items()) {
    if (d.severity != Severity::kError) continue;
    out += "  " + std::string(CodeName(d.code)) + " " + d.source.file + ":" +
           std::to_string(d.source.line) + ": " + d.message + "\n";
  }
  return out;
}

TEST(CorpusExpandIncludesTest, EveryFileWithIncludesExpandsOrSaysWhy) {
  const std::string dir = testing::RequireCorpusFolder("gazebo_models");
  if (dir.empty()) return;
  IncludeSearch search;
  search.model_paths = {dir};
  search.use_environment = false;
  int expanded = 0, missing_models = 0, known = 0, includes_before = 0;
  std::set<std::string> absent;
  const std::vector<std::string> files = FilesWithIncludes(dir);
  for (const std::string& name : files) {
    SCOPED_TRACE(name);
    const std::string path = dir + "/" + name;
    const std::string text = Slurp(path);
    for (size_t at = text.find("<include"); at != std::string::npos;
         at = text.find("<include", at + 1)) {
      ++includes_before;
    }
    const UpgradeResult r = ExpandIncludesToSdf18(text, path, search);
    const auto listed = KnownFailures().find(name);
    if (r.ok()) {
      ++expanded;
      std::cout << "  " << name << ": expanded and proven\n";
      EXPECT_EQ(listed, KnownFailures().end()) << "listed, but expands";
      EXPECT_EQ(r.output.find("<include"), std::string::npos);
      const UpgradeResult again = ExpandIncludesToSdf18(r.output, path, search);
      EXPECT_TRUE(again.ok()) << Describe(again.diagnostics);
      EXPECT_EQ(again.output, r.output);
      continue;
    }
    EXPECT_TRUE(r.output.empty());
    std::set<std::string> missing;
    bool only_missing_models = true;
    for (const Diagnostic& d : r.diagnostics.items()) {
      if (d.severity != Severity::kError) continue;
      if (d.code != Code::kIncludeUriUnresolved) {
        only_missing_models = false;
        continue;
      }
      const std::string model = ModelName(d.message);
      EXPECT_FALSE(model.empty()) << d.message;
      EXPECT_FALSE(fs::exists(dir + "/" + model))
          << model << " is in the corpus, yet: " << d.message;
      absent.insert(model);
      missing.insert(model);
    }
    if (only_missing_models) {
      ++missing_models;
      std::cout << "  " << name << ": INCLUDE_URI_UNRESOLVED for";
      for (const std::string& m : missing) std::cout << " " << m;
      std::cout << "\n";
      EXPECT_EQ(listed, KnownFailures().end());
      continue;
    }
    ++known;
    if (listed == KnownFailures().end()) {
      ADD_FAILURE() << "fails for an unlisted reason:\n"
                    << Describe(r.diagnostics);
      continue;
    }
    bool has_code = false;
    for (const Diagnostic& d : r.diagnostics.items()) {
      has_code = has_code || d.code == listed->second.code;
    }
    EXPECT_TRUE(has_code) << CodeName(listed->second.code) << " expected ("
                          << listed->second.reason << "), got:\n"
                          << Describe(r.diagnostics);
  }
  std::string absent_list;
  for (const std::string& m : absent) absent_list += " " + m;
  std::cout << "corpus expand-includes: " << files.size() << " files with "
            << includes_before << " <include>s: " << expanded
            << " expanded and proven, " << missing_models
            << " refer to models absent from the subset (" << absent_list
            << " ), " << known << " known failures\n";
  EXPECT_EQ(files.size(), 15u);
}

}  // namespace
}  // namespace sdfconv
