// Schema: the SDFormat element reference of every version from 1.2 to
// 1.12, as a table generated at build time.
//
// The table comes from the project's data: for 1.2 to 1.9, its version
// tables (schema_gen/tables/<version>.txt, the description files Debian's
// sdformat-sdf installs under /usr/share/sdformat12, the files libsdformat
// 12 is built from, as tools/schema_tables.sh writes them) and, for 1.10
// to 1.12, its deltas (schema_gen/deltas/<version>.txt: a version as the
// one before plus its changes; docs/schema_deltas.md):
// //converters/sdf/schema_gen reads both and writes schema_table.cc, so
// nothing here is typed by hand. For each version it
// holds every element definition reachable from the root (`root.sdf`, or
// `gazebo.sdf` for 1.2): its value type, default and bounds, its attributes
// (type, required, default), its children and how often each may occur
// (the descriptions' `required`: "0", "1", "*", "+", "-1").
//
// Definitions refer to each other by index into their version's arena,
// and to their names and values by offset into one text (SchemaText). An
// included file (`<include filename="pose.sdf">`) and a `ref` (`<element
// name="model" ref="model">`) name one shared definition, so recursive
// definitions are finite: the <model> child of a 1.8 <model> is the model
// definition itself, and a cycle of includes is a cycle of indices.
// A definition with `copy_data` leaves its children free (a <plugin>'s
// contents are the plugin's).
//
//   const SchemaVersion* v = FindSchemaVersion("1.8");
//   const SchemaElement& sdf = v->element(v->root);
//   if (const SchemaChild* c = FindChild(*v, sdf, "model")) {
//     const SchemaElement& model = v->element(c->element);
//   }
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace sdfconv {

// The value types of the descriptions (`type="..."`). kNone: the element
// holds no value, only attributes and children.
enum class ValueType : uint8_t {
  kNone,
  kString,
  kBool,
  kInt,          // "int": 32-bit signed
  kUnsignedInt,  // "unsigned int": 32-bit unsigned
  kDouble,
  kFloat,
  kTime,      // "sec nsec", two integers
  kVector2d,  // two numbers
  kVector3,   // three numbers
  kPose,      // x y z roll pitch yaw
  kColor,     // r g b [a], each in [0, 1]
};

// "double", "unsigned int", ... as the descriptions write the type.
[[nodiscard]] std::string_view ValueTypeName(ValueType type);

// How often a child may occur in its parent (the description's `required`).
enum class Occurrence : uint8_t {
  kOptional,    // "0": at most once
  kRequired,    // "1": exactly once
  kAny,         // "*": any number of times
  kOneOrMore,   // "+": at least once
  kDeprecated,  // "-1": accepted, deprecated
};

namespace internal {
// Every string of the table, each ended by a NUL (schema_table.cc).
extern const char kSchemaText[];
}  // namespace internal

// A string of the table, or none: where it starts in
// internal::kSchemaText. An offset, not a pointer, so that the table holds
// no address: it is read-only data the program maps as it is, with no
// relocation when it starts, and only the pages a run reads are ever
// loaded. Reads as the C string it names (null for none).
class SchemaText {
 public:
  constexpr SchemaText() = default;
  constexpr explicit SchemaText(uint32_t offset) : offset_(offset) {}

  [[nodiscard]] const char* c_str() const {
    return offset_ == kNone ? nullptr : internal::kSchemaText + offset_;
  }
  operator const char*() const {  // NOLINT(google-explicit-constructor)
    return c_str();
  }
  // c_str() of a text known to be there (a name), without the test.
  [[nodiscard]] const char* some() const {
    return internal::kSchemaText + offset_;
  }

 private:
  static constexpr uint32_t kNone = UINT32_MAX;
  uint32_t offset_ = kNone;
};

struct SchemaAttribute {
  SchemaText name;
  ValueType type;
  bool required;             // required="1"
  SchemaText default_value;  // never none
  SchemaText min;            // none when the description has none
  SchemaText max;
};

struct SchemaElement {
  SchemaText name;
  ValueType type;
  // The definition's own required="1": libsdformat refuses an empty value
  // for it (an empty <size/> in a <box>), and takes the default otherwise.
  bool value_required;
  // `<element copy_data="true">`: any children, not checked.
  bool copy_data;
  SchemaText default_value;  // none when there is no value or no default
  SchemaText min;            // none when the description has none
  SchemaText max;
  uint32_t first_attribute;
  uint32_t attribute_count;
  uint32_t first_child;
  uint32_t child_count;
};

struct SchemaChild {
  uint32_t element;  // index into SchemaVersion::elements
  Occurrence occurrence;
};

// One version's definitions. Indices in SchemaElement and SchemaChild point
// into these arrays.
struct SchemaVersion {
  const char* version;  // "1.8", "1.10"
  uint32_t root;        // <sdf> (<gazebo> for 1.2)
  const SchemaElement* elements;
  size_t element_count;
  const SchemaAttribute* attributes;
  size_t attribute_count;
  const SchemaChild* children;
  size_t child_count;

  [[nodiscard]] const SchemaElement& element(uint32_t index) const {
    return elements[index];
  }
};

// The table of `version` ("1.2" ... "1.12"), or null for any other.
[[nodiscard]] const SchemaVersion* FindSchemaVersion(std::string_view version);

// The version after `version` in the table (1.9 after 1.8), or null after
// the newest; the one before it, or null before the oldest. `version` is
// one of the table's (FindSchemaVersion).
[[nodiscard]] const SchemaVersion* NextSchemaVersion(
    const SchemaVersion& version);
[[nodiscard]] const SchemaVersion* PreviousSchemaVersion(
    const SchemaVersion& version);

// The child definition named `name` of `parent` (the first, as libsdformat
// looks it up), or null when `parent` has no such child.
[[nodiscard]] const SchemaChild* FindChild(const SchemaVersion& version,
                                           const SchemaElement& parent,
                                           std::string_view name);

// The attribute `name` of `element`, or null.
[[nodiscard]] const SchemaAttribute* FindAttribute(
    const SchemaVersion& version, const SchemaElement& element,
    std::string_view name);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_H_
