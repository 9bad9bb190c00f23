#include "converters/sdf/schema_gen/description_reader.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace sdfconv::schema_gen {
namespace {

namespace fs = std::filesystem;
constexpr char kTestdata[] = "converters/sdf/schema_gen/testdata/";

// Every .sdf file under `dir`, as paths.
std::vector<std::string> FilesUnder(const fs::path& dir) {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (e.path().extension() == ".sdf") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The child of `parent` named `name`, or null.
const DescChild* Child(const DescVersion& v, const DescElement& parent,
                       const std::string& name) {
  for (const DescChild& c : parent.children) {
    if (v.elements[c.element].name == name) return &c;
  }
  return nullptr;
}

TEST(DescriptionReader, SharedDefinitionsMakeRecursionFinite) {
  const DescriptionSet set =
      ReadDescriptions(FilesUnder(std::string(kTestdata) + "recursive"));
  ASSERT_TRUE(set.errors.empty()) << set.errors.front();
  ASSERT_EQ(set.versions.size(), 1u);
  const DescVersion& v = set.versions[0];
  EXPECT_EQ(v.version, "9.1");
  const DescElement& sdf = v.elements[v.root];
  EXPECT_EQ(sdf.name, "sdf");
  ASSERT_EQ(sdf.attributes.size(), 1u);
  EXPECT_TRUE(sdf.attributes[0].required);

  const DescChild* model = Child(v, sdf, "model");
  ASSERT_NE(model, nullptr);
  const DescElement& m = v.elements[model->element];
  // <element name="model" ref="model">: the model definition itself.
  const DescChild* nested = Child(v, m, "model");
  ASSERT_NE(nested, nullptr);
  EXPECT_EQ(nested->element, model->element);
  EXPECT_EQ(nested->required, "*");
  // link.sdf includes model.sdf back: the same definition again.
  const DescChild* link = Child(v, m, "link");
  ASSERT_NE(link, nullptr);
  EXPECT_EQ(link->required, "+");
  const DescChild* back = Child(v, v.elements[link->element], "model");
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(back->element, model->element);
  // One definition per file, however many includes name it.
  EXPECT_EQ(std::count_if(v.elements.begin(), v.elements.end(),
                          [](const DescElement& e) { return e.name == "model"; }),
            1);
}

TEST(DescriptionReader, RequiredOfTheIncludeWinsOverTheFile) {
  const DescriptionSet set =
      ReadDescriptions(FilesUnder(std::string(kTestdata) + "recursive"));
  const DescVersion& v = set.versions[0];
  const DescElement& m =
      v.elements[Child(v, v.elements[v.root], "model")->element];
  const DescChild* noise = Child(v, m, "noise");
  ASSERT_NE(noise, nullptr);
  EXPECT_EQ(noise->required, "0");  // noise.sdf itself says "1"
  EXPECT_EQ(v.elements[noise->element].required, "1");
  // No required on the include: the file's.
  const DescChild* plugin = Child(v, m, "plugin");
  ASSERT_NE(plugin, nullptr);
  EXPECT_EQ(plugin->required, "*");
}

TEST(DescriptionReader, ValuesAttributesAndCopyData) {
  const DescriptionSet set =
      ReadDescriptions(FilesUnder(std::string(kTestdata) + "recursive"));
  const DescVersion& v = set.versions[0];
  const DescElement& m =
      v.elements[Child(v, v.elements[v.root], "model")->element];
  ASSERT_EQ(m.attributes.size(), 2u);
  EXPECT_EQ(m.attributes[1].name, "kind");
  EXPECT_EQ(m.attributes[1].type, "unsigned int");
  EXPECT_EQ(m.attributes[1].max, "3");
  const DescElement& is_static = v.elements[Child(v, m, "static")->element];
  EXPECT_EQ(is_static.type, "bool");
  EXPECT_EQ(is_static.default_value, "false");
  EXPECT_FALSE(is_static.min.has_value());
  const DescElement& link = v.elements[Child(v, m, "link")->element];
  const DescElement& mass = v.elements[Child(v, link, "mass")->element];
  EXPECT_EQ(mass.type, "double");
  EXPECT_EQ(mass.min, "0");
  EXPECT_EQ(mass.max, "10");
  const DescElement& plugin = v.elements[Child(v, m, "plugin")->element];
  EXPECT_TRUE(plugin.copy_data);
  EXPECT_TRUE(plugin.children.empty());
  EXPECT_FALSE(m.copy_data);
}

TEST(DescriptionReader, IncludeOfAMissingFileIsLeftOutAndListed) {
  const DescriptionSet set =
      ReadDescriptions(FilesUnder(std::string(kTestdata) + "recursive"));
  ASSERT_EQ(set.missing_includes.size(), 1u);
  EXPECT_NE(set.missing_includes[0].find("9.1/model.sdf:"), std::string::npos);
  EXPECT_NE(set.missing_includes[0].find("missing.sdf"), std::string::npos);
  const DescVersion& v = set.versions[0];
  const DescElement& m =
      v.elements[Child(v, v.elements[v.root], "model")->element];
  EXPECT_EQ(Child(v, m, "missing"), nullptr);
}

TEST(DescriptionReader, WithoutRootSdfTheRootIsGazeboSdf) {
  const DescriptionSet set =
      ReadDescriptions(FilesUnder(std::string(kTestdata) + "gazebo"));
  ASSERT_TRUE(set.errors.empty());
  ASSERT_EQ(set.versions.size(), 1u);
  EXPECT_EQ(set.versions[0].elements[set.versions[0].root].name, "gazebo");
  // other.sdf is not reachable from the root: not read.
  EXPECT_EQ(set.versions[0].elements.size(), 1u);
}

TEST(DescriptionReader, MalformedDescriptionsAreErrors) {
  const DescriptionSet set =
      ReadDescriptions(FilesUnder(std::string(kTestdata) + "bad"));
  ASSERT_EQ(set.errors.size(), 4u);
  EXPECT_NE(set.errors[0].find("no_default"), std::string::npos);
  EXPECT_NE(set.errors[1].find("nowhere.sdf"), std::string::npos);
  EXPECT_NE(set.errors[2].find("without a name"), std::string::npos);
  EXPECT_NE(set.errors[3].find("no_required"), std::string::npos);
}

TEST(DescriptionReader, VersionsAreSortedByNumber) {
  const DescriptionSet set =
      ReadDescriptions(FilesUnder(std::string(kTestdata) + "relax"));
  ASSERT_EQ(set.versions.size(), 2u);
  EXPECT_EQ(set.versions[0].version, "9.1");
  EXPECT_EQ(set.versions[1].version, "9.2");
}

}  // namespace
}  // namespace sdfconv::schema_gen
