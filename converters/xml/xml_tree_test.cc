#include "converters/xml/xml_tree.h"

#include <gtest/gtest.h>
#include <libxml/xmlerror.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include "converters/diagnostic_test_util.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_test_util.h"

namespace sdfconv {
namespace {

// ---- Reading safely, and where things are ----------------------------------

constexpr char kFile[] = "test.sdf";

class XmlTreeTest : public DiagnosticTest {
 protected:
  std::optional<XmlTree> Load(const std::string& text,
                              const XmlLimits& limits = {}) {
    return XmlTree::Parse(text, kFile, &diags_, limits);
  }
};

// <a><a>...</a></a>, `depth` levels, on one line.
std::string Nested(int depth, const std::string& open = "<a>",
                   const std::string& close = "</a>") {
  std::string text;
  text.reserve(depth * (open.size() + close.size()));
  for (int i = 0; i < depth; ++i) text += open;
  for (int i = 0; i < depth; ++i) text += close;
  return text;
}


int Line(const XmlTree& tree, XmlElement e) { return tree.Line(e.id()); }
int Depth(const XmlTree& tree, XmlElement e) { return tree.Depth(e.id()); }
std::string Path(const XmlTree& tree, XmlElement e) {
  return tree.Locate(e.id()).path.str();
}

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/" + name;
}

TEST_F(XmlTreeTest, LinesAndElementPaths) {
  const auto xml = Load(R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="l">
      <pose>1 2 3 0 0 0</pose>
    </link>
  </model>
</sdf>
)");
  ASSERT_TRUE(xml.has_value());
  XmlElement sdf = RootElement(*xml);
  EXPECT_EQ(Tag(sdf), "sdf");
  EXPECT_EQ(Attribute(sdf, "version"), "1.8");
  EXPECT_EQ(Attribute(sdf, "missing"), std::nullopt);
  XmlElement model = FirstChildElement(sdf, "model");
  ASSERT_TRUE(model);
  XmlElement link = FirstChildElement(model);
  XmlElement pose = FirstChildElement(link, "pose");
  ASSERT_TRUE(pose);
  EXPECT_FALSE(FirstChildElement(link, "inertial"));
  EXPECT_EQ(Text(pose), "1 2 3 0 0 0");
  EXPECT_EQ(ParentElement(pose), link);
  EXPECT_FALSE(ParentElement(sdf));

  EXPECT_EQ(Line(*xml, sdf), 2);
  EXPECT_EQ(Line(*xml, pose), 5);
  EXPECT_EQ(Depth(*xml, sdf), 1);
  EXPECT_EQ(Depth(*xml, pose), 4);
  EXPECT_EQ(Path(*xml, sdf), "/sdf");
  EXPECT_EQ(Path(*xml, link), R"(/sdf/model[@name="m"]/link[@name="l"])");
  const SourceLocation at = Locate(pose);
  EXPECT_EQ(at.file, kFile);
  EXPECT_EQ(at.line, 5);
  EXPECT_EQ(at.path, R"(/sdf/model[@name="m"]/link[@name="l"]/pose)");
}

TEST_F(XmlTreeTest, ChildElementsSkipTextAndComments) {
  const auto xml =
      Load("<r>text<a/><!-- c --><b name='x'/><?pi?><![CDATA[d]]><c/></r>");
  ASSERT_TRUE(xml.has_value());
  const auto children = ChildElements(RootElement(*xml));
  ASSERT_EQ(children.size(), 3u);
  EXPECT_EQ(Tag(children[0]), "a");
  EXPECT_EQ(Tag(children[1]), "b");
  EXPECT_EQ(Tag(children[2]), "c");
  EXPECT_EQ(NextSiblingElement(children[0], "c"), children[2]);
  EXPECT_EQ(Text(RootElement(*xml)), "textd");
  EXPECT_EQ(Path(*xml, children[1]), R"(/r/b[@name="x"])");
}

TEST_F(XmlTreeTest, PredefinedEntitiesAndCharacterReferences) {
  const auto xml = Load("<r name='a&amp;b'>&lt;&#65;&gt;</r>");
  ASSERT_TRUE(xml.has_value());
  EXPECT_EQ(Attribute(RootElement(*xml), "name"), "a&b");
  EXPECT_EQ(Text(RootElement(*xml)), "<A>");
}

TEST_F(XmlTreeTest, PathsNameElementsByTheirDecodedNames) {
  // A name with a reference or white space that XML normalises is written
  // decoded, between plain ones, whatever the lengths.
  const auto xml = Load(
      "<sdf><model name='a&amp;b'><link name='l\tm&#10;n'><x name=''>"
      "<y/></x></link></model></sdf>");
  ASSERT_TRUE(xml.has_value());
  XmlElement y = FirstChildElement(FirstChildElement(
      FirstChildElement(FirstChildElement(RootElement(*xml)))));
  ASSERT_TRUE(y);
  EXPECT_EQ(Path(*xml, y),
            R"(/sdf/model[@name="a&b"]/link[@name="l m)"
            "\n"
            R"(n"]/x[@name=""]/y)");
}

