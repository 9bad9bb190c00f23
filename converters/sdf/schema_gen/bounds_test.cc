#include "converters/sdf/schema_gen/bounds.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/sdf/schema_gen/description_reader.h"

namespace sdfconv::schema_gen {
namespace {

namespace fs = std::filesystem;

DescriptionSet ReadRelax() {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(
           "converters/sdf/schema_gen/testdata/relax")) {
    if (e.path().extension() == ".sdf") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return ReadDescriptions(files);
}

const DescElement& Find(const DescVersion& v, const std::string& name) {
  for (const DescElement& e : v.elements) {
    if (e.name == name) return e;
  }
  static const DescElement kNone;
  ADD_FAILURE() << "no " << name;
  return kNone;
}

TEST(RelaxBoundsToNewest, OldBoundsRelaxedByTheNewestVersion) {
  DescriptionSet set = ReadRelax();
  ASSERT_TRUE(set.errors.empty());
  RelaxBoundsToNewest(&set);
  const DescVersion& old = set.versions[0];
  // mu: [0, 1] in 9.1, [0, inf) in 9.2.
  EXPECT_EQ(Find(old, "mu").min, "0.0");
  EXPECT_FALSE(Find(old, "mu").max.has_value());
  // far: at least 10 in 9.1, 0.1 in 9.2.
  EXPECT_EQ(Find(old, "far").min, "0.1");
  // near: 9.2 is stricter on both sides; 9.1 keeps its own.
  EXPECT_EQ(Find(old, "near").min, "0.5");
  EXPECT_EQ(Find(old, "near").max, "2");
  // A bound only the newest version has is not given to older files.
  EXPECT_FALSE(Find(old, "stddev").min.has_value());
  // Attributes too.
  const DescElement& texture = Find(old, "texture");
  ASSERT_EQ(texture.attributes.size(), 1u);
  EXPECT_EQ(texture.attributes[0].max, "1");
}

TEST(RelaxBoundsToNewest, TheNewestVersionIsUnchanged) {
  DescriptionSet set = ReadRelax();
  RelaxBoundsToNewest(&set);
  const DescVersion& newest = set.versions[1];
  EXPECT_EQ(Find(newest, "near").min, "0.7");
  EXPECT_EQ(Find(newest, "stddev").min, "0");
}

}  // namespace
}  // namespace sdfconv::schema_gen
