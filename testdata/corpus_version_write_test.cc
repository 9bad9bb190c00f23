// Writing the corpus as other SDFormat versions (issue 13's evidence),
// checked by libsdformat 12 (a test-only oracle, testing/).
//
// Every .sdf/.world file of ../shared/corpus (sdformat-tests/ and
// gazebo_models/, the selection of corpus_conformance_test.cc) that sdfconv
// reads for conversion (no error, or only values kept as written) is
// written with WriteSdfVersion as 1.6, 1.4 and 1.11. For each file and
// version, exactly one of:
//  - it is written, and is not listed in
//    testdata/corpus_version_refusals.txt; then libsdformat 12 loads the
//    output if it loads the input (sdf::Root::Load without an error, what
//    Gazebo loads; an input it refuses may be repaired by the writing, as
//    by the upgrade, and its output then load), and where both load every frame of the input has the
//    same world pose and joint axes in the output (1e-9), by kind and
//    scoped name, except the elements a VERSION_CONSTRUCT_DROPPED warning
//    names (left out on purpose);
//  - it is not written, with exactly the error codes listed for it there
//    (version<TAB>file<TAB>code<TAB>reason).
// A third kind of line, code LIBSDFORMAT_12_FAILS_ON_OUTPUT: written, but
// libsdformat 12 aborts (an assertion of its own, on flattened 1.4 names)
// or hangs reading the output, checked in a child process; an unlisted
// output it aborts on kills the shard, with libsdformat's message. And
// two for the known bugs of the writing, to fix: a written output
// libsdformat 12 refuses though it loads the input
// (OUTPUT_REFUSED_BY_LIBSDFORMAT_12), or reads with other poses or axes
// (OUTPUT_DIFFERS_IN_LIBSDFORMAT_12); each must still show.
// An element a DUPLICATE_NAME warning renames ("renamed to 'B'") is
// looked for under its new name; a flattened nested model's own frame
// (1.4) is not compared; a joint axis the input leaves to its default and
// the output writes is compared with the default (z of the joint frame).
// The list is generated from what sdfconv does today
// (`tools/version_survey.py --write-refusals`); a listed file that is
// written, or refused for another reason, fails, so the list stays true.
//
// libsdformat 12 reads 1.4-1.9 (the older ones by converting them up) and
// refuses 1.10 and later. A 1.11 output is loaded from a copy whose
// <sdf version> says 1.9: sound for world poses and axes, as no frame rule
// changed from 1.9 to 1.11 but world joints (1.10; libsdformat 12 then
// refuses the copy, which fails here as "refuses the output"); 1.11's
// mimic and automatic inertia move no frame (../shared/spec/VERSIONS.md).
// A <gazebo version="1.2"> input is loaded under an <sdf> root, as
// corpus_conformance_test does.
//
// The corpus folder comes from SDFCONV_CORPUS (testing/corpus.h): without
// a corpus the test skips and says so; with one lacking these folders it
// fails.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/sdf/value_level.h"
#include "converters/upgrade/version_write.h"
#include "core/diagnostic.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "testing/corpus.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
using testing::CorpusRoot;
constexpr double kTol = 1e-9;
const char* const kVersions[] = {"1.6", "1.4", "1.11"};
// The list's code for a file written as the version whose output
// libsdformat 12 aborts on (an uncaught sdf::AssertionInternalError) or
// hangs on: the test checks that it is written and that libsdformat, in a
// child process given 60 s, still dies of a signal (SIGABRT, SIGALRM).
const char* const kOracleFails = "LIBSDFORMAT_12_FAILS_ON_OUTPUT";
// Known bugs of the writing, one line each, listed to be seen and fixed: a
// written output libsdformat 12 refuses while it loads the input, or reads
// with other world poses or axes than the input's. The test checks that
// each still shows.
const char* const kOutputRefused = "OUTPUT_REFUSED_BY_LIBSDFORMAT_12";
const char* const kOutputDiffers = "OUTPUT_DIFFERS_IN_LIBSDFORMAT_12";

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// corpus_conformance_test.cc's ModelPaths, for the corpus files.
std::vector<std::string> ModelPaths(const std::string& rel) {
  const std::string corpus = CorpusRoot();
  if (rel.rfind("gazebo_models/", 0) == 0) return {corpus + "/gazebo_models"};
  const std::string nested = "sdformat-tests/integration/model/nested_include/";
  if (rel.rfind(nested, 0) == 0) {
    return {corpus + "/" + nested, corpus + "/sdformat-tests/integration/model"};
  }
  return {corpus + "/sdformat-tests/integration/model"};
}