TEST_F(XmlTreeTest, Namespaces) {
  const auto xml = Load(R"(<sdf xmlns:my="http://example.org/my">
<my:custom name="c" my:attr="1"/>
<plain/>
<undeclared:thing/>
</sdf>)");
  ASSERT_TRUE(xml.has_value());
  // An undeclared prefix is a namespace error, not an XML 1.0 one.
  const Diagnostic d = TakeWarning(Code::kXmlNamespaceInvalid);
  EXPECT_EQ(d.source.line, 4);
  const auto children = ChildElements(RootElement(*xml));
  ASSERT_EQ(children.size(), 3u);
  EXPECT_EQ(Tag(children[0]), "my:custom");
  EXPECT_TRUE(IsNamespaced(children[0]));
  EXPECT_EQ(FirstChildElement(RootElement(*xml), "my:custom"), children[0]);
  EXPECT_FALSE(FirstChildElement(RootElement(*xml), "custom"));
  EXPECT_EQ(Attribute(children[0], "attr"), std::nullopt);
  EXPECT_EQ(Attribute(children[0], "my:attr"), "1");
  EXPECT_EQ(xml->NamespaceUri(children[0].id(), "my"), "http://example.org/my");
  EXPECT_EQ(xml->NamespaceUri(children[2].id(), "undeclared"), std::nullopt);
  EXPECT_FALSE(IsNamespaced(children[1]));
  EXPECT_TRUE(IsNamespaced(children[2]));
  EXPECT_EQ(Path(*xml, children[0]), R"(/sdf/my:custom[@name="c"])");
}

TEST_F(XmlTreeTest, AttributesInOrderWithPrefixes) {
  const auto xml = Load(R"(<sdf xmlns:my="http://example.org/my" version="1.8">
<m name="a&amp;b" my:speed="2" other:x="3" type=""/>
</sdf>)");
  ASSERT_TRUE(xml.has_value());
  TakeWarning(Code::kXmlNamespaceInvalid);  // other: is not declared
  const std::vector<XmlAttribute> root = Attributes(RootElement(*xml));
  ASSERT_EQ(root.size(), 1u);  // xmlns:my declares, it is no attribute
  EXPECT_EQ(root[0].name, "version");
  const std::vector<XmlAttribute> m =
      Attributes(FirstChildElement(RootElement(*xml)));
  ASSERT_EQ(m.size(), 4u);
  EXPECT_EQ(m[0].name, "name");
  EXPECT_EQ(m[0].value, "a&b");
  EXPECT_FALSE(m[0].namespaced);
  EXPECT_EQ(m[1].name, "my:speed");
  EXPECT_TRUE(m[1].namespaced);
  EXPECT_EQ(m[2].name, "other:x");
  EXPECT_TRUE(m[2].namespaced);
  EXPECT_EQ(m[3].name, "type");
  EXPECT_EQ(m[3].value, "");
}

