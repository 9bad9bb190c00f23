// The gate: whether a text is read as XML at all, under the rules of
// untrusted input, before the scanner (xml_tree_parse.cc) cuts it into a
// tree. libxml2 decides; a fast check spares it the texts it would accept
// without a word.
//
//  - IsPlainXml is the fast check. It says yes only to plain XML: UTF-8
//    (or ASCII) with at most an XML declaration of version 1.0 and
//    encoding UTF-8; element and attribute names of ASCII letters, digits,
//    `_`, `-` and `.` (so no namespace prefix), but for declarations
//    `xmlns:p="URI"` of a plain prefix and an absolute URI of a narrow
//    form (no default namespace); the five
//    predefined entities and no character reference; comments and CDATA
//    sections, but no processing instruction and no DTD; no attribute
//    twice; depth and attribute counts within XmlLimits. To anything else,
//    well-formed or not, it says no, and the text goes to libxml2. Asked
//    for them (`spots`) under lenient limits, it also reads comments that
//    hold `--`, the one departure of real files that is common (19 of
//    gz-sim's example worlds), and lists each one's spot.
//  - CheckWithLibxml2 is the exact check: the departures TinyXML2 accepts
//    (xml_leniency.h) are said and shown to libxml2 made well-formed, the
//    attribute count is bounded before libxml2's quadratic duplicate check,
//    and libxml2 parses the text with no DTD, no network and our depth
//    bound, building nothing. Every error it reports is XML_SYNTAX_ERROR,
//    a namespace problem a warning.
//  - XmlTree::Parse is the gate: plain XML is read as the fast check goes
//    (BuildPlainXml) and its spots said (SayTolerated); anything else goes
//    to CheckWithLibxml2 first.
//
// Invariant: IsPlainXml(text, limits, &spots) implies that
// CheckWithLibxml2(text, path, diags, limits) returns true and adds exactly
// the diagnostics SayTolerated(spots, path, diags, limits) adds (none when
// no spot is listed, so none when spots are not asked for): the fast check
// changes no verdict and no message, only the time taken. xml_gate_test (every
// one-byte change of documents holding each construct) and xml_gate_fuzz
// (the corpus and its variants) check it.
//
//   Diagnostics diags;
//   std::vector<ToleratedSpot> spots;
//   if (IsPlainXml(text, XmlLimits{}, &spots)) {
//     SayTolerated(spots, "m.sdf", &diags, XmlLimits{});
//   } else if (!CheckWithLibxml2(text, "m.sdf", &diags, XmlLimits{})) {
//     return;
//   }
#ifndef SDFCONV_CONVERTERS_XML_XML_GATE_H_
#define SDFCONV_CONVERTERS_XML_XML_GATE_H_

#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace sdfconv {

// True only for plain XML that libxml2 accepts without a diagnostic under
// `limits` (see above), or, when `spots` is given and `limits.lenient`,
// with exactly the warnings of the spots added to `*spots` (comments that
// hold `--`); false says nothing about the text.
[[nodiscard]] bool IsPlainXml(std::string_view text, const XmlLimits& limits,
                              std::vector<ToleratedSpot>* spots = nullptr);

class XmlTreeBuilder;

// IsPlainXml, handing each piece of the text to `builder` as it checks
// it: when true, the builder has been given the text's whole tree (its
// Finish() settles it; xml_tree_parse.cc reads plain XML this way, in one
// pass); when false, a part of a tree to throw away.
[[nodiscard]] bool BuildPlainXml(std::string_view text, const XmlLimits& limits,
                                 XmlTreeBuilder* builder,
                                 std::vector<ToleratedSpot>* spots = nullptr);

// Says each tolerated spot of a text read from `path`: a warning of its own
// code under lenient limits, else an error.
void SayTolerated(const std::vector<ToleratedSpot>& spots,
                  const std::string& path, Diagnostics* diags,
                  const XmlLimits& limits);

// libxml2's verdict on `text` (read from `path`), with the tolerated
// departures said as warnings (or errors when !limits.lenient). False
// with at least one error in `diags` when the text is refused.
[[nodiscard]] bool CheckWithLibxml2(std::string_view text,
                                    const std::string& path, Diagnostics* diags,
                                    const XmlLimits& limits);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_GATE_H_
