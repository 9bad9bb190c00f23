// urdfdom's verdict, in its own words, at the element it is about.
#include "converters/urdf/urdfdom_parse.h"

#include <gtest/gtest.h>

#include <string>

#include "converters/diagnostic_test_util.h"
#include "converters/xml/xml_tree.h"
#include "converters/xml/xml_write.h"

namespace sdfconv {
namespace {

class UrdfdomParseTest : public DiagnosticTest {
 protected:
  // `body` inside <robot name="r">, from line 2.
  bool Parse(const std::string& body, const std::string& robot = "name=\"r\"") {
    const auto xml = XmlTree::Parse(
        "<robot " + robot + ">\n" + body + "\n</robot>\n", "t.urdf", &diags_);
    return xml && ParseWithUrdfdom(*xml, &diags_) != nullptr;
  }
};

constexpr char kTwoLinks[] = "<link name=\"a\"/>\n<link name=\"b\"/>\n";

TEST_F(UrdfdomParseTest, AcceptsWhatUrdfdomAccepts) {
  EXPECT_TRUE(Parse(std::string(kTwoLinks) +
                    R"(<joint name="j" type="fixed"><parent link="a"/><child link="b"/></joint>)"));
}

TEST_F(UrdfdomParseTest, RejectionCarriesUrdfdomsMessageAtTheJoint) {
  EXPECT_FALSE(Parse(std::string(kTwoLinks) +
                     R"(<joint name="j" type="revolute"><parent link="a"/><child link="b"/></joint>)"));
  const Diagnostic d = TakeError(kUrdfInvalid);
  EXPECT_EQ(d.source.line, 4);
  EXPECT_EQ(d.source.path, "/robot[@name=\"r\"]/joint[@name=\"j\"]");
  EXPECT_NE(d.message.find(
                "Joint [j] is of type REVOLUTE but it does not specify limits"),
            std::string::npos)
      << d.message;
}

TEST_F(UrdfdomParseTest, RejectionPointsAtTheChildElementItMentions) {
  EXPECT_FALSE(Parse(std::string(kTwoLinks) +
                     "<joint name=\"j\" type=\"revolute\">\n"
                     "<parent link=\"a\"/><child link=\"b\"/>\n"
                     "<limit lower=\"0\" upper=\"1\" velocity=\"1\"/></joint>"));
  const Diagnostic d = TakeError(kUrdfInvalid);
  EXPECT_EQ(d.source.line, 6);
  EXPECT_NE(d.message.find("joint limit: no effort"), std::string::npos);
}

// urdfdom logs an error for a link it cannot read fully, keeps what it
// read, and accepts the file; so does ROS, and so do we, with a warning.
TEST_F(UrdfdomParseTest, ErrorsUrdfdomIgnoresAreWarnings) {
  EXPECT_TRUE(Parse("<link name=\"a\">\n<inertial><mass value=\"x\"/></inertial></link>"));
  const Diagnostic d = TakeWarning(kUrdfInvalid);
  EXPECT_EQ(d.source.line, 3);  // the <inertial>
  EXPECT_NE(d.message.find("Inertial: mass [x] is not a float"),
            std::string::npos) << d.message;
}

TEST_F(UrdfdomParseTest, MissingParentLinkPointsAtTheJoint) {
  EXPECT_FALSE(Parse(
      "<link name=\"b\"/>\n<joint name=\"j\" type=\"fixed\"><parent "
      "link=\"nope\"/><child link=\"b\"/></joint>"));
  const Diagnostic d = TakeError(kUrdfInvalid);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("parent link [nope] of joint [j] not found"),
            std::string::npos);
}

TEST_F(UrdfdomParseTest, DuplicateLinkPointsAtTheSecond) {
  EXPECT_FALSE(Parse("<link name=\"a\"/>\n<link name=\"a\"/>"));
  EXPECT_EQ(TakeError(kUrdfInvalid).source.line, 3);
}

TEST_F(UrdfdomParseTest, TwoRootsPointAtTheSecond) {
  EXPECT_FALSE(Parse(kTwoLinks));
  const Diagnostic d = TakeError(kUrdfInvalid);
  EXPECT_NE(d.message.find("Two root links found"), std::string::npos);
  EXPECT_EQ(d.source.line, 3);
}

TEST_F(UrdfdomParseTest, RobotWithoutNameIsAtTheRoot) {
  EXPECT_FALSE(Parse("<link name=\"a\"/>", ""));
  const Diagnostic d = TakeError(kUrdfInvalid);
  EXPECT_EQ(d.source.line, 1);
  EXPECT_NE(d.message.find("No name given for the robot."), std::string::npos);
}

TEST_F(UrdfdomParseTest, OnlyVersion1Point0IsUrdf) {
  EXPECT_FALSE(Parse("<link name=\"a\"/>", "name=\"r\" version=\"2.0\""));
  TakeError(kUrdfInvalid);
}

TEST_F(UrdfdomParseTest, WarningsAreWarnings) {
  EXPECT_TRUE(Parse(
      "<link name=\"a\">\n<visual><geometry><box size=\"1 1 1\"/></geometry>"
      "<material name=\"x\"/></visual></link>"));
  const Diagnostic d = TakeWarning(kUrdfInvalid);
  EXPECT_EQ(d.source.line, 3);  // the link's <visual>
}

TEST_F(UrdfdomParseTest, DeeplyNestedDocumentsAreRefusedBeforeUrdfdom) {
  std::string deep;
  for (int i = 0; i < kUrdfdomMaxDepth; ++i) deep += "<x>";
  for (int i = 0; i < kUrdfdomMaxDepth; ++i) deep += "</x>";
  EXPECT_FALSE(Parse("<link name=\"a\"/><gazebo>" + deep + "</gazebo>"));
  TakeError(Code::kInputLimitExceeded);
}

TEST_F(UrdfdomParseTest, ConsoleBridgeIsRestored) {
  EXPECT_FALSE(Parse(kTwoLinks));
  TakeError(kUrdfInvalid);
  // A second parse reports again: the handler was uninstalled and
  // reinstalled, not left dangling.
  EXPECT_FALSE(Parse(kTwoLinks));
  TakeError(kUrdfInvalid);
}

// What urdfdom is given: the document itself when TinyXML reads it as an
// XML 1.0 parser does, else the text WriteNormalizedXml writes.
TEST(UrdfdomTextTest, PlainTextIsGivenAsItIs) {
  Diagnostics diags;
  const std::string text =
      "<?xml version=\"1.0\"?>\n<!-- a robot -->\n<robot name='r'>\n"
      "  <link name=\"a\" >\n    <visual><geometry><box size=\"1 2 3\"/>"
      "</geometry></visual>\n  </link>\n</robot>\n";
  const auto xml = XmlTree::Parse(text, "t.urdf", &diags);
  ASSERT_TRUE(xml.has_value());
  EXPECT_EQ(UrdfdomText(*xml), text);
  EXPECT_NE(WriteNormalizedXml(*xml), text);
}

TEST(UrdfdomTextTest, WhatTinyXmlReadsOtherwiseIsNormalised) {
  const std::string variants[] = {
      "<robot name=\"r\"><link name=\"a\"><visual><geometry>"
      "<box size=\"1\t2 3\"/></geometry></visual></link></robot>",
      "<robot name=\"r\"><link name=\"a\"><visual><geometry>"
      "<box size=\"1\n2 3\"/></geometry></visual></link></robot>",
      "<robot name=\"r&amp;s\"><link name=\"a\"/></robot>",
      "<robot name=\"r\"><link name=\"&#97;\"/></robot>",
      "<robot name=\"r\"><!-- caf\xc3\xa9 --><link name=\"a\"/></robot>",
      "<robot name=\"r\">\r\n<link name=\"a\"/>\r\n</robot>",
      "<robot name=\"r\"><link name=\"a\"><![CDATA[x]]></link></robot>",
  };
  for (const std::string& text : variants) {
    SCOPED_TRACE(text);
    Diagnostics diags;
    const auto xml = XmlTree::Parse(text, "t.urdf", &diags);
    ASSERT_TRUE(xml.has_value());
    EXPECT_EQ(UrdfdomText(*xml), WriteNormalizedXml(*xml));
  }
}

// The bytes that send a text to WriteNormalizedXml are found wherever they
// stand, sixteen bytes at a time or in the tail.
TEST(UrdfdomTextTest, EveryPlaceOfTheBytesThatNormalise) {
  for (const std::string special : {"&amp;", "\r", "\xc3\xa9", "&lt;"}) {
    for (size_t at = 0; at <= 40; ++at) {
      const std::string text = "<robot name=\"r\"><link name=\"a\"/><!-- " +
                               std::string(at, 'x') + special +
                               std::string(40 - at, 'x') + " --></robot>";
      SCOPED_TRACE(text);
      Diagnostics diags;
      const auto xml = XmlTree::Parse(text, "t.urdf", &diags);
      ASSERT_TRUE(xml.has_value());
      EXPECT_EQ(UrdfdomText(*xml), WriteNormalizedXml(*xml));
      EXPECT_NE(UrdfdomText(*xml), text);
    }
  }
}

// XML reads a tab in an attribute value as a space; so does urdfdom here.
TEST(UrdfdomTextTest, TabsInValuesAreSpacesForUrdfdom) {
  Diagnostics diags;
  const auto xml = XmlTree::Parse(
      "<robot name=\"r\"><link name=\"a\"/><link name=\"b\"/>"
      "<joint name=\"j\" type=\"fixed\"><parent link=\"a\"/>"
      "<child link=\"b\"/><origin xyz=\"0\t0\t1\"/></joint></robot>",
      "t.urdf", &diags);
  ASSERT_TRUE(xml.has_value());
  const auto model = ParseWithUrdfdom(*xml, &diags);
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(model->getJoint("j")->parent_to_joint_origin_transform.position.z,
            1.0);
}

}  // namespace
}  // namespace sdfconv
