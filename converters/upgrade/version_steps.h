// The steps between adjacent SDFormat versions from 1.8 on (1.8 -> 1.9 ...
// 1.11 -> 1.12 up, 1.12 -> 1.11 ... 1.5 -> 1.4 down), one function each,
// that WriteSdfVersion (version_write.h) runs one after another. Internal
// to //converters/upgrade.
//
// A step is a set of rules (rules.h) on the tree of its input text: the
// context's `version` is the step's input version, `target` the one it
// writes, and `in` the core's reading of that input (poses resolved, with
// included files when they resolve). A step
//  - edits only what the two versions differ in, keeping the raw text of
//    everything else (comments, order, plugins, numbers as written);
//  - writes a computed pose or axis from the core's resolution of its
//    input (InputMeaning::WorldPose), never from arithmetic of its own on
//    the text;
//  - reports what the target cannot express at all as one error
//    VERSION_CONSTRUCT_UNSUPPORTED per construct (RefuseConstruct), and
//    what it leaves out on purpose (an option's choice) as a warning
//    VERSION_CONSTRUCT_DROPPED, with the node in `dropped` so that the proof
//    does not look for it;
//  - keeps every reference's target (Context::refs); EmitReferences writes
//    them for the target version afterwards. A rule that removes a
//    reference's attribute sets its site's target to Target::None().
// The engine sets the root's version attribute.
#ifndef SDFCONV_CONVERTERS_UPGRADE_VERSION_STEPS_H_
#define SDFCONV_CONVERTERS_UPGRADE_VERSION_STEPS_H_

#include <string>
#include <string_view>
#include <unordered_set>

#include "converters/upgrade/rules.h"
#include "converters/upgrade/version_write.h"

namespace sdfconv::upgrade {

// "1.4" ... "1.12" for a VersionNumber.
[[nodiscard]] std::string VersionName(int version);

struct StepContext : Context {
  StepContext(XmlTree* t, int from, int to, const InputMeaning* i,
              Diagnostics* d, const VersionWriteOptions* o)
      : Context(t, from, i, d), target(to), options(*o) {
    writes = VersionName(to);
  }

  int target;  // the version this step writes (VersionNumber)
  const VersionWriteOptions& options;
  // Input nodes left out of the output on purpose (each said in a
  // warning); the proof does not look for their elements.
  std::unordered_set<NodeId> dropped;

  // "1.10"
  [[nodiscard]] std::string TargetName() const;
  // One error VERSION_CONSTRUCT_UNSUPPORTED at `at`: `what` (e.g. "the
  // <mimic> of joint 'j'") was introduced in `since` and SDFormat
  // <target> has no form for it; `why` may add how to avoid it.
  void RefuseConstruct(NodeId at, std::string_view what,
                       std::string_view since, std::string_view why = {});
  // One warning VERSION_CONSTRUCT_DROPPED at `at`, and `at` in `dropped`.
  void DropConstruct(NodeId at, std::string_view what, std::string_view since,
                     std::string_view why = {});
};

// Up (steps_newer.cc).
void StepUpTo1_9(StepContext& ctx);
void StepUpTo1_10(StepContext& ctx);
void StepUpTo1_11(StepContext& ctx);
void StepUpTo1_12(StepContext& ctx);
// Down to 1.8 (steps_newer.cc).
void StepDownTo1_11(StepContext& ctx);
void StepDownTo1_10(StepContext& ctx);
void StepDownTo1_9(StepContext& ctx);
void StepDownTo1_8(StepContext& ctx);
// Down below 1.8 (steps_legacy.cc): each step runs the rules below, in
// this order:
//   1.8 -> 1.7  WriteJointEndsAsLinks, WritePlacementFramesAsPoses,
//               WriteScopedReferencesAsPoses
//   1.7 -> 1.6  WriteFramesForLegacy, PutCanonicalLinkFirst,
//               WritePosesInLegacyFrames
//   1.6 -> 1.5  MoveGravityIntoPhysics, RestoreImuNoise
//   1.5 -> 1.4  FlattenNestedModels, WriteFramesForLegacy,
//               WritePosesInLegacyFrames, WriteAxesInModelFrame,
//               MoveActorStaticBack
void StepDownTo1_7(StepContext& ctx);
void StepDownTo1_6(StepContext& ctx);
void StepDownTo1_5(StepContext& ctx);
void StepDownTo1_4(StepContext& ctx);

// Poses and axes below 1.8 (legacy_poses.cc). Each writes a computed pose
// or axis from the core's resolution of the step's input (ctx.in), for the
// element as the tree holds it now (its tag and its parent, after the rules
// before it moved or renamed it), and leaves a value as written when it
// already means the same.
// 1.7: a joint's <parent>/<child> naming a frame names the frame's link;
// the joint's pose, which 1.8 reads relative to the child frame, keeps its
// place.
void WriteJointEndsAsLinks(StepContext& ctx);
// 1.7: //model/@placement_frame and //include/placement_frame become the
// model's (the include's) pose.
void WritePlacementFramesAsPoses(StepContext& ctx);
// 1.7: a reference 1.7 cannot write (`a::b`, 1.8's scoped names) in
// //pose/@relative_to, //frame/@attached_to or //axis/xyz/@expressed_in,
// written as computed values relative to a frame 1.7 can name.
void WriteScopedReferencesAsPoses(StepContext& ctx);
// 1.6 and 1.4: every <pose> without @relative_to, in the default frame of
// its element where it now is (000 "Parent frames in SDFormat 1.4": a
// link's and a nested model's in the model frame, a joint's in its child
// link's, a frame's, collision's, visual's, sensor's ... in its parent
// element's); every axis in the joint frame, or with
// <use_parent_model_frame>true</use_parent_model_frame> when it was in the
// model frame (1.5, 1.6).
void WritePosesInLegacyFrames(StepContext& ctx);
// 1.4: every axis <xyz> in the model frame, <use_parent_model_frame> gone.
void WriteAxesInModelFrame(StepContext& ctx);
// 1.7 and later: every link and joint pose relative to its model frame
// (VersionWriteOptions::model_absolute); runs after the last step.
void WriteModelAbsolutePoses(StepContext& ctx);

// Structure below 1.7 (legacy_structure.cc).
// 1.6: a frame the version cannot hold (one not attached to its model
// frame or canonical link; in a world, any), and 1.4: every frame, is left
// out (VERSION_CONSTRUCT_DROPPED) or, with Frames::kLinks, written as a
// massless <link> with a fixed <joint> to the link it is attached to
// (VERSION_CONSTRUCT_REWRITTEN).
void WriteFramesForLegacy(StepContext& ctx);
// 1.6: no //model/@canonical_link; the model's first link is its canonical
// link: the canonical link is moved first when it is not.
void PutCanonicalLinkFirst(StepContext& ctx);
// 1.5: //world/gravity and //world/magnetic_field back into <physics>.
void MoveGravityIntoPhysics(StepContext& ctx);
// 1.5: the IMU's <angular_velocity>/<linear_acceleration> noise back into
// 1.5's <noise>, where it can say the same; else refused.
void RestoreImuNoise(StepContext& ctx);
// 1.4: nested models flattened into their parent with scoped names
// (`m::link`), as libsdformat 1.4 wrote them.
void FlattenNestedModels(StepContext& ctx);
// 1.4: an actor's <static> back to its attribute.
void MoveActorStaticBack(StepContext& ctx);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_VERSION_STEPS_H_
