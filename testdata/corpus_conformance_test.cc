// Conformance over ../shared/corpus (files with <include> aside: composition
// is its own issue), in two suites:
//  - SdformatTests: every SDFormat 1.7 and 1.8 file of sdformat-tests/;
//  - Legacy: every SDFormat 1.2-1.6 file of sdformat-tests/ and
//    gazebo_models/ (<sdf version="1.2"> ... "1.6", <gazebo version="1.2">).
// sdfconv's verdict must agree with libsdformat 12's `gz sdf --check`, and
// for files both accept every frame's world pose must agree within 1e-9
// (and its attached_to body, and joint axes). libsdformat upgrades a legacy
// file to its newest version before loading it; the frames SDFormat 1.5/1.6
// allow inside links, joints, collisions, ... have no place there, so
// libsdformat lists none of them and they are left out of the comparison
// (docs/legacy.md).
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
#include <set>
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
  return env == nullptr ? "" : std::string(env);
}

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Paths, relative to the corpus, of the files under its `folders` whose
// root element matches `root` (files with <include> aside).
std::vector<std::string> CorpusFiles(const std::vector<std::string>& folders,
                                     const std::regex& root) {
  std::vector<std::string> files;
  const std::string corpus = CorpusDir();
  for (const std::string& folder : folders) {
    const fs::path dir = fs::path(corpus) / folder;
    if (corpus.empty() || !fs::is_directory(dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".sdf" && ext != ".world")) continue;
      const std::string text = Slurp(e.path());
      if (!std::regex_search(text, root)) continue;
      if (text.find("<include") != std::string::npos) continue;
      files.push_back(fs::relative(e.path(), corpus).string());
    }
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

// The <frame>s of SDFormat 1.5/1.6 written inside a link, joint, collision,
// visual, sensor or light: libsdformat 12 keeps no frame for them.
std::set<std::string> FramesLibsdformatDoesNotKeep(const Document& doc) {
  std::set<std::string> names;
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    const ElementKind parent =
        e.parent == kNoElement ? ElementKind::kOther : doc.at(e.parent).kind;
    if (e.kind == ElementKind::kFrame && parent != ElementKind::kModel &&
        parent != ElementKind::kWorld) {
      names.insert(doc.ScopedName(id));
    }
  }
  return names;
}

// Compares every frame the flat back end writes with libsdformat's; returns
// the differences found (empty: agree).
std::vector<std::string> ComparePoses(const Ours& ours,
                                      const testing::OracleResult& oracle) {
  std::vector<std::string> diffs;
  std::map<std::string, FlatFrame> by_name;
  const std::set<std::string> not_kept =
      FramesLibsdformatDoesNotKeep(*ours.doc);
  for (auto& f : CollectFlatFrames(*ours.doc, ours.graph, ours.resolution)) {
    if (f.kind == "frame" && not_kept.count(f.name) > 0) continue;
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

// libsdformat 12 no longer reads SDFormat 1.2's own root element,
// <gazebo version="1.2">, but reads <sdf version="1.2">. So a <gazebo> file
// is compared with what libsdformat makes of the same text under an <sdf>
// root (a copy in the test's temporary folder): what is compared is then
// the reading of 1.2, not the choice of root element (docs/legacy.md).
testing::OracleResult LoadWithSdformatAsSdfRoot(const std::string& path) {
  static const std::regex gazebo_root(R"(<gazebo(\s+version\s*=\s*["']1\.2["']))");
  std::string text = Slurp(path);
  if (!std::regex_search(text, gazebo_root)) {
    return testing::LoadWithSdformat(path);
  }
  text = std::regex_replace(text, gazebo_root, "<sdf$1",
                            std::regex_constants::format_first_only);
  const size_t close = text.rfind("</gazebo>");
  if (close != std::string::npos) text.replace(close, 9, "</sdf>");
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path copy =
      fs::path(tmp != nullptr ? tmp : "/tmp") / "gazebo_root_as_sdf.sdf";
  std::ofstream(copy, std::ios::binary) << text;
  return testing::LoadWithSdformat(copy.string());
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
  const testing::OracleResult oracle = LoadWithSdformatAsSdfRoot(path);

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

std::vector<std::string> OrPlaceholder(std::vector<std::string> files) {
  if (files.empty()) files.push_back("");
  return files;
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param.empty() ? "corpus_absent" : info.param;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(
    SdformatTests, Corpus,
    ::testing::ValuesIn(OrPlaceholder(CorpusFiles(
        {"sdformat-tests"},
        std::regex(R"(<sdf[^>]*version\s*=\s*["']1\.[78]["'])")))),
    TestName);

INSTANTIATE_TEST_SUITE_P(
    Legacy, Corpus,
    ::testing::ValuesIn(OrPlaceholder(CorpusFiles(
        {"sdformat-tests", "gazebo_models"},
        std::regex(R"(<(sdf|gazebo)[^>]*version\s*=\s*["']1\.[2-6]["'])")))),
    TestName);

}  // namespace
}  // namespace sdfconv
