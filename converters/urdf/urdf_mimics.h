// CheckUrdfMimics: what is wrong with the <mimic>s of a URDF, said as
// warnings: urdfdom, and so ROS, reads such a robot (sdfconv reads it too
// and keeps each <mimic> as written), but libsdformat 14 and later, which
// turn every URDF <mimic> into an SDFormat //axis/mimic, refuse it, and a
// controller that follows the mimics cannot.
//
// With the codes of the SDFormat rule (core/joints.cc), as warnings:
//   JOINT_AXIS_MIMIC_INVALID  a joint mimics itself, or a joint the robot
//                             does not have;
//   JOINT_AXIS_MIMIC_CYCLE    following the mimics loops; each cycle said
//                             once, its members named as every cycle is
//                             (CycleMembers, core/diagnostic.h), the other
//                             members' <mimic>s as related locations.
// Linear in the joints, without recursion.
#ifndef SDFCONV_CONVERTERS_URDF_URDF_MIMICS_H_
#define SDFCONV_CONVERTERS_URDF_URDF_MIMICS_H_

#include "converters/urdf/urdf_plan.h"
#include "core/diagnostic.h"

namespace sdfconv {

void CheckUrdfMimics(const UrdfPlan& plan, Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_MIMICS_H_
