// ParseWithUrdfdom: urdfdom's verdict on a URDF file, and its model.
//
// urdfdom (`urdf::parseURDF`) is the parser ROS uses, so a URDF is accepted
// exactly when urdfdom accepts it. urdfdom says why it rejects a file only
// through console_bridge; while it parses, a console_bridge output handler
// collects what it says (a process-wide mutex serialises calls, because
// console_bridge's handler and log level are global). Its errors become one
// error diagnostic, `kUrdfInvalid`, whose message is urdfdom's own text
// (every error line, joined by "; "), placed at the element it is about
// when the text names one (a link, joint or material, refined to the child
// element the message mentions: <inertial>, <limit>, <origin>, ...), else at
// <robot>. Its warnings ("link 'l' material 'm' undefined.") become
// warnings the same way. urdfdom also logs errors it then ignores (a link
// whose <inertial> or <visual> it cannot read is kept with what it read,
// and ROS accepts the file): those become one warning, kUrdfInvalid, and the
// file is accepted.
//
// urdfdom reads the document as an XML 1.0 parser reads it (UrdfdomText):
// the safety rules of xml_tree.h apply first, and attribute values are
// already normalised as XML 1.0 prescribes. urdfdom's XML parser (TinyXML)
// recurses on element depth, so documents nested deeper than
// kUrdfdomMaxDepth are refused (INPUT_LIMIT_EXCEEDED) before it runs.
//
//   std::shared_ptr<const urdf::ModelInterface> model =
//       ParseWithUrdfdom(xml, &diags);
//   if (!model) return;  // diags says why, in urdfdom's words
#ifndef SDFCONV_CONVERTERS_URDF_URDFDOM_PARSE_H_
#define SDFCONV_CONVERTERS_URDF_URDFDOM_PARSE_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <urdf_model/model.h>

#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"

namespace sdfconv {

// Until core/diagnostic.h has its own code for "urdfdom rejects this URDF"
// (URDF_INVALID), urdfdom's findings carry this one.
inline constexpr Code kUrdfInvalid = Code::kUrdfInvalid;

inline constexpr int kUrdfdomMaxDepth = 1000;

// urdfdom's model of `xml`, or null (with an error in `diags`) when urdfdom
// rejects it. The model's links are unlinked from each other when the last
// copy of the pointer goes, so destroying it never recurses on the depth of
// the kinematic tree.
[[nodiscard]] std::shared_ptr<const urdf::ModelInterface> ParseWithUrdfdom(
    const XmlTree& xml, Diagnostics* diags);

// The text urdfdom is given for `xml`: the document as the tree holds it
// when TinyXML reads that text as an XML 1.0 parser does (an ASCII UTF-8
// text with no character or entity reference, no carriage return, no CDATA
// section, and no tab or line break inside an attribute value, which XML
// reads as a space and TinyXML keeps); otherwise WriteNormalizedXml(xml),
// which writes it so. Most URDFs take the first way, which costs a copy;
// the second decodes and escapes every value again.
[[nodiscard]] std::string UrdfdomText(const XmlTree& xml);

// Where in `xml` the urdfdom messages of one failure (or one warning) point:
// the element they name, refined to the child they mention; the root
// element when they name none.
[[nodiscard]] SourceLocation LocateUrdfdomMessages(
    const XmlTree& xml, const std::vector<std::string>& messages);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDFDOM_PARSE_H_
