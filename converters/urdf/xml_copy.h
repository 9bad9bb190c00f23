// Copying input XML verbatim into an SdfTree.
//
// What the URDF importer cannot map element by element (<gazebo> content
// it does not know, <transmission>, elements that are not URDF) it copies as
// written: tags, attributes, text, CDATA (as text) and comments, to any
// depth, without recursion. Each copied element keeps its source location.
//
// Namespaced tags and attributes ("sensor:contact", "xacro:foo") keep their
// prefix; the prefix and its URI are recorded in `namespaces` so that the
// writer can declare them on the output's root element. A prefix the input
// never declared is recorded with an empty URI.
//
//   Namespaces ns;
//   CopyXml(xml, gazebo_child, &tree, link_node, &ns);
//   CopyXml(xml, transmission, &tree, model, &ns, "urdf:transmission");
#ifndef SDFCONV_CONVERTERS_URDF_XML_COPY_H_
#define SDFCONV_CONVERTERS_URDF_XML_COPY_H_

#include <map>
#include <string>
#include <string_view>

#include "converters/urdf/sdf_tree.h"
#include "converters/xml/xml_document.h"

namespace sdfconv {

// Namespace prefix -> URI ("" when the input never declared the prefix).
using Namespaces = std::map<std::string, std::string>;

// Copies `element` and everything in it as the last child of `parent`;
// returns the new node. `tag` replaces the copied element's own tag when
// given (its children keep theirs).
NodeId CopyXml(const XmlDocument& xml, const xmlNode* element, SdfTree* tree,
               NodeId parent, Namespaces* namespaces,
               std::string_view tag = {});

// Copies the attributes of `element` (namespaced ones with their prefix)
// onto `node`.
void CopyAttributes(const xmlNode* element, SdfTree* tree, NodeId node,
                    Namespaces* namespaces);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_XML_COPY_H_