// The copy-free readers give what Text and Attributes give.
TEST_F(XmlTreeTest, TextAndAttributesWithoutCopies) {
  const auto xml = Load(
      "<r xmlns:p='urn:p' a='1' p:b='x&amp;y' c='t\tu'>"
      "<v>0.1 0.2</v><w>a &lt; b</w><x>1<!--c-->2<![CDATA[<3>]]></x>"
      "<y/><z>line\r\nbreak</z></r>");
  ASSERT_TRUE(xml.has_value());
  for (NodeId id = 0; id < static_cast<NodeId>(xml->size()); ++id) {
    if (!xml->IsElement(id)) continue;
    std::string scratch;
    EXPECT_EQ(xml->Text(id, &scratch), xml->Text(id)) << xml->Tag(id);
    std::vector<XmlAttribute> visited;
    xml->ForEachAttribute(id, [&](std::string_view name, std::string_view value,
                                  bool namespaced) {
      visited.push_back({std::string(name), std::string(value), namespaced});
    });
    const std::vector<XmlAttribute> attributes = xml->Attributes(id);
    ASSERT_EQ(visited.size(), attributes.size());
    for (size_t i = 0; i < visited.size(); ++i) {
      EXPECT_EQ(visited[i].name, attributes[i].name);
      EXPECT_EQ(visited[i].value, attributes[i].value);
      EXPECT_EQ(visited[i].namespaced, attributes[i].namespaced);
    }
  }
  // A plain value is read in place.
  const NodeId v = xml->FirstChild(xml->root(), "v");
  std::string scratch;
  EXPECT_EQ(xml->Text(v, &scratch), "0.1 0.2");
  EXPECT_TRUE(scratch.empty());
}

TEST_F(XmlTreeTest, MalformedXmlReportsLineAndMessage) {
  EXPECT_FALSE(Load("<sdf>\n  <model>\n  </link>\n</sdf>\n").has_value());
  const Diagnostic d = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(d.source.file, kFile);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("mismatch"), std::string::npos) << d.message;
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlTreeTest, EveryLibxmlErrorIsReported) {
  // An undefined entity is an error libxml2 reports and keeps parsing after.
  EXPECT_FALSE(Load("<r>\n&a;\n&b;\n</r>").has_value());
  const Diagnostic a = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(a.source.line, 2);
  EXPECT_NE(a.message.find("'a'"), std::string::npos) << a.message;
  const Diagnostic b = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(b.source.line, 3);
  EXPECT_NE(b.message.find("'b'"), std::string::npos) << b.message;
}

TEST_F(XmlTreeTest, ALibxmlMessageIsOneLine) {
  // libxml2 quotes an unterminated comment (one that is not plain ASCII)
  // on lines of its own: "Comment not terminated \n<!-- a\xc3\xa9 b\nz\n".
  EXPECT_FALSE(Load("<r><!-- a\xc3\xa9 b\nzzz").has_value());
  bool quoted = false;
  while (Remaining() > 0) {
    const Diagnostic d = TakeError(Code::kXmlSyntaxError);
    EXPECT_EQ(d.message.find_first_of("\n\r"), std::string::npos)
        << d.message;
    EXPECT_NE(d.message.back(), ' ');
    quoted |= d.message.find("terminated <!-- a\xc3\xa9 b z") !=
              std::string::npos;
  }
  EXPECT_TRUE(quoted);
}

TEST_F(XmlTreeTest, EmptyAndTruncatedInput) {
  EXPECT_FALSE(Load("").has_value());
  EXPECT_GE(Remaining(), 1u);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
  EXPECT_FALSE(Load("<sdf>\n<model>").has_value());
  EXPECT_GE(Remaining(), 1u);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlTreeTest, BillionLaughsIsRejectedBeforeAnyEntityIsDeclared) {
  std::string bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n"
                     "<!ENTITY lol0 \"lol\">\n";
  for (int i = 1; i < 30; ++i) {
    bomb += "<!ENTITY lol" + std::to_string(i) + " \"";
    for (int j = 0; j < 10; ++j) bomb += "&lol" + std::to_string(i - 1) + ";";
    bomb += "\">\n";
  }
  bomb += "]>\n<lolz>&lol29;</lolz>\n";
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(Load(bomb).has_value());
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_LT(elapsed, std::chrono::seconds(1));
  const Diagnostic d = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(d.source.line, 2);
  EXPECT_NE(d.message.find("DTD"), std::string::npos) << d.message;
}

