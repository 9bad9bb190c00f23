#include "converters/sdf/schema.h"

#include "converters/sdf/schema_table.h"

namespace sdfconv {

std::string_view ValueTypeName(ValueType type) {
  switch (type) {
    case ValueType::kNone: return "";
    case ValueType::kString: return "string";
    case ValueType::kBool: return "bool";
    case ValueType::kInt: return "int";
    case ValueType::kUnsignedInt: return "unsigned int";
    case ValueType::kDouble: return "double";
    case ValueType::kFloat: return "float";
    case ValueType::kTime: return "time";
    case ValueType::kVector2d: return "vector2d";
    case ValueType::kVector3: return "vector3";
    case ValueType::kPose: return "pose";
    case ValueType::kColor: return "color";
  }
  return "";
}

const SchemaVersion* FindSchemaVersion(std::string_view version) {
  for (size_t i = 0; i < internal::kSchemaVersionCount; ++i) {
    if (internal::kSchemaVersions[i].version == version) {
      return &internal::kSchemaVersions[i];
    }
  }
  return nullptr;
}

const SchemaVersion* NextSchemaVersion(const SchemaVersion& version) {
  const size_t next =
      static_cast<size_t>(&version - internal::kSchemaVersions) + 1;
  return next < internal::kSchemaVersionCount ? &internal::kSchemaVersions[next]
                                              : nullptr;
}

const SchemaVersion* PreviousSchemaVersion(const SchemaVersion& version) {
  return &version == internal::kSchemaVersions ? nullptr : &version - 1;
}

namespace {

// `name` (a table's C string) equals `text`: compared character by
// character, without measuring `name` first (the lookups below run for
// every element and attribute read).
bool NameIs(const char* name, std::string_view text) {
  for (const char c : text) {
    if (*name == '\0' || *name != c) return false;
    ++name;
  }
  return *name == '\0';
}

}  // namespace

const SchemaChild* FindChild(const SchemaVersion& version,
                             const SchemaElement& parent,
                             std::string_view name) {
  for (uint32_t i = 0; i < parent.child_count; ++i) {
    const SchemaChild& child = version.children[parent.first_child + i];
    if (NameIs(version.element(child.element).name.some(), name)) {
      return &child;
    }
  }
  return nullptr;
}

const SchemaAttribute* FindAttribute(const SchemaVersion& version,
                                     const SchemaElement& element,
                                     std::string_view name) {
  for (uint32_t i = 0; i < element.attribute_count; ++i) {
    const SchemaAttribute& a = version.attributes[element.first_attribute + i];
    if (NameIs(a.name.some(), name)) return &a;
  }
  return nullptr;
}

}  // namespace sdfconv
