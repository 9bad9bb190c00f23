// A file whose root holds no <world>, <model>, <light> or <actor> (an empty
// <sdf>, SDFormat 1.2's empty <gazebo>): the schema allows it and
// libsdformat 12 loads it. It is read as a Document without elements, with
// one warning ELEMENT_MISSING at the root, and every back end is safe on it
// (docs/errors_policy.md): the check says valid, flat writes no frame, the
// upgrade writes the root at 1.8 (proven as any upgrade), the URDF export
// refuses with its code, and an <include> of such a file is an error, as in
// libsdformat.
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "converters/convert/convert.h"
#include "converters/diagnostic_test_util.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

struct EmptyFile {
  std::string name;     // file name in the test's folder
  std::string root;     // root element
  std::string version;  // its version attribute
  // The file, its root element on line 2.
  [[nodiscard]] std::string Text() const {
    return "<?xml version='1.0'?>\n<" + root + " version='" + version +
           "'>\n  <!-- nothing -->\n</" + root + ">\n";
  }
};

const std::vector<EmptyFile>& EmptyFiles() {
  static const std::vector<EmptyFile> files = {
      {"empty_1_8.sdf", "sdf", "1.8"},
      {"empty_1_6.sdf", "sdf", "1.6"},
      {"empty_gazebo_1_2.sdf", "gazebo", "1.2"},
  };
  return files;
}

