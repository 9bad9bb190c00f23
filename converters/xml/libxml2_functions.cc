#include "converters/xml/libxml2_functions.h"

#include "converters/dynamic_library.h"

namespace sdfconv {
namespace {

std::string Load(Libxml2Functions* f) {
  DynamicLibrary library("libxml2.so.2");
  f->new_parser_ctxt =
      library.Find<decltype(xmlNewParserCtxt)>("xmlNewParserCtxt");
  f->free_parser_ctxt =
      library.Find<decltype(xmlFreeParserCtxt)>("xmlFreeParserCtxt");
  f->ctxt_read_memory =
      library.Find<decltype(xmlCtxtReadMemory)>("xmlCtxtReadMemory");
  f->free_doc = library.Find<decltype(xmlFreeDoc)>("xmlFreeDoc");
  f->stop_parser = library.Find<decltype(xmlStopParser)>("xmlStopParser");
  f->detect_char_encoding =
      library.Find<decltype(xmlDetectCharEncoding)>("xmlDetectCharEncoding");
  auto* init_parser = library.Find<decltype(xmlInitParser)>("xmlInitParser");
  if (library.error().empty()) init_parser();  // once, before any parse
  return library.error();
}

}  // namespace

const Libxml2Functions* Libxml2(std::string* error) {
  static LazyTable<Libxml2Functions> table(&Load);
  return table.Get(error);
}

}  // namespace sdfconv