// Read for conversion: as `sdfconv convert` reads (every error, if any, a
// value kept as written).
bool Convertible(const std::string& path, const std::vector<std::string>& mp) {
  Diagnostics diags;
  ReadOptions options;
  options.include_search.model_paths = mp;
  options.include_search.use_environment = false;
  const std::optional<Document> doc = ReadFile(path, &diags, options);
  if (!doc) return false;
  (void)BuildFrameGraph(*doc, &diags);
  Diagnostics kept;
  return KeepValuesAsWritten(diags, &kept);
}

// The corpus files of corpus_conformance_test's selection that sdfconv
// reads for conversion, relative to the corpus.
std::vector<std::string> ReadableCorpusFiles() {
  static const std::regex root(R"(<(sdf|gazebo)[^>]*version\s*=\s*["']1\.)");
  static const std::regex custom_parser(
      R"(<uri>\s*[^<]*\.(toml|nonce_[0-9]+)\s*</uri>)");
  std::vector<std::string> files;
  const std::string corpus = CorpusRoot();
  if (corpus.empty()) return files;
  for (const char* folder : {"sdformat-tests", "gazebo_models"}) {
    const fs::path dir = fs::path(corpus) / folder;
    if (!fs::is_directory(dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".sdf" && ext != ".world")) continue;
      const std::string text = Slurp(e.path());
      if (!std::regex_search(text, root) ||
          std::regex_search(text, custom_parser)) {
        continue;
      }
      const std::string rel = fs::relative(e.path(), corpus).string();
      if (Convertible(e.path().string(), ModelPaths(rel))) files.push_back(rel);
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// (version, file) -> the codes listed for it.
std::map<std::pair<std::string, std::string>, std::set<std::string>>
ListedRefusals() {
  std::map<std::pair<std::string, std::string>, std::set<std::string>> out;
  std::ifstream in("testdata/corpus_version_refusals.txt");
  EXPECT_TRUE(in) << "cannot read testdata/corpus_version_refusals.txt";
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream s(line);
    std::string version, file, code;
    std::getline(s, version, '\t');
    std::getline(s, file, '\t');
    std::getline(s, code, '\t');
    out[{version, file}].insert(code);
  }
  return out;
}

// A copy of `text` libsdformat 12 reads (a <gazebo version="1.2"> root as
// <sdf>; a 1.10+ version said as 1.9), written to `to`.
void WriteOracleCopy(std::string text, const fs::path& to) {
  static const std::regex gazebo_root(R"(<gazebo(\s+version\s*=\s*["']1\.2["']))");
  static const std::regex newer(R"((<sdf[^>]*version\s*=\s*["'])1\.1[0-9](["']))");
  if (std::regex_search(text, gazebo_root)) {
    text = std::regex_replace(text, gazebo_root, "<sdf$1",
                              std::regex_constants::format_first_only);
    const size_t close = text.rfind("</gazebo>");
    if (close != std::string::npos) text.replace(close, 9, "</sdf>");
  }
  std::smatch m;
  if (std::regex_search(text, m, newer)) {
    text.replace(static_cast<size_t>(m.position(0)),
                 static_cast<size_t>(m.length(0)), m[1].str() + "1.9" + m[2].str());
  }
  fs::create_directories(to.parent_path());
  std::ofstream(to, std::ios::binary) << text;
}

fs::path TmpDir() {
  const char* tmp = std::getenv("TEST_TMPDIR");
  return fs::path(tmp != nullptr ? tmp : "/tmp") / "corpus_version_write";
}

// libsdformat's reading of the input `rel`, once per file.
const testing::OracleResult& InputReading(const std::string& rel) {
  static std::map<std::string, testing::OracleResult> cache;
  const auto it = cache.find(rel);
  if (it != cache.end()) return it->second;
  const fs::path copy = TmpDir() / "in" / rel;
  WriteOracleCopy(Slurp(CorpusRoot() + "/" + rel), copy);
  return cache[rel] = testing::LoadWithSdformatResolvingLoaded(
             copy.string(), ModelPaths(rel));
}

