#include "converters/xml/libxml2_functions.h"

#include "converters/dynamic_library.h"

namespace sdfconv {
namespace {

LoadedTable<Libxml2Functions> Load() {
  LoadedTable<Libxml2Functions> loaded;
  DynamicLibrary library("libxml2.so.2");
  Libxml2Functions& f = loaded.functions;
  f.new_parser_ctxt =
      library.Find<decltype(xmlNewParserCtxt)>("xmlNewParserCtxt");
  f.free_parser_ctxt =
      library.Find<decltype(xmlFreeParserCtxt)>("xmlFreeParserCtxt");
  f.ctxt_read_memory =
      library.Find<decltype(xmlCtxtReadMemory)>("xmlCtxtReadMemory");
  f.free_doc = library.Find<decltype(xmlFreeDoc)>("xmlFreeDoc");
  f.stop_parser = library.Find<decltype(xmlStopParser)>("xmlStopParser");
  f.detect_char_encoding =
      library.Find<decltype(xmlDetectCharEncoding)>("xmlDetectCharEncoding");
  auto* init_parser = library.Find<decltype(xmlInitParser)>("xmlInitParser");
  loaded.error = library.error();
  if (loaded.error.empty()) init_parser();  // once, before any parse
  return loaded;
}

}  // namespace

const Libxml2Functions* Libxml2(std::string* error) {
  static const LoadedTable<Libxml2Functions> loaded =
      Load();  // once, thread-safe
  return TableOrError(loaded, error);
}

bool MayBeForeignEncoding(std::string_view text) {
  if (text.size() < 2) return false;  // libxml2 needs two bytes
  const auto first = static_cast<unsigned char>(text[0]);
  const auto second = static_cast<unsigned char>(text[1]);
  return first == 0x00 || second == 0x00 || first == 0x4C || first == 0xFE ||
         first == 0xFF;
}

}  // namespace sdfconv
