// Applies schema deltas (delta.h) to the descriptions read from files: a
// delta's version is its base version copied, then changed statement by
// statement. Build-time only.
//
// Invariant: a version made by ApplyDelta is shaped like one read from
// files: every definition is reachable from its root (what `remove` leaves
// unreachable is dropped), indices stay inside the version, and versions
// stay sorted.
//
// A PATH names the definition reached from the root by child names (the
// first child of each name, as FindChild looks one up). Definitions are
// shared as in the description files (one per file, and one per inline
// <element>): a change to the definition at `model/link/collision/geometry`
// holds wherever geometry.sdf is included, exactly as an edit of
// geometry.sdf would. What each verb does:
//   add PATH ...     a new child of PATH's parent, named by PATH's last
//                    name: a new definition (own required = R), the
//                    existing definition at `is=` (which must bear that
//                    name; R is the child's occurrence only, as an
//                    <include required=...>), or a copy of the definition at
//                    `like=` under the new name (its children shared).
//   add PATH@A ...   a new attribute.
//   remove           drops the child from its parent (or the attribute).
//   rename           renames the definition, in every parent that has it.
//   set required=R   the child's occurrence in its parent and the
//                    definition's own required (as an inline <element
//                    required=...> says both).
//   set default/min/max  the element's value (it must have a type) or the
//                    attribute's.
// Adding a name that the parent already has, and any statement on a path
// that does not exist, is an error naming the statement's line.
//
//   DeltaParse p = ParseDelta(text, "1.10.txt");
//   std::vector<std::string> errors = ApplyDelta(p.delta, &set);
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DELTA_APPLY_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DELTA_APPLY_H_

#include <string>
#include <vector>

#include "converters/sdf/schema_gen/delta.h"
#include "converters/sdf/schema_gen/description_reader.h"

namespace sdfconv::schema_gen {

// Adds `delta.version` to `set`, made from `delta.base` (which `set` must
// hold, and `delta.version` not). Every statement is tried; the errors
// ("1.10.txt:12: ...") are returned, empty on success. On errors the new
// version may be incomplete, and must not be written.
[[nodiscard]] std::vector<std::string> ApplyDelta(const Delta& delta,
                                                  DescriptionSet* set);

}  // namespace sdfconv::schema_gen

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DELTA_APPLY_H_
