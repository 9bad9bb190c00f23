#include "converters/upgrade/xml_tree.h"

#include <string>

#include <gtest/gtest.h>

namespace sdfconv::upgrade {
namespace {

XmlTree MustParse(const std::string& text) {
  Diagnostics diags;
  std::optional<XmlTree> tree = XmlTree::Parse(text, "t.sdf", &diags);
  EXPECT_TRUE(tree.has_value());
  EXPECT_EQ(diags.size(), 0u);
  return std::move(*tree);
}

TEST(XmlTreeTest, UntouchedTreeWritesBackByteForByte) {
  const std::string text =
      "\xEF\xBB\xBF<?xml version='1.0' ?>\r\n"
      "<!-- head -->\r\n"
      "<sdf  version = '1.6' >\r\n"
      "\t<model name=\"a&amp;b\"><pose frame=''>1 2 3 0 0 0</pose>\r\n"
      "  <link name='l'/><link name=\"m\" ></link>\r\n"
      "  <x:y xmlns:x=\"urn:x\" x:k=\"v\">&#65;&gt;<![CDATA[<raw>]]></x:y>\r\n"
      "  <?pi stuff?>\r\n"
      "\t</model>\r\n"
      "</sdf >\r\n"
      "<!-- tail -->";
  const XmlTree tree = MustParse(text);
  EXPECT_EQ(tree.Serialize(), text);
  EXPECT_EQ(tree.Newline(), "\r\n");
}

TEST(XmlTreeTest, ReadsDecodedValues) {
  const XmlTree tree = MustParse(
      "<sdf version='1.6'><model name=\"a&amp;b&#x43;\">"
      "<x>&lt;1&gt;<![CDATA[&2]]></x><y k='a\tb&#9;c'/></model></sdf>");
  const NodeId model = tree.FirstChild(tree.root(), "model");
  EXPECT_EQ(tree.Attribute(model, "name"), "a&bC");
  EXPECT_EQ(tree.Text(tree.FirstChild(model, "x")), "<1>&2");
  EXPECT_EQ(tree.Attribute(tree.FirstChild(model, "y"), "k"), "a b\tc");
  EXPECT_EQ(tree.Attribute(model, "missing"), std::nullopt);
}

TEST(XmlTreeTest, RefusesWhatXmlDocumentRefuses) {
  Diagnostics diags;
  EXPECT_FALSE(XmlTree::Parse("<sdf><a></sdf>", "t.sdf", &diags));
  ASSERT_GE(diags.size(), 1u);
  EXPECT_EQ(diags.items()[0].code, Code::kXmlSyntaxError);
  Diagnostics dtd;
  EXPECT_FALSE(XmlTree::Parse("<!DOCTYPE sdf [<!ENTITY a 'b'>]><sdf/>",
                              "t.sdf", &dtd));
  EXPECT_TRUE(dtd.HasErrors());
}

TEST(XmlTreeTest, AttributeEditsKeepQuotesAndSpacing) {
  XmlTree tree = MustParse("<sdf version='1.6'><pose  frame = ''>0</pose></sdf>");
  const NodeId pose = tree.FirstChild(tree.root(), "pose");
  tree.RenameAttribute(pose, "frame", "relative_to");
  tree.SetAttribute(tree.root(), "version", "1.8");
  tree.SetAttribute(pose, "extra", "a\"<b");
  EXPECT_EQ(tree.Serialize(),
            "<sdf version='1.8'><pose  relative_to = '' "
            "extra='a\"&lt;b'>0</pose></sdf>");
  tree.RemoveAttribute(pose, "relative_to");
  EXPECT_EQ(tree.Serialize(),
            "<sdf version='1.8'><pose extra='a\"&lt;b'>0</pose></sdf>");
}

TEST(XmlTreeTest, SetTextKeepsSurroundingWhitespaceAndComments) {
  XmlTree tree =
      MustParse("<sdf><parent>\n  world <!-- c --></parent><child/></sdf>");
  tree.SetText(tree.FirstChild(tree.root(), "parent"), "a&b");
  tree.SetText(tree.FirstChild(tree.root(), "child"), "l");
  EXPECT_EQ(tree.Serialize(),
            "<sdf><parent>\n  a&amp;b <!-- c --></parent><child>l</child></sdf>");
}

TEST(XmlTreeTest, InsertLineFollowsSiblingIndentation) {
  XmlTree tree = MustParse(
      "<sdf>\n"
      "  <axis>\n"
      "    <xyz>0 0 1</xyz>\n"
      "  </axis>\n"
      "  <empty/>\n"
      "</sdf>\n");
  const NodeId axis = tree.FirstChild(tree.root(), "axis");
  tree.InsertLine(axis, tree.NewElement("limit", "1"));
  tree.InsertLine(axis, tree.NewElement("first"), tree.FirstChild(axis));
  tree.InsertLine(tree.FirstChild(tree.root(), "empty"),
                  tree.NewElement("static", "true"));
  EXPECT_EQ(tree.Serialize(),
            "<sdf>\n"
            "  <axis>\n"
            "    <first/>\n"
            "    <xyz>0 0 1</xyz>\n"
            "    <limit>1</limit>\n"
            "  </axis>\n"
            "  <empty>\n"
            "    <static>true</static>\n"
            "  </empty>\n"
            "</sdf>\n");
}

TEST(XmlTreeTest, RemoveLineTakesTheWholeLine) {
  XmlTree tree = MustParse(
      "<sdf>\n"
      "  <axis>\n"
      "    <xyz>0 0 1</xyz>\n"
      "    <use_parent_model_frame>1</use_parent_model_frame>\n"
      "  </axis>\n"
      "</sdf>");
  const NodeId axis = tree.FirstChild(tree.root(), "axis");
  tree.RemoveLine(tree.FirstChild(axis, "use_parent_model_frame"));
  EXPECT_EQ(tree.Serialize(),
            "<sdf>\n"
            "  <axis>\n"
            "    <xyz>0 0 1</xyz>\n"
            "  </axis>\n"
            "</sdf>");
}

TEST(XmlTreeTest, MoveWithReindent) {
  XmlTree tree = MustParse(
      "<sdf>\n"
      "  <model name='m'>\n"
      "    <link name='l'>\n"
      "      <frame name='f'>\n"
      "        <pose>1 0 0 0 0 0</pose>\n"
      "      </frame>\n"
      "    </link>\n"
      "  </model>\n"
      "</sdf>");
  const NodeId model = tree.FirstChild(tree.root(), "model");
  const NodeId link = tree.FirstChild(model, "link");
  const NodeId frame = tree.FirstChild(link, "frame");
  const std::string from = *tree.Indent(frame);
  tree.RemoveLine(frame);
  tree.InsertLine(model, frame);
  tree.Reindent(frame, from, *tree.Indent(frame));
  EXPECT_EQ(tree.Serialize(),
            "<sdf>\n"
            "  <model name='m'>\n"
            "    <link name='l'>\n"
            "    </link>\n"
            "    <frame name='f'>\n"
            "      <pose>1 0 0 0 0 0</pose>\n"
            "    </frame>\n"
            "  </model>\n"
            "</sdf>");
  EXPECT_TRUE(tree.Attached(frame));
}

TEST(XmlTreeTest, CloneWithoutComments) {
  XmlTree tree = MustParse("<sdf><mean><!-- c -->0.1</mean></sdf>");
  const NodeId copy = tree.Clone(tree.FirstChild(tree.root()), false);
  EXPECT_EQ(tree.SerializeNode(copy), "<mean>0.1</mean>");
  EXPECT_FALSE(tree.Attached(copy));
}

TEST(XmlTreeTest, ImportAndReplaceKeepEveryPieceAsWritten) {
  const XmlTree from = MustParse(
      "<sdf version='1.8'>\n"
      "  <model name = 'm' ><!-- c --><link name=\"l\"/>\n  </model>\n"
      "</sdf>");
  XmlTree tree = MustParse(
      "<sdf version='1.8'>\n  <world name='w'>\n    <include/>\n  "
      "</world>\n</sdf>");
  const NodeId copy = tree.Import(from, from.FirstChild(from.root()));
  EXPECT_FALSE(tree.Attached(copy));
  EXPECT_EQ(tree.at(copy).line, 2);
  const NodeId include =
      tree.FirstChild(tree.FirstChild(tree.root()), "include");
  tree.Replace(include, copy);
  EXPECT_FALSE(tree.Attached(include));
  EXPECT_TRUE(tree.Attached(copy));
  EXPECT_EQ(tree.Serialize(),
            "<sdf version='1.8'>\n  <world name='w'>\n"
            "    <model name = 'm' ><!-- c --><link name=\"l\"/>\n  </model>\n"
            "  </world>\n</sdf>");
}

TEST(XmlTreeTest, LocateNamesLineAndPath) {
  const XmlTree tree =
      MustParse("<sdf>\n<model name='m'>\n  <link name='l'/>\n</model></sdf>");
  const NodeId link =
      tree.FirstChild(tree.FirstChild(tree.root(), "model"), "link");
  const SourceLocation at = tree.Locate(link);
  EXPECT_EQ(at.line, 3);
  EXPECT_EQ(at.path, "/sdf/model[@name=\"m\"]/link[@name=\"l\"]");
}

TEST(XmlTreeTest, DeepDocumentsNeedNoRecursion) {
  std::string text = "<sdf>";
  for (int i = 0; i < 100000; ++i) text += "<a>";
  for (int i = 0; i < 100000; ++i) text += "</a>";
  text += "</sdf>";
  const XmlTree tree = MustParse(text);
  EXPECT_EQ(tree.Serialize(), text);
}

}  // namespace
}  // namespace sdfconv::upgrade
