// Unknown elements against libsdformat 12, over every SDFormat 1.2-1.9 file
// of ../shared/corpus (the versions libsdformat 12 knows).
//
// libsdformat 12 finds an element "not defined in SDF" after converting
// the file to 1.9; by default it only logs it (libsdformat 16 warns), and
// with its UnrecognizedElementsPolicy set to ERR it is an error, as
// ELEMENT_UNKNOWN is under --strict. Both sides read each file alone: the
// elements of the file itself are compared (by line and tag), not those of
// the files it includes.
//  - Each element libsdformat finds is one sdfconv finds: ELEMENT_UNKNOWN,
//    or LATER_VERSION_FEATURE for an element of a version libsdformat 12
//    does not have (1.10 on: <fluid_added_mass> in a 1.6 file).
//  - Each ELEMENT_UNKNOWN of sdfconv is one libsdformat finds.
// Where they differ on purpose, kDifferences says why (docs/conformance.md);
// a listed difference that is no longer found fails too.
//
// The corpus comes from SDFCONV_CORPUS (testing/corpus.h): without it the
// test skips and says so.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <iterator>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/sdf/value_level.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "testing/corpus.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

struct Difference {
  const char* file;  // under the corpus root
  const char* tag;
  bool sdfconv;  // found by sdfconv only (else by libsdformat only)
  const char* why;
};

constexpr Difference kDifferences[] = {
    {"gazebo_models/drc_practice_weighted_door/model.sdf",
     "use_parent_model_frame", true,
     "1.5's, in a 1.4 axis, whose axes are in the model frame: "
     "libsdformat's 1.4 -> 1.5 recipe adds one to every axis"},
    {"sdformat-tests/sdf/joint_complete.sdf", "initial_position", false,
     "1.6 has //axis/initial_position; libsdformat converts the file to "
     "1.9, which does not"},
};

// (line, tag)
using Found = std::set<std::pair<int, std::string>>;

// The versions libsdformat 12 reads as its own.
bool KnownToLibsdformat12(const std::string& version) {
  for (const char* v : {"1.2", "1.3", "1.4", "1.5", "1.6", "1.7", "1.8",
                        "1.9"}) {
    if (version == v) return true;
  }
  return false;
}

std::string VersionOf(const std::string& path) {
  Diagnostics ignored;
  const std::optional<XmlTree> xml = XmlTree::Load(path, &ignored);
  if (!xml) return "";
  return Attribute(RootElement(*xml), "version").value_or("");
}

// "XML Element[visul], child of element[link], ..." -> "visul".
std::string TagOf(const std::string& message) {
  const size_t open = message.find('[');
  const size_t close = message.find(']', open);
  if (open == std::string::npos || close == std::string::npos) return "";
  return message.substr(open + 1, close - open - 1);
}

const Difference* Listed(const std::string& file, const std::string& tag,
                         bool sdfconv) {
  for (const Difference& d : kDifferences) {
    if (file == d.file && tag == d.tag && sdfconv == d.sdfconv) return &d;
  }
  return nullptr;
}

TEST(UnknownElementsConformance, SdfconvAndLibsdformat12FindTheSame) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const std::string root = testing::RequireCorpusFolder("");
  if (root.empty()) return;
  std::vector<fs::path> paths;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".sdf" || ext == ".world") &&
        KnownToLibsdformat12(VersionOf(entry.path().string()))) {
      paths.push_back(entry.path());
    }
  }
  std::sort(paths.begin(), paths.end());
  ASSERT_FALSE(paths.empty());
  std::set<std::pair<std::string, std::string>> differences;  // file, tag
  int compared = 0, agreed = 0;
  for (const fs::path& path : paths) {
    const std::string file = fs::relative(path, root).string();
    Diagnostics diags;
    ReadOptions options;
    options.includes = ReadOptions::Includes::kPlaceholders;
    (void)ReadFile(path.string(), &diags, options);
    Found unknown, later;
    for (const Diagnostic& d : diags.items()) {
      if (d.code != Code::kElementUnknown &&
          d.code != Code::kLaterVersionFeature) {
        continue;
      }
      const std::vector<std::string> tags =
          ElementPathTags(d.source.path.str());
      if (tags.empty() || d.message.rfind("<", 0) != 0) continue;  // @attr
      (d.code == Code::kElementUnknown ? unknown : later)
          .insert({d.source.line, tags.back()});
    }
    Found theirs;
    for (const testing::OracleError& e :
         testing::UnrecognizedElementsWithSdformat(path.string(), {})) {
      theirs.insert({e.line, TagOf(e.message)});
    }
    for (const auto& element : theirs) {
      ++compared;
      if (unknown.count(element) > 0 || later.count(element) > 0) {
        ++agreed;
      } else if (Listed(file, element.second, false)) {
        differences.insert({file, element.second});
      } else {
        ADD_FAILURE() << file << ":" << element.first << ": <"
                      << element.second
                      << "> is not defined for libsdformat 12, sdfconv "
                         "reads it";
      }
    }
    for (const auto& element : unknown) {
      if (theirs.count(element) > 0) continue;
      ++compared;
      if (Listed(file, element.second, true)) {
        differences.insert({file, element.second});
      } else {
        ADD_FAILURE() << file << ":" << element.first << ": <"
                      << element.second
                      << "> is ELEMENT_UNKNOWN, libsdformat 12 knows it";
      }
    }
  }
  for (const Difference& d : kDifferences) {
    EXPECT_EQ(differences.count({d.file, d.tag}), 1u)
        << "listed, not found: " << d.file << " <" << d.tag << ">";
  }
  std::cout << paths.size() << " SDFormat 1.2-1.9 files: " << agreed
            << " of " << compared
            << " unknown elements found by both, the others listed\n";
}

}  // namespace
}  // namespace sdfconv
