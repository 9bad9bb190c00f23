// References: every place an SDFormat file names another element, what it
// names in the input, and how to write it so that it names the same element
// in the 1.8 output.
//
// The upgrade renames elements and moves them between scopes (legacy frames
// out of links, flattened `A::x` names into nested models). Rather than
// patching references rule by rule, every reference's target is taken once
// from the core's reading of the input (CaptureReferences: the FrameGraph's
// edges where the core resolves the reference, else a ScopeIndex lookup in
// the reference's scope, both in the input version's rules), and written
// again at the end (EmitReferences): a reference whose text still names its
// target when the output tree is read as SDFormat 1.8 is left exactly as
// written; any other is rewritten as the shortest path from its scope down
// to its target. Rules that change what a reference must mean (a joint
// turned around, an axis now expressed in `__model__`) change its target.
//
// A target is a node of the input tree (the element itself, or the
// <include> of the included model it is in, with the path inside it), or
// the world frame.
//
// References read: //joint/parent, //joint/child,
// //joint/gearbox_reference_body, //pose/@frame and //pose/@relative_to,
// //frame/@attached_to, //axis/xyz/@expressed_in, //model/@canonical_link,
// //model/@placement_frame, //gripper/gripper_link, //gripper/palm_link,
// //sensor/contact/collision. Nothing inside a <plugin> is a reference.
#ifndef SDFCONV_CONVERTERS_UPGRADE_REFERENCES_H_
#define SDFCONV_CONVERTERS_UPGRADE_REFERENCES_H_

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "converters/upgrade/sdf_region.h"
#include "converters/upgrade/tree_index.h"
#include "converters/upgrade/verify.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "core/pose.h"
#include "core/scope.h"

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

// What a reference names: an element (a model for `__model__`; an
// <include> with the path inside the model it includes), the world frame
// (<parent>world</parent>), or nothing that could be resolved.
struct Target {
  enum class Kind { kNone, kNode, kWorld };
  Kind kind = Kind::kNone;
  NodeId node = kNoNode;
  std::string suffix;  // when `node` is an <include>: the path inside it

  [[nodiscard]] bool operator==(const Target& o) const {
    return kind == o.kind && node == o.node && suffix == o.suffix;
  }
  [[nodiscard]] static Target None() { return {}; }
  [[nodiscard]] static Target World() { return {Kind::kWorld, kNoNode, ""}; }
  [[nodiscard]] static Target Node(NodeId n, std::string suffix = {}) {
    return {Kind::kNode, n, std::move(suffix)};
  }
};

struct RefSite {
  RefKind kind = RefKind::kPoseRelativeTo;
  NodeId holder = kNoNode;  // the element that carries the reference
  std::string attribute;    // the attribute holding it; empty: holder's text
  Target target;            // what it names (in the input, or as set by rules)
};

// The core's reading of the input (verify.h), seen from the input tree:
// which element each node is, and what each element means. Requires a
// reading with a Document; world poses only where the reading resolved.
// Of the input tree itself it needs only each node's parent element, which
// the reading keeps (ProofReading::input_parents): the rules edit the tree.
class InputMeaning {
 public:
  // `reading` is one ReadUpgradeInput made.
  explicit InputMeaning(const ProofReading& reading);
  InputMeaning(const InputMeaning&) = delete;  // scopes_ refers to reading_
  InputMeaning& operator=(const InputMeaning&) = delete;

  [[nodiscard]] const ProofReading& reading() const { return reading_; }
  [[nodiscard]] const Document& doc() const { return *reading_.doc; }
  [[nodiscard]] const ScopeIndex& scopes() const { return *scopes_; }
  // The scope element `node` is written in (strictly above it), or
  // kNoElement.
  [[nodiscard]] ElementId ScopeAbove(NodeId node) const;
  // What `text` names from the scope `node` is written in (a link, when
  // `link_only`), or kNoElement.
  [[nodiscard]] ElementId Lookup(NodeId node, std::string_view text,
                                 bool link_only = false) const;
  // The element read from input node `node` (for an <include>: the model
  // it stands for), or kNoElement.
  [[nodiscard]] ElementId ElementOf(NodeId node) const;
  // X_WE of the element read from `node`; nothing when there is none.
  [[nodiscard]] std::optional<Pose> WorldPose(NodeId node) const;
  // `element` as a target in the input tree.
  [[nodiscard]] Target TargetOf(ElementId element) const;
  // The <include> of the input that `element` is the model of (read, or a
  // stand-in's top element), or kNoNode.
  [[nodiscard]] NodeId IncludeOf(ElementId element) const;

 private:
  const ProofReading& reading_;
  std::unique_ptr<ScopeIndex> scopes_;
  std::vector<ElementId> element_of_;  // by node of the input tree
};

// Every reference in `region`, the SDFormat region of `tree` (the input),
// with what the input names by it. Unresolvable references get
// Target::None() and are never rewritten.
[[nodiscard]] std::deque<RefSite> CaptureReferences(const XmlTree& tree,
                                                    const SdfRegion& region,
                                                    const InputMeaning& in,
                                                    int version);

// The scope node a reference is looked up in (model/world), or kNoNode: a
// pose's is that of the element it places (for a nested model, the model
// around it), a model's canonical_link and placement_frame are looked up in
// the model itself, everything else in the scope around its holder.
[[nodiscard]] NodeId EvaluationScope(const XmlTree& tree,
                                     const TreeIndex& index,
                                     const RefSite& site);

// Writes every site whose holder is still in `tree` so that it names its
// target (through `alias`: a removed element -> the element standing for it)
// when the tree is read as SDFormat 1.8 (`index`). A target that cannot be
// named from where its reference now is is an error.
void EmitReferences(XmlTree* tree, const TreeIndex& index,
                    const std::deque<RefSite>& sites,
                    const std::unordered_map<NodeId, NodeId>& alias,
                    Diagnostics* diags);

// The current text of a site (attribute value or trimmed element text).
[[nodiscard]] std::string SiteText(const XmlTree& tree, const RefSite& site);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_REFERENCES_H_
