// The generated half of //converters/sdf:schema: schema_table.cc, written
// at build time by //converters/sdf/schema_gen from the project's version
// tables and deltas, defines these. Internal: use
// schema.h.
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_TABLE_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_TABLE_H_

#include <cstddef>

#include "converters/sdf/schema.h"

namespace sdfconv::internal {

// Every version of the table, oldest first.
extern const SchemaVersion kSchemaVersions[];
extern const size_t kSchemaVersionCount;

}  // namespace sdfconv::internal

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_TABLE_H_
