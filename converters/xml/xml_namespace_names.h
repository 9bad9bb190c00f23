// The namespace declarations the gate's fast check reads itself
// (xml_gate.h): `xmlns:prefix="name"` where libxml2 binds the prefix
// without a word, neither error nor warning. Any other declaration sends
// the text to libxml2, which decides and says why. Private to the
// xml_tree library.
//
// Invariant: each function says yes only to what libxml2 2.9's
// xmlParseStartTag2 and xmlParseURI take silently; it may say no to more
// (xml_gate_test and xml_gate_fuzz hold the fast check to it).
//
//   IsPlainPrefix("xacro")                             // true
//   IsPlainNamespaceName("http://ros.org/wiki/xacro")  // true
//   IsPlainNamespaceName("relative/path")              // false: it warns
#ifndef SDFCONV_CONVERTERS_XML_XML_NAMESPACE_NAMES_H_
#define SDFCONV_CONVERTERS_XML_XML_NAMESPACE_NAMES_H_

#include <string_view>

namespace sdfconv {

// A prefix a plain declaration may bind: a plain name (no `:`) that does
// not start with `xml` in any case (XML reserves such names; `xml` and
// `xmlns` are errors to libxml2). `prefix` is a plain name already.
[[nodiscard]] bool IsPlainPrefix(std::string_view prefix);

// A namespace name (the value of `xmlns:prefix`, as written) libxml2 binds
// without a word: an absolute URI of RFC 3986 in a narrow form, `scheme:`
// then either `//host[:port]` (the host not starting with a digit, the
// port 1 to 5 digits) and a path, or a path, then an optional `?query`
// and `#fragment`; every character an unreserved one, a sub-delimiter but
// `&` and `'`, or where it may stand `:`, `@`, `/`, `?`; no
// percent-encoding and no entity. Not the names XML reserves for itself
// and for xmlns.
[[nodiscard]] bool IsPlainNamespaceName(std::string_view uri);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_NAMESPACE_NAMES_H_
