// The gate: whether a text is read as XML at all, under the rules of
// untrusted input, before the scanner (xml_tree_parse.cc) cuts it into a
// tree. libxml2 decides; a fast check spares it the texts it would accept
// without a word.
//
//  - IsPlainXml is the fast check. It says yes only to plain XML: UTF-8
//    (or ASCII) with at most an XML declaration of version 1.0 and
//    encoding UTF-8; element and attribute names of ASCII letters, digits,
//    `_`, `-` and `.` (so no namespace prefix and no `xmlns`); the five
//    predefined entities and no character reference; comments and CDATA
//    sections, but no processing instruction and no DTD; no attribute
//    twice; depth and attribute counts within XmlLimits. To anything else,
//    well-formed or not, it says no, and the text goes to libxml2.
//  - CheckWithLibxml2 is the exact check: the departures TinyXML2 accepts
//    (xml_leniency.h) are said and shown to libxml2 made well-formed, the
//    attribute count is bounded before libxml2's quadratic duplicate check,
//    and libxml2 parses the text with no DTD, no network and our depth
//    bound, building nothing. Every error it reports is XML_SYNTAX_ERROR,
//    a namespace problem a warning.
//  - XmlTree::Parse is the gate: plain XML is read as the fast check goes
//    (BuildPlainXml), anything else goes to CheckWithLibxml2 first.
//
// Invariant: IsPlainXml(text, limits) implies that CheckWithLibxml2(text,
// ..., limits) returns true and adds no diagnostic at all, so the fast
// check changes no verdict and no message, only the time taken.
// xml_gate_test (every one-byte change of documents holding each
// construct) and xml_gate_fuzz (the corpus and its variants) check it.
//
//   Diagnostics diags;
//   if (!IsPlainXml(text, XmlLimits{}) &&
//       !CheckWithLibxml2(text, "m.sdf", &diags, XmlLimits{})) return;
#ifndef SDFCONV_CONVERTERS_XML_XML_GATE_H_
#define SDFCONV_CONVERTERS_XML_XML_GATE_H_

#include <string>
#include <string_view>

#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace sdfconv {

// True only for plain XML that libxml2 accepts without a diagnostic under
// `limits` (see above); false says nothing about the text.
[[nodiscard]] bool IsPlainXml(std::string_view text, const XmlLimits& limits);

class XmlTreeBuilder;

// IsPlainXml, handing each piece of the text to `builder` as it checks
// it: when true, the builder has been given the text's whole tree (its
// Finish() settles it; xml_tree_parse.cc reads plain XML this way, in one
// pass); when false, a part of a tree to throw away.
[[nodiscard]] bool BuildPlainXml(std::string_view text, const XmlLimits& limits,
                                 XmlTreeBuilder* builder);

// libxml2's verdict on `text` (read from `path`), with the tolerated
// departures said as warnings (or errors when !limits.lenient). False
// with at least one error in `diags` when the text is refused.
[[nodiscard]] bool CheckWithLibxml2(std::string_view text,
                                    const std::string& path, Diagnostics* diags,
                                    const XmlLimits& limits);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_GATE_H_
