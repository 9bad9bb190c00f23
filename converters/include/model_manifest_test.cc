#include "converters/include/model_manifest.h"

#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "core/document.h"

namespace sdfconv {
namespace {

// A manifest of `entries`; its entries are empty when it does not parse
// (which fails the test).
std::vector<ManifestEntry> Manifest(const std::string& entries) {
  Diagnostics diags;
  std::optional<ModelManifest> m = ModelManifest::Parse(
      "<?xml version='1.0'?>\n<model>\n  <name>m</name>\n" + entries +
          "</model>\n",
      "model.config", &diags);
  EXPECT_TRUE(m.has_value());
  return m ? m->entries : std::vector<ManifestEntry>{};
}

// The file a parser of `major.minor` loads.
std::string Loaded(const std::vector<ManifestEntry>& m, int major,
                   int minor) {
  const std::optional<size_t> i = LoadedEntry(m, VersionNumber(major, minor));
  return i ? m[*i].file : "(none)";
}

TEST(ModelManifestTest, ReadsEntriesInOrderTrimmed) {
  const std::vector<ManifestEntry> m = Manifest(
      "<sdf version='1.4'> model-1_4.sdf\n</sdf><description/>"
      "<sdf>x.sdf</sdf>");
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].version, "1.4");
  EXPECT_EQ(m[0].file, "model-1_4.sdf");
  EXPECT_EQ(m[1].version, "");
  EXPECT_EQ(m[1].file, "x.sdf");
}

TEST(ModelManifestTest, TheHighestVersionTheParserReads) {
  const std::vector<ManifestEntry> m = Manifest(
      "<sdf version='1.3'>a.sdf</sdf><sdf version='1.5'>c.sdf</sdf>"
      "<sdf version='1.4'>b.sdf</sdf><sdf version='1.10'>d.sdf</sdf>");
  EXPECT_EQ(Loaded(m, 1, 3), "a.sdf");
  EXPECT_EQ(Loaded(m, 1, 4), "b.sdf");
  EXPECT_EQ(Loaded(m, 1, 9), "c.sdf");
  EXPECT_EQ(Loaded(m, 1, 10), "d.sdf");  // 1.10 is newer than 1.9
  EXPECT_EQ(Loaded(m, 1, 12), "d.sdf");
}

TEST(ModelManifestTest, OfEqualVersionsTheFirst) {
  const std::vector<ManifestEntry> m = Manifest(
      "<sdf version='1.8'>a.sdf</sdf><sdf version='1.8'>b.sdf</sdf>"
      "<sdf version='1.5'>c.sdf</sdf>");
  EXPECT_EQ(Loaded(m, 1, 9), "a.sdf");
  EXPECT_EQ(Loaded(m, 1, 6), "c.sdf");
}

TEST(ModelManifestTest, NoneReadableLoadsTheFirst) {
  const std::vector<ManifestEntry> m = Manifest(
      "<sdf version='1.11'>new.sdf</sdf><sdf version='1.10'>b.sdf</sdf>"
      "<sdf>none.sdf</sdf>");
  EXPECT_EQ(Loaded(m, 1, 9), "new.sdf");
  EXPECT_FALSE(BestEntry(m, [](std::string_view v) {
                 return VersionNumber(std::string(v)) <= VersionNumber(1, 9);
               }).has_value());
  // An entry without a version is never taken by the walk.
  EXPECT_EQ(Loaded(Manifest("<sdf>a.sdf</sdf><sdf version='1.6'>b.sdf</sdf>"),
                   1, 9),
            "b.sdf");
  EXPECT_EQ(Loaded(Manifest("<description/>"), 1, 9), "(none)");
}

TEST(ModelManifestTest, RootMustBeModel) {
  Diagnostics diags;
  EXPECT_FALSE(ModelManifest::Parse("<sdf version='1.6'/>", "m.config", &diags)
                   .has_value());
  ASSERT_EQ(diags.items().size(), 1u);
  EXPECT_EQ(diags.items()[0].code, Code::kElementInvalid);
  EXPECT_FALSE(ModelManifest::Parse("<model>", "m.config", &diags).has_value());
}

}  // namespace
}  // namespace sdfconv
