#include "converters/sdf/value_level.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

Diagnostic Error(Code code, const std::string& path) {
  Diagnostic d;
  d.code = code;
  d.source = {"f.sdf", 3, path};
  d.message = "m";
  return d;
}

Diagnostic Duplicate(const std::string& path, const std::string& other) {
  Diagnostic d = Error(Code::kDuplicateName, path);
  d.related.push_back({"f.sdf", 2, other});
  return d;
}

constexpr const char* kLink = R"(/sdf/model[@name="m"]/link[@name="l"])";

TEST(ValueLevelTest, TheIssuesExamplesAreValueLevel) {
  const std::string link = kLink;
  // An inertia breaking the triangle inequality, wherever it is reported.
  EXPECT_TRUE(IsValueLevel(Error(Code::kLinkInertiaInvalid, link)));
  // mu of -1.
  EXPECT_TRUE(IsValueLevel(Error(
      Code::kValueInvalid,
      link + R"(/collision[@name="c"]/surface/friction/ode/mu)")));
  // A <script> without <uri>.
  EXPECT_TRUE(IsValueLevel(Error(
      Code::kElementMissing, link + R"(/visual[@name="v"]/material/script)")));
  // A collision and a visual of one link called alike.
  EXPECT_TRUE(IsValueLevel(Duplicate(link + R"(/visual[@name="body"])",
                                     link + R"(/collision[@name="body"])")));
  EXPECT_TRUE(IsValueLevel(Duplicate(link + R"(/sensor[@name="s"])",
                                     link + R"(/visual[@name="s"])")));
}

TEST(ValueLevelTest, NamesAReferenceCanNameAreStructural) {
  const std::string model = R"(/sdf/model[@name="m"])";
  EXPECT_FALSE(IsValueLevel(Duplicate(model + R"(/joint[@name="a"])",
                                      model + R"(/link[@name="a"])")));
  EXPECT_FALSE(IsValueLevel(Duplicate(model + R"(/frame[@name="a"])",
                                      model + R"(/model[@name="a"])")));
  EXPECT_FALSE(IsValueLevel(Duplicate(model + R"(/light[@name="a"])",
                                      model + R"(/include)")));
  // Two of one kind: one identity for two elements.
  EXPECT_FALSE(IsValueLevel(Duplicate(std::string(kLink) + "/visual[@name=\"v\"]",
                                      std::string(kLink) + "/visual[@name=\"v\"]")));
  // Without the sibling it clashes with, nothing says it is harmless.
  EXPECT_FALSE(IsValueLevel(
      Error(Code::kDuplicateName, std::string(kLink) + "/visual[@name=\"v\"]")));
}

TEST(ValueLevelTest, KinematicPlacesAndOtherCodesAreStructural) {
  const std::string link = kLink;
  EXPECT_FALSE(IsValueLevel(Error(Code::kValueInvalid, link + "/pose")));
  EXPECT_FALSE(IsValueLevel(Error(Code::kPoseInvalid, link + "/pose")));
  EXPECT_FALSE(IsValueLevel(Error(
      Code::kValueInvalid, R"(/sdf/model[@name="m"]/joint[@name="j"]/axis/xyz)")));
  EXPECT_FALSE(IsValueLevel(Error(Code::kElementMissing,
                                  R"(/sdf/model[@name="m"]/joint[@name="j"])")));
  EXPECT_FALSE(IsValueLevel(Error(Code::kAttributeMissing, link)));
  EXPECT_FALSE(IsValueLevel(Error(Code::kXmlSyntaxError, link + "/inertial")));
  EXPECT_FALSE(IsValueLevel(Error(Code::kPoseRelativeToCycle, link)));
  EXPECT_FALSE(IsValueLevel(Error(Code::kValueInvalid, "not a path")));
  Diagnostic warning = Error(Code::kLinkInertiaInvalid, link);
  warning.severity = Severity::kWarning;
  EXPECT_FALSE(IsValueLevel(warning));
}

TEST(ValueLevelTest, PathTagsSkipQuotedNames) {
  EXPECT_EQ(ElementPathTags(R"(/sdf/model[@name="a/b]c"]/link[@name="l"])"),
            (std::vector<std::string>{"sdf", "model", "link"}));
  EXPECT_TRUE(ElementPathTags("sdf/model").empty());
}

TEST(ValueLevelTest, KeepsValuesAsWarningsAndSaysWhetherStructureIsSound) {
  Diagnostics read;
  read.Add(Error(Code::kLinkInertiaInvalid, kLink));
  read.Warning(Code::kElementInvalid, {"f.sdf", 1, ""}, "w");
  Diagnostics out;
  EXPECT_TRUE(KeepValuesAsWritten(read, &out));
  ASSERT_EQ(out.size(), 2u);
  EXPECT_FALSE(out.HasErrors());
  EXPECT_EQ(out.items()[0].code, Code::kLinkInertiaInvalid);
  EXPECT_EQ(out.items()[0].severity, Severity::kWarning);
  EXPECT_EQ(out.items()[0].message, "kept as written: m");
  EXPECT_EQ(out.items()[0].source.line, 3);
  EXPECT_EQ(out.items()[1].message, "w");

  read.Add(Error(Code::kPoseRelativeToCycle, kLink));
  Diagnostics out2;
  EXPECT_FALSE(KeepValuesAsWritten(read, &out2));
  EXPECT_TRUE(out2.HasErrors());
  EXPECT_EQ(out2.size(), 3u);
}

}  // namespace
}  // namespace sdfconv
