// Merge-include: a model included with //include/@merge="true" (SDFormat
// 1.9 in a <model>, 1.10 in a <world>) has its content put directly into
// the including model or world instead of a nested model, as libsdformat
// does (src/parser.cc, insertIncludedElement).
//
// Composition (compose.h) first expands a merge-include like any other, into
// a nested model whose IncludeSpec has `merge` set. MergeIncludedModels then
// replaces each such model M, innermost first, by:
//  - a proxy frame `_merged__<M's name>__model__` (the name is the
//    include's <name>, else the included model's), which stands for M's
//    model frame: attached to M's canonical link (libsdformat's
//    Model::CanonicalLinkAndRelativeName: //model/@canonical_link, else the
//    first link, else that of the first nested model, `nested::link`; none
//    at all: empty, so the including scope's frame), posed by the include's
//    <pose> (through <placement_frame>: X_RM = X_RP * X_MP^-1, X_MP resolved
//    in M on its own), relative to the pose's relative_to, else to
//    `__model__` (in a model) or `world` (in a world);
//  - then M's links, nested models, joints, frames, grippers and plugins,
//    in order (and what the <include> adds: joints, frames, plugins), each
//    now a child of the including scope. Everything else of M is dropped:
//    <static> (a warning when it was true: merged content is never
//    static), <self_collide>, <enable_wind>, its own <pose>, other named
//    elements. Namespaced elements are not in the Document (the
//    --expand-includes output keeps them).
// In what is merged, every reference to M's model frame names the proxy
// frame instead: a link's or nested model's pose relative_to when empty or
// `__model__`; a frame's attached_to when empty or `__model__` and its
// pose relative_to when `__model__`; a joint's pose relative_to, <parent>,
// <child> and each axis's expressed_in when `__model__`. Every merged
// element records the proxy (Element::merged_by); the proxy carries the
// include's IncludeSpec, its `source` is the <include> and its `node` M's
// <model> in the included file.
//
// Errors, each at the <include>, and nothing of the include is merged:
//  - M is not valid on its own (its canonical link, placement frame and
//    every reference are checked as libsdformat checks the included model
//    before merging it): the findings of every phase, as for a model file;
//  - in a world, a link or gripper directly in M: MERGE_INCLUDE_UNSUPPORTED
//    (one per element);
//  - the proxy frame's name is taken in the including scope:
//    DUPLICATE_NAME.
// A merged element whose name is taken in the including scope (by its own
// content or another include's) is DUPLICATE_NAME at the <include> and is
// left out.
//
// Iterative: models are merged deepest first (each after those merged into
// it), those of one depth in document order (of two includes whose names
// collide, the second is reported). Each merge validates its model once,
// in time linear in its size, so the whole costs the size of the Document
// times the depth of merges inside merges (1 or 2 in practice).
//
//   Document doc = ExpandIncludes(...);  // calls this itself
#ifndef SDFCONV_CONVERTERS_INCLUDE_MERGE_INCLUDE_H_
#define SDFCONV_CONVERTERS_INCLUDE_MERGE_INCLUDE_H_

#include <string>

#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// "_merged__" + model + "__model__": the proxy frame of a merged model.
[[nodiscard]] std::string MergedModelProxyFrameName(const std::string& model);

// Whether `doc` holds a model still to be merged (IncludeSpec::merge).
[[nodiscard]] bool HasModelsToMerge(const Document& doc);

// `doc` with every merge-included model merged, as described above.
[[nodiscard]] Document MergeIncludedModels(Document doc, Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_MERGE_INCLUDE_H_