// libsdformat 12 renames a legacy joint or frame sharing a name:
// "J" -> "J_joint" (then "J_joint0", ...), "F" -> "F_frame".
std::string NameBeforeRenaming(const std::string& kind,
                               const std::string& name) {
  static const std::regex renamed(R"((.*)_(joint|frame)[0-9]*)");
  std::smatch m;
  if (std::regex_match(name, m, renamed) && m[2].str() == kind) return m[1];
  return name;
}

// The differences between libsdformat's readings of input and output.
// `flattened`: the output holds no nested model (1.4 flattens them), so a
// nested model's own frame is not looked for; its links, joints, ... are,
// by their scoped names.
struct Said {
  std::set<std::string> dropped;  // names of elements left out on purpose
  std::multimap<std::string, std::string> renamed;  // old name -> new
};

std::vector<std::string> Compare(const testing::OracleResult& in,
                                 const testing::OracleResult& out,
                                 const Said& said, bool flattened) {
  std::map<std::pair<std::string, std::string>, const testing::OracleFrame*>
      got;
  for (const auto& f : out.frames) got.emplace(std::pair(f.kind, f.name), &f);
  std::vector<std::string> diffs;
  for (const auto& f : in.frames) {
    const size_t sep = f.name.rfind("::");
    const std::string scope =
        sep == std::string::npos ? "" : f.name.substr(0, sep + 2);
    const std::string last =
        sep == std::string::npos ? f.name : f.name.substr(sep + 2);
    // A flattened nested model has no element (libsdformat makes one up
    // when it unflattens the names): nothing to compare.
    if (flattened && f.kind == "model" && sep != std::string::npos) continue;
    auto it = got.find({f.kind, f.name});
    if (it == got.end()) {
      it = got.find({f.kind, NameBeforeRenaming(f.kind, f.name)});
    }
    const auto [first, end] = said.renamed.equal_range(last);
    for (auto r = first; r != end && it == got.end(); ++r) {
      it = got.find({f.kind, scope + r->second});
    }
    if (it == got.end()) {
      if (said.dropped.count(last) == 0) {
        diffs.push_back("missing " + f.kind + " " + f.name);
      }
      continue;
    }
    const testing::OracleFrame& o = *it->second;
    const double d = PoseDistance(f.X_WF, o.X_WF);
    if (!(d <= kTol)) {
      diffs.push_back(f.kind + " " + f.name + ": pose differs by " +
                      std::to_string(d));
    }
    // An axis the input leaves to its default (no <axis>/<axis2>:
    // libsdformat lists none) that the output writes: the default, z of
    // the joint frame.
    std::vector<Eigen::Vector3d> axes = f.axes;
    while (f.kind == "joint" && axes.size() < o.axes.size()) {
      axes.push_back(f.X_WF.linear() * Eigen::Vector3d::UnitZ());
    }
    if (axes.size() != o.axes.size()) {
      diffs.push_back(f.name + ": axis count differs");
      continue;
    }
    for (size_t i = 0; i < axes.size(); ++i) {
      if (!((axes[i] - o.axes[i]).norm() <= kTol)) {
        diffs.push_back(f.name + ": axis " + std::to_string(i + 1) +
                        " differs");
      }
    }
  }
  return diffs;
}

using Param = std::tuple<std::string, std::string>;  // version, file

class CorpusVersionWrite : public ::testing::TestWithParam<Param> {};

