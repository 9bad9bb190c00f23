// Conformance over ../shared/corpus, in two suites:
//  - SdformatTests: every SDFormat 1.7, 1.8 and 1.9 file of sdformat-tests/
//    (1.9 is the newest version libsdformat 12 knows);
//  - Legacy: every SDFormat 1.2-1.6 file of sdformat-tests/ and
//    gazebo_models/ (<sdf version="1.2"> ... "1.6", <gazebo version="1.2">);
// and a third over this project's testdata/later_features/ (no corpus
// needed): files that use a feature of a later version than they declare,
// which libsdformat honours (docs/versions.md).
// sdfconv's verdict must agree with libsdformat 12's `gz sdf --check`, and
// for files both accept every frame's world pose must agree within 1e-9
// (and its attached_to body, and joint axes). libsdformat upgrades a legacy
// file to its newest version before loading it; the frames SDFormat 1.5/1.6
// allow inside links, joints, collisions, ... have no place there, so
// libsdformat lists none of them and they are left out of the comparison
// (docs/legacy.md).
//
// Files with <include> take part. Both sides get the same model path and
// nothing from the environment: for sdformat-tests/ its integration/model
// folder (where libsdformat's own tests resolve bare URIs such as
// `test_model`), for gazebo_models/ the folder itself (model://NAME is the
// folder NAME there). Left out: includes of files that libsdformat's tests
// read with custom parsers registered for the occasion (the interface API:
// `.toml`, `.nonce_1`). Merge-includes (`merge="true"`) take part;
// corpus_merge_include_test checks more of them.
// GazeboIncludes, below, checks more of gazebo_models' includes: a model
// whose included models are all present loads, and one whose included
// model is absent names that URI in INCLUDE_URI_UNRESOLVED.
//
// Deliberate differences are listed, with their reason, in
// testdata/corpus_known_differences.txt (and docs/conformance.md); a listed
// file that starts agreeing fails too, so the list stays true.
//
// The corpus folder comes from SDFCONV_CORPUS (testing/corpus.h): without a
// corpus the test skips and says so; with one that lacks these folders or
// their files it fails.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "converters/sdf/value_level.h"
#include "core/diagnostic.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/corpus.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
using testing::CorpusRoot;
constexpr double kTol = 1e-9;

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// An <include> of a file libsdformat's tests read with a custom parser
// (sdf::ParserConfig::RegisterCustomModelParser).
bool HasOutOfScopeInclude(const std::string& text) {
  static const std::regex custom_parser(
      R"(<uri>\s*[^<]*\.(toml|nonce_[0-9]+)\s*</uri>)");
  return std::regex_search(text, custom_parser);
}

