// Expanding includes: one self-contained SDFormat 1.8 file in which every
// <include>, at any depth of inclusion, is replaced by the model it names
// (or, in a world, by the lone <light> or <actor> of a light or actor file,
// with the include's name, pose and, for an actor, plugins; one in a model,
// which the composition drops with a warning, is removed).
//
// Invariant: the output holds no <include> (outside plugins), and every
// model, link, joint, frame, collision, visual, sensor, light and actor has,
// under its scoped name, the world pose and joint axes that the input gives it
// when the core composes its includes (converters/include/compose.h),
// within 1e-9. That is proven per file (verify.h, VerifyExpansion);
// otherwise there is no output.
//
// How: the composition (converters/include/compose.h, through the
// registry) reads the file with every include expanded, each file by its
// own version's front end; it alone resolves URIs, finds cycles and says
// what each include is (its file, instance name, pose, placement frame,
// static flag, what it adds). Then every file taking part is upgraded to
// 1.8 text on its own, once however often it is included (UpgradeSdf, so a
// 1.4 model keeps its 1.4 meaning; an included URDF is written as its
// import builds it), and each <include>, in the composed Document's order,
// is replaced by the included file's <model>, copied as written (comments,
// unknown elements, plugins, mesh URIs such as model://...), with the
// include's overrides:
//  - //include/name -> the model's name attribute (scopes follow it);
//  - //include/pose -> the model's <pose>, relative_to kept: it is evaluated
//    in the including scope, as a nested model's pose is;
//  - //include/placement_frame -> the model's placement_frame attribute
//    (//model/@placement_frame, SDFormat 1.8);
//  - //include/static true -> <static>true</static>;
//  - the include's own <joint>, <frame> and <plugin>s -> appended inside
//    the model, whose scope they are written in.
// Without overrides, the included model's own name, pose and
// placement_frame stay.
//
// What the composition reports (INCLUDE_URI_UNRESOLVED, INCLUDE_CYCLE,
// INCLUDE_NOT_MODEL, an <include> without <uri>, any other error of any
// file taking part) is reported at the element concerned, in the file
// where it is written, and there is no output; so is a file that cannot be
// upgraded. An unresolved URI is an error even when `search` would keep it
// (NeedingIncludedModels): every include is written expanded. Iterative: no recursion on the depth of inclusion or of
// nesting.
//
//   IncludeSearch search;
//   search.model_paths = {"/models"};
//   UpgradeResult r = ExpandIncludesToSdf18(text, "world.sdf", search);
//   if (r.ok()) Write(r.output);  // else r.diagnostics says why
#ifndef SDFCONV_CONVERTERS_UPGRADE_EXPAND_INCLUDES_H_
#define SDFCONV_CONVERTERS_UPGRADE_EXPAND_INCLUDES_H_

#include <string>
#include <string_view>

#include "converters/include/uri_resolver.h"
#include "converters/upgrade/upgrade.h"
#include "core/limits.h"

namespace sdfconv {

// `input` is the text of the file `path`: relative include URIs are
// resolved from its folder, and diagnostics name it so. Every file is read
// within `limits` (the expansion, the upgrade of each file, the proof).
[[nodiscard]] UpgradeResult ExpandIncludesToSdf18(std::string_view input,
                                                  const std::string& path,
                                                  const IncludeSearch& search,
                                                  const Limits& limits = {});

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_UPGRADE_EXPAND_INCLUDES_H_
