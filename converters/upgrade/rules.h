// The rules of the upgrade, one function each, and the state they share.
// Internal to //converters/upgrade:rules; upgrade.cc runs them in order:
//
//   structural rules (what each version step changed):
//     later features that 1.8 has no form for: WritePosesInRadians
//     1.2 -> 1.4  the <gazebo> root becomes <sdf> (upgrade.cc),
//                 MovePhysicsRates
//     1.4 -> 1.5  ExpressAxesInModelFrame (1.4 axes), MoveActorStatic
//     1.5 -> 1.6  MoveGravityOutOfPhysics, RestructureImuNoise
//     1.6 -> 1.7  RenamePoseFrame, ExpressAxesInModelFrame
//                 (use_parent_model_frame)
//     1.7 -> 1.8  Unflatten, DropInertialRelativeTo
//   repairs (what 1.7+ forbids that older versions allowed), each reported
//   as a warning naming the old and the new:
//     MoveLegacyFrames, TurnWorldChildJoints, RepairNames
//   and at the end EmitReferences (references.h) writes every reference so
//   that it names, in 1.8, what it named in the input.
//
// A rule edits `Context::tree` in place, keeps the raw text of everything it
// does not change, and reports problems it cannot repair as errors. What the
// input means (which element a node is, what a reference names, where a
// frame is in the world) comes from the core's reading of the input
// (`Context::in`); the structure of the tree as the rules before have left
// it, from a TreeIndex of it (tree_index.h).
#ifndef SDFCONV_CONVERTERS_UPGRADE_RULES_H_
#define SDFCONV_CONVERTERS_UPGRADE_RULES_H_

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "converters/upgrade/references.h"
#include "converters/upgrade/sdf_region.h"
#include "converters/upgrade/tree_index.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv::upgrade {

struct Context {
  Context(XmlTree* t, int v, const InputMeaning* i, Diagnostics* d)
      : tree(*t), version(v), in(*i), diags(*d) {}

  XmlTree& tree;
  int version;  // of the input, VersionNumber
  const InputMeaning& in;
  Diagnostics& diags;
  // Every reference, with what it named in the input (references.h).
  std::deque<RefSite> refs;
  // A removed element -> the element that now stands for it (a flattened
  // `A::__model__` frame -> the nested model A).
  std::unordered_map<NodeId, NodeId> alias;
  // Joints turned around (their axes now point the other way).
  std::unordered_set<NodeId> flipped_joints;
  // Each element's parent element in the input, by node (kNoNode, or past
  // the end for the nodes the upgrade made: they have none). An element
  // whose parent is now another was moved there by the upgrade (a legacy
  // frame); RepairNames lets the elements that were there already keep
  // their names. SetInputParents fills it.
  std::vector<NodeId> input_parent;
  void SetInputParents(const std::vector<NodeId>& elements) {
    input_parent.assign(tree.size(), kNoNode);
    for (NodeId id : elements) input_parent[id] = tree.ParentElement(id);
  }

  [[nodiscard]] bool AtLeast(int major, int minor) const {
    return version >= VersionNumber(major, minor);
  }
  // Before 1.7: no relative_to, attached_to, expressed_in.
  [[nodiscard]] bool Legacy() const { return !AtLeast(1, 7); }
  // The version the rules write (the upgrade's 1.8; a step's target).
  std::string writes = "1.8";
  // The tree's structure now, as the version written reads it. Read once
  // per revision of the tree: rules that change nothing share one index.
  // Hold the pointer while using the index; a later call after a change
  // makes a new one and leaves the held one intact.
  [[nodiscard]] std::shared_ptr<const TreeIndex> Index() const;
  // Says that the tree's edits since its revision was `revision` added or
  // removed only nodes the reader makes no element of (tree_index.h): when
  // the index was current then, the next Index() returns it instead of
  // reading the tree again.
  //   const auto held = ctx.Index();
  //   const uint64_t read_at = ctx.tree.revision();
  //   ... edits inside joints' <axis> ...
  //   ctx.IndexStillHolds(read_at);
  void IndexStillHolds(uint64_t revision) const {
    if (index_ != nullptr && index_revision_ == revision) {
      index_revision_ = tree.revision();
    }
  }
  // The tree's SDFormat region now (sdf_region.h), made once per revision
  // like Index(); RegionElements() is a copy that outlives later changes.
  [[nodiscard]] std::shared_ptr<const SdfRegion> Region() const;
  [[nodiscard]] std::vector<NodeId> RegionElements() const {
    return Region()->Elements();
  }

  // The reference held by `holder` (of `kind`), or null.
  RefSite* Site(NodeId holder, RefKind kind);
  // The reference of `kind` at `holder`, added (with no target) if absent.
  RefSite& EnsureSite(NodeId holder, RefKind kind, std::string attribute);
  void Warn(Code code, NodeId at, std::string message) {
    diags.Warning(code, tree.Locate(at), std::move(message));
  }
  void Fail(Code code, NodeId at, std::string message) {
    diags.Error(code, tree.Locate(at), std::move(message));
  }

 private:
  mutable std::shared_ptr<const TreeIndex> index_;  // of tree at index_revision_
  mutable uint64_t index_revision_ = 0;
  mutable std::string index_writes_;
  mutable std::shared_ptr<const SdfRegion> region_;  // of tree at region_revision_
  mutable uint64_t region_revision_ = 0;
};

// "<link name="l">"-like words for messages: "link 'l'".
std::string Describe(const XmlTree& tree, NodeId id);

// Structural rules (structural_rules.cc, imu_noise.cc).
// A <pose> with 1.9's @rotation_format or @degrees (in an older file a
// later feature, read as libsdformat reads it: sdf_dialect.h) has no form
// in 1.8: its value is written as `x y z roll pitch yaw` in radians and the
// attributes dropped. It runs first, so every other rule reads 1.8 poses.
void WritePosesInRadians(Context& ctx);
void MovePhysicsRates(Context& ctx);
void RenamePoseFrame(Context& ctx);
void ExpressAxesInModelFrame(Context& ctx);
void MoveActorStatic(Context& ctx);
void MoveGravityOutOfPhysics(Context& ctx);
void RestructureImuNoise(Context& ctx);
void DropInertialRelativeTo(Context& ctx);
void Unflatten(Context& ctx);  // unflatten.cc

// Repairs (legacy_frames.cc, world_joints.cc, name_repairs.cc).
void MoveLegacyFrames(Context& ctx);
void TurnWorldChildJoints(Context& ctx);
void RepairNames(Context& ctx);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_RULES_H_
