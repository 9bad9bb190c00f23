// Phase 1's findings and the reader's, reported once: the schema check
// (schema_check.h) looks at every element of a file, the reader
// (sdf_tree_reader.h) at those it reads, and both can find the same thing.
//
// Invariant: a problem at one element is reported once, by the reader when
// it reports it (its message says what it reads); a schema finding that an
// element or attribute is unknown is dropped when the reader read it (an
// element of a later version, read as libsdformat reads it) or said what
// it makes of it. An element the reader keeps only for the name checks
// (a named <lnk> in a model) is not read: phase 1's ELEMENT_UNKNOWN stands.
//
//   Diagnostics schema;
//   CheckSchema(xml, version, &schema);
//   const size_t first = diags->size();
//   std::optional<Document> doc = ... read, reporting into diags ...;
//   AppendUnreported(schema, doc, first, diags);
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_FINDINGS_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_FINDINGS_H_

#include <cstddef>
#include <optional>

#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// Appends to `diags` the findings of `schema` that the reading (what
// `diags` got from index `first` on, and the Elements of `doc`) did not
// already account for; the rules are in the .cc.
void AppendUnreported(const Diagnostics& schema,
                      const std::optional<Document>& doc, size_t first,
                      Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_FINDINGS_H_
