// The steps below SDFormat 1.8: 1.8 -> 1.7 -> 1.6 -> 1.5 -> 1.4
// (version_steps.h).
#include "converters/upgrade/version_steps.h"

namespace sdfconv::upgrade {

void StepDownTo1_7(StepContext&) {}
void StepDownTo1_6(StepContext&) {}
void StepDownTo1_5(StepContext&) {}
void StepDownTo1_4(StepContext&) {}
void WriteModelAbsolutePoses(StepContext&) {}

}  // namespace sdfconv::upgrade
