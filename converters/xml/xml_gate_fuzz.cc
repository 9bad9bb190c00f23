// Fuzz target: the gate's invariant (xml_gate.h). Any bytes that the fast
// check calls plain XML, libxml2 accepts without a single diagnostic.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "converters/xml/xml_gate.h"
#include "core/diagnostic.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const sdfconv::XmlLimits limits;
  if (!sdfconv::IsPlainXml(text, limits)) return 0;
  sdfconv::Diagnostics diags;
  if (!sdfconv::CheckWithLibxml2(text, "fuzz.xml", &diags, limits) ||
      diags.size() != 0) {
    std::fprintf(stderr, "xml_gate_fuzz: plain, but libxml2 said:\n");
    for (const sdfconv::Diagnostic& d : diags.items()) {
      std::fprintf(stderr, "  %s\n", d.message.c_str());
    }
    std::abort();
  }
  return 0;
}
