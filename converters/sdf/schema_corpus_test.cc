// Phase 1 over the SDFormat 1.9-1.12 files of the corpus
// ($SDFCONV_CORPUS/sdformat-tests, libsdformat's own test files), called
// directly: the schemas of 1.9 (Debian's descriptions) and of 1.10-1.12
// (the deltas, schema_gen/deltas) against real files.
//
// Each file not named `*invalid*` gets no phase-1 error, and exactly the
// warnings listed in kKnownWarnings, each true (libsdformat warns there
// too): a warning more would mean the table lacks something of the file's
// version. The files named `*invalid*` are printed with what phase 1 finds;
// those of 1.9-1.12 are invalid for later phases (frames), which this test
// does not run.
//
// Without the corpus the test skips and says so; with a corpus that lacks
// these files it fails (testing/corpus.h).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/sdf/schema_check.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

struct Tally {
  int errors = 0;
  int warnings = 0;
};

Tally Count(const Diagnostics& diags) {
  Tally t;
  for (const Diagnostic& d : diags.items()) {
    ++(d.severity == Severity::kError ? t.errors : t.warnings);
  }
  return t;
}

// The true warnings of valid files: file (under sdformat-tests), line.
struct KnownWarning {
  const char* file;
  int line;
  Code code;
  const char* why;
};
constexpr KnownWarning kKnownWarnings[] = {
    {"integration/model/merge_robot/model.sdf", 74, Code::kElementUnknown,
     "<alwaysOn> in a sensor: SDFormat spells it always_on"},
    {"integration/model/merge_robot/model.sdf", 322, Code::kElementUnknown,
     "<unknown_element>, there to be ignored"},
    {"sdf/joint_screw_thread_pitch.sdf", 24, Code::kElementInvalid,
     "<thread_pitch>, deprecated in 1.10"},
    {"sdf/joint_screw_thread_pitch.sdf", 40, Code::kElementInvalid,
     "<thread_pitch>, deprecated in 1.10"},
    {"sdf/joint_screw_thread_pitch.sdf", 49, Code::kElementInvalid,
     "<thread_pitch>, deprecated in 1.10"},
};

bool IsKnown(const std::string& file, const Diagnostic& d) {
  for (const KnownWarning& k : kKnownWarnings) {
    if (file == k.file && d.source.line == k.line && d.code == k.code) {
      return true;
    }
  }
  return false;
}

bool NamedInvalid(const std::string& path) {
  return fs::path(path).filename().string().find("invalid") !=
         std::string::npos;
}

TEST(SchemaCorpus, ValidFilesOfOneNineToOneTwelvePassPhaseOne) {
  const std::string corpus = testing::RequireCorpusFolder("sdformat-tests");
  if (corpus.empty()) return;
  std::vector<std::string> paths;
  for (const auto& e : fs::recursive_directory_iterator(corpus)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".sdf" || ext == ".world")) {
      paths.push_back(e.path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  int checked = 0, unreadable = 0, known = 0;
  for (const std::string& path : paths) {
    Diagnostics loading;  // libxml2's, not phase 1's
    const std::optional<XmlTree> xml = XmlTree::Load(path, &loading);
    if (!xml) {  // not XML at all (of any version): phase 1 cannot start
      ++unreadable;
      std::cout << path.substr(corpus.size() + 1) << ": not XML\n";
      continue;
    }
    const XmlElement root = RootElement(*xml);
    const std::string version = Attribute(root, "version").value_or("");
    if (Tag(root) != "sdf" || VersionNumber(version) < VersionNumber(1, 9)) {
      continue;
    }
    ++checked;
    Diagnostics diags;
    CheckSchema(*xml, version, &diags);
    const std::string file = path.substr(corpus.size() + 1);
    const Tally t = Count(diags);
    std::cout << version << " " << file << ": " << t.errors << " errors, "
              << t.warnings << " warnings\n";
    for (const Diagnostic& d : diags.items()) {
      std::cout << "  " << FormatDiagnostic(d) << "\n";
    }
    if (NamedInvalid(path)) continue;
    for (const Diagnostic& d : diags.items()) {
      const bool expected = d.severity == Severity::kWarning && IsKnown(file, d);
      known += expected ? 1 : 0;
      EXPECT_TRUE(expected) << FormatDiagnostic(d);
    }
  }
  std::cout << checked << " SDFormat 1.9-1.12 files checked; " << unreadable
            << " files of the corpus are not XML\n";
  if (checked == 0) return testing::NoCorpusFiles("SDFormat 1.9-1.12 files");
  EXPECT_EQ(known, static_cast<int>(std::size(kKnownWarnings)))
      << "a known warning is no longer found";
}

}  // namespace
}  // namespace sdfconv
