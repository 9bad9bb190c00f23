// Include stand-ins: a Document whose include placeholders are replaced by
// models that stand for what the document says about the included models,
// so that the core can validate and resolve it without reading the
// included files.
//
// Used by the proofs of the upgrade (converters/upgrade/verify.h) when an
// included model is not at hand, on the input and the output alike: the
// proof then covers everything the file itself says, whatever the included
// files contain.
//
// Each placeholder becomes a model with the include's name (its <name>,
// else the last segment of its <uri>), pose and static flag (not its
// placement frame, which names a frame of the included file), holding one
// link for each name the document refers to inside it
// (`<child>wall::link</child>` -> link `link` in model `wall`), at a fixed,
// distinct pose derived from that name, so that both sides of a proof place
// it alike. Before SDFormat 1.5 there are no nested models (libsdformat
// flattened an include into the model around it): there the stand-in of an
// include in a model is the links themselves, named `wall::link`, posed by
// the include's pose composed with the link's. A merge-include
// (IncludeSpec::merge) puts its model's content into the including scope:
// its stand-in is, in that scope, a link named as its proxy frame would be
// (`_merged__NAME__model__`, at the include's pose: the scope has a link,
// as with the content merged), then, when the scope has exactly one
// merge-include, a link for each plain name the document refers to there
// that names nothing else (and a nested model for each `a::` prefix that
// names nothing), posed by the include's pose composed with the link's. What an
// include adds inside it (<joint>, <frame>, <plugin>) is not part of its
// stand-in. Every element
// of a stand-in has IncludeSpec::stand_in set, with the include's NodeRef,
// and the include's source.
//
// An include without <name> is known by its model's own name, which only
// the included file says. When, in one scope, the document refers to
// exactly one prefix that names nothing (`iris::base_link`) and exactly one
// unnamed include is referred to by no name at all, the stand-in takes that
// prefix. This can only make a document readable for a proof; it never
// changes what the document says.
//
// The references read are those the core resolves: //pose/@relative_to,
// //frame/@attached_to, //joint/parent and child, //axis/xyz/@expressed_in,
// //model/@canonical_link and @placement_frame. Linear in the document
// plus its references' lengths; no recursion.
//
//   if (HasIncludePlaceholders(doc)) doc = WithIncludeStandIns(doc);
#ifndef SDFCONV_CONVERTERS_INCLUDE_INCLUDE_STAND_INS_H_
#define SDFCONV_CONVERTERS_INCLUDE_INCLUDE_STAND_INS_H_

#include "core/document.h"

namespace sdfconv {

// `doc` with every include placeholder replaced by its stand-in.
[[nodiscard]] Document WithIncludeStandIns(const Document& doc);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_INCLUDE_STAND_INS_H_
