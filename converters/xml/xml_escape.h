// XML character data: escaping values for text and attributes, and decoding
// raw text back into values. The one place where sdfconv writes or reads
// `&...;`.
//
// Escaping makes a value survive a round trip through any conforming
// parser: in text, `&`, `<`, `>` and a carriage return (which end-of-line
// handling would turn into a line feed); in an attribute, also the quote
// character and the tab, line feed and carriage return (which attribute-
// value normalisation would turn into spaces).
//
// Decoding does what an XML 1.0 parser does to raw source text without a
// DTD: end-of-line handling (`\r\n` and `\r` become `\n`), for attributes
// value normalisation (each tab and line feed becomes a space), then the
// five predefined entities and character references. An unknown reference
// is kept as written (a well-formed document has none: XmlTree checks that
// before anything is decoded).
//
//   EscapeXmlAttribute("a\"b")  // "a&quot;b"
//   DecodeXmlText("1 &lt; 2")   // "1 < 2"
#ifndef SDFCONV_CONVERTERS_XML_XML_ESCAPE_H_
#define SDFCONV_CONVERTERS_XML_XML_ESCAPE_H_

#include <string>
#include <string_view>

namespace sdfconv {

// `value` as element text.
[[nodiscard]] std::string EscapeXmlText(std::string_view value);

// `value` as an attribute value written between `quote`s (' or ").
[[nodiscard]] std::string EscapeXmlAttribute(std::string_view value,
                                             char quote = '"');

// The same, appended to `*out`: for writers that build one text.
void AppendEscapedXmlText(std::string_view value, std::string* out);
void AppendEscapedXmlAttribute(std::string_view value, char quote,
                               std::string* out);

// The value of raw element text (character data between tags).
[[nodiscard]] std::string DecodeXmlText(std::string_view raw);

// The value of a raw attribute value (what stands between its quotes).
[[nodiscard]] std::string DecodeXmlAttribute(std::string_view raw);

// The same values without a copy when decoding changes nothing: `raw`
// itself, else the decoded value stored in `*scratch` (a view of it). The
// view lives as long as both `raw` and `*scratch` are unchanged.
[[nodiscard]] std::string_view DecodeXmlText(std::string_view raw,
                                             std::string* scratch);
[[nodiscard]] std::string_view DecodeXmlAttribute(std::string_view raw,
                                                  std::string* scratch);

// True when decoding raw text (`attribute`: a raw attribute value) may
// change `c` or what starts at it: a reference, a carriage return, and in
// an attribute a line break or tab. Text without any is its own value.
[[nodiscard]] inline bool DecodingChanges(char c, bool attribute) {
  return c == '&' || c == '\r' || (attribute && (c == '\n' || c == '\t'));
}

// The value of a CDATA section's raw content: end-of-line handling only.
[[nodiscard]] std::string DecodeXmlCData(std::string_view raw);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_ESCAPE_H_
