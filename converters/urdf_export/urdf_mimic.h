// The <mimic> of a URDF joint: which one it gets, and the one writer of
// the element.
//
// URDF's <mimic joint multiplier offset> says: this joint's position =
// multiplier * (position of `joint`) + offset. SDFormat 1.11's
// //axis/mimic adds a reference: follower = multiplier * (leader -
// reference) + offset, so
//   URDF multiplier = multiplier (the file's text, as written)
//   URDF offset     = offset - multiplier * reference  (one rounding: fma,
//                     written by FormatNumber), or the file's <offset> text
//                     as written when reference is 0 (nothing computed).
// An absent <multiplier> or <offset> is mimic.sdf's default, 1 or 0,
// written as such. `joint` is the URDF name of the joint that stands for
// the leader's axis (its own joint, or under --approximate the piece for
// that axis: `u_axis2` for <axis2> of a universal joint `u`).
//
// Which <mimic> a URDF joint gets (at most one): its SDF axis's
// //axis/mimic; else a <urdf:mimic> the URDF front end kept (written by
// urdf_extensions.h through MimicElement, `joint` renamed like the joint it
// names). A joint with both gets the SDF one, with a warning when the kept
// one says something else. A //axis/mimic that cannot be written is left
// out with a warning (URDF_EXPORT_UNSUPPORTED), as the export leaves out a
// world joint to another model: its leader axis is no joint of the URDF
// (a joint of another model, a world joint, the <axis> of a gearbox that
// --approximate writes about its <axis2>), or its follower axis is none
// (an <axis2> of a single-axis joint; a fixed joint).
//
// Invariant: MimicElement is the only code that writes <mimic>.
//
//   SdfMimics mimics(doc, graph, sources, joints, &diags);
//   out += mimics.For(joints[i]);  // "" without one
#ifndef SDFCONV_CONVERTERS_URDF_EXPORT_URDF_MIMIC_H_
#define SDFCONV_CONVERTERS_URDF_EXPORT_URDF_MIMIC_H_

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "converters/urdf_export/urdf_tree.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"

namespace sdfconv {

// `<mimic a="v" .../>` and a line break, indented by `indent` spaces, the
// attributes in the order given (values escaped here).
[[nodiscard]] std::string MimicElement(
    const std::vector<std::pair<std::string, std::string>>& attributes,
    int indent);

// The <mimic>s SDFormat's //axis/mimic gives the joints of one export.
class SdfMimics {
 public:
  // `joints`: the export's URDF joints with their final names. Warns,
  // once, of every follower axis that is no joint of `joints`.
  SdfMimics(const Document& doc, const FrameGraph& graph,
            const XmlSources* sources, const std::vector<UrdfJoint>& joints,
            Diagnostics* diags);

  // The <mimic> (indented 4) of `joint` from its SDF axis, or "" when that
  // has none or it cannot be written (a warning says why).
  [[nodiscard]] std::string For(const UrdfJoint& joint);

 private:
  // The URDF joint standing for axis `axis` of SDF joint `element`, or null.
  [[nodiscard]] const UrdfJoint* Find(ElementId element, int axis) const;
  // The trimmed text of child `tag` of the follower's <mimic>, if written.
  [[nodiscard]] std::optional<std::string> WrittenText(ElementId joint,
                                                       int axis,
                                                       const char* tag) const;
  void Warn(ElementId joint, int axis, const std::string& why);

  const Document& doc_;
  const FrameGraph& graph_;
  const XmlSources* sources_;
  const std::vector<UrdfJoint>& joints_;
  Diagnostics& diags_;
  // (SDF joint, sdf_axis) -> index in joints_ (the first piece for it).
  std::map<std::pair<ElementId, int>, size_t> index_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_EXPORT_URDF_MIMIC_H_
