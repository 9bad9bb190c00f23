// Include stand-ins: a file with its <include>s replaced by models that
// stand for what the file says about the included models, so that the core
// can read, validate and resolve it without reading the included files.
//
// Used by verification only (verify.h), on the input and the output alike.
// Each <include> becomes a model with the include's name, pose and static
// flag, holding one link for each name the file refers to inside it
// (`<child>wall::link</child>` -> link `link` in model `wall`), at a fixed,
// distinct pose derived from that name, so that both sides place it alike.
// Before SDFormat 1.5 there are no nested models (libsdformat flattened an
// include into the model around it): there the stand-in of an include in a
// model is the links themselves, named `wall::link`, posed by the
// include's pose composed with the link's.
//
// An include without <name> is known by its model's own name, which only
// the included file says. When, in one scope, the file refers to exactly
// one prefix that names nothing (`iris::base_link`) and exactly one
// unnamed include is referred to by no name at all, the stand-in takes that
// prefix. This can only make a file readable for the check; it never
// changes what the file says.
#ifndef SDFCONV_CONVERTERS_UPGRADE_INCLUDE_STAND_INS_H_
#define SDFCONV_CONVERTERS_UPGRADE_INCLUDE_STAND_INS_H_

#include <string>
#include <string_view>

namespace sdfconv::upgrade {

// `text` with every <include> of a model or world replaced by its stand-in;
// `text` itself when it has none or cannot be parsed.
[[nodiscard]] std::string WithIncludeStandIns(std::string_view text,
                                              const std::string& path);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_INCLUDE_STAND_INS_H_