// Paths, relative to the corpus, of the files under its `folders` whose
// root element matches `root` (out-of-scope includes aside).
std::vector<std::string> CorpusFiles(const std::vector<std::string>& folders,
                                     const std::regex& root) {
  std::vector<std::string> files;
  const std::string corpus = CorpusRoot();
  for (const std::string& folder : folders) {
    const fs::path dir = fs::path(corpus) / folder;
    if (corpus.empty() || !fs::is_directory(dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      const auto ext = e.path().extension();
      if (!e.is_regular_file() || (ext != ".sdf" && ext != ".world")) continue;
      const std::string text = Slurp(e.path());
      if (!std::regex_search(text, root)) continue;
      if (HasOutOfScopeInclude(text)) continue;
      files.push_back(fs::relative(e.path(), corpus).string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The "relative/path.sdf<TAB>reason" lines of `list`.
std::map<std::string, std::string> ListedFiles(const std::string& list) {
  std::map<std::string, std::string> known;
  std::ifstream in(list);
  EXPECT_TRUE(in) << "cannot read " << list;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    known[line.substr(0, tab)] =
        tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return known;
}

std::map<std::string, std::string> KnownDifferences() {
  return ListedFiles("testdata/corpus_known_differences.txt");
}

struct Ours {
  bool valid = false;
  // Read for conversion: every error, if any, is a value kept as written.
  bool convertible = false;
  std::string diagnostics;
  std::vector<Diagnostic> errors;
  std::optional<Document> doc;
  FrameGraph graph;
  Resolution resolution;
};

// Where the includes of the corpus file `rel` are resolved, for both sides.
std::vector<std::string> ModelPaths(const std::string& rel) {
  const std::string corpus = CorpusRoot();
  if (rel.rfind("gazebo_models/", 0) == 0) return {corpus + "/gazebo_models"};
  const std::string nested_include =
      "sdformat-tests/integration/model/nested_include/";
  if (rel.rfind(nested_include, 0) == 0) {
    // These models include each other by bare name (`top_model`, `wheel`),
    // found in their own folder, which libsdformat's test for them searches.
    return {corpus + "/" + nested_include,
            corpus + "/sdformat-tests/integration/model"};
  }
  if (rel.rfind("sdformat-tests/", 0) == 0) {
    return {corpus + "/sdformat-tests/integration/model"};
  }
  // Their includes name files beside them (libsdformat 12 looks for a
  // relative URI in the model path, not next to the including file).
  if (rel.rfind("testdata/later_features/", 0) == 0) {
    return {"testdata/later_features"};
  }
  return {};
}

Ours RunSdfconv(const std::string& path,
                const std::vector<std::string>& model_paths) {
  Ours out;
  Diagnostics diags;
  ReadOptions options;
  options.include_search.model_paths = model_paths;
  options.include_search.use_environment = false;
  out.doc = ReadFile(path, &diags, options);
  if (out.doc) out.graph = BuildFrameGraph(*out.doc, &diags);
  out.valid = out.doc.has_value() && !diags.HasErrors();
  Diagnostics kept;
  out.convertible = out.doc.has_value() && KeepValuesAsWritten(diags, &kept);
  for (const auto& d : diags.items()) {
    out.diagnostics += FormatDiagnostic(d) + "\n";
    if (d.severity == Severity::kError) out.errors.push_back(d);
  }
  if (out.convertible) out.resolution = ResolveAll(*out.doc, out.graph);
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

// libsdformat 12 renames a joint or frame whose name another frame of its
// model already has, in a 1.2-1.6 file (where only siblings of one type
// must differ, 000), and a <frame> of a world in any version: "J" becomes
// "J_joint" (then "J_joint0", "J_joint1", ...), "F" "F_frame". The name
// as written, for such a name; otherwise `f.name` itself.
std::string NameBeforeRenaming(const testing::OracleFrame& f) {
  static const std::regex renamed(R"((.*)_(joint|frame)[0-9]*)");
  std::smatch m;
  if ((f.kind != "joint" && f.kind != "frame") ||
      !std::regex_match(f.name, m, renamed) || m[2].str() != f.kind) {
    return f.name;
  }
  return m[1].str();
}

// Compares every frame the flat back end writes with libsdformat's; returns
// the differences found (empty: agree).
std::vector<std::string> ComparePoses(const Ours& ours,
                                      const testing::OracleResult& oracle) {
  std::vector<std::string> diffs;
  // By name; a 1.2-1.6 link may have a collision and a visual of the same
  // name (000), told apart by kind.
  std::multimap<std::string, FlatFrame> by_name;
  const std::set<std::string> not_kept =
      FramesLibsdformatDoesNotKeep(*ours.doc);
  for (auto& f : CollectFlatFrames(*ours.doc, ours.graph, ours.resolution)) {
    if (f.kind == "frame" && not_kept.count(f.name) > 0) continue;
    by_name.emplace(f.name, f);
  }
  // The body each of libsdformat's frames is attached to: a link of a
  // static model is fixed to the world; libsdformat names the link for a
  // model attached to it, the world for everything inside that model.
  std::map<std::string, std::string> body_of;
  for (const auto& f : oracle.frames) body_of[f.name] = f.attached_to;
  const auto body = [&body_of](const std::string& name) {
    const auto it = body_of.find(name);
    return it != body_of.end() && it->second == "world" ? it->second : name;
  };
  for (const auto& f : oracle.frames) {
    auto [first, last] = by_name.equal_range(f.name);
    if (first == last) {
      std::tie(first, last) = by_name.equal_range(NameBeforeRenaming(f));
    }
    // A flattened 1.7 model (names with ::, its frame `M::__model__`):
    // libsdformat 12 makes it a nested model again, sdfconv reads the
    // names as written; the model frame is the same frame.
    const bool unflattened = first == last && f.kind == "model";
    if (unflattened) {
      std::tie(first, last) = by_name.equal_range(f.name + "::__model__");
    }
    if (first == last) {
      diffs.push_back("missing frame " + f.name);
      continue;
    }
    auto it = first;
    while (it != last && it->second.kind != f.kind) ++it;
    if (it == last) it = first;
    const FlatFrame& mine = it->second;
    const double d = PoseDistance(mine.X_WF, f.X_WF);
    if (!(d < kTol)) {
      diffs.push_back(f.name + ": pose differs by " + std::to_string(d));
    }
    if (mine.attached_to != body(f.attached_to)) {
      diffs.push_back(f.name + ": attached_to " + mine.attached_to + " vs " +
                      f.attached_to);
    }
    if (mine.kind != f.kind && !(unflattened && mine.kind == "frame")) {
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
// Frames are resolved whenever sdf::Root::Load succeeds (`loaded`), even
// when the `--check` checks after it refuse the file (`valid`).
testing::OracleResult LoadWithSdformatAsSdfRoot(
    const std::string& path, const std::vector<std::string>& model_paths) {
  static const std::regex gazebo_root(R"(<gazebo(\s+version\s*=\s*["']1\.2["']))");
  std::string text = Slurp(path);
  if (!std::regex_search(text, gazebo_root)) {
    return testing::LoadWithSdformatResolvingLoaded(path, model_paths);
  }
  text = std::regex_replace(text, gazebo_root, "<sdf$1",
                            std::regex_constants::format_first_only);
  const size_t close = text.rfind("</gazebo>");
  if (close != std::string::npos) text.replace(close, 9, "</sdf>");
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path copy =
      fs::path(tmp != nullptr ? tmp : "/tmp") / "gazebo_root_as_sdf.sdf";
  std::ofstream(copy, std::ios::binary) << text;
  return testing::LoadWithSdformatResolvingLoaded(copy.string(), model_paths);
}

// What libsdformat loads, sdfconv reads (issue 12). A corpus file that
// sdf::Root::Load reads without an error (`loaded`: what Gazebo loads,
// whatever `--check` adds after it) must be read by sdfconv for
// conversion, with every frame at the same world pose; the exceptions are
// listed, with their reason, in testdata/corpus_loaded_differences.txt
// (the goal: only libsdformat's bugs). The counts are printed at the end.
struct LoadedTally {
  int files = 0;   // corpus files compared
  int loaded = 0;  // ... that libsdformat 12 loads without an error
  int alike = 0;   // ... that sdfconv reads with the same world poses
  int listed = 0;  // ... listed as differences
};

LoadedTally& Tally() {
  static LoadedTally tally;
  return tally;
}

class PrintLoadedTally : public ::testing::Environment {
 public:
  void TearDown() override {
    const LoadedTally& t = Tally();
    if (t.files == 0) return;
    std::printf(
        "libsdformat 12 loads %d of %d corpus files without an error; "
        "sdfconv reads %d of them with the same world poses; %d listed in "
        "testdata/corpus_loaded_differences.txt\n",
        t.loaded, t.files, t.alike, t.listed);
  }
};

::testing::Environment* const kPrintLoadedTally =
    ::testing::AddGlobalTestEnvironment(new PrintLoadedTally);

std::map<std::string, std::string> LoadedDifferences() {
  return ListedFiles("testdata/corpus_loaded_differences.txt");
}

// The differences between sdfconv's reading for conversion and what
// libsdformat loads (empty: alike).
std::vector<std::string> LoadedDiffs(const Ours& ours,
                                     const testing::OracleResult& oracle) {
  if (!ours.convertible) {
    return {"libsdformat loads it; sdfconv does not read it:\n" +
            ours.diagnostics};
  }
  return ComparePoses(ours, oracle);
}

class Corpus : public ::testing::TestWithParam<std::string> {};

TEST_P(Corpus, AgreesWithLibsdformat) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const std::string rel = GetParam();
  if (rel.empty()) {
    return testing::NoCorpusFiles("file of this suite's versions under "
                                  "sdformat-tests/ or gazebo_models/");
  }
  const bool ours_testdata = rel.rfind("testdata/", 0) == 0;
  const std::string path = ours_testdata ? rel : CorpusRoot() + "/" + rel;
  const Ours ours = RunSdfconv(path, ModelPaths(rel));
  const testing::OracleResult oracle =
      LoadWithSdformatAsSdfRoot(path, ModelPaths(rel));

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
  } else {
    for (const auto& d : diffs) ADD_FAILURE() << rel << ": " << d;
  }

  if (ours_testdata) return;
  LoadedTally& tally = Tally();
  ++tally.files;
  if (!oracle.loaded) return;
  ++tally.loaded;
  const std::vector<std::string> loaded_diffs = LoadedDiffs(ours, oracle);
  if (loaded_diffs.empty()) ++tally.alike;
  const auto loaded_known = LoadedDifferences();
  const auto loaded_listed = loaded_known.find(rel);
  if (loaded_listed != loaded_known.end()) {
    ++tally.listed;
    EXPECT_FALSE(loaded_diffs.empty())
        << rel << " is listed in testdata/corpus_loaded_differences.txt ("
        << loaded_listed->second
        << ") but sdfconv now reads it as libsdformat loads it: remove it";
    return;
  }
  for (const auto& d : loaded_diffs) {
    ADD_FAILURE() << rel << " (libsdformat loads it): " << d;
  }
}

std::vector<std::string> OrPlaceholder(std::vector<std::string> files) {
  if (files.empty()) files.push_back("");
  return files;
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param.empty() ? "no_corpus_files" : info.param;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(
    SdformatTests, Corpus,
    ::testing::ValuesIn(OrPlaceholder(CorpusFiles(
        {"sdformat-tests"},
        std::regex(R"(<sdf[^>]*version\s*=\s*["']1\.[789]["'])")))),
    TestName);

// The files of testdata/later_features/, relative to the workspace.
std::vector<std::string> LaterFeatureFiles() {
  std::vector<std::string> files;
  for (const auto& e :
       fs::directory_iterator("testdata/later_features")) {
    if (e.path().extension() == ".sdf") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

INSTANTIATE_TEST_SUITE_P(LaterFeatures, Corpus,
                         ::testing::ValuesIn(LaterFeatureFiles()), TestName);

INSTANTIATE_TEST_SUITE_P(
    Legacy, Corpus,
    ::testing::ValuesIn(OrPlaceholder(CorpusFiles(
        {"sdformat-tests", "gazebo_models"},
        std::regex(R"(<(sdf|gazebo)[^>]*version\s*=\s*["']1\.[2-6]["'])")))),
    TestName);

// --- gazebo_models' includes ----------------------------------------------
// Each file of gazebo_models/ with an <include>, and the model:// names its
// includes use. In this subset of the models (corpus README), three files
// include only models that are present and twelve include at least one
// that is absent.
struct GazeboInclude {
  std::string rel;                // relative to the corpus
  std::vector<std::string> uris;  // every //include/uri, as written
};

std::vector<GazeboInclude> GazeboIncludeFiles() {
  static const std::regex include(R"(<include\b[\s\S]*?</include>)");
  static const std::regex uri(R"(<uri>\s*([^<\s]*)\s*</uri>)");
  std::vector<GazeboInclude> out;
  for (const std::string& rel : CorpusFiles(
           {"gazebo_models"}, std::regex(R"(<(sdf|gazebo)[^>]*version)"))) {
    const std::string text = Slurp(CorpusRoot() + "/" + rel);
    GazeboInclude file{rel, {}};
    for (std::sregex_iterator it(text.begin(), text.end(), include), end;
         it != end; ++it) {
      const std::string block = it->str();
      std::smatch m;
      if (std::regex_search(block, m, uri)) file.uris.push_back(m[1].str());
    }
    if (!file.uris.empty()) out.push_back(file);
  }
  return out;
}

// The model:// URIs of `file` whose model folder gazebo_models/ lacks.
std::vector<std::string> AbsentModels(const GazeboInclude& file) {
  std::vector<std::string> absent;
  const std::string scheme = "model://";
  for (const std::string& uri : file.uris) {
    if (uri.rfind(scheme, 0) != 0) continue;
    const size_t slash = uri.find('/', scheme.size());
    const std::string name = uri.substr(
        scheme.size(),
        slash == std::string::npos ? std::string::npos : slash - scheme.size());
    const fs::path folder = fs::path(CorpusRoot()) / "gazebo_models" / name;
    if (!fs::is_directory(folder) &&
        std::find(absent.begin(), absent.end(), uri) == absent.end()) {
      absent.push_back(uri);
    }
  }
  return absent;
}

// Whether `message` holds `uri` itself, not only a longer name it starts
// ("model://a" in "model://ab").
bool NamesUri(const std::string& message, const std::string& uri) {
  for (size_t at = message.find(uri); at != std::string::npos;
       at = message.find(uri, at + 1)) {
    const size_t end = at + uri.size();
    if (end == message.size()) return true;
    const char next = message[end];
    if (!std::isalnum(static_cast<unsigned char>(next)) && next != '_' &&
        next != '-') {
      return true;
    }
  }
  return false;
}

TEST(GazeboIncludes, CorpusHoldsTheFilesDescribed) {
  if (testing::RequireCorpusFolder("gazebo_models").empty()) return;
  const std::vector<GazeboInclude> files = GazeboIncludeFiles();
  size_t complete = 0;
  for (const GazeboInclude& f : files) {
    for (const std::string& uri : f.uris) {
      EXPECT_EQ(uri.rfind("model://", 0), 0u) << f.rel << ": " << uri;
    }
    if (AbsentModels(f).empty()) ++complete;
  }
  EXPECT_EQ(files.size(), 15u);
  EXPECT_EQ(complete, 3u);
}

class GazeboIncludeFile : public ::testing::TestWithParam<std::string> {};

// With the model path at gazebo_models/: a file whose included models are
// all present is valid for both, with the same poses; one that includes an
// absent model gets INCLUDE_URI_UNRESOLVED at that <include>, naming the
// URI, and no other unresolved URI (libsdformat refuses it too).
TEST_P(GazeboIncludeFile, ResolvesModelUris) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const std::string rel = GetParam();
  if (rel.empty()) {
    return testing::NoCorpusFiles("gazebo_models/ file with an <include>");
  }
  GazeboInclude file;
  for (const GazeboInclude& f : GazeboIncludeFiles()) {
    if (f.rel == rel) file = f;
  }
  const std::string path = CorpusRoot() + "/" + rel;
  const std::vector<std::string> model_paths = {CorpusRoot() +
                                                "/gazebo_models"};
  const Ours ours = RunSdfconv(path, model_paths);
  // Frames whenever sdf::Root::Load succeeds: a file listed as a known
  // difference that only `--check` refuses still has its poses compared.
  const testing::OracleResult oracle =
      testing::LoadWithSdformatResolvingLoaded(path, model_paths);
  const std::vector<std::string> absent = AbsentModels(file);

  if (absent.empty()) {
    ASSERT_TRUE(ours.valid) << ours.diagnostics;
    ASSERT_TRUE(oracle.loaded) << oracle.diagnostics;
    EXPECT_EQ(oracle.valid, KnownDifferences().count(rel) == 0)
        << "libsdformat's --check verdict; known differences: "
           "testdata/corpus_known_differences.txt";
    for (const auto& d : ComparePoses(ours, oracle)) {
      ADD_FAILURE() << rel << ": " << d;
    }
    return;
  }
  EXPECT_FALSE(ours.valid);
  EXPECT_FALSE(oracle.valid);
  std::set<std::string> named;
  for (const Diagnostic& d : ours.errors) {
    if (d.code != Code::kIncludeUriUnresolved) continue;
    EXPECT_EQ(fs::path(d.source.file.str()).lexically_normal(),
              fs::path(path).lexically_normal())
        << FormatDiagnostic(d);
    bool names_an_absent_uri = false;
    for (const std::string& uri : absent) {
      if (NamesUri(d.message, uri)) {
        named.insert(uri);
        names_an_absent_uri = true;
      }
    }
    EXPECT_TRUE(names_an_absent_uri) << FormatDiagnostic(d);
  }
  for (const std::string& uri : absent) {
    EXPECT_EQ(named.count(uri), 1u)
        << rel << ": no INCLUDE_URI_UNRESOLVED names " << uri << "\n"
        << ours.diagnostics;
  }
}

std::vector<std::string> GazeboIncludeNames() {
  std::vector<std::string> names;
  for (const GazeboInclude& f : GazeboIncludeFiles()) names.push_back(f.rel);
  return OrPlaceholder(names);
}

INSTANTIATE_TEST_SUITE_P(GazeboModels, GazeboIncludeFile,
                         ::testing::ValuesIn(GazeboIncludeNames()), TestName);

}  // namespace
}  // namespace sdfconv