TEST_F(XmlTreeTest, ExternalEntitiesAndDtdsAreRejected) {
  const std::string secret = TempPath("secret.txt");
  std::ofstream(secret) << "secret";
  EXPECT_FALSE(Load("<!DOCTYPE r [<!ENTITY x SYSTEM \"file://" + secret +
                    "\">]><r>&x;</r>")
                   .has_value());
  TakeError(Code::kXmlSyntaxError);
  EXPECT_FALSE(
      Load("<!DOCTYPE sdf SYSTEM \"http://example.org/sdf.dtd\">\n<sdf/>")
          .has_value());
  TakeError(Code::kXmlSyntaxError);
  EXPECT_FALSE(Load("<!DOCTYPE sdf>\n<sdf/>").has_value());
  TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlTreeTest, NoGlobalErrorHandlerIsUsed) {
  static int global_calls = 0;
  xmlSetStructuredErrorFunc(nullptr, [](void*, xmlErrorPtr) { ++global_calls; });
  EXPECT_FALSE(Load("<a><b></a>").has_value());
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  EXPECT_EQ(global_calls, 0);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlTreeTest, InputSizeLimit) {
  XmlLimits limits;
  limits.max_bytes = 10;
  EXPECT_TRUE(Load("<a></a>", limits).has_value());
  EXPECT_FALSE(Load("<a>      </a>", limits).has_value());
  TakeError(Code::kInputLimitExceeded);
}

