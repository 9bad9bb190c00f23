// Fuzz target: every front end (SDFormat 1.2-1.12 and URDF, chosen by the
// root element as for any file) and the core. Any bytes: read, validated
// phase by phase, and, when the structure is sound, every frame resolved
// (finite or POSE_NOT_FINITE). A refusal always comes with an error.
#include <cstdint>
#include <cstdlib>

#include "converters/convert/convert.h"
#include "core/diagnostic.h"
#include "core/resolver.h"
#include "testing/fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = sdfconv::fuzz::FuzzInputFile(data, size, ".sdf");
  sdfconv::Diagnostics diags;
  const sdfconv::CheckedRead read = sdfconv::ReadChecked(path, {}, &diags);
  if (!read.doc) {
    if (!diags.HasErrors()) std::abort();
    return 0;
  }
  if (diags.HasErrors()) return 0;
  const sdfconv::Resolution resolution =
      sdfconv::ResolveAll(*read.doc, read.graph);
  (void)sdfconv::CheckFinite(*read.doc, resolution, &diags);
  return 0;
}
