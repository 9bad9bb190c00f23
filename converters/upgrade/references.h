// References: every place an SDFormat file names another element, what it
// named in the input, and how to write it so that it names the same element
// in the 1.8 output.
//
// The upgrade renames elements and moves them between scopes (legacy frames
// out of links, flattened `A::x` names into nested models). Rather than
// patching references rule by rule, every reference is resolved once, on
// the input, with the input version's rules (CaptureReferences), and
// written again at the end, on the output (EmitReferences): a reference
// whose text still names its target under 1.8 rules is left exactly as
// written; any other is rewritten as the shortest path from its scope down
// to its target. Rules that change what a reference must mean (a joint
// turned around, an axis now expressed in `__model__`) change its target.
//
// References read: //joint/parent, //joint/child,
// //joint/gearbox_reference_body, //pose/@frame and //pose/@relative_to,
// //frame/@attached_to, //axis/xyz/@expressed_in, //model/@canonical_link,
// //model/@placement_frame, //gripper/gripper_link, //gripper/palm_link,
// //sensor/contact/collision. Nothing inside a <plugin> is a reference.
#ifndef SDFCONV_CONVERTERS_UPGRADE_REFERENCES_H_
#define SDFCONV_CONVERTERS_UPGRADE_REFERENCES_H_

#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "converters/upgrade/sdf_index.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"

namespace sdfconv::upgrade {

enum class RefKind {
  kJointParent,
  kJointChild,
  kGearboxReference,
  kPoseRelativeTo,
  kAttachedTo,
  kExpressedIn,
  kCanonicalLink,
  kPlacementFrame,
  kGripperLink,
  kContactCollision,
};

struct RefSite {
  RefKind kind = RefKind::kPoseRelativeTo;
  NodeId holder = kNoNode;  // the element that carries the reference
  std::string attribute;    // the attribute holding it; empty: holder's text
  Target target;            // what it names (in the input, or as set by rules)
};

// Every reference in the SDFormat region of `tree`, resolved with the rules
// of `version`. Unresolvable references get Target::None() and are never
// rewritten.
[[nodiscard]] std::deque<RefSite> CaptureReferences(const XmlTree& tree,
                                                     const SdfIndex& index,
                                                     SdfVersion version);

// The scope a reference is looked up in (model/world), or kNoNode: a
// pose's is that of the element it places (for a nested model, the model
// around it), a model's canonical_link and placement_frame are looked up in
// the model itself, everything else in the scope around its holder.
[[nodiscard]] NodeId EvaluationScope(const XmlTree& tree,
                                     const SdfIndex& index,
                                     const RefSite& site);

// Writes every site whose holder is still in `tree` so that it names its
// target (through `alias`: a removed element -> the element standing for it)
// under 1.8 rules. A target that cannot be named from where its reference
// now is is an error.
void EmitReferences(XmlTree* tree, const std::deque<RefSite>& sites,
                    const std::unordered_map<NodeId, NodeId>& alias,
                    Diagnostics* diags);

// The current text of a site (attribute value or trimmed element text).
[[nodiscard]] std::string SiteText(const XmlTree& tree, const RefSite& site);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_REFERENCES_H_
