// Fuzz target: the lossless upgrade to SDFormat 1.8 (`upgrade`, `--to
// sdf`), whose own proof re-reads every output. Any bytes: refused with an
// error, or upgraded; an upgraded text upgrades again to itself.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "converters/upgrade/upgrade.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const sdfconv::UpgradeResult first = sdfconv::UpgradeSdf(text, "fuzz.sdf");
  if (!first.ok()) return 0;
  const sdfconv::UpgradeResult again =
      sdfconv::UpgradeSdf(first.output, "fuzz.sdf");
  if (!again.ok() || again.output != first.output) std::abort();
  return 0;
}
