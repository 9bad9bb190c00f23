// Schema check: phase 1 of the parsing phases, "XML parsing and schema
// validation" (004 and 003 model and world phase 1; 000 for 1.4-1.6): the
// XML of an SDFormat file against the element reference of its version
// (schema.h, generated from the sdformat-sdf descriptions).
//
// What it reports, each at the element concerned (file, line, element
// path):
//   VALUE_INVALID       an element's text is not a value of its type, or is
//                       out of its bounds (schema_values.h)
//   POSE_INVALID        the same for an element of type pose (seven
//                       numbers where 1.9's rotation_format="quat_xyzw"
//                       says so, in any version: sdf_dialect.h)
//   ATTRIBUTE_INVALID   an attribute's value is not of its type (or a
//                       rotation_format other than euler_rpy, quat_xyzw,
//                       or degrees="true" with quat_xyzw)
//   ATTRIBUTE_MISSING   a required attribute is absent
//   ELEMENT_MISSING     a required child ("1" or "+") that libsdformat
//                       cannot do without is absent: a joint's <parent> or
//                       <child>, a <script>'s <uri> or <name>, a
//                       <submesh>'s <name> (these may not be empty either).
//                       As a warning: any other required child whose
//                       description gives no default (the placeholder
//                       "__default__": a <mesh>'s <uri>, a <projector>'s
//                       <texture>), which libsdformat accepts. A required
//                       child with a default is taken to have it, as
//                       libsdformat fills it in (a 1.4 <link> without
//                       <velocity_decay>).
//   warnings            ELEMENT_UNKNOWN for an element the version does
//                       not have there (named or not), with the closest
//                       element it allows there as a hint ("did you mean
//                       <visual>?", core/closest_word.h); when a later
//                       version has it there, LATER_VERSION_FEATURE instead
//                       (`later_elements`: read as libsdformat reads it).
//                       ELEMENT_INVALID for a deprecated element;
//                       ATTRIBUTE_INVALID for an attribute the version does
//                       not have. All are ignored, as libsdformat ignores
//                       (copies) them; whether ELEMENT_UNKNOWN is an error
//                       (--strict) is the caller's (ReadOptions).
// Free, as in libsdformat: custom elements and attributes (a namespace
// prefix, "mysim:thing"), and whatever is inside an element whose
// description says `copy_data` (a <plugin>'s contents) or that the version
// does not know. The content of name attributes is the names phase's
// (core/names.cc): 000 phase 2 "is distinct from validation with the
// schema because the schema only confirms the existence of name
// attributes, not their content".
//
// The walk uses an explicit stack (no recursion on the input's depth) and
// reports in document order. It never stops early: every problem in the
// file is reported.
//
//   CheckSchema(xml, "1.8", &diags);
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_CHECK_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_CHECK_H_

#include <string_view>

#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace sdfconv {

// Checks `xml`, whose root is <sdf> (or 1.2's <gazebo>), against the schema
// of `version` ("1.2" ... "1.12"). A version without a schema is reported
// as VERSION_UNSUPPORTED. `later_elements`: an element a later version has
// where the file has it is a later feature (false: to the letter of
// `version`, unknown; SdfDialect::later_elements).
void CheckSchema(const XmlTree& xml, std::string_view version,
                 Diagnostics* diags, bool later_elements = true);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_CHECK_H_
