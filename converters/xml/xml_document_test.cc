#include "converters/xml/xml_document.h"

#include <libxml/xmlerror.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "test.sdf";

class XmlDocumentTest : public DiagnosticTest {
 protected:
  std::optional<XmlDocument> Load(const std::string& text,
                                  const XmlLimits& limits = {}) {
    return XmlDocument::LoadString(text, kFile, &diags_, limits);
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

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/" + name;
}

TEST_F(XmlDocumentTest, LinesAndElementPaths) {
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
  const xmlNode* sdf = xml->root();
  EXPECT_EQ(Tag(sdf), "sdf");
  EXPECT_EQ(Attribute(sdf, "version"), "1.8");
  EXPECT_EQ(Attribute(sdf, "missing"), std::nullopt);
  const xmlNode* model = FirstChildElement(sdf, "model");
  ASSERT_NE(model, nullptr);
  const xmlNode* link = FirstChildElement(model);
  const xmlNode* pose = FirstChildElement(link, "pose");
  ASSERT_NE(pose, nullptr);
  EXPECT_EQ(FirstChildElement(link, "inertial"), nullptr);
  EXPECT_EQ(Text(pose), "1 2 3 0 0 0");
  EXPECT_EQ(ParentElement(pose), link);
  EXPECT_EQ(ParentElement(sdf), nullptr);

  EXPECT_EQ(xml->Line(sdf), 2);
  EXPECT_EQ(xml->Line(pose), 5);
  EXPECT_EQ(xml->Depth(sdf), 1);
  EXPECT_EQ(xml->Depth(pose), 4);
  EXPECT_EQ(xml->ElementPath(sdf), "/sdf");
  EXPECT_EQ(xml->ElementPath(link), R"(/sdf/model[@name="m"]/link[@name="l"])");
  const SourceLocation at = xml->Locate(pose);
  EXPECT_EQ(at.file, kFile);
  EXPECT_EQ(at.line, 5);
  EXPECT_EQ(at.path, R"(/sdf/model[@name="m"]/link[@name="l"]/pose)");
}

TEST_F(XmlDocumentTest, ChildElementsSkipTextAndComments) {
  const auto xml =
      Load("<r>text<a/><!-- c --><b name='x'/><?pi?><![CDATA[d]]><c/></r>");
  ASSERT_TRUE(xml.has_value());
  const auto children = ChildElements(xml->root());
  ASSERT_EQ(children.size(), 3u);
  EXPECT_EQ(Tag(children[0]), "a");
  EXPECT_EQ(Tag(children[1]), "b");
  EXPECT_EQ(Tag(children[2]), "c");
  EXPECT_EQ(NextSiblingElement(children[0], "c"), children[2]);
  EXPECT_EQ(Text(xml->root()), "textd");
  EXPECT_EQ(xml->ElementPath(children[1]), R"(/r/b[@name="x"])");
}

TEST_F(XmlDocumentTest, PredefinedEntitiesAndCharacterReferences) {
  const auto xml = Load("<r name='a&amp;b'>&lt;&#65;&gt;</r>");
  ASSERT_TRUE(xml.has_value());
  EXPECT_EQ(Attribute(xml->root(), "name"), "a&b");
  EXPECT_EQ(Text(xml->root()), "<A>");
}

TEST_F(XmlDocumentTest, Namespaces) {
  const auto xml = Load(R"(<sdf xmlns:my="http://example.org/my">
<my:custom name="c" my:attr="1"/>
<plain/>
<undeclared:thing/>
</sdf>)");
  ASSERT_TRUE(xml.has_value());
  // An undeclared prefix is a namespace error, not an XML 1.0 one.
  const Diagnostic d = TakeWarning(Code::kXmlSyntaxError);
  EXPECT_EQ(d.source.line, 4);
  const auto children = ChildElements(xml->root());
  ASSERT_EQ(children.size(), 3u);
  EXPECT_EQ(Tag(children[0]), "my:custom");
  EXPECT_TRUE(IsNamespaced(children[0]));
  EXPECT_EQ(FirstChildElement(xml->root(), "my:custom"), children[0]);
  EXPECT_EQ(FirstChildElement(xml->root(), "custom"), nullptr);
  EXPECT_EQ(Attribute(children[0], "attr"), std::nullopt);
  EXPECT_FALSE(IsNamespaced(children[1]));
  EXPECT_TRUE(IsNamespaced(children[2]));
  EXPECT_EQ(xml->ElementPath(children[0]), R"(/sdf/my:custom[@name="c"])");
}

TEST_F(XmlDocumentTest, AttributesInOrderWithPrefixes) {
  const auto xml = Load(R"(<sdf xmlns:my="http://example.org/my" version="1.8">
<m name="a&amp;b" my:speed="2" other:x="3" type=""/>
</sdf>)");
  ASSERT_TRUE(xml.has_value());
  TakeWarning(Code::kXmlSyntaxError);  // other: is not declared
  const std::vector<XmlAttribute> root = Attributes(xml->root());
  ASSERT_EQ(root.size(), 1u);  // xmlns:my declares, it is no attribute
  EXPECT_EQ(root[0].name, "version");
  const std::vector<XmlAttribute> m =
      Attributes(FirstChildElement(xml->root()));
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

TEST_F(XmlDocumentTest, MalformedXmlReportsLineAndMessage) {
  EXPECT_FALSE(Load("<sdf>\n  <model>\n  </link>\n</sdf>\n").has_value());
  const Diagnostic d = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(d.source.file, kFile);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("mismatch"), std::string::npos) << d.message;
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlDocumentTest, EveryLibxmlErrorIsReported) {
  // An undefined entity is an error libxml2 reports and keeps parsing after.
  EXPECT_FALSE(Load("<r>\n&a;\n&b;\n</r>").has_value());
  const Diagnostic a = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(a.source.line, 2);
  EXPECT_NE(a.message.find("'a'"), std::string::npos) << a.message;
  const Diagnostic b = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(b.source.line, 3);
  EXPECT_NE(b.message.find("'b'"), std::string::npos) << b.message;
}

TEST_F(XmlDocumentTest, EmptyAndTruncatedInput) {
  EXPECT_FALSE(Load("").has_value());
  EXPECT_GE(Remaining(), 1u);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
  EXPECT_FALSE(Load("<sdf>\n<model>").has_value());
  EXPECT_GE(Remaining(), 1u);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlDocumentTest, BillionLaughsIsRejectedBeforeAnyEntityIsDeclared) {
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

TEST_F(XmlDocumentTest, ExternalEntitiesAndDtdsAreRejected) {
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

TEST_F(XmlDocumentTest, NoGlobalErrorHandlerIsUsed) {
  static int global_calls = 0;
  xmlSetStructuredErrorFunc(nullptr, [](void*, xmlErrorPtr) { ++global_calls; });
  EXPECT_FALSE(Load("<a><b></a>").has_value());
  xmlSetStructuredErrorFunc(nullptr, nullptr);
  EXPECT_EQ(global_calls, 0);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlDocumentTest, InputSizeLimit) {
  XmlLimits limits;
  limits.max_bytes = 10;
  EXPECT_TRUE(Load("<a></a>", limits).has_value());
  EXPECT_FALSE(Load("<a>      </a>", limits).has_value());
  TakeError(Code::kInputLimitExceeded);
}

TEST_F(XmlDocumentTest, DepthLimitIsOurs) {
  XmlLimits limits;
  limits.max_depth = 3;
  EXPECT_TRUE(Load(Nested(3), limits).has_value());
  EXPECT_FALSE(Load("<a>\n<a>\n<a>\n<a/></a></a></a>", limits).has_value());
  const Diagnostic d = TakeError(Code::kInputLimitExceeded);
  EXPECT_EQ(d.source.line, 4);
  // libxml2's own limit (256 without XML_PARSE_HUGE) does not apply.
  EXPECT_TRUE(Load(Nested(10'000)).has_value());
}

TEST_F(XmlDocumentTest, HundredThousandDeep) {
  constexpr int kDepth = 100'000;
  XmlLimits limits;
  limits.max_depth = 150'000;
  const auto xml = Load(Nested(kDepth, "<m name='x'>\n", "</m>"), limits);
  ASSERT_TRUE(xml.has_value());
  const xmlNode* deepest = xml->root();
  int levels = 1;
  while (const xmlNode* child = FirstChildElement(deepest)) {
    deepest = child;
    ++levels;
  }
  EXPECT_EQ(levels, kDepth);
  EXPECT_EQ(xml->Depth(deepest), kDepth);
  EXPECT_EQ(xml->Line(deepest), kDepth);  // beyond 65535: XML_PARSE_BIG_LINES
  // The path keeps its first and last segments and counts the rest.
  std::string segment = R"(/m[@name="x"])";
  std::string ends;
  for (int i = 0; i < kPathEndSegments; ++i) ends += segment;
  EXPECT_EQ(xml->ElementPath(deepest),
            ends + "/...(" + std::to_string(kDepth - 2 * kPathEndSegments) +
                " levels)" + ends);
}

TEST_F(XmlDocumentTest, DefaultDepthBoundRejects300000DeepCleanly) {
  EXPECT_FALSE(Load(Nested(300'000)).has_value());
  const Diagnostic d = TakeError(Code::kInputLimitExceeded);
  EXPECT_EQ(d.source.line, 1);
}

TEST_F(XmlDocumentTest, PathsUpToTheFullDepthAreNotShortened) {
  const auto xml = Load(Nested(kFullPathDepth));
  ASSERT_TRUE(xml.has_value());
  const xmlNode* deepest = xml->root();
  while (const xmlNode* child = FirstChildElement(deepest)) deepest = child;
  std::string expected;
  for (int i = 0; i < kFullPathDepth; ++i) expected += "/a";
  EXPECT_EQ(xml->ElementPath(deepest), expected);
}

TEST_F(XmlDocumentTest, LoadFile) {
  const std::string path = TempPath("load_file.sdf");
  std::ofstream(path) << "<sdf version='1.8'>\n<model name='m'/>\n</sdf>\n";
  const auto xml = XmlDocument::LoadFile(path, &diags_);
  ASSERT_TRUE(xml.has_value());
  EXPECT_EQ(xml->file(), path);
  EXPECT_EQ(xml->Locate(FirstChildElement(xml->root())).line, 2);

  XmlLimits limits;
  limits.max_bytes = 8;
  EXPECT_FALSE(XmlDocument::LoadFile(path, &diags_, limits).has_value());
  EXPECT_EQ(TakeError(Code::kInputLimitExceeded).source.file, path);
}

TEST_F(XmlDocumentTest, UnreadableFile) {
  EXPECT_FALSE(
      XmlDocument::LoadFile(TempPath("does_not_exist.sdf"), &diags_)
          .has_value());
  TakeError(Code::kFileRead);
  EXPECT_FALSE(XmlDocument::LoadFile(TempPath(""), &diags_).has_value());
  TakeError(Code::kFileRead);  // a directory
}

TEST_F(XmlDocumentTest, MovedDocumentKeepsLocations) {
  auto xml = Load("<a>\n<b name='n'/></a>");
  ASSERT_TRUE(xml.has_value());
  XmlDocument moved = std::move(*xml);
  const xmlNode* b = FirstChildElement(moved.root());
  EXPECT_EQ(moved.Depth(b), 2);
  EXPECT_EQ(moved.Locate(b).path, R"(/a/b[@name="n"])");
}

}  // namespace
}  // namespace sdfconv
