#include "converters/sdf/schema_gen/version_table.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/sdf/schema_gen/description_reader.h"
#include "converters/sdf/schema_gen/table_writer.h"

namespace sdfconv::schema_gen {
namespace {

namespace fs = std::filesystem;
constexpr char kTestdata[] = "converters/sdf/schema_gen/testdata/";
constexpr char kTables[] = "converters/sdf/schema_gen/tables/";
// Where Debian's sdformat-sdf installs the descriptions of libsdformat 12.
constexpr char kInstalled[] = "/usr/share/sdformat12";

// Every .sdf file under the folders `dirs`, as paths.
std::vector<std::string> FilesUnder(const std::vector<fs::path>& dirs) {
  std::vector<std::string> files;
  for (const fs::path& dir : dirs) {
    for (const auto& e : fs::recursive_directory_iterator(dir)) {
      if (e.path().extension() == ".sdf") files.push_back(e.path().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The table texts of every version of `set`.
std::vector<std::string> WriteAll(const DescriptionSet& set) {
  std::vector<std::string> texts;
  for (size_t i = 0; i < set.versions.size(); ++i) {
    std::string text;
    const std::vector<std::string> errors = WriteVersionTable(set, i, &text);
    EXPECT_TRUE(errors.empty()) << errors.front();
    texts.push_back(text);
  }
  return texts;
}

std::string SchemaSource(const DescriptionSet& set) {
  std::string source;
  EXPECT_TRUE(WriteSchemaTable(set, &source).empty());
  return source;
}

// Written and read back, a set gives the same table text and the same
// generated C++ (which holds every field: names, types, defaults, bounds,
// copy_data, sources, occurrences, missing includes).
TEST(VersionTable, RoundTripKeepsEveryField) {
  for (const char* dir : {"recursive", "relax", "gazebo"}) {
    const DescriptionSet set =
        ReadDescriptions(FilesUnder({std::string(kTestdata) + dir}));
    ASSERT_TRUE(set.errors.empty()) << dir << ": " << set.errors.front();
    const std::vector<std::string> texts = WriteAll(set);
    std::vector<std::string> names(texts.size(), "t.txt");
    const DescriptionSet back = ParseVersionTables(texts, names);
    ASSERT_TRUE(back.errors.empty()) << dir << ": " << back.errors.front();
    EXPECT_EQ(WriteAll(back), texts) << dir;
    EXPECT_EQ(back.missing_includes, set.missing_includes) << dir;
    EXPECT_EQ(SchemaSource(back), SchemaSource(set)) << dir;
  }
}

TEST(VersionTable, VersionsAreSortedByNumberWhateverTheFileOrder) {
  const DescriptionSet set = ParseVersionTables(
      {"table 1.10 root=0\nelement 0 sdf required=1\n",
       "table 1.9 root=0\nelement 0 sdf required=1\n"},
      {"a.txt", "b.txt"});
  ASSERT_TRUE(set.errors.empty()) << set.errors.front();
  ASSERT_EQ(set.versions.size(), 2u);
  EXPECT_EQ(set.versions[0].version, "1.9");
  EXPECT_EQ(set.versions[1].version, "1.10");
}

TEST(VersionTable, MalformedLinesAreErrorsWithTheirLine) {
  const DescriptionSet set = ParseVersionTables(
      {"table 1.9 root=0\n"
       "element 0 sdf required=1\n"
       "  child 7 required=0\n"              // 3: no element 7
       "element 2 world required=*\n"        // 4: out of order
       "  attribute name required=1\n"       // 5: no type, default
       "element 1 x required=0 colour=red\n"  // 6: unknown field
       "bogus\n"},                           // 7
      {"1.9.txt"});
  ASSERT_EQ(set.errors.size(), 5u);
  EXPECT_EQ(set.errors[0].rfind("1.9.txt:4: ", 0), 0u) << set.errors[0];
  EXPECT_EQ(set.errors[1].rfind("1.9.txt:5: ", 0), 0u) << set.errors[1];
  EXPECT_EQ(set.errors[2].rfind("1.9.txt:6: ", 0), 0u) << set.errors[2];
  EXPECT_EQ(set.errors[3].rfind("1.9.txt:7: ", 0), 0u) << set.errors[3];
  EXPECT_EQ(set.errors[4].rfind("1.9.txt:3: ", 0), 0u) << set.errors[4];
}

TEST(VersionTable, ATableNeedsItsTableStatement) {
  EXPECT_FALSE(
      ParseVersionTables({"element 0 sdf required=1\n"}, {"x.txt"}).errors.empty());
  EXPECT_FALSE(ParseVersionTables({"table 1.9 root=3\nelement 0 sdf required=1\n"},
                                  {"x.txt"})
                   .errors.empty());
}

TEST(VersionTable, WhatTheFormatCannotHoldIsRefused) {
  DescriptionSet set;
  DescVersion& v = set.versions.emplace_back();
  v.version = "9.1";
  DescElement& e = v.elements.emplace_back();
  e.name = "sdf";
  e.required = "1";
  e.default_value = "say \"hi\"";
  std::string text;
  EXPECT_EQ(WriteVersionTable(set, 0, &text).size(), 1u);
  EXPECT_TRUE(text.empty());
  e.default_value.reset();
  e.name = "two words";
  EXPECT_EQ(WriteVersionTable(set, 0, &text).size(), 1u);
}

// The project's tables of 1.2-1.9 are what the installed descriptions say,
// line for line, and generate the same C++ table. Where Debian's
// sdformat-sdf is not installed (Debian 13 has none) there is nothing to
// compare with.
TEST(VersionTable, TablesAgreeWithTheInstalledDescriptions) {
  if (!fs::is_directory(fs::path(kInstalled) / "1.9")) {
    GTEST_SKIP() << kInstalled << " is not installed (Debian's sdformat-sdf): "
                 << "the tables are not compared with the descriptions";
  }
  std::vector<fs::path> dirs;
  for (int minor = 2; minor <= 9; ++minor) {
    dirs.push_back(fs::path(kInstalled) / ("1." + std::to_string(minor)));
  }
  const DescriptionSet installed = ReadDescriptions(FilesUnder(dirs));
  for (const std::string& e : installed.errors) ADD_FAILURE() << e;
  ASSERT_EQ(installed.versions.size(), 8u);
  const std::vector<std::string> texts = WriteAll(installed);
  std::vector<std::string> ours, names;
  for (const DescVersion& v : installed.versions) {
    names.push_back(v.version + ".txt");
    ours.push_back(ReadFile(kTables + names.back()));
  }
  for (size_t i = 0; i < texts.size(); ++i) {
    EXPECT_EQ(ours[i], texts[i])
        << names[i] << " differs from " << kInstalled << "/"
        << installed.versions[i].version
        << ": run tools/schema_tables.sh and review the diff";
  }
  const DescriptionSet tables = ParseVersionTables(ours, names);
  ASSERT_TRUE(tables.errors.empty()) << tables.errors.front();
  EXPECT_EQ(SchemaSource(tables), SchemaSource(installed));
}

}  // namespace
}  // namespace sdfconv::schema_gen
