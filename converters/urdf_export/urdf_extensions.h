// UrdfExtensions: what the URDF front end kept in the `urdf:` namespace,
// written back into the URDF.
//
// An SDF made from a URDF (docs/urdf.md, "Custom elements") carries, as
// custom elements and attributes in urn:sdfconv:urdf, everything SDFormat
// has no element for. Written back (the table is in docs/urdf_export.md):
//  - urdf:name (model, link, joint, frame): the exported name, when it is
//    not empty and no other link (joint) of the URDF is named so;
//  - frames with urdf:kind="link" / "joint": the massless URDF link and the
//    fixed joint they stand for (a link frame attached to its joint frame),
//    with their visuals and collisions, which the front end moved to the
//    body link relative to the link frame;
//  - <urdf:joint> (floating, planar): that joint, between the links it
//    names; <urdf:link> (the world link's content): inside `world`;
//  - in joints, <urdf:mimic>, <urdf:safety_controller>, <urdf:calibration>,
//    <urdf:axis>, <urdf:limit>, <urdf:dynamics> and any other <urdf:TAG>:
//    <TAG> as written (a mimic's joint renamed like the joint it names;
//    a joint whose SDF axis has its own //axis/mimic gets that one
//    instead, urdf_mimic.h);
//  - in links and frames: <urdf:TAG> -> <TAG>;
//  - in the model: <urdf:material> -> <material>, <urdf:transmission> ->
//    <transmission> (its joints renamed like the joints), <urdf:gazebo> ->
//    <gazebo>, other <urdf:TAG> -> <TAG>, and custom elements of other
//    namespaces (drake:, xacro:) as written.
// A plain SDF model has none of these: nothing is added.
//
// Invariant: reads only the source XML and the Document; writes text only
// through EmitXml (xml_emit.h), so nothing recurses on the input's depth,
// and every prefix it writes is recorded in `namespaces()`.
//
//   UrdfExtensions ext(doc, graph, index, model);
//   ext.RestoreNames(&links, &joints);
//   out += ext.LinkContent(links[i]);
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_URDF_EXTENSIONS_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_URDF_EXTENSIONS_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/xml/xml_sources.h"
#include "converters/urdf_export/urdf_tree.h"
#include "converters/urdf_export/xml_emit.h"
#include "core/document.h"
#include "core/frame_graph.h"

namespace sdfconv {

// What an SDF <frame> stands for in the URDF it came from (urdf:kind).
enum class UrdfFrameRole { kFrame, kUrdfLink, kUrdfJoint };

// A floating or planar joint kept in <urdf:joint>: URDF names as written.
struct KeptUrdfJoint {
  std::string name;
  std::string type;
  std::string parent;  // URDF link names
  std::string child;
};

// A visual's material as URDF names it: its urdf:name (the URDF material
// name the front end kept), else nothing.
[[nodiscard]] std::optional<std::string> UrdfMaterialName(
    XmlElement visual);
// A visual's texture: material/pbr/metal/albedo_map (where the front end
// puts a URDF <texture>), else nothing.
[[nodiscard]] std::optional<std::string> MaterialTexture(XmlElement visual);

class UrdfExtensions {
 public:
  UrdfExtensions(const Document& doc, const FrameGraph& graph,
                 const XmlSources* sources, ElementId model);

  // <robot name>: the model's urdf:name, else its name.
  [[nodiscard]] std::string RobotName() const;

  [[nodiscard]] UrdfFrameRole RoleOf(ElementId frame) const;

  [[nodiscard]] std::vector<KeptUrdfJoint> KeptJoints() const;

  // The URDF link a URDF name refers to: the link whose urdf:name (or,
  // without one, whose exported name) it is; -1 if none.
  [[nodiscard]] int FindLink(const std::vector<UrdfLink>& links,
                             const std::string& urdf_name) const;

  // Gives each link and joint its urdf:name where that is not empty and
  // unique among the links (joints); records original -> exported joint
  // names for the references written later.
  void RestoreNames(std::vector<UrdfLink>* links,
                    std::vector<UrdfJoint>* joints);

  // For each URDF link, the SDF visuals and collisions written in it: a
  // link's own, except those posed relative to a urdf:kind="link" frame that
  // is a URDF link of its own and is attached to that same SDF link (they
  // go there).
  [[nodiscard]] std::vector<std::vector<ElementId>> AssignShapes(
      const std::vector<UrdfLink>& links) const;

  // <TAG> elements for a link's <urdf:TAG> children (the world link:
  // the content of <urdf:link>), each on its own line, indented 4.
  [[nodiscard]] std::string LinkContent(const UrdfLink& link);
  // Likewise for a joint (without its <urdf:mimic> unless `kept_mimic`:
  // urdf_mimic.h decides which <mimic> a joint gets); for a floating or
  // planar joint, the content of its <urdf:joint> other than origin,
  // parent and child.
  [[nodiscard]] std::string JointContent(const UrdfJoint& joint,
                                         bool kept_mimic = true);
  // The <mimic> a joint's <urdf:mimic> is written as (indented 4), if it
  // has one.
  [[nodiscard]] std::optional<std::string> KeptMimic(
      const UrdfJoint& joint) const;
  // A continuous joint's <limit> kept in <urdf:limit> (it has lower/upper),
  // with effort and velocity as given; nothing when there is none.
  [[nodiscard]] std::optional<std::string> KeptContinuousLimit(
      const UrdfJoint& joint, const std::string& effort,
      const std::string& velocity);
  // An attribute (`lower`, `effort`, ...) of a joint's <urdf:limit> as
  // written, when it is a number (the import keeps the URDF <limit> where
  // SDFormat reads it as "unlimited"); nothing otherwise.
  [[nodiscard]] std::optional<std::string> KeptLimit(
      const UrdfJoint& joint, std::string_view attribute) const;
  // Robot-level <material>s, written before the links.
  [[nodiscard]] std::string RobotHead();
  // Robot-level <transmission>s, kept <gazebo> blocks, other kept
  // elements and custom elements, written after the joints.
  [[nodiscard]] std::string RobotTail();

  [[nodiscard]] const XmlNamespaces& namespaces() const { return used_; }
  XmlNamespaces* mutable_namespaces() { return &used_; }
  [[nodiscard]] const std::map<std::string, std::string>& joint_names() const {
    return joint_names_;
  }

 private:
  [[nodiscard]] XmlElement Xml(ElementId id) const;
  [[nodiscard]] XmlElement KeptJointXml(const std::string& name) const;
  [[nodiscard]] std::string UrdfChildren(XmlElement parent,
                                         const std::vector<std::string>& skip,
                                         int indent);

  const Document& doc_;
  const FrameGraph& graph_;
  const XmlSources* sources_;  // null: no XML to read
  ElementId model_;
  XmlElement model_xml_;
  XmlNamespaces used_;
  std::map<std::string, std::string> joint_names_;  // URDF -> exported
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_URDF_EXTENSIONS_H_
