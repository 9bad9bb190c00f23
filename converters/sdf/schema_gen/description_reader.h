// Reads SDFormat description files (the element reference libsdformat is
// built from, /usr/share/sdformat12/<version>/*.sdf) into plain data, for
// the schema table generator. Build-time only.
//
// A description file holds one <element name=... required=... [type=...
// default=... min=... max=...]> with <attribute>s, nested <element>s,
// `<element copy_data="true">` (free children), `<element name=... ref=X>`
// (the definition of file X.sdf under that name) and `<include
// filename=... required=...>` (the definition of another file). Each file's
// root element becomes one definition, shared by every include and ref of
// it, so cycles (a model holding models) stay finite. Nothing recurses on
// the descriptions' depth: definitions are read from a work list.
//
// A child's `required` is the include's (or ref's) when it says one, else
// that of the included file's root: `<include filename="noise.sdf"
// required="0"/>` makes <noise> optional even though noise.sdf's root says
// "1". libsdformat reads only the file's; docs/conformance.md says why it
// does not matter to what sdfconv reports.
//
//   DescriptionSet set = ReadDescriptions({"/usr/share/sdformat12/1.8/root.sdf",
//                                          ...});
//   if (!set.errors.empty()) { ... }
#ifndef SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DESCRIPTION_READER_H_
#define SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DESCRIPTION_READER_H_

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace sdfconv::schema_gen {

struct DescAttribute {
  std::string name;
  std::string type;  // as written: "double", "unsigned int", ...
  bool required = false;  // required="1"
  std::string default_value;
  std::optional<std::string> min;
  std::optional<std::string> max;
};

struct DescChild {
  size_t element = 0;    // index into DescVersion::elements
  std::string required;  // "0", "1", "*", "+" or "-1"
};

struct DescElement {
  std::string name;
  std::string type;      // empty: no value
  std::string required;  // its own, as written
  bool copy_data = false;
  std::optional<std::string> default_value;
  std::optional<std::string> min;
  std::optional<std::string> max;
  std::vector<DescAttribute> attributes;
  std::vector<DescChild> children;  // <element>s first, then <include>s
  std::string source;               // "model.sdf:12", for messages
};

struct DescVersion {
  std::string version;  // the folder's name: "1.8"
  size_t root = 0;
  std::vector<DescElement> elements;  // elements[root] first, then in order
};

struct DescriptionSet {
  std::vector<DescVersion> versions;  // sorted by version
  std::vector<std::string> errors;    // empty when everything was read
  // Includes of files that are not among the inputs ("1.8/sensor.sdf:70:
  // navsat.sdf"): Debian's sdformat-sdf 12.3 does not install 1.7's,
  // 1.8's and 1.9's navsat.sdf, which sensor.sdf includes. The include is
  // left out, as libsdformat leaves out a description it cannot load; such
  // an element is then unknown to the table.
  std::vector<std::string> missing_includes;
};

// Groups `files` by folder (one folder per version, named after it), and
// reads each version from its root file: root.sdf, or gazebo.sdf when the
// folder has no root.sdf (SDFormat 1.2). An include of a file that is not
// among `files` is listed in `missing_includes`; a ref to one, a root file
// that is missing, and malformed descriptions (no name or required, an
// attribute without type or default) are errors.
[[nodiscard]] DescriptionSet ReadDescriptions(
    const std::vector<std::string>& files);

}  // namespace sdfconv::schema_gen

#endif  // SDFCONV_CONVERTERS_SDF_SCHEMA_GEN_DESCRIPTION_READER_H_
