// Unknown elements (ELEMENT_UNKNOWN) over the whole corpus
// ($SDFCONV_CORPUS: gazebo_models, sdformat-tests, urdf), each file read as
// `sdfconv check` reads it, its includes left as placeholders (each file
// says its own).
//
// Every unknown element found is a real one: an element no version of
// SDFormat defines where the file has it, or one an earlier version had
// (libsdformat 16 warns on each too, "not defined in SDF"). The SDFormat
// files' are listed one by one, with why each is real; the URDFs' (their
// <gazebo> blocks, written for Gazebo classic) by tag. A finding that is
// not listed fails the test (a false alarm: an element of a later version,
// a schema that lacks one), and so does a listed one that is not found.
//
// Without the corpus the test skips and says so; with an incomplete one it
// fails (testing/corpus.h).
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "converters/registry.h"
#include "converters/sdf/value_level.h"
#include "core/diagnostic.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

struct Listed {
  const char* file;  // under the corpus root
  const char* tag;
  const char* why;
};

constexpr Listed kSdformatUnknowns[] = {
    {"gazebo_models/drc_practice_weighted_door/model.sdf",
     "use_parent_model_frame",
     "1.5's, in a 1.4 axis: libsdformat's 1.4 -> 1.5 recipe overrides it"},
    {"sdformat-tests/integration/model/merge_robot/model.sdf", "alwaysOn",
     "SDFormat spells it always_on"},
    {"sdformat-tests/integration/model/merge_robot/model.sdf",
     "unknown_element", "named, there to be ignored"},
    {"sdformat-tests/integration/model/nested_include/base/base.sdf",
     "alwaysOn", "SDFormat spells it always_on"},
    {"sdformat-tests/integration/model/robot/model.sdf", "alwaysOn",
     "SDFormat spells it always_on"},
    {"sdformat-tests/sdf/custom_and_unknown_elements.sdf", "test_unknown",
     "there to be unknown"},
    {"sdformat-tests/sdf/model_include_with_interface_api.sdf", "extra",
     "an <include>'s extra content, there to be ignored"},
    {"sdformat-tests/sdf/world_include_with_interface_api.sdf", "extra",
     "an <include>'s extra content, there to be ignored"},
    {"sdformat-tests/sdf/unrecognized_elements.sdf", "not_a_link_element",
     "there to be unknown"},
    {"sdformat-tests/sdf/unrecognized_elements.sdf", "not_a_model_element",
     "there to be unknown"},
    {"sdformat-tests/sdf/unrecognized_elements.sdf", "not_an_sdf_element",
     "there to be unknown"},
    {"sdformat-tests/performance/parser_urdf_atlas.urdf", "noise",
     "an IMU's <noise> of SDFormat 1.5 and before, in a <gazebo> block"},
};

// In the URDFs' <gazebo> blocks: Gazebo classic's elements of the DRC era
// (Atlas, Valkyrie, PR2), which no SDFormat version defines there, and an
// IMU's <noise> of SDFormat 1.5 and before.
constexpr const char* kUrdfUnknownTags[] = {
    "api",  "imuTransform", "node",   "noise",
    "port", "sensor_number", "stopKd", "stopKp"};

bool IsDescription(const fs::path& path) {
  const std::string ext = path.extension().string();
  return ext == ".sdf" || ext == ".world" || ext == ".urdf";
}

TEST(UnknownElementsCorpusTest, EveryUnknownElementIsAListedRealOne) {
  const std::string root = testing::RequireCorpusFolder("");
  if (root.empty()) return;
  std::vector<fs::path> paths;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (entry.is_regular_file() && IsDescription(entry.path())) {
      paths.push_back(entry.path());
    }
  }
  std::sort(paths.begin(), paths.end());
  ReadOptions options;
  options.includes = ReadOptions::Includes::kPlaceholders;
  std::set<std::pair<std::string, std::string>> found;  // file, tag
  std::set<std::string> urdf_tags;
  int count = 0, files = 0;
  for (const fs::path& path : paths) {
    Diagnostics diags;
    (void)ReadFile(path.string(), &diags, options);
    const std::string file = fs::relative(path, root).string();
    bool any = false;
    for (const Diagnostic& d : diags.items()) {
      if (d.code != Code::kElementUnknown) continue;
      EXPECT_EQ(d.severity, Severity::kWarning) << FormatDiagnostic(d);
      const std::vector<std::string> tags = ElementPathTags(d.source.path.str());
      ASSERT_FALSE(tags.empty()) << FormatDiagnostic(d);
      ++count;
      any = true;
      if (path.extension() == ".urdf" &&
          file.rfind("sdformat-tests/", 0) != 0) {
        urdf_tags.insert(tags.back());
        EXPECT_NE(std::find(std::begin(kUrdfUnknownTags),
                            std::end(kUrdfUnknownTags), tags.back()),
                  std::end(kUrdfUnknownTags))
            << "not listed: " << FormatDiagnostic(d);
        continue;
      }
      found.insert({file, tags.back()});
      const bool listed = std::any_of(
          std::begin(kSdformatUnknowns), std::end(kSdformatUnknowns),
          [&](const Listed& l) { return file == l.file && tags.back() == l.tag; });
      EXPECT_TRUE(listed) << "not listed: " << FormatDiagnostic(d);
    }
    files += any;
  }
  for (const Listed& l : kSdformatUnknowns) {
    EXPECT_EQ(found.count({l.file, l.tag}), 1u)
        << "listed, not found: " << l.file << " <" << l.tag << ">";
  }
  for (const char* tag : kUrdfUnknownTags) {
    EXPECT_EQ(urdf_tags.count(tag), 1u) << "listed, not found: <" << tag << ">";
  }
  std::cout << "corpus: " << count << " unknown elements in " << files
            << " of " << paths.size() << " files\n";
}

}  // namespace
}  // namespace sdfconv
