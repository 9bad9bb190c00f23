// Copying input XML verbatim into the SDFormat tree a URDF import builds.
//
// What the URDF importer cannot map element by element (<gazebo> content
// it does not know, <transmission>, elements that are not URDF) it copies as
// written: tags, attributes, text, CDATA and comments, to any depth,
// without recursion (XmlTree::Import). Each copied element stands for the
// element it was copied from (its origin: file, line, element path in the
// URDF).
//
// Namespaced tags and attributes ("sensor:contact", "xacro:foo") keep their
// prefix; the prefix and its URI are recorded in `namespaces` so that the
// importer can declare them on the output's root element (declarations on
// the copied elements themselves are not copied). A prefix the input never
// declared is recorded with an empty URI.
//
//   Namespaces ns;
//   CopyXml(gazebo_child, &tree, link_node, &ns);
//   CopyXml(transmission, &tree, model, &ns, "urdf:transmission");
#ifndef SDFCONV_CONVERTERS_URDF_XML_COPY_H_
#define SDFCONV_CONVERTERS_URDF_XML_COPY_H_

#include <map>
#include <string>
#include <string_view>

#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {

// Namespace prefix -> URI ("" when the input never declared the prefix).
using Namespaces = std::map<std::string, std::string>;

// Copies `element` and everything in it as the last child of `parent` in
// `tree`; returns the new node. `tag` replaces the copied element's own tag
// when given (its children keep theirs).
NodeId CopyXml(XmlElement element, XmlTree* tree, NodeId parent,
               Namespaces* namespaces, std::string_view tag = {});

// Copies the attributes of `element` (namespaced ones with their prefix;
// namespace declarations left out) onto `node`.
void CopyAttributes(XmlElement element, XmlTree* tree, NodeId node,
                    Namespaces* namespaces);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_XML_COPY_H_
