// ImportUrdf: the SDFormat 1.8 model a URDF describes, as an XmlTree.
//
// This is the one reading of a URDF that both products of the URDF front
// end come from: the SDF text (urdf_to_sdf.h) and the core Document
// (urdf_front_end.h, which reads the tree with the SDFormat reader). It
//  1. asks urdfdom whether the file is a URDF (urdfdom_parse.h): what urdfdom
//     rejects is rejected with urdfdom's reason;
//  2. decides what every link and joint becomes (urdf_plan.h);
//  3. writes one <model> under <sdf version="1.8">: links, joints and frames
//     in document order with their content (urdf_link_content.h,
//     urdf_joint_content.h), <gazebo> extensions (gazebo_extensions.h), and
//     everything SDFormat has no element for (<transmission>, robot-level
//     <material>, <mimic>, floating and planar joints, elements that are not
//     URDF) verbatim as custom elements <urdf:TAG> in the namespace
//     kUrdfNamespaceUri (urdf_import_context.h). Comments are kept.
// Nothing is dropped silently: what changes meaning is a warning.
//
// The importer never computes a pose: URDF origins are copied as written
// and every relation is a `relative_to` or `attached_to` name (except, with
// merge_fixed_joints, the combined inertia of merged links).
//
//   Diagnostics diags;
//   std::optional<XmlTree> sdf = ImportUrdf(xml, UrdfImportOptions{}, &diags);
#ifndef SDFCONV_CONVERTERS_URDF_URDF_IMPORTER_H_
#define SDFCONV_CONVERTERS_URDF_URDF_IMPORTER_H_

#include <optional>

#include "converters/xml/xml_tree.h"
#include "converters/urdf/urdf_import_options.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"

namespace sdfconv {

// Returns nothing, with an error in `diags`, when the root is not <robot>
// or urdfdom rejects the file. The tree's root is <sdf version="1.8"> with
// the namespaces its custom elements use declared, and one <model>; it is
// named after the URDF file, and each node stands for the URDF element it
// was made from (XmlTree::Locate).
[[nodiscard]] std::optional<XmlTree> ImportUrdf(
    const XmlTree& xml, const UrdfImportOptions& options,
    Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_IMPORTER_H_
