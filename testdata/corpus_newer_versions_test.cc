// The SDFormat 1.10-1.12 files of ../shared/corpus/sdformat-tests, which
// libsdformat 12 (the oracle of corpus_conformance_test) does not know:
// every such file must be listed in testdata/corpus_newer_versions.txt with
// the verdict expected of sdfconv (and, for an invalid one, its error
// codes), and the world poses listed there, derived by hand from the files,
// must be what sdfconv resolves (1e-9). A file of these versions that is
// not listed fails the test, so the list covers the corpus.
//
// The corpus folder comes from SDFCONV_CORPUS (testing/corpus.h): without a
// corpus the test skips and says so.
#include <algorithm>
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
#include "testing/corpus.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
using testing::CorpusRoot;

struct Expected {
  bool listed = false;
  bool valid = false;
  std::set<std::string> codes;  // invalid: the error codes, each once
  std::map<std::string, Pose> poses;
};

std::map<std::string, Expected> ReadExpectations() {
  std::map<std::string, Expected> out;
  std::ifstream in("testdata/corpus_newer_versions.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::stringstream s(line);
    for (std::string f; std::getline(s, f, '\t');) fields.push_back(f);
    EXPECT_GE(fields.size(), 3u) << line;
    if (fields.size() < 3) continue;
    Expected& e = out[fields[0]];
    const std::string& what = fields[1];
    if (what == "valid") {
      e.listed = true;
      e.valid = true;
    } else if (what.rfind("invalid ", 0) == 0) {
      e.listed = true;
      std::stringstream codes(what.substr(8));
      for (std::string c; std::getline(codes, c, ',');) e.codes.insert(c);
    } else if (what.rfind("pose ", 0) == 0) {
      std::stringstream v(fields[2]);
      double x, y, z, r, p, w;
      v >> x >> y >> z >> r >> p >> w;
      EXPECT_FALSE(v.fail()) << line;
      e.poses[what.substr(5)] = PoseFromXyzRpy({x, y, z}, {r, p, w});
    } else {
      ADD_FAILURE() << "unknown line: " << line;
    }
  }
  return out;
}

// Corpus-relative paths of the 1.10-1.12 SDFormat files of sdformat-tests.
std::vector<std::string> NewerVersionFiles() {
  std::vector<std::string> files;
  const std::string corpus = CorpusRoot();
  const fs::path dir = fs::path(corpus) / "sdformat-tests";
  if (corpus.empty() || !fs::is_directory(dir)) return files;
  static const std::regex version(
      R"(<sdf[^>]*version\s*=\s*["']1\.1[0-2]["'])");
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const auto ext = e.path().extension();
    if (!e.is_regular_file() || (ext != ".sdf" && ext != ".world")) continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    if (std::regex_search(text.str(), version)) {
      files.push_back(fs::relative(e.path(), corpus).string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(CorpusNewerVersions, EveryFileHasItsExpectedVerdictAndPoses) {
  const std::vector<std::string> files = NewerVersionFiles();
  if (files.empty()) {
    return testing::NoCorpusFiles("SDFormat 1.10-1.12 file under sdformat-tests/");
  }
  const std::map<std::string, Expected> expected = ReadExpectations();
  for (const auto& [path, e] : expected) {
    EXPECT_TRUE(std::find(files.begin(), files.end(), path) != files.end())
        << path << " is listed but is no 1.10-1.12 file of the corpus";
  }
  for (const std::string& rel : files) {
    SCOPED_TRACE(rel);
    const auto it = expected.find(rel);
    if (it == expected.end() || !it->second.listed) {
      ADD_FAILURE() << rel << " has no verdict in corpus_newer_versions.txt";
      continue;
    }
    const Expected& e = it->second;
    Diagnostics diags;
    ReadOptions options;
    options.include_search.model_paths = {
        CorpusRoot() + "/sdformat-tests/integration/model"};
    options.include_search.use_environment = false;
    std::optional<Document> doc =
        ReadFile(CorpusRoot() + "/" + rel, &diags, options);
    FrameGraph graph;
    if (doc) graph = BuildFrameGraph(*doc, &diags);
    std::set<std::string> codes;
    std::string all;
    for (const Diagnostic& d : diags.items()) {
      all += FormatDiagnostic(d) + "\n";
      if (d.severity == Severity::kError) {
        codes.insert(std::string(CodeName(d.code)));
      }
    }
    EXPECT_EQ(doc.has_value() && !diags.HasErrors(), e.valid) << all;
    EXPECT_EQ(codes, e.codes) << all;
    if (!doc || diags.HasErrors() || e.poses.empty()) continue;
    const Resolution resolution = ResolveAll(*doc, graph);
    std::map<std::string, Pose> ours;
    for (const FlatFrame& f : CollectFlatFrames(*doc, graph, resolution)) {
      ours[f.name] = f.X_WF;
    }
    for (const auto& [name, X_WF] : e.poses) {
      const auto found = ours.find(name);
      if (found == ours.end()) {
        ADD_FAILURE() << "no frame " << name;
        continue;
      }
      EXPECT_LT(PoseDistance(found->second, X_WF), 1e-9) << name;
    }
  }
}

}  // namespace
}  // namespace sdfconv
