// Fuzz target: the gate's invariant (xml_gate.h). Any bytes that the fast
// check calls plain XML, libxml2 accepts with exactly the warnings of the
// spots the fast check lists: none when they are not asked for.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_gate.h"
#include "core/diagnostic.h"

namespace {

std::string Said(const sdfconv::Diagnostics& diags) {
  std::string out;
  for (const sdfconv::Diagnostic& d : diags.items()) {
    out += sdfconv::FormatDiagnostic(d) + "\n";
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const sdfconv::XmlLimits limits;
  for (const bool ask : {false, true}) {
    std::vector<sdfconv::ToleratedSpot> spots;
    if (!sdfconv::IsPlainXml(text, limits, ask ? &spots : nullptr)) continue;
    sdfconv::Diagnostics expected;
    sdfconv::SayTolerated(spots, "fuzz.xml", &expected, limits);
    sdfconv::Diagnostics diags;
    if (!sdfconv::CheckWithLibxml2(text, "fuzz.xml", &diags, limits) ||
        Said(diags) != Said(expected)) {
      std::fprintf(stderr,
                   "xml_gate_fuzz: plain, but libxml2 said:\n%sthe spots:\n%s",
                   Said(diags).c_str(), Said(expected).c_str());
      std::abort();
    }
  }
  return 0;
}
