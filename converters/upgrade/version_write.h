// WriteSdfVersion: any SDFormat file sdfconv reads, written as any
// SDFormat version from 1.4 to 1.12, up or down, losslessly where the
// target can say the same thing, with a proof per file that the meaning is
// kept (docs/versions.md, "Writing any version").
//
// Invariant: an output exists only when the target version's own reading
// of it gives every model, link, joint, frame, collision, visual, sensor,
// light and actor of the input the same world pose and every joint axis
// the same direction (1e-9), except the elements the output leaves out on
// purpose, each with a warning (an explicit frame 1.4 cannot hold, a mimic
// dropped on request). What the target cannot express at all is refused,
// one VERSION_CONSTRUCT_UNSUPPORTED error per construct naming the
// element, the version that introduced it and the target.
//
// How: a file older than 1.8 is first upgraded to 1.8 (upgrade.h); then
// one step at a time (version_steps.h), each step reading its input with
// the core and editing the tree as the next version needs, up to 1.12 or
// down to 1.4. A step only edits what it is about; comments, order,
// plugins and unknown elements are kept, numbers that do not change are
// kept as written. The final text is read by its own version's front end
// and compared with the input (verify.h).
//
//   VersionWriteOptions options;
//   options.version = "1.6";
//   UpgradeResult r = WriteSdfVersion(text, "model.sdf", options);
//   if (!r.ok()) { /* r.diagnostics: why (a refusal per construct) */ }
#ifndef SDFCONV_CONVERTERS_UPGRADE_VERSION_WRITE_H_
#define SDFCONV_CONVERTERS_UPGRADE_VERSION_WRITE_H_

#include <string>
#include <string_view>

#include "converters/include/uri_resolver.h"
#include "converters/upgrade/upgrade.h"

namespace sdfconv {

struct VersionWriteOptions {
  // The SDFormat version to write: "1.4" ... "1.12".
  std::string version = "1.8";
  bool verify = true;
  IncludeSearch include_search;
  Limits limits;  // as UpgradeOptions::limits
  // Below 1.7, an explicit frame the target cannot hold (1.4 has no
  // frames; 1.5/1.6 frames are attached to their model): left out with a
  // warning, or written as a massless link on a fixed joint.
  enum class Frames { kDrop, kLinks };
  Frames frames = Frames::kDrop;
  // Below 1.11: a joint axis <mimic> is refused, or left out with a
  // warning when this is true.
  bool drop_mimic = false;
  // 1.7 and later: every link and joint pose written relative to its
  // model frame (`relative_to="__model__"`), the "model-absolute" form.
  bool model_absolute = false;
};

// "1.4" ... "1.12".
[[nodiscard]] bool IsWritableSdfVersion(std::string_view version);

// `path` names the file in diagnostics and resolves its includes (for the
// proof, and for merge-includes expanded below 1.9).
[[nodiscard]] UpgradeResult WriteSdfVersion(std::string_view input,
                                            const std::string& path,
                                            const VersionWriteOptions& options);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_UPGRADE_VERSION_WRITE_H_
