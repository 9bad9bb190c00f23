// Conformance over ../shared/corpus/sdformat-tests: for every SDFormat 1.7
// and 1.8 file (files with <include> aside: composition is its own issue),
// sdfconv's verdict must agree with libsdformat 12's `gz sdf --check`, and
// for files both accept every frame's world pose must agree within 1e-9
// (and its attached_to body, and joint axes).
//
// Deliberate differences are listed, with their reason, in
// testdata/corpus_known_differences.txt (and docs/conformance.md); a listed
// file that starts agreeing fails too, so the list stays true.
//
// The corpus folder comes from the SDFCONV_CORPUS environment variable
// (tools/test.sh sets it); without it the test skips and says so.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "core/diagnostic.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
constexpr double kTol = 1e-9;

std::string CorpusDir() {
  const char* env = std::getenv("SDFCONV_CORPUS");
  return env == nullptr ? "" : std::string(env) + "/sdformat-tests";
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Relative paths of the corpus files this test covers.
std::vector<std::string> CorpusFiles() {
  std::vector<std::string> files;
  const std::string dir = CorpusDir();
  if (dir.empty() || !fs::is_directory(dir)) return files;
  static const std::regex version(R"(<sdf[^>]*version\s*=\s*["']1\.[78]["'])");
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const auto ext = e.path().extension();
    if (!e.is_regular_file() || (ext != ".sdf" && ext != ".world")) continue;
    const std::string text = Slurp(e.path());
    if (!std::regex_search(text, version)) continue;
    if (text.find("<include") != std::string::npos) continue;
    files.push_back(fs::relative(e.path(), dir).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// "relative/path.sdf<TAB>reason" lines.
std::map<std::string, std::string> KnownDifferences() {
  std::map<std::string, std::string> known;
  std::ifstream in("testdata/corpus_known_differences.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    known[line.substr(0, tab)] =
        tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return known;
}

struct Ours {
  bool valid = false;
  std::string diagnostics;
  std::optional<Document> doc;
  FrameGraph graph;
  Resolution resolution;
};

Ours RunSdfconv(const std::string& path) {
  Ours out;
  Diagnostics diags;
  out.doc = ReadFile(path, &diags);
  if (out.doc) out.graph = BuildFrameGraph(*out.doc, &diags);
  out.valid = out.doc.has_value() && !diags.HasErrors();
  for (const auto& d : diags.items()) out.diagnostics += FormatDiagnostic(d) + "\n";
  if (out.valid) out.resolution = ResolveAll(*out.doc, out.graph);
  return out;
}

// Compares every frame the flat back end writes with libsdformat's; returns
// the differences found (empty: agree).
std::vector<std::string> ComparePoses(const Ours& ours,
                                      const testing::OracleResult& oracle) {
  std::vector<std::string> diffs;
  std::map<std::string, FlatFrame> by_name;
  for (auto& f : CollectFlatFrames(*ours.doc, ours.graph, ours.resolution)) {
    by_name.emplace(f.name, f);
  }
  for (const auto& f : oracle.frames) {
    auto it = by_name.find(f.name);
    if (it == by_name.end()) {
      diffs.push_back("missing frame " + f.name);
      continue;
    }
    const FlatFrame& mine = it->second;
    const double d = PoseDistance(mine.X_WF, f.X_WF);
    if (!(d < kTol)) {
      diffs.push_back(f.name + ": pose differs by " + std::to_string(d));
    }
    if (mine.attached_to != f.attached_to) {
      diffs.push_back(f.name + ": attached_to " + mine.attached_to + " vs " +
                      f.attached_to);
    }
    if (mine.kind != f.kind) {
      diffs.push_back(f.name + ": kind " + mine.kind + " vs " + f.kind);
    }
    if (f.kind == "joint" && mine.axes_W.size() != f.axes.size()) {
      diffs.push_back(f.name + ": axis count differs");
    } else if (f.kind == "joint") {
      for (size_t i = 0; i < f.axes.size(); ++i) {
        if (!((mine.axes_W[i] - f.axes[i]).norm() < kTol)) {
          diffs.push_back(f.name + ": axis " + std::to_string(i) + " differs");
        }
      }
    }
  }
  if (by_name.size() != oracle.frames.size()) {
    diffs.push_back("sdfconv writes " + std::to_string(by_name.size()) +
                    " frames, libsdformat resolves " +
                    std::to_string(oracle.frames.size()));
  }
  return diffs;
}

class Corpus : public ::testing::TestWithParam<std::string> {};

TEST_P(Corpus, AgreesWithLibsdformat) {
  const std::string rel = GetParam();
  if (rel.empty()) {
    GTEST_SKIP() << "corpus not found: set SDFCONV_CORPUS to ../shared/corpus "
                    "(tools/test.sh does)";
  }
  const std::string path = CorpusDir() + "/" + rel;
  const Ours ours = RunSdfconv(path);
  const testing::OracleResult oracle = testing::LoadWithSdformat(path);

  std::vector<std::string> diffs;
  if (ours.valid != oracle.valid) {
    std::string theirs;
    for (const auto& e : oracle.errors) theirs += e.code + ": " + e.message + "\n";
    diffs.push_back(std::string("verdict: sdfconv ") +
                    (ours.valid ? "valid" : "invalid") + ", libsdformat " +
                    (oracle.valid ? "valid" : "invalid") + "\nsdfconv:\n" +
                    ours.diagnostics + "libsdformat:\n" + theirs);
  } else if (ours.valid) {
    diffs = ComparePoses(ours, oracle);
  }

  const auto known = KnownDifferences();
  const auto listed = known.find(rel);
  if (listed != known.end()) {
    EXPECT_FALSE(diffs.empty())
        << rel << " is listed as a known difference (" << listed->second
        << ") but now agrees with libsdformat: remove it from the list";
    return;
  }
  for (const auto& d : diffs) ADD_FAILURE() << rel << ": " << d;
}

std::vector<std::string> ParamsOrPlaceholder() {
  auto files = CorpusFiles();
  if (files.empty()) files.push_back("");
  return files;
}

INSTANTIATE_TEST_SUITE_P(
    SdformatTests, Corpus, ::testing::ValuesIn(ParamsOrPlaceholder()),
    [](const auto& info) {
      std::string n = info.param.empty() ? "corpus_absent" : info.param;
      for (char& c : n) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return n;
    });

}  // namespace
}  // namespace sdfconv