std::string Write(const std::string& relative, const std::string& text) {
  const fs::path path = fs::path(::testing::TempDir()) / relative;
  fs::create_directories(path.parent_path());
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

class EmptyRootTest : public DiagnosticTest {
 protected:
  // The one warning of an empty root: at its line 2, naming it.
  void TakeEmptyRoot(const EmptyFile& f) {
    const Diagnostic d = TakeWarning(Code::kElementMissing);
    EXPECT_EQ(d.source.line, 2);
    EXPECT_EQ(d.source.path, "/" + f.root);
    EXPECT_NE(d.message.find("<" + f.root + ">"), std::string::npos)
        << d.message;
  }
};

TEST_F(EmptyRootTest, CheckSaysValidWithOneWarning) {
  for (const EmptyFile& f : EmptyFiles()) {
    SCOPED_TRACE(f.name);
    for (const bool strict : {false, true}) {
      ReadOptions options;
      options.strict = strict;
      const CheckedRead read =
          ReadChecked(Write(f.name, f.Text()), options, &diags_);
      ASSERT_TRUE(read.doc.has_value()) << DescribeRemaining();
      EXPECT_EQ(read.doc->size(), 0u);
      EXPECT_EQ(read.doc->version, f.version);
      EXPECT_TRUE(read.graph.attached_to.empty());
      EXPECT_FALSE(diags_.HasErrors()) << DescribeRemaining();
      TakeEmptyRoot(f);
    }
  }
}

TEST_F(EmptyRootTest, FlatWritesNoFrame) {
  for (const EmptyFile& f : EmptyFiles()) {
    SCOPED_TRACE(f.name);
    const std::string path = Write(f.name, f.Text());
    const std::optional<std::string> text =
        ConvertToFlat(path, ReadOptions{}, FlatFormat::kJson, &diags_);
    ASSERT_TRUE(text.has_value()) << DescribeRemaining();
    TakeEmptyRoot(f);
    const json j = json::parse(*text);  // well-formed
    EXPECT_EQ(j["version"], f.version);
    ASSERT_TRUE(j["frames"].is_array());
    EXPECT_TRUE(j["frames"].empty());

    const std::optional<std::string> csv =
        ConvertToFlat(path, ReadOptions{}, FlatFormat::kCsv, &diags_);
    ASSERT_TRUE(csv.has_value()) << DescribeRemaining();
    TakeEmptyRoot(f);
    // The header and no row.
    std::istringstream lines(*csv);
    std::string line;
    std::vector<std::string> rows;
    while (std::getline(lines, line)) rows.push_back(line);
    ASSERT_EQ(rows.size(), 1u) << *csv;
    EXPECT_EQ(rows[0].rfind("name,kind,attached_to,", 0), 0u) << rows[0];
  }
}

// The upgrade changes the version (and 1.2's root element) and nothing
// else; the output reads again as an empty 1.8 file.
TEST_F(EmptyRootTest, UpgradeWritesTheRootAtOnePointEight) {
  for (const EmptyFile& f : EmptyFiles()) {
    for (const bool expand : {false, true}) {
      SCOPED_TRACE(f.name + (expand ? " expanded" : ""));
      const std::optional<std::string> sdf = ConvertToSdf(
          Write(f.name, f.Text()), ReadOptions{}, expand, &diags_);
      ASSERT_TRUE(sdf.has_value()) << DescribeRemaining();
      // The upgrade reports what its proof finds, not the reading's
      // warnings (the command line prints those from its own check).
      EXPECT_EQ(*sdf,
                "<?xml version='1.0'?>\n<sdf version='1.8'>\n"
                "  <!-- nothing -->\n</sdf>\n");
      EXPECT_EQ(Remaining(), 0u) << DescribeRemaining();

      const CheckedRead again =
          ReadChecked(Write("upgraded.sdf", *sdf), ReadOptions{}, &diags_);
      ASSERT_TRUE(again.doc.has_value());
      EXPECT_EQ(again.doc->version, "1.8");
      EXPECT_EQ(again.doc->size(), 0u);
      TakeEmptyRoot({"upgraded.sdf", "sdf", "1.8"});
    }
  }
}

TEST_F(EmptyRootTest, UrdfIsRefused) {
  for (const EmptyFile& f : EmptyFiles()) {
    SCOPED_TRACE(f.name);
    EXPECT_FALSE(ConvertToUrdf(Write(f.name, f.Text()), ReadOptions{},
                               UrdfExportOptions{}, &diags_)
                     .has_value());
    TakeEmptyRoot(f);
    const Diagnostic d = TakeError(Code::kUrdfExportUnsupported);
    EXPECT_EQ(d.source.line, 2);
    EXPECT_EQ(d.source.path, "/" + f.root);
  }
}

// libsdformat 12 refuses to include it ("Failed to find top level <model>
// / <actor> / <light> for <include>"): in a world, in a model, and merged.
TEST_F(EmptyRootTest, AnIncludeOfItIsAnError) {
  const EmptyFile empty = EmptyFiles()[0];
  Write("models/empty/model.sdf", empty.Text());
  Write("models/empty/model.config",
        "<?xml version='1.0'?>\n<model><name>empty</name>"
        "<sdf version='1.8'>model.sdf</sdf></model>\n");
  const std::string include =
      "    <include MERGE>\n"  // line 4
      "      <uri>model://empty</uri>\n"
      "    </include>\n";
  const std::vector<std::pair<std::string, std::string>> including = {
      {"world.sdf", "<?xml version='1.0'?>\n<sdf version='1.8'>\n"
                    "  <world name='w'>\n" +
                        include + "  </world>\n</sdf>\n"},
      {"model.sdf", "<?xml version='1.0'?>\n<sdf version='1.8'>\n"
                    "  <model name='m'><link name='l'/>\n" +
                        include + "  </model>\n</sdf>\n"},
      {"merged.sdf", "<?xml version='1.0'?>\n<sdf version='1.9'>\n"
                     "  <model name='m'><link name='l'/>\n" +
                         include + "  </model>\n</sdf>\n"},
  };
  ReadOptions options;
  options.include_search.model_paths = {::testing::TempDir() + "/models"};
  options.include_search.use_environment = false;
  for (const auto& [name, text] : including) {
    SCOPED_TRACE(name);
    std::string file = text;
    file.replace(file.find(" MERGE"), 6,
                 name == "merged.sdf" ? " merge='true'" : "");
    const CheckedRead read = ReadChecked(Write(name, file), options, &diags_);
    EXPECT_TRUE(read.doc.has_value());  // the including file itself is read
    TakeEmptyRoot(empty);  // what the included file itself says
    const Diagnostic d = TakeError(Code::kIncludeNotModel);
    EXPECT_EQ(d.source.line, 4);
    EXPECT_EQ(fs::path(d.source.file.str()).filename(), name);
  }
}

}  // namespace
}  // namespace sdfconv
