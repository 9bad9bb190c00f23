// Composition: a Document with its <include>s replaced by the models they
// name (SDFormat 1.8 composition proposal, 003 §1.4).
//
// Front ends read an <include> as an include placeholder: a kModel Element
// whose `include` is set (uri, static override) with an empty
// `include->file`, carrying the include's name, pose and placement frame,
// and as children only what the include adds (<joint>, <frame>,
// <plugin>). ExpandIncludes turns every placeholder, at any depth of
// inclusion, into the included file's model:
//  - its name is //include/name, else the included //model/@name: scopes
//    come from the instance name (003 §1.4.2);
//  - its pose is //include/pose (evaluated in the including scope, like a
//    nested model's), else the included //model/pose; its placement frame is
//    //include/placement_frame, else the included //model/@placement_frame;
//    a placement_frame without <pose> is INCLUDE_POSE_MISSING;
//  - //include/static true makes it static (and so everything in it);
//    false cannot make a static model dynamic (003 §1.4.6: ELEMENT_INVALID);
//  - its content is the included model's, then what the include adds;
//  - with //include/@merge, that content then goes into the including
//    model or world instead, with a proxy frame for the included model's
//    frame (merge_include.h); //include/static has no effect there;
//  - it keeps the included file's SDFormat version (ModelSpec::version), so a
//    1.8 world including a 1.4 model applies 1.4 rules to that model, and
//    records the file (IncludeSpec::file) and the <include>
//    (IncludeSpec::source, where its name and placement are reported:
//    PlacementSource); the model Element's own source is its <model> in the
//    included file, and everything inside keeps its own file and line.
// A file holding a lone <light> or <actor> (Gazebo's model://sun) is
// included as libsdformat 12 includes it: in a world, that light or actor,
// named by //include/name and posed by //include/pose (which replaces its
// own pose), an actor with the include's plugins, the rest of the include
// ignored with a warning each; in a model, which holds none, dropped with a
// warning (INCLUDE_NOT_MODEL); merged, MERGE_INCLUDE_UNSUPPORTED.
// An include's <experimental:params> (libsdformat's edits of the included
// model, include_params.h) are applied to the included file before it is
// read, so that file is read anew for that include; edits that reach into
// an include of the included file are handed on to it.
// A URI that names no file (INCLUDE_URI_UNRESOLVED), a file that includes
// itself through any chain (INCLUDE_CYCLE) and a file holding a world or
// nothing to include (INCLUDE_NOT_MODEL) are reported at the <include>, and
// the include is left out; with IncludeSearch::Unresolved::kKeep, an
// unresolved URI is a warning and its placeholder stays in the result (the
// caller puts a stand-in there: include_stand_ins.h). Each file is loaded once however often it is included.
//
// Iterative: neither the depth of nesting nor that of inclusion is
// recursed on; the work is linear in the size of the result (plus the
// length of the include chain for each include, for the cycle check).
//
//   Document doc = ...;  // read by a front end, placeholders inside
//   if (HasIncludePlaceholders(doc)) {
//     doc = ExpandIncludes(std::move(doc), loader, options, &diags);
//   }
#ifndef SDFCONV_CONVERTERS_INCLUDE_COMPOSE_H_
#define SDFCONV_CONVERTERS_INCLUDE_COMPOSE_H_

#include <functional>
#include <optional>
#include <string>

#include "converters/include/include_params.h"
#include "converters/include/uri_resolver.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/limits.h"

namespace sdfconv {

// Reads one file into a Document with its own includes left as
// placeholders; nothing (with errors in `diags`) when it cannot. With
// `edits`, its model is edited first (ApplyIncludeParams), and the edits of
// its own includes are put in `handed_on`, keyed by the node of their
// <include> (IncludeSpec::node) in the file it read.
using IncludeLoader = std::function<std::optional<Document>(
    const std::string& file, const std::vector<ParamEdit>& edits,
    ForwardedEdits* handed_on, Diagnostics* diags)>;

struct ComposeOptions {
  IncludeSearch search;
  // The SDFormat versions a front end reads (for model.config entries).
  VersionSupported supported;
  // The edits an <include> (IncludeSpec::node) writes in its
  // <experimental:params> (IncludeParamEdits); unset: none.
  std::function<std::vector<ParamEdit>(const NodeRef& include)> params_of;
  // include_instances and elements bound the expansion: past either, it
  // stops with INPUT_LIMIT_EXCEEDED at the <include> that would pass it.
  Limits limits;
};

// The name an include placeholder is known by before its file is read:
// //include/name, else the last segment of its //include/uri
// ("model://arm/" -> "arm"), or a Fuel URL's model name (".../models/
// Coke/3" -> "Coke"), which names the included model when the model is
// named after its folder.
[[nodiscard]] std::string PlaceholderName(const Element& placeholder);

// Whether `doc` has an include placeholder.
[[nodiscard]] bool HasIncludePlaceholders(const Document& doc);

// `doc` with every include expanded, as described above.
[[nodiscard]] Document ExpandIncludes(const Document& doc,
                                      const IncludeLoader& load,
                                      const ComposeOptions& options,
                                      Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_COMPOSE_H_
