// The steps below SDFormat 1.8: 1.8 -> 1.7 -> 1.6 -> 1.5 -> 1.4
// (version_steps.h), each its rules in order.
#include "converters/upgrade/version_steps.h"

namespace sdfconv::upgrade {

void StepDownTo1_7(StepContext& ctx) {
  WriteJointEndsAsLinks(ctx);
  WritePlacementFramesAsPoses(ctx);
  WriteScopedReferencesAsPoses(ctx);
}

void StepDownTo1_6(StepContext& ctx) {
  WriteFramesForLegacy(ctx);
  PutCanonicalLinkFirst(ctx);
  WritePosesInLegacyFrames(ctx);
}

void StepDownTo1_5(StepContext& ctx) {
  MoveGravityIntoPhysics(ctx);
  RestoreImuNoise(ctx);
}

void StepDownTo1_4(StepContext& ctx) {
  FlattenNestedModels(ctx);
  WriteFramesForLegacy(ctx);
  WritePosesInLegacyFrames(ctx);
  WriteAxesInModelFrame(ctx);
  MoveActorStaticBack(ctx);
}

}  // namespace sdfconv::upgrade
