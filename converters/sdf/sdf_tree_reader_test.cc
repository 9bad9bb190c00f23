// Phase 1 (schema_check) inside the shared reading: every SDFormat front
// end runs it, and what the reader already reports is not reported twice.
#include "converters/sdf/sdf_tree_reader.h"

#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/sdf/legacy_reader.h"
#include "converters/sdf/sdf_reader.h"
#include "converters/xml/xml_sources.h"
#include "core/document.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "test.sdf";

class SchemaInReaderTest : public DiagnosticTest {
 protected:
  XmlSources sources_;  // the trees read, for NodeRefs
  bool strict_ = false;  // to the letter of each version

  // Reads `text` with the front end that accepts its version.
  std::optional<Document> Read(const std::string& text) {
    auto xml = XmlTree::Parse(text, kFile, &diags_);
    if (!xml) {
      ADD_FAILURE() << "not XML:\n" << DescribeRemaining();
      return std::nullopt;
    }
    const int32_t tree = sources_.Add(std::move(*xml));
    const XmlElement root = RootElement(sources_.tree(tree));
    const std::string version = Attribute(root, "version").value_or("");
    if (SdfReader().Accepts(Tag(root), version)) {
      return SdfReader(strict_).Read(tree, &sources_, &diags_);
    }
    return LegacySdfReader(strict_).Read(tree, &sources_, &diags_);
  }

  // <sdf version="..."><model name="m"> on line 1, `body` from line 2.
  std::optional<Document> ReadModel(const std::string& body,
                                    const std::string& version = "1.8") {
    return Read("<sdf version=\"" + version + "\"><model name=\"m\">\n" +
                body + "\n</model></sdf>\n");
  }
};

TEST_F(SchemaInReaderTest, ValuesOfElementsTheReaderDoesNotReadAreChecked) {
  const auto doc = ReadModel(R"(<link name="l">
<visual name="v"><material><ambient>1 0 0 2</ambient></material></visual>
</link>)");
  ASSERT_TRUE(doc.has_value());  // a Document, with an error
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 3);
}

TEST_F(SchemaInReaderTest, EveryFrontEndRunsIt) {
  for (const char* version : {"1.2", "1.3", "1.4", "1.5", "1.6", "1.7"}) {
    SCOPED_TRACE(version);
    ASSERT_TRUE(ReadModel("<link name=\"l\"><gravity>maybe</gravity></link>",
                          version)
                    .has_value());
    EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
  }
  ASSERT_TRUE(Read("<gazebo version=\"1.2\"><model name=\"m\">\n"
                   "<link name=\"l\"><gravity>maybe</gravity></link>\n"
                   "</model></gazebo>")
                  .has_value());
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
}

TEST_F(SchemaInReaderTest, WhatTheReaderReportsIsReportedOnce) {
  const auto doc = ReadModel(R"(<link name="a"><pose>1 2</pose></link>
<link name="b"/>
<joint name="j" type="fixed"><child>b</child></joint>
<link/>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(TakeError(Code::kPoseInvalid).source.line, 2);
  EXPECT_EQ(TakeError(Code::kElementMissing).source.line, 4);  // <parent>
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 5);  // name
}

TEST_F(SchemaInReaderTest, AnIncludeInAOnePointFourModelIsRead) {
  // The 1.4 description has no <include> in a <model>, but 1.4 files use
  // it (gazebo_models) and libsdformat reads it: it is read, and the
  // schema's "not part of SDFormat 1.4" is not reported.
  const auto doc =
      ReadModel("<link name=\"l\"/>\n<include><uri>x</uri></include>", "1.4");
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(doc->at(doc->size() - 1).include.has_value());
}

TEST_F(SchemaInReaderTest, IncludeNamePoseAndStaticAreReadInOnePointFour) {
  // The 1.4 <include> description has only <uri>; libsdformat applies
  // <name>, <pose> and <static> all the same, and so does the reader.
  const auto doc = Read(R"(<sdf version="1.4"><world name="w">
<include><uri>x</uri><name>a</name><pose>1 0 0 0 0 0</pose>
<static>true</static></include></world></sdf>)");
  ASSERT_TRUE(doc.has_value());
  const Element& include = doc->at(doc->size() - 1);
  EXPECT_EQ(include.name, "a");
  EXPECT_TRUE(include.pose.present);
  EXPECT_EQ(include.include->is_static, true);
}

TEST_F(SchemaInReaderTest, ElementsOfAnotherVersionAreWarnedOnce) {
  strict_ = true;  // the letter of the version
  ASSERT_TRUE(
      ReadModel("<link name=\"l\"/>\n<frame name=\"f\"/>", "1.4").has_value());
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 3);
}

TEST_F(SchemaInReaderTest, AWorldJointOfOnePointEightIsRead) {
  // 003 reintroduces //world/joint in 1.8; the 1.8 descriptions have no
  // place for it. The reader reads it (docs/architecture.md), so the
  // schema's "not part of SDFormat 1.8" is not reported.
  const auto doc = Read(R"(<sdf version="1.8"><world name="w">
<model name="a"><link name="l"/></model>
<joint name="j" type="fixed"><parent>world</parent><child>a::l</child></joint>
</world></sdf>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at(doc->size() - 1).kind, ElementKind::kJoint);
}

TEST_F(SchemaInReaderTest, TheWholeFileIsCheckedEvenWithoutAModel) {
  EXPECT_FALSE(Read("<sdf version=\"1.8\">\n<light name=\"l\" "
                    "type=\"point\"><diffuse>x</diffuse></light>\n</sdf>")
                   .has_value());
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 2);
  EXPECT_EQ(TakeError(Code::kElementMissing).source.line, 1);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
}

TEST_F(SchemaInReaderTest, LinkInertiaByLibsdformatsRule) {
  // Each link is checked where its <inertial> is read (core/inertia.h has
  // the rule and its cases); a link without one has the valid default.
  const auto doc = ReadModel(R"(<link name="ok"><inertial><mass>0</mass></inertial></link>
<link name="none"/>
<link name="negative"><inertial><mass>-1</mass></inertial></link>
<link name="triangle"><inertial><mass>1</mass>
  <inertia><ixx>1.11</ixx><iyy>100.11</iyy><izz>1.01</izz></inertia>
</inertial></link>)");
  ASSERT_TRUE(doc.has_value());
  const Diagnostic negative = TakeError(Code::kLinkInertiaInvalid);
  EXPECT_EQ(negative.source.line, 4);
  EXPECT_EQ(negative.source.path, R"(/sdf/model[@name="m"]/link[@name="negative"])");
  EXPECT_NE(negative.message.find("negative"), std::string::npos);
  const Diagnostic triangle = TakeError(Code::kLinkInertiaInvalid);
  EXPECT_EQ(triangle.source.line, 5);
  EXPECT_NE(triangle.message.find("triangle inequality"), std::string::npos);
  // Every SDFormat version.
  ASSERT_TRUE(ReadModel("<link name=\"l\"><inertial><mass>-2</mass>"
                        "</inertial></link>",
                        "1.4")
                  .has_value());
  TakeError(Code::kLinkInertiaInvalid);
}

}  // namespace
}  // namespace sdfconv
