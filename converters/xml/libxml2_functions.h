// The libxml2 functions sdfconv calls, from libxml2.so.2 opened the first
// time one is needed (converters/dynamic_library.h): most files never need
// it, since the gate's fast check vouches for plain XML without it
// (converters/xml/xml_gate.h).
//
// Invariant: once Libxml2() has given a table, it gives the same one on
// every call, every pointer set and xmlInitParser already called; until
// then it gives nullptr with the reason, and each call tries again
// (LazyTable). The types are those of libxml2's own declarations, so a
// call through the table is checked as a direct call is.
#ifndef SDFCONV_CONVERTERS_XML_LIBXML2_FUNCTIONS_H_
#define SDFCONV_CONVERTERS_XML_LIBXML2_FUNCTIONS_H_

#include <libxml/encoding.h>
#include <libxml/parser.h>

#include <string>

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

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_LIBXML2_FUNCTIONS_H_
