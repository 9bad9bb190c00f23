// Editing an included model: libsdformat's <experimental:params>.
//
// An <include> may hold <experimental:params>, whose children edit the
// included model before it is put in place (libsdformat 12,
// src/ParamPassing.cc, applied by src/parser.cc to the included file's
// element tree). Each child addresses an element of the included model by
// its tag and @element_id, the names from the model down joined by "::"
// ("chassis::lidar"), and says what to do with @action:
//  - add: the child (without element_id and action) is appended to the
//    element @element_id names ("" names the model itself); it needs a
//    non-empty @name, and a sibling of that tag and name must not exist
//    (plugins excepted: DUPLICATE_NAME);
//  - remove: without children, the element goes; with children, those of
//    its children go (each found by tag, and by name when it has one);
//  - replace: the element is replaced, in its place, by the child;
//  - modify: attributes are set, a value is set, children are modified
//    likewise (a child written empty takes the schema's default value);
//  - no @action: every child of the edit has its own action, applied to
//    the element's children found by tag and name.
// The element is looked up as libsdformat looks it up (getElementById:
// among named children, the longest name that is a prefix of what remains
// of the id, then into it), quirks included. An id that passes through an
// <include> of the included file (a nested include, named by its
// //include/name, else its URI's last segment) is an edit of that include:
// it is handed back (ForwardedEdits) to be applied when that file is read,
// after the include's own edits, as libsdformat applies the nested ones
// first. Errors are values at the edit's own line: ATTRIBUTE_MISSING (no
// @element_id, no @name to add, no @action on a child, no @name on a
// replacement), ATTRIBUTE_INVALID (an unknown action, an empty name, an
// id ending in "::"), ELEMENT_MISSING (nothing found), DUPLICATE_NAME.
// An edit in error is skipped and the others applied, as libsdformat does.
//
//   std::vector<ParamEdit> edits = IncludeParamEdits(including, include);
//   ForwardedEdits nested = ApplyIncludeParams(&copy, model, edits, &diags);
#ifndef SDFCONV_CONVERTERS_INCLUDE_INCLUDE_PARAMS_H_
#define SDFCONV_CONVERTERS_INCLUDE_INCLUDE_PARAMS_H_

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace sdfconv {

// One child of an <experimental:params>.
struct ParamEdit {
  const XmlTree* tree = nullptr;  // the file it is written in
  NodeId node = kNoNode;
  // What it addresses, inside the model it edits (rewritten when handed
  // to a nested include); nothing when @element_id is absent.
  std::optional<std::string> element_id;
  // Handed to a nested include, it edits that include's model itself.
  bool at_model = false;
};

// The edits of nested <include>s (by node in the edited tree), in order.
using ForwardedEdits = std::map<NodeId, std::vector<ParamEdit>>;

// The edits written in `include`'s <experimental:params> (any prefix
// bound to the name "experimental"), in order; none when it has none.
[[nodiscard]] std::vector<ParamEdit> IncludeParamEdits(const XmlTree& tree,
                                                       NodeId include);

// Applies `edits` to the <model> `model` of `tree` (the included file's
// own copy), as described above; `version` is that file's SDFormat version
// (for the default values a modify writes). Elements copied in keep the
// file and line they were written at.
[[nodiscard]] ForwardedEdits ApplyIncludeParams(
    XmlTree* tree, NodeId model, const std::string& version,
    const std::vector<ParamEdit>& edits, Diagnostics* diags);

// ApplyIncludeParams on the <model> of an included file `tree` (an
// SDFormat file, at its own version). A file holding no model (a light,
// an actor, a URDF) takes no edits: ELEMENT_INVALID at the first one.
[[nodiscard]] ForwardedEdits EditIncludedTree(
    XmlTree* tree, const std::vector<ParamEdit>& edits, Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_INCLUDE_PARAMS_H_
