#include "converters/xml/xml_escape.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>

namespace sdfconv {
namespace {

TEST(XmlEscapeTest, TextKeepsQuotesAndEscapesMarkup) {
  EXPECT_EQ(EscapeXmlText("a<b>&'\"\r\n\t"), "a&lt;b&gt;&amp;'\"&#13;\n\t");
}

TEST(XmlEscapeTest, AttributesEscapeTheirQuoteAndWhitespace) {
  EXPECT_EQ(EscapeXmlAttribute("'\"\n\t\r<&"), "'&quot;&#10;&#9;&#13;&lt;&amp;");
  EXPECT_EQ(EscapeXmlAttribute("'\"", '\''), "&apos;\"");
}

TEST(XmlEscapeTest, DecodingFollowsXml10) {
  EXPECT_EQ(DecodeXmlText("&lt;&gt;&amp;&quot;&apos;&#65;&#x42;\r\n\r"),
            "<>&\"'AB\n\n");
  EXPECT_EQ(DecodeXmlAttribute("a\tb\nc\r\nd&#10;&#9;"), "a b c d\n\t");
  EXPECT_EQ(DecodeXmlCData("&amp;\r\n"), "&amp;\n");
  // Not references: kept as written.
  EXPECT_EQ(DecodeXmlText("&unknown; &#xZZ; & x"), "&unknown; &#xZZ; & x");
  // Beyond Unicode: kept as written.
  EXPECT_EQ(DecodeXmlText("&#x110000;"), "&#x110000;");
  EXPECT_EQ(DecodeXmlText("&#x1F600;"), "\xF0\x9F\x98\x80");
}

// The copy-free forms give the same values, and a view of the raw text
// itself exactly when decoding leaves it as it is.
TEST(XmlEscapeTest, DecodingWithoutACopyGivesTheSameValues) {
  for (const std::string raw : {"", "plain 1 2 3", "a&amp;b", "a\tb", "a\nb",
                                "a\r\nb", "&#65;", "x & y", "tab\tonly"}) {
    std::string scratch;
    const std::string_view text = DecodeXmlText(raw, &scratch);
    EXPECT_EQ(text, DecodeXmlText(raw)) << raw;
    EXPECT_EQ(text.data() == raw.data(),
              raw.find_first_of("&\r") == std::string::npos)
        << raw;
    const std::string_view value = DecodeXmlAttribute(raw, &scratch);
    EXPECT_EQ(value, DecodeXmlAttribute(raw)) << raw;
    EXPECT_EQ(value.data() == raw.data(),
              raw.find_first_of("&\t\n\r") == std::string::npos)
        << raw;
  }
}

// Texts are scanned sixteen bytes at a time (the last sixteen overlapping,
// a shorter text copied) or eight: each character that decoding changes is
// found at every place of texts of 0 to 43 bytes, among plain ASCII and
// UTF-8 bytes (whose high bits are set).
TEST(XmlEscapeTest, ViewsAreTakenExactlyWhenNothingChanges) {
  for (const std::string fill : {"a", "\xC3\xA9", " ", "\x7F", "%'"}) {
    for (size_t size = 0; size <= 43; ++size) {
      std::string plain;
      while (plain.size() < size) plain += fill;
      plain.resize(size);
      std::string scratch;
      EXPECT_EQ(DecodeXmlText(plain, &scratch).data(), plain.data()) << size;
      EXPECT_EQ(DecodeXmlAttribute(plain, &scratch).data(), plain.data());
      for (size_t at = 0; at < size; ++at) {
        for (const char c : {'&', '\r', '\n', '\t'}) {
          std::string raw = plain;
          raw[at] = c;
          const bool text_changes = c == '&' || c == '\r';
          EXPECT_EQ(DecodeXmlText(raw, &scratch).data() != raw.data(),
                    text_changes)
              << size << " " << at << " " << int{c};
          EXPECT_NE(DecodeXmlAttribute(raw, &scratch).data(), raw.data())
              << size << " " << at << " " << int{c};
        }
      }
    }
  }
}

}  // namespace
}  // namespace sdfconv
