// The steps between SDFormat 1.8 and 1.12, up and down (version_steps.h).
#include "converters/upgrade/version_steps.h"

namespace sdfconv::upgrade {

void StepUpTo1_9(StepContext&) {}
void StepUpTo1_10(StepContext&) {}
void StepUpTo1_11(StepContext&) {}
void StepUpTo1_12(StepContext&) {}
void StepDownTo1_11(StepContext&) {}
void StepDownTo1_10(StepContext&) {}
void StepDownTo1_9(StepContext&) {}
void StepDownTo1_8(StepContext& ctx) { WritePosesInRadians(ctx); }

}  // namespace sdfconv::upgrade
