// Upgrade: any SDFormat file sdfconv reads (1.4 to 1.8) to SDFormat 1.8,
// losslessly, with a proof per file that its meaning is unchanged.
//
// What changes is only what the versions between the input's and 1.8
// require, and what 1.8 forbids that older versions allowed (docs/upgrade.md
// lists every rule and repair):
//  - structural rules: `use_parent_model_frame` and 1.4 axes become
//    `xyz/@expressed_in="__model__"`, actor `@static` becomes `<static>`,
//    `gravity`/`magnetic_field` leave `<physics>`, IMU noise is restructured,
//    `//pose/@frame` becomes `@relative_to`, flattened `A::x` names become
//    nested models, inertial poses lose `@relative_to`;
//  - repairs, each reported as a warning naming the old and new names:
//    siblings sharing a name and reserved names are renamed (with every
//    reference), a joint whose child is `world` is turned around, legacy
//    `<frame>`s inside links and other elements move to their model.
// Everything else is copied as written: comments, element order, spacing,
// unknown and namespaced elements and attributes, all of every `<plugin>`.
// A 1.8 input comes back byte for byte.
//
// With `verify` (the default), the input is read by its own front end and
// the output by the 1.8 front end; both must pass every validation phase and
// every frame's world pose and every joint axis must agree within 1e-9.
// Otherwise the result is an error and there is no output. Value-level
// errors (converters/sdf/value_level.h: an invalid link inertia, a missing or
// malformed value away from names, poses, joint parent/child and axes, a
// collision and a visual called alike) are the exception: such values are
// kept as written, the output must have exactly the input's (a name the
// repairs renamed apart), and each comes back as a warning "kept as
// written:".
//
//   UpgradeResult r = UpgradeSdf(text, "model.sdf");
//   if (!r.ok()) { /* r.diagnostics says why; r.output is empty */ }
//   else if (r.changed) { /* write r.output */ }
#ifndef SDFCONV_CONVERTERS_UPGRADE_UPGRADE_H_
#define SDFCONV_CONVERTERS_UPGRADE_UPGRADE_H_

#include <string>
#include <string_view>

#include "converters/include/uri_resolver.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "core/limits.h"

namespace sdfconv {

struct UpgradeOptions {
  bool verify = true;  // re-read input and output with the core and compare
  // Where the proof looks for included files (docs/upgrade.md): with every
  // include found, the proof covers the included models too.
  IncludeSearch include_search;
  // The bounds of every reading, the input's and the proof's (`--limit`,
  // core/limits.h).
  Limits limits;
};

struct UpgradeResult {
  std::string output;       // the SDFormat 1.8 text; equal to the input when nothing changes
  bool changed = false;     // output != input
  std::string version;      // the SDFormat version the output declares ("1.8")
  Diagnostics diagnostics;  // errors: not upgraded (output empty); warnings: each repair, naming old and new, and each value error kept as written
  [[nodiscard]] bool ok() const { return !diagnostics.HasErrors(); }
};

// `path` names the file in diagnostics (and resolves nothing else).
[[nodiscard]] UpgradeResult UpgradeSdf(std::string_view input,
                                       const std::string& path,
                                       const UpgradeOptions& options = {});

namespace upgrade {
struct Correspondence;  // verify.h
}  // namespace upgrade

// As above, and on success `correspondence` says which element of the
// output each element of the input became (renames, moves, joints turned
// around), for a proof that spans several files (expand_includes.h).
[[nodiscard]] UpgradeResult UpgradeSdf(
    std::string_view input, const std::string& path,
    const UpgradeOptions& options, upgrade::Correspondence* correspondence);

// As UpgradeSdf, for `input` already parsed by the caller into `tree`
// (XmlTree::Parse, with the limits of its choice), which said `parse`.
[[nodiscard]] UpgradeResult UpgradeParsedSdf(std::string_view input,
                                             XmlTree tree,
                                             const Diagnostics& parse,
                                             const std::string& path,
                                             const UpgradeOptions& options);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_UPGRADE_UPGRADE_H_
