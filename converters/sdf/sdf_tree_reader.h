// The reading shared by the SDFormat front ends (SdfReader for 1.7/1.8,
// LegacySdfReader for 1.2-1.6): turns the <world>s (each a root of the
// Document), or the one <model>, <light> or <actor>, of an SDFormat file
// into a Document (a root holding none of them,
// which the schema allows, into a Document without elements, with a
// warning ELEMENT_MISSING). What differs between versions, as far as
// the core is concerned, is a handful of facts (SdfDialect); each front end
// says which versions it reads and what their dialect is, and this file
// knows no version number (sdf_dialect.h does). The URDF front end reads
// the SDFormat it builds with it too.
//
// What is read: models nested to any depth, links (pose, inertial), joints
// (type, parent, child, axes), frames, and the name and pose of collisions,
// visuals, sensors, lights and a world's actors (an actor's skeleton is
// not read). Every other named child of a world, model,
// link or joint (plugin, gripper, physics, ...) becomes a kOther
// element carrying only its tag and name, for the core's sibling-name
// checks. Custom elements (namespace prefix, "mysim:thing") are not SDFormat
// and are skipped with their contents.
//
// Phase 1, schema validation, runs first over the whole file
// (schema_check.h: values, required attributes and elements of every
// element, not only those read here); what it finds is reported unless the
// reading below reports the same thing at the same element.
//
// What is checked here: required name/type attributes and <parent>/<child>
// elements, the syntax of values (<pose>, <static>, <xyz>, inertial
// numbers, <use_parent_model_frame>), known joint types, every link's
// inertia (LINK_INERTIA_INVALID, libsdformat's rule: core/inertia.h). An
// <include> in a world or model becomes an include placeholder (a kModel
// Element with `include` set: uri, name, pose, placement_frame, static,
// and the <joint>s, <frame>s and <plugin>s it adds as children), which
// composition (converters/include/compose.h) replaces by the included
// model; a missing <uri> is ELEMENT_MISSING. An attribute or element that belongs to another
// version than the file's (//pose/@relative_to in a 1.6 file,
// <use_parent_model_frame> in a 1.7 file, <frame> inside a 1.7 link) gets a
// warning and is ignored. What is left to the core: empty, reserved and
// duplicate names, and what every name refers to.
//
// The walk uses an explicit stack (no recursion on the input's depth) and
// adds Elements in document pre-order, as document.h requires. Each
// Element's `source` is {file, line, element path} and its `node` the
// element it was read from.
//
//   // in a FrontEnd's Read:
//   return ReadAcceptedSdf(*this, "1.7, 1.8", tree, *sources, diags, false);
#ifndef SDFCONV_CONVERTERS_SDF_SDF_TREE_READER_H_
#define SDFCONV_CONVERTERS_SDF_SDF_TREE_READER_H_

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/front_end.h"
#include "converters/sdf/sdf_dialect.h"
#include "converters/xml/xml_sources.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {

// Reads tree `tree` of `sources` as the SDFormat front end `front_end`
// does: its root must be <sdf> (or 1.2's <gazebo>) of a version the front
// end accepts, else one error (ELEMENT_INVALID for another root element,
// ATTRIBUTE_MISSING without a version, VERSION_UNSUPPORTED naming
// `supported`) and nothing; then ReadSdfTree with that version's dialect
// (`strict`: DialectOf's).
[[nodiscard]] std::optional<Document> ReadAcceptedSdf(
    const FrontEnd& front_end, std::string_view supported, int32_t tree,
    const XmlSources& sources, Diagnostics* diags, bool strict);

// How much of a tree ReadSdfTree reads.
enum class SdfReading {
  kAll,       // phase 1, then everything
  kNoSchema,  // everything but phase 1
  // No phase 1, no locations (every SourceLocation empty), poses
  // without their numbers (present and relative_to only; X the
  // identity) and no mass properties (no Element::inertial, no
  // Element::solid): what a reader that wants the structure asks, like
  // the upgrade's view of a tree it is editing (kinds, names, frame
  // graph).
  kStructure,
};

// Reads the <world>s, or the one <model>, <light> or <actor>, under the
// root element of `xml` into a Document of `version`, following `dialect`;
// every Element's NodeRef names its node in `xml`, tree `tree` of the read.
// An empty Document (with a warning) when the root holds none; errors for
// anything else directly under it.
[[nodiscard]] std::optional<Document> ReadSdfTree(
    const XmlTree& xml, int32_t tree, const std::string& version,
    const SdfDialect& dialect, Diagnostics* diags,
    SdfReading reading = SdfReading::kAll);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_TREE_READER_H_
