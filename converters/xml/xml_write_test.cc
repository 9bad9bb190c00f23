#include "converters/xml/xml_write.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "converters/xml/xml_test_util.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

TEST(XmlTreeWriteTest, IndentedKeepsLeafTextAndTrimsMixedText) {
  const XmlTree tree =
      MustParse("<a k='v&amp;w'>  text <!--c--><b> keep </b><c/><?pi x?></a>");
  EXPECT_EQ(WriteIndentedXml(tree, tree.root()),
            "<a k=\"v&amp;w\">text\n"
            "  <!--c-->\n"
            "  <b> keep </b>\n"
            "  <c/>\n"
            "</a>\n");
  IndentedXmlOptions options;
  options.indent = 4;
  options.element = [](NodeId, std::string* tag,
                       std::vector<XmlAttribute>* attributes) {
    if (*tag == "a") *tag = "top";
    attributes->clear();
  };
  EXPECT_EQ(WriteIndentedXml(tree, tree.root(), options),
            "    <top>text\n"
            "      <!--c-->\n"
            "      <b> keep </b>\n"
            "      <c/>\n"
            "    </top>\n");
}

TEST(XmlTreeWriteTest, IndentationStopsGrowing) {
  std::string text;
  for (int i = 0; i < 40; ++i) text += "<a>";
  for (int i = 0; i < 40; ++i) text += "</a>";
  const XmlTree tree = MustParse(text);
  const std::string out = WriteIndentedXml(tree, tree.root());
  size_t widest = 0;
  for (size_t at = 0; at < out.size();) {
    const size_t end = out.find('\n', at);
    widest = std::max(widest, out.find_first_not_of(' ', at) - at);
    at = end + 1;
  }
  EXPECT_EQ(widest, static_cast<size_t>(2 * kMaxIndentLevels));
}

TEST(XmlTreeWriteTest, NormalizedDecodesAndEscapesAgain) {
  const XmlTree tree = MustParse(
      "<?xml version='1.0'?>\n<!--c-->\n<r a='x\ny' "
      "b=\"&apos;\">&#65;<![CDATA[<]]></r>");
  EXPECT_EQ(WriteNormalizedXml(tree),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!--c-->\n"
            "<r a=\"x y\" b=\"'\">A<![CDATA[<]]></r>\n");
}

}  // namespace
}  // namespace sdfconv
