// XML leniency: the departures from well-formedness that TinyXML2 (and so
// libsdformat and Gazebo) accepts and real files contain, which sdfconv
// reads with a warning of the departure's own code. The one place that
// knows each of them: what it is, how libxml2 is shown a well-formed copy
// of the text, and how a writer repairs it.
//
// Tolerated (docs/xml.md gives the evidence):
//  - `--` inside a comment, and a comment ending in `--->`
//    (XML_COMMENT_DOUBLE_HYPHEN): the comment ends at the first `-->`, as
//    both TinyXML2 and libxml2 end it. Repaired as `- -`.
//  - an XML declaration after whitespace, comments or another declaration,
//    before the root element (XML_DECLARATION_NOT_FIRST). Repaired by
//    dropping the whitespace before it, moving it to the start, or dropping
//    it when another declaration is first.
//    A declaration naming an encoding other than UTF-8 is not moved (it
//    would relabel the bytes): such a file stays refused.
//  - an XML declaration naming another version than 1.0 (`<?xml
//    version="0.0"?>`, Bullet's URDFs; XML_DECLARATION_VERSION), read by
//    XML 1.0's rules as TinyXML2 and libxml2 read every text. Repaired as
//    version "1.0".
//  - text before the root element, after any declaration (`?xml ...?>`, a
//    declaration that lost its `<`; XML_TEXT_BEFORE_ROOT), printable ASCII
//    and white space only, and followed by no declaration or processing
//    instruction (TinyXML2 refuses those after text). TinyXML2 keeps it as
//    text no reader uses. Repaired as a comment holding it.
//  - an `&` that starts no reference (`a & b`; XML_BARE_AMPERSAND), in the
//    root element's text or attribute values, read as the character `&`, as
//    TinyXML2 reads it. Repaired as `&amp;`. Outside the root it stays
//    refused.
// A text in UTF-16, UTF-32 or EBCDIC gets no tolerance (they are byte
// patterns of ASCII-compatible text): libxml2 alone decides.
// Everything else libxml2 refuses stays refused (XML_SYNTAX_ERROR): a
// reference to an undefined entity, `<` in an attribute value, text after
// the root element, elements outside it, DTDs.
//
// Invariant: SanitizeForGate returns a copy of the text of the same length
// (or nothing, when the text is well-formed as far as these go),
// with the same line breaks at the same offsets, that differs only in the
// bytes of tolerated spots (each one listed); the scanner builds the tree
// from the original bytes, so the tree still serialises to the input.
//
//   SanitizedXml s = SanitizeForGate("<!-- a -- b -->\n<r/>");
//   // s.text == "<!-- a  - b -->\n<r/>", one spot: kCommentDoubleHyphen, line 1
#ifndef SDFCONV_CONVERTERS_XML_XML_LENIENCY_H_
#define SDFCONV_CONVERTERS_XML_XML_LENIENCY_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"

namespace sdfconv {

enum class XmlTolerance {
  kCommentDoubleHyphen,
  kDeclarationNotFirst,
  kBareAmpersand,
  kDeclarationVersion,
  kTextBeforeRoot,
};

// The diagnostic code of a tolerance.
[[nodiscard]] Code CodeOf(XmlTolerance tolerance);

// Whether `code` is one of a tolerance (a writer that repairs the spots
// says so itself, and leaves out the parse's own warning).
[[nodiscard]] bool IsToleranceCode(Code code);

// What was tolerated, in words ("a comment holds `--`, which XML forbids").
[[nodiscard]] std::string_view Describe(XmlTolerance tolerance);

// One tolerated spot of a text: its kind, byte offset and line (1-based).
struct ToleratedSpot {
  XmlTolerance kind;
  size_t offset = 0;
  int line = 0;
};

// The text libxml2 is shown, and every spot it differs from the input in.
struct SanitizedXml {
  std::string text;  // empty when there is no spot: the input itself
  std::vector<ToleratedSpot> spots;  // in the order of the text
  // The encoding that a declaration at the start, blanked (its version),
  // names when it is not UTF-8: libxml2 must be told it. Empty otherwise.
  std::string encoding;
};

// `text` (an ASCII-compatible encoding) with every tolerated spot made
// well-formed without changing its length or line breaks: the interior
// hyphens of a comment's `--` blanked, a misplaced declaration or one of
// another version blanked, a bare `&` blanked, the characters of text
// before the root blanked. A <!DOCTYPE> ends the work (the gate refuses
// it).
[[nodiscard]] SanitizedXml SanitizeForGate(std::string_view text);

// The offset just past the `-->` that ends the comment opening at `open`
// (where `<!--` is), or npos when it is not closed.
[[nodiscard]] size_t CommentEnd(std::string_view text, size_t open);

// Whether a raw comment `<!--...-->` holds `--` or ends in `--->`.
[[nodiscard]] bool HasDoubleHyphen(std::string_view raw_comment);

// The offset of the first hyphen that makes `--` (or `--->`) in the comment
// of `text` opening at `open` and ending at `end` (as CommentEnd gives it),
// where its spot is said; npos when there is none.
[[nodiscard]] size_t DoubleHyphenAt(std::string_view text, size_t open,
                                    size_t end);

// The lines (1-based) of offsets of a text, asked in increasing order: the
// text is counted through once.
class LineCounter {
 public:
  explicit LineCounter(std::string_view text) : text_(text) {}
  [[nodiscard]] int LineAt(size_t offset);

 private:
  std::string_view text_;
  size_t counted_ = 0;
  int line_ = 1;
};

// The raw comment with a space after every hyphen that another hyphen (or
// the closing `-->`) follows: `<!-- a -- b --->` -> `<!-- a - - b - -->`.
[[nodiscard]] std::string RepairComment(std::string_view raw_comment);

// Whether a raw processing instruction is an XML declaration (`<?xml ...?>`).
[[nodiscard]] bool IsXmlDeclaration(std::string_view raw_pi);

// Whether a raw XML declaration, as XML 1.0 writes one but for the value
// of its version, names another version than "1.0".
[[nodiscard]] bool NamesOtherVersion(std::string_view raw_pi);

// The raw declaration with the value of its version written "1.0".
[[nodiscard]] std::string RepairDeclarationVersion(std::string_view raw_pi);

// Whether raw text outside the root element holds anything but white space
// (after a byte order mark, when `first` in the document).
[[nodiscard]] bool HoldsText(std::string_view raw, bool first);

// Raw text before the root element as the comment it is written as: its
// characters but the white space around them (and a byte order mark),
// with `--` inside as RepairComment writes it: `\n?xml ...?>\n` ->
// `<!--?xml ...?>-->`. `*lead` and `*tail` are set to what stays around
// it as text.
[[nodiscard]] std::string TextBeforeRootAsComment(std::string_view raw,
                                                  std::string_view* lead,
                                                  std::string_view* tail);

// Whether the `&` at `at` of raw text or attribute value starts no
// reference (`&name;`, `&#digits;`, `&#xhex;`).
[[nodiscard]] bool IsBareAmpersand(std::string_view raw, size_t at);

// Whether raw text or an attribute value holds a bare `&`.
[[nodiscard]] bool HasBareAmpersand(std::string_view raw);

// The raw text with every bare `&` written `&amp;`.
[[nodiscard]] std::string RepairAmpersands(std::string_view raw);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_LENIENCY_H_
