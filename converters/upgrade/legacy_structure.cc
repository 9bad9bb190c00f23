// Structure below SDFormat 1.7 (version_steps.h).
#include "converters/upgrade/version_steps.h"

namespace sdfconv::upgrade {

void WriteFramesForLegacy(StepContext&) {}
void PutCanonicalLinkFirst(StepContext&) {}
void MoveGravityIntoPhysics(StepContext&) {}
void RestoreImuNoise(StepContext&) {}
void FlattenNestedModels(StepContext&) {}
void MoveActorStaticBack(StepContext&) {}

}  // namespace sdfconv::upgrade