TEST_F(XmlTreeTest, DepthLimitIsOurs) {
  XmlLimits limits;
  limits.max_depth = 3;
  EXPECT_TRUE(Load(Nested(3), limits).has_value());
  EXPECT_FALSE(Load("<a>\n<a>\n<a>\n<a/></a></a></a>", limits).has_value());
  const Diagnostic d = TakeError(Code::kInputLimitExceeded);
  EXPECT_EQ(d.source.line, 4);
  // libxml2's own limit (256 without XML_PARSE_HUGE) does not apply.
  EXPECT_TRUE(Load(Nested(10'000)).has_value());
}

// Counted before libxml2 reads the text (its duplicate check is
// quadratic): `=` outside quoted values of start tags only.
TEST_F(XmlTreeTest, AttributesPerElementLimit) {
  XmlLimits limits;
  limits.max_attributes = 3;
  EXPECT_TRUE(Load("<a x='1' y=\"a=b\" z='='><!-- = = = = --><b/></a>", limits)
                  .has_value());
  EXPECT_TRUE(Load("<?pi a=1 b=2 c=3 d=4?><a><![CDATA[= = = =]]></a>", limits)
                  .has_value());
  EXPECT_FALSE(Load("<a>\n<b/>\n<c p='1' q='2'\n r='3' s='4'/></a>", limits)
                   .has_value());
  const Diagnostic d = TakeError(Code::kInputLimitExceeded);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("more than 3 attributes"), std::string::npos)
      << d.message;
  EXPECT_NE(d.message.find("--limit attributes=N"), std::string::npos);
  // The default: 10,000 read, one more refused.
  auto wide = [](int n) {
    std::string out = "<a";
    for (int i = 0; i < n; ++i) out += " a" + std::to_string(i) + "='1'";
    return out + "/>";
  };
  EXPECT_TRUE(Load(wide(10'000)).has_value());
  EXPECT_FALSE(Load(wide(10'001)).has_value());
  TakeError(Code::kInputLimitExceeded);
}

TEST_F(XmlTreeTest, HundredThousandDeep) {
  constexpr int kDepth = 100'000;
  XmlLimits limits;
  limits.max_depth = 150'000;
  const auto xml = Load(Nested(kDepth, "<m name='x'>\n", "</m>"), limits);
  ASSERT_TRUE(xml.has_value());
  XmlElement deepest = RootElement(*xml);
  int levels = 1;
  while (XmlElement child = FirstChildElement(deepest)) {
    deepest = child;
    ++levels;
  }
  EXPECT_EQ(levels, kDepth);
  EXPECT_EQ(Depth(*xml, deepest), kDepth);
  EXPECT_EQ(Line(*xml, deepest), kDepth);  // beyond 65535: XML_PARSE_BIG_LINES
  // The path keeps its first and last segments and counts the rest.
  std::string segment = R"(/m[@name="x"])";
  std::string ends;
  for (int i = 0; i < kPathEndSegments; ++i) ends += segment;
  EXPECT_EQ(Path(*xml, deepest),
            ends + "/...(" + std::to_string(kDepth - 2 * kPathEndSegments) +
                " levels)" + ends);
}

TEST_F(XmlTreeTest, DefaultDepthBoundRejects300000DeepCleanly) {
  EXPECT_FALSE(Load(Nested(300'000)).has_value());
  const Diagnostic d = TakeError(Code::kInputLimitExceeded);
  EXPECT_EQ(d.source.line, 1);
}

TEST_F(XmlTreeTest, PathsUpToTheFullDepthAreNotShortened) {
  const auto xml = Load(Nested(kFullPathDepth));
  ASSERT_TRUE(xml.has_value());
  XmlElement deepest = RootElement(*xml);
  while (XmlElement child = FirstChildElement(deepest)) deepest = child;
  std::string expected;
  for (int i = 0; i < kFullPathDepth; ++i) expected += "/a";
  EXPECT_EQ(Path(*xml, deepest), expected);
}

TEST_F(XmlTreeTest, LoadFile) {
  const std::string path = TempPath("load_file.sdf");
  std::ofstream(path) << "<sdf version='1.8'>\n<model name='m'/>\n</sdf>\n";
  const auto xml = XmlTree::Load(path, &diags_);
  ASSERT_TRUE(xml.has_value());
  EXPECT_EQ(xml->file(), path);
  EXPECT_EQ(Locate(FirstChildElement(RootElement(*xml))).line, 2);

  XmlLimits limits;
  limits.max_bytes = 8;
  EXPECT_FALSE(XmlTree::Load(path, &diags_, limits).has_value());
  EXPECT_EQ(TakeError(Code::kInputLimitExceeded).source.file, path);
}

TEST_F(XmlTreeTest, UnreadableFile) {
  EXPECT_FALSE(
      XmlTree::Load(TempPath("does_not_exist.sdf"), &diags_)
          .has_value());
  TakeError(Code::kFileRead);
  EXPECT_FALSE(XmlTree::Load(TempPath(""), &diags_).has_value());
  TakeError(Code::kFileRead);  // a directory
}

TEST_F(XmlTreeTest, MovedDocumentKeepsLocations) {
  auto xml = Load("<a>\n<b name='n'/></a>");
  ASSERT_TRUE(xml.has_value());
  XmlTree moved = std::move(*xml);
  XmlElement b = FirstChildElement(RootElement(moved));
  EXPECT_EQ(moved.Depth(b.id()), 2);
  EXPECT_EQ(Locate(b).path, R"(/a/b[@name="n"])");
}


// ---- Editing losslessly -----------------------------------------------------

TEST(XmlTreeEditTest, UntouchedTreeWritesBackByteForByte) {
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

TEST(XmlTreeEditTest, ReadsDecodedValues) {
  const XmlTree tree = MustParse(
      "<sdf version='1.6'><model name=\"a&amp;b&#x43;\">"
      "<x>&lt;1&gt;<![CDATA[&2]]></x><y k='a\tb&#9;c'/></model></sdf>");
  const NodeId model = tree.FirstChild(tree.root(), "model");
  EXPECT_EQ(tree.Attribute(model, "name"), "a&bC");
  EXPECT_EQ(tree.Text(tree.FirstChild(model, "x")), "<1>&2");
  EXPECT_EQ(tree.Attribute(tree.FirstChild(model, "y"), "k"), "a b\tc");
  EXPECT_EQ(tree.Attribute(model, "missing"), std::nullopt);
}

TEST(XmlTreeEditTest, RefusesWhatTheGateRefuses) {
  Diagnostics diags;
  EXPECT_FALSE(XmlTree::Parse("<sdf><a></sdf>", "t.sdf", &diags));
  ASSERT_GE(diags.size(), 1u);
  EXPECT_EQ(diags.items()[0].code, Code::kXmlSyntaxError);
  Diagnostics dtd;
  EXPECT_FALSE(XmlTree::Parse("<!DOCTYPE sdf [<!ENTITY a 'b'>]><sdf/>",
                              "t.sdf", &dtd));
  EXPECT_TRUE(dtd.HasErrors());
}

TEST(XmlTreeEditTest, AttributeEditsKeepQuotesAndSpacing) {
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

TEST(XmlTreeEditTest, SetTextKeepsSurroundingWhitespaceAndComments) {
  XmlTree tree =
      MustParse("<sdf><parent>\n  world <!-- c --></parent><child/></sdf>");
  tree.SetText(tree.FirstChild(tree.root(), "parent"), "a&b");
  tree.SetText(tree.FirstChild(tree.root(), "child"), "l");
  EXPECT_EQ(tree.Serialize(),
            "<sdf><parent>\n  a&amp;b <!-- c --></parent><child>l</child></sdf>");
}

TEST(XmlTreeEditTest, InsertLineFollowsSiblingIndentation) {
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

TEST(XmlTreeEditTest, RemoveLineTakesTheWholeLine) {
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

TEST(XmlTreeEditTest, MoveWithReindent) {
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

TEST(XmlTreeEditTest, CloneWithoutComments) {
  XmlTree tree = MustParse("<sdf><mean><!-- c -->0.1</mean></sdf>");
  const NodeId copy = tree.Clone(tree.FirstChild(tree.root()), false);
  EXPECT_EQ(tree.SerializeNode(copy), "<mean>0.1</mean>");
  EXPECT_FALSE(tree.Attached(copy));
}

TEST(XmlTreeEditTest, ImportAndReplaceKeepEveryPieceAsWritten) {
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

// An attribute is its six pieces, read as written and rewritten whole.
TEST(XmlTreeEditTest, AttributePiecesAsWritten) {
  XmlTree tree = MustParse("<e\n  a = 'x&amp;y' b=\"2\"/>");
  const auto& attributes = tree.RawAttributes(tree.root());
  ASSERT_EQ(attributes.size(), 2u);
  const RawAttribute& a = attributes[0];
  EXPECT_EQ(a.lead(), "\n  ");
  EXPECT_EQ(a.name(), "a");
  EXPECT_EQ(a.eq(), " = ");
  EXPECT_EQ(a.quote(), '\'');
  EXPECT_EQ(a.raw(), "x&amp;y");
  EXPECT_EQ(a.whole(), "\n  a = 'x&amp;y'");
  EXPECT_EQ(attributes[1].whole(), " b=\"2\"");
  tree.SetAttribute(tree.root(), "a", "<");
  tree.RenameAttribute(tree.root(), "b", "c");
  const RawAttribute& edited = tree.RawAttributes(tree.root())[0];
  EXPECT_EQ(edited.lead(), "\n  ");
  EXPECT_EQ(edited.raw(), "&lt;");
  EXPECT_EQ(tree.Serialize(), "<e\n  a = '&lt;' c=\"2\"/>");
}

TEST(XmlTreeEditTest, DeepDocumentsNeedNoRecursion) {
  std::string text = "<sdf>";
  for (int i = 0; i < 100000; ++i) text += "<a>";
  for (int i = 0; i < 100000; ++i) text += "</a>";
  text += "</sdf>";
  const XmlTree tree = MustParse(text);
  EXPECT_EQ(tree.Serialize(), text);
}

}  // namespace
}  // namespace sdfconv
