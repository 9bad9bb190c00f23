// Writes the schema table (converters/sdf/schema.h) as C++ source: the
// generated schema_table.cc. Build-time only.
//
// Each version becomes three constant arrays (elements, attributes,
// children) indexed as in its DescVersion; types and occurrences become
// enumerators of schema.h, and every string an offset (SchemaText) into
// one text, kSchemaText, that holds each string once: the arrays hold no
// pointer, so the program relocates nothing of them when it starts. A type or `required` the table has no
// enumerator for is an error, so a new kind of value in a future
// description stops the build instead of passing unchecked.
//
//   std::string source;
//   std::vector<std::string> errors = WriteSchemaTable(set, &source);
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_TABLE_WRITER_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_TABLE_WRITER_H_

#include <string>
#include <vector>

#include "converters/sdf/schema_gen/description_reader.h"

namespace sdfconv::schema_gen {

// The C++ source of the table of `set`'s versions into `out` (its missing
// includes listed in a comment); the errors found (unknown types or
// required values), empty on success.
[[nodiscard]] std::vector<std::string> WriteSchemaTable(
    const DescriptionSet& set, std::string* out);

// A C++ string literal for `text` ("a\"b" for a"b).
[[nodiscard]] std::string CppLiteral(const std::string& text);

}  // namespace sdfconv::schema_gen

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_TABLE_WRITER_H_
