// Poses and axes below SDFormat 1.8 (version_steps.h).
#include "converters/upgrade/version_steps.h"

namespace sdfconv::upgrade {

void WriteJointEndsAsLinks(StepContext&) {}
void WritePlacementFramesAsPoses(StepContext&) {}
void WriteScopedReferencesAsPoses(StepContext&) {}
void WritePosesInLegacyFrames(StepContext&) {}
void WriteAxesInModelFrame(StepContext&) {}
void WriteModelAbsolutePoses(StepContext&) {}

}  // namespace sdfconv::upgrade
