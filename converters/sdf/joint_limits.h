// Joint limits and screw pitch as each SDFormat version defines them: the
// one rule every back end reads them through.
//
// What changed (joint.sdf of each version; VERSIONS.md):
//  - //axis/limit (and //axis2/limit): before 1.10 an absent <lower> /
//    <upper> is -1e16 / 1e16 and an absent <effort> / <velocity> is -1
//    ("not enforced if negative"; 1.2's default 0 is "not implemented",
//    read as the same "not enforced"); from 1.10 on they are -inf / inf and
//    inf. Written values may be "inf" / "-inf" in every version, as
//    libsdformat reads a double.
//  - //joint/thread_pitch (radians per metre, positive = left-handed) is
//    replaced in 1.10 by //joint/screw_thread_pitch (metres per revolution,
//    positive = right-handed): screw_thread_pitch = -2 pi / thread_pitch
//    (libsdformat's Joint). Before 1.10 only <thread_pitch> exists, default
//    1 (so -2 pi metres per revolution); from 1.10 on <screw_thread_pitch>
//    wins, then a (deprecated) <thread_pitch> is converted, and the default
//    is 1 metre per revolution.
// A value that is not a number is not read here (phase 1 reports it); the
// default stands in for it.
//
// Invariant: no other code applies these defaults or converts a pitch.
//
//   AxisLimits limits = ReadAxisLimits(axis_xml, VersionNumber(1, 10));
//   if (!IsBounded(limits.lower) && !IsBounded(limits.upper)) { ... }
#ifndef SDFCONV_CONVERTERS_SDF_JOINT_LIMITS_H_
#define SDFCONV_CONVERTERS_SDF_JOINT_LIMITS_H_

#include "converters/xml/xml_element.h"

namespace sdfconv {

// One axis's <limit>, every value as written or its version's default.
struct AxisLimits {
  double lower = 0.0;     // radians (revolute) or metres (prismatic)
  double upper = 0.0;
  double effort = 0.0;    // enforced only when IsEnforced
  double velocity = 0.0;
  bool effort_written = false;    // <effort> holds a number
  bool velocity_written = false;  // <velocity> holds a number
};

// The limits of `axis` (an <axis> or <axis2>; null: the joint writes none)
// in a file of SDFormat `version` (VersionNumber).
[[nodiscard]] AxisLimits ReadAxisLimits(XmlElement axis, int version);

// SDFormat's "unbounded": at or beyond 1e16 in magnitude (the pre-1.10
// default), or infinite.
[[nodiscard]] bool IsBounded(double lower_or_upper);

// Whether an effort or velocity limit is enforced: finite and not negative.
[[nodiscard]] bool IsEnforced(double effort_or_velocity);

// The thread pitch of `joint` (a <joint> element) in metres per revolution,
// positive for a right-handed thread, in a file of SDFormat `version`.
[[nodiscard]] double ScrewThreadPitch(XmlElement joint, int version);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_JOINT_LIMITS_H_
