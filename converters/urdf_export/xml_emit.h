// Writing elements of the source SDF XML into URDF text, as written.
//
// The URDF back end copies some SDF content verbatim: what the URDF front end
// kept in the `urdf:` namespace (<urdf:transmission> -> <transmission>), and
// the sensors, plugins and other simulator content that go into <gazebo>
// blocks. EmitXml writes one element and everything in it, laid out by the
// one indented writer (converters/xml/xml_write.h): tags and attributes as
// written (namespaced ones with their prefix), values escaped, comments
// kept, two spaces of indentation per level.
//
// Invariants: nothing recurses on the depth of the copied content, and the
// output is well-formed XML whatever the input held. Attributes of the urdf
// namespace (urn:sdfconv:urdf) are never written: they describe the URDF the
// SDF came from, not the element.
//
//   XmlNamespaces used;
//   XmlEmitOptions options;
//   options.tag = "transmission";
//   std::string text = EmitXml(urdf_transmission, options, &used);
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_XML_EMIT_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_XML_EMIT_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "converters/xml/xml_element.h"

namespace sdfconv {

// The namespace of the URDF front end's custom elements (docs/urdf.md).
inline constexpr char kUrdfNamespace[] = "urn:sdfconv:urdf";

// Namespace prefix -> URI of every prefixed tag or attribute written, so the
// caller can declare them on <robot>.
using XmlNamespaces = std::map<std::string, std::string>;

struct XmlEmitOptions {
  // Replaces the top element's tag (its children keep theirs); empty: kept.
  std::string tag;
  // Spaces before the top element.
  int indent = 2;
  // When set: the top element's direct <pose> child is written with this
  // text and no attributes (added as the first child when there is none);
  // an empty text leaves the <pose> out.
  std::optional<std::string> pose;
  // An element carrying urdf:name is written with name = that value.
  bool restore_names = false;
  // When set: the `name` of every <joint> inside is mapped through it (an
  // unmapped name is written as it is).
  const std::map<std::string, std::string>* joint_names = nullptr;
  // Where each repair of a departure from well-formedness the input was
  // read with (`--` in a comment, a bare `&`: XmlTree::RepairTolerances)
  // is said; the copy is repaired in any case.
  Diagnostics* diags = nullptr;
};

// The element and its content as URDF text, ending with a newline. Records
// each prefix written in `used`.
[[nodiscard]] std::string EmitXml(XmlElement element,
                                  const XmlEmitOptions& options,
                                  XmlNamespaces* used);

// True when `element` is in the urdf namespace (<urdf:mimic>).
[[nodiscard]] bool InUrdfNamespace(XmlElement element);
// The element's tag without its prefix ("mimic" for <urdf:mimic>).
[[nodiscard]] std::string LocalTag(XmlElement element);
// The urdf:name attribute, if present.
[[nodiscard]] std::optional<std::string> UrdfAttribute(XmlElement element,
                                                       std::string_view name);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_XML_EMIT_H_
