#include "converters/sdf/schema_gen/delta_apply.h"

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/sdf/schema_gen/delta.h"
#include "converters/sdf/schema_gen/description_reader.h"

namespace sdfconv::schema_gen {
namespace {

namespace fs = std::filesystem;

// testdata/recursive: 9.1, whose <sdf> holds <model> (attributes name and
// kind; children model (itself), static, link, noise, plugin) and whose
// <link> holds mass, uri and model.
DescriptionSet Base() {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(
           "converters/sdf/schema_gen/testdata/recursive")) {
    if (e.path().extension() == ".sdf") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end());
  DescriptionSet set = ReadDescriptions(files);
  EXPECT_TRUE(set.errors.empty());
  return set;
}

Delta Parse(const std::string& statements, const std::string& header =
                                               "version 9.2 from 9.1\n") {
  const DeltaParse p = ParseDelta(header + statements, "d.txt");
  for (const std::string& e : p.errors) ADD_FAILURE() << e;
  return p.delta;
}

const DescVersion* Version(const DescriptionSet& set, const std::string& v) {
  for (const DescVersion& d : set.versions) {
    if (d.version == v) return &d;
  }
  return nullptr;
}

// The definition at `path` ("model/link") of `v`, or null.
const DescElement* At(const DescVersion& v, const std::string& path,
                      const DescChild** child = nullptr) {
  const DescElement* e = &v.elements[v.root];
  size_t start = 0;
  while (start < path.size()) {
    size_t slash = path.find('/', start);
    if (slash == std::string::npos) slash = path.size();
    const std::string name = path.substr(start, slash - start);
    const auto it = std::find_if(
        e->children.begin(), e->children.end(),
        [&](const DescChild& c) { return v.elements[c.element].name == name; });
    if (it == e->children.end()) return nullptr;
    if (child != nullptr) *child = &*it;
    e = &v.elements[it->element];
    start = slash + 1;
  }
  return e;
}

TEST(DeltaApply, MakesANewVersionAndLeavesItsBase) {
  DescriptionSet set = Base();
  const std::vector<std::string> errors = ApplyDelta(
      Parse("add model/link/color required=0 type=color default=\"1 0 0 1\""),
      &set);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  ASSERT_EQ(set.versions.size(), 2u);
  EXPECT_EQ(set.versions[1].version, "9.2");
  EXPECT_EQ(At(set.versions[0], "model/link/color"), nullptr);
  const DescChild* child = nullptr;
  const DescElement* color = At(set.versions[1], "model/link/color", &child);
  ASSERT_NE(color, nullptr);
  EXPECT_EQ(color->type, "color");
  EXPECT_EQ(color->required, "0");
  EXPECT_EQ(child->required, "0");
  EXPECT_EQ(color->default_value, "1 0 0 1");
  EXPECT_EQ(color->source, "d.txt:2");
  // The recursion through the shared link definition sees it too.
  EXPECT_NE(At(set.versions[1], "model/model/link/model/link/color"), nullptr);
}

TEST(DeltaApply, DeltasBuildOnEachOtherAndStaySorted) {
  DescriptionSet set = Base();
  EXPECT_TRUE(ApplyDelta(Parse("add model/a required=0",
                               "version 9.10 from 9.2\n"),
                         &set)
                  .size() == 1);  // 9.2 is not there yet
  set = Base();
  EXPECT_TRUE(ApplyDelta(Parse("add model/a required=0"), &set).empty());
  EXPECT_TRUE(
      ApplyDelta(Parse("add model/b required=0", "version 9.10 from 9.2\n"),
                 &set)
          .empty());
  ASSERT_EQ(set.versions.size(), 3u);
  EXPECT_EQ(set.versions[2].version, "9.10");  // after 9.2, by number
  EXPECT_NE(At(set.versions[2], "model/a"), nullptr);
  EXPECT_NE(At(set.versions[2], "model/b"), nullptr);
  EXPECT_EQ(At(set.versions[1], "model/b"), nullptr);
  // A version that exists already is refused.
  const std::vector<std::string> again =
      ApplyDelta(Parse("add model/c required=0"), &set);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_NE(again[0].find("exists already"), std::string::npos);
}

TEST(DeltaApply, IsSharesLikeCopies) {
  DescriptionSet set = Base();
  const std::vector<std::string> errors = ApplyDelta(Parse(R"(
add link required=* is=model/link
add model/part required=0 like=model/link
add model/link/uri@scheme type=string required=0 default=file
)"),
                                                     &set);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  const DescVersion& v = *Version(set, "9.2");
  const DescChild* shared = nullptr;
  const DescElement* link = At(v, "link", &shared);
  ASSERT_NE(link, nullptr);
  EXPECT_EQ(link, At(v, "model/link"));
  EXPECT_EQ(shared->required, "*");
  EXPECT_EQ(link->required, "*");  // its own, from link.sdf
  const DescElement* part = At(v, "model/part");
  ASSERT_NE(part, nullptr);
  EXPECT_NE(part, link);
  EXPECT_EQ(part->required, "0");
  EXPECT_EQ(part->attributes.size(), link->attributes.size());
  // The copy's children are the original's definitions.
  EXPECT_EQ(At(v, "model/part/uri"), At(v, "model/link/uri"));
  EXPECT_EQ(At(v, "link/uri")->attributes.size(), 1u);
}

TEST(DeltaApply, SetRequiredDefaultsAndAttributes) {
  DescriptionSet set = Base();
  const std::vector<std::string> errors = ApplyDelta(Parse(R"(
set model/static required=-1 default=true
set model/link/mass min=-1 max=20
set model@kind required=1 default=2 max=9
set @version default=9.2
)"),
                                                     &set);
  for (const std::string& e : errors) ADD_FAILURE() << e;
  const DescVersion& v = *Version(set, "9.2");
  const DescChild* child = nullptr;
  const DescElement* s = At(v, "model/static", &child);
  EXPECT_EQ(child->required, "-1");
  EXPECT_EQ(s->required, "-1");
  EXPECT_EQ(s->default_value, "true");
  const DescElement* mass = At(v, "model/link/mass");
  EXPECT_EQ(mass->min, "-1");
  EXPECT_EQ(mass->max, "20");
  const DescAttribute& kind = At(v, "model")->attributes[1];
  ASSERT_EQ(kind.name, "kind");
  EXPECT_TRUE(kind.required);
  EXPECT_EQ(kind.default_value, "2");
  EXPECT_EQ(kind.max, "9");
  EXPECT_EQ(v.elements[v.root].attributes[0].default_value, "9.2");
}

TEST(DeltaApply, RenameRenamesTheDefinitionEverywhere) {
  DescriptionSet set = Base();
  EXPECT_TRUE(ApplyDelta(Parse("rename model assembly\n"
                               "rename assembly@kind sort\n"),
                         &set)
                  .empty());
  const DescVersion& v = *Version(set, "9.2");
  EXPECT_EQ(At(v, "model"), nullptr);
  // The nested ref and link's include of model.sdf are the same definition.
  EXPECT_EQ(At(v, "assembly/assembly"), At(v, "assembly"));
  EXPECT_EQ(At(v, "assembly/link/assembly"), At(v, "assembly"));
  EXPECT_EQ(At(v, "assembly")->attributes[1].name, "sort");
}

TEST(DeltaApply, RemoveDropsWhatNothingReachesAnyMore) {
  DescriptionSet set = Base();
  const size_t before = set.versions[0].elements.size();
  EXPECT_TRUE(ApplyDelta(Parse("remove model/noise\nremove model@kind\n"),
                         &set)
                  .empty());
  const DescVersion& v = *Version(set, "9.2");
  EXPECT_EQ(At(v, "model/noise"), nullptr);
  EXPECT_EQ(At(v, "model")->attributes.size(), 1u);
  // noise and its stddev are gone; every index still points inside.
  EXPECT_EQ(v.elements.size(), before - 2);
  for (const DescElement& e : v.elements) {
    EXPECT_NE(e.name, "noise");
    for (const DescChild& c : e.children) EXPECT_LT(c.element, v.elements.size());
  }
  EXPECT_LT(v.root, v.elements.size());
  EXPECT_EQ(v.elements[v.root].name, "sdf");
  EXPECT_NE(At(v, "model/link/mass"), nullptr);
}

TEST(DeltaApply, AStatementOnAMissingPathIsAnErrorAtItsLine) {
  DescriptionSet set = Base();
  const std::vector<std::string> errors = ApplyDelta(Parse(R"(add model/gear/tooth required=0
set model/link/weight default=1
remove model/link@colour
rename model/joint j
add model/link required=0
add model/x required=0 is=model/link
set model required=0 default=1
add model@name type=string required=1 default=""
add model/y required=0 like=model/nothing
)"),
                                                     &set);
  ASSERT_EQ(errors.size(), 9u);
  for (size_t i = 0; i < errors.size(); ++i) {
    EXPECT_EQ(errors[i].rfind("d.txt:" + std::to_string(i + 2) + ": ", 0), 0u)
        << errors[i];
  }
  EXPECT_NE(errors[0].find("no <gear> in sdf/model"), std::string::npos)
      << errors[0];
  EXPECT_NE(errors[4].find("already has a <link>"), std::string::npos);
  EXPECT_NE(errors[5].find("names a <link>"), std::string::npos);
  EXPECT_NE(errors[6].find("holds no value"), std::string::npos);
}

TEST(DeltaApply, AMissingBaseIsAnError) {
  DescriptionSet set = Base();
  const std::vector<std::string> errors =
      ApplyDelta(Parse("", "version 9.3 from 9.0\n"), &set);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("d.txt: its base version 9.0"), std::string::npos)
      << errors[0];
  EXPECT_EQ(set.versions.size(), 1u);
}

}  // namespace
}  // namespace sdfconv::schema_gen
