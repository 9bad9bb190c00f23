// Fuzz target: the URDF writer (`convert --to urdf`) on any input a front
// end reads. Either an error says why nothing is written, or the URDF
// written is well-formed XML.
#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string>

#include "converters/convert/convert.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "testing/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = sdfconv::fuzz::FuzzInputFile(data, size, ".sdf");
  sdfconv::Diagnostics diags;
  const std::optional<std::string> urdf =
      sdfconv::ConvertToUrdf(path, {}, {}, &diags);
  if (!urdf) {
    if (!diags.HasErrors()) std::abort();
    return 0;
  }
  sdfconv::Diagnostics reread;
  if (!sdfconv::XmlTree::Parse(*urdf, "out.urdf", &reread)) std::abort();
  return 0;
}
