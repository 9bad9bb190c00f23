// The libxml2 functions sdfconv calls, from libxml2.so.2 opened the first
// time one is needed (converters/dynamic_library.h): most files never need
// it, since the gate's fast check vouches for plain XML without it
// (converters/xml/xml_gate.h).
//
// Invariant: Libxml2() gives the same table on every call, every pointer
// set and xmlInitParser already called; or, when the library or one of its
// functions cannot be loaded, nullptr on every call with the same reason.
// The types are those of libxml2's own declarations, so a call through the
// table is checked as a direct call is.
#ifndef SDFCONV_CONVERTERS_XML_LIBXML2_FUNCTIONS_H_
#define SDFCONV_CONVERTERS_XML_LIBXML2_FUNCTIONS_H_

#include <libxml/encoding.h>
#include <libxml/parser.h>

#include <string>
#include <string_view>

namespace sdfconv {

struct Libxml2Functions {
  decltype(&xmlNewParserCtxt) new_parser_ctxt = nullptr;
  decltype(&xmlFreeParserCtxt) free_parser_ctxt = nullptr;
  decltype(&xmlCtxtReadMemory) ctxt_read_memory = nullptr;
  decltype(&xmlFreeDoc) free_doc = nullptr;
  decltype(&xmlStopParser) stop_parser = nullptr;
  decltype(&xmlDetectCharEncoding) detect_char_encoding = nullptr;
};

// libxml2's functions, or nullptr with `*error` (when given) set to the
// reason, for a LIBRARY_MISSING diagnostic.
const Libxml2Functions* Libxml2(std::string* error = nullptr);

// False when xmlDetectCharEncoding cannot name any encoding but UTF-8 (or
// none) for a text starting with `text`'s first bytes, so asking it would
// only load libxml2: it names UTF-16 and UTF-32 only where a NUL is among
// the first two bytes or they are the byte order mark FE FF or FF FE, and
// EBCDIC only for a first byte 0x4C. True for every such start (a few
// others too); every text that begins with `<` or the UTF-8 byte order
// mark gives false.
bool MayBeForeignEncoding(std::string_view text);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_LIBXML2_FUNCTIONS_H_
