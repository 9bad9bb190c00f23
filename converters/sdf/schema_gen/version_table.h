// One SDFormat version's element reference in the project's own form:
// tables/<version>.txt, the definitions of a DescVersion (description_reader.h)
// one line each, with their attributes and children under them.
// Build-time only; the format is in docs/schema_deltas.md.
//
// The tables of 1.2-1.9 are Debian's sdformat-sdf descriptions as
// ReadDescriptions() reads them, written once by tools/schema_tables.sh so
// that the build needs no installed package; 1.10 and later are deltas
// over them (delta.h).
//
// Invariant: ParseVersionTable(WriteVersionTable(set, i)) gives back
// set.versions[i] and its missing includes exactly, field for field and in
// order, so the schema table generated from the tables is byte-identical to
// the one generated from the descriptions.
//
//   table 1.9 root=0
//   missing sensor.sdf:70 navsat.sdf
//   element 0 sdf required=1 source=root.sdf:2
//     attribute version type=string required=1 default=1.9
//     child 1 required=0  # world
//   element 1 world required=* source=world.sdf:2
//     ...
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_VERSION_TABLE_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_VERSION_TABLE_H_

#include <string>
#include <string_view>
#include <vector>

#include "converters/sdf/schema_gen/description_reader.h"

namespace sdfconv::schema_gen {

// The text of the table of `set.versions[index]`, with the missing includes
// of that version, into `out`. Errors (nothing written): a name or value
// the format cannot hold (a blank in a name, `"` or a line break in a
// value).
[[nodiscard]] std::vector<std::string> WriteVersionTable(
    const DescriptionSet& set, size_t index, std::string* out);

// Reads the table texts, one version each, into a set sorted by version
// (as ReadDescriptions() gives it); `files[i]` names `texts[i]` in errors
// ("1.9.txt:12: ..."). Every malformed line is reported.
[[nodiscard]] DescriptionSet ParseVersionTables(
    const std::vector<std::string>& texts,
    const std::vector<std::string>& files);

}  // namespace sdfconv::schema_gen

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_VERSION_TABLE_H_