TEST_P(CorpusVersionWrite, WrittenAlikeOrRefusedAsListed) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const auto& [version, rel] = GetParam();
  if (rel.empty()) {
    return testing::NoCorpusFiles(
        "readable .sdf/.world file under sdformat-tests/ or gazebo_models/");
  }
  const std::string path = CorpusRoot() + "/" + rel;
  VersionWriteOptions options;
  options.version = version;
  options.include_search.model_paths = ModelPaths(rel);
  options.include_search.use_environment = false;
  const UpgradeResult r = WriteSdfVersion(Slurp(path), path, options);

  // Each warning names its element first ("frame 'F2' of model 'm', ...");
  // a rename ends "renamed to 'B'".
  std::set<std::string> codes;
  Said said;
  std::string text;
  static const std::regex first_quoted("^[^']*'([^']+)'");
  static const std::regex rename("^[^']*'([^']+)'.*renamed to '([^']+)'");
  for (const Diagnostic& d : r.diagnostics.items()) {
    text += FormatDiagnostic(d) + "\n";
    if (d.severity == Severity::kError) codes.insert(std::string(CodeName(d.code)));
    std::smatch m;
    if (d.code == Code::kVersionConstructDropped &&
        std::regex_search(d.message, m, first_quoted)) {
      const std::string name = m[1].str();  // may be scoped: last segment
      const size_t sep = name.rfind("::");
      said.dropped.insert(sep == std::string::npos ? name
                                                   : name.substr(sep + 2));
    }
    if (d.code == Code::kDuplicateName &&
        std::regex_search(d.message, m, rename)) {
      said.renamed.emplace(m[1].str(), m[2].str());
    }
  }
  static const auto listed_all = ListedRefusals();
  const auto listed = listed_all.find({version, rel});
  const fs::path out = TmpDir() / version / rel;
  if (r.ok() && listed != listed_all.end() &&
      listed->second == std::set<std::string>{kOracleFails}) {
    WriteOracleCopy(r.output, out);
    ::testing::FLAGS_gtest_death_test_style = "threadsafe";
    EXPECT_EXIT(
        {
          alarm(60);
          try {
            (void)testing::LoadWithSdformatResolvingLoaded(out.string(),
                                                           ModelPaths(rel));
          } catch (...) {  // what aborts a program that does not catch it
            std::abort();
          }
          std::exit(0);
        },
        [](int status) { return WIFSIGNALED(status); }, "")
        << rel << " as " << version << " is listed as " << kOracleFails
        << " but libsdformat 12 now reads the output: remove the line";
    return;
  }
  if (!r.ok()) {
    ASSERT_NE(listed, listed_all.end())
        << rel << " is not written as " << version << " and is not listed in "
        << "testdata/corpus_version_refusals.txt:\n" << text;
    EXPECT_EQ(codes, listed->second) << rel << " as " << version << ":\n"
                                     << text;
    return;
  }
  // A known bug of the writing, listed: it must still show.
  const bool differs_listed =
      listed != listed_all.end() &&
      listed->second == std::set<std::string>{kOutputDiffers};
  const bool refused_listed =
      listed != listed_all.end() &&
      listed->second == std::set<std::string>{kOutputRefused};
  EXPECT_TRUE(listed == listed_all.end() || differs_listed || refused_listed)
      << rel << " is now written as " << version << ": remove it from "
      << "testdata/corpus_version_refusals.txt (tools/version_survey.py "
      << "--write-refusals)";

  WriteOracleCopy(r.output, out);
  const testing::OracleResult& before = InputReading(rel);
  const testing::OracleResult after =
      testing::LoadWithSdformatResolvingLoaded(out.string(), ModelPaths(rel));
  if (refused_listed) {
    EXPECT_TRUE(before.loaded && !after.loaded)
        << rel << " as " << version << " is listed as " << kOutputRefused
        << " but libsdformat 12 now loads it as it loads the input: remove "
        << "the line";
    return;
  }
  // An input libsdformat refuses may be repaired by the writing (as by
  // the upgrade: a name it renames, ...); then the output may load.
  ASSERT_TRUE(!before.loaded || after.loaded)
      << rel << " as " << version << ": libsdformat 12 loads the input but "
      << "not the output:\n" << after.diagnostics << "output text:\n"
      << r.output;
  if (!before.loaded) {
    EXPECT_FALSE(differs_listed) << rel << " as " << version << " is listed "
                                 << "as " << kOutputDiffers << ": remove it";
    return;
  }
  const std::vector<std::string> diffs =
      Compare(before, after, said, version == "1.4");
  if (differs_listed) {
    EXPECT_FALSE(diffs.empty())
        << rel << " as " << version << " is listed as " << kOutputDiffers
        << " but libsdformat 12 now reads it as the input: remove the line";
    return;
  }
  for (const std::string& d : diffs) {
    ADD_FAILURE() << rel << " as " << version << ": " << d;
  }
}

std::vector<Param> Params() {
  std::vector<std::string> files = ReadableCorpusFiles();
  if (files.empty()) files.push_back("");
  std::vector<Param> out;
  for (const std::string& f : files) {
    for (const char* v : kVersions) out.emplace_back(v, f);
  }
  return out;
}

std::string TestName(const ::testing::TestParamInfo<Param>& info) {
  const auto& [version, file] = info.param;
  std::string n = "v" + version + "_" + (file.empty() ? "no_corpus_files" : file);
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Corpus, CorpusVersionWrite,
                         ::testing::ValuesIn(Params()), TestName);

}  // namespace
}  // namespace sdfconv
