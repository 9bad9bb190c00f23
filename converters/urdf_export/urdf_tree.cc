// The URDF tree (see urdf_tree.h). Invariant: an axis is the core's
// (Resolution::axes_J), never otherwise computed.
#include "converters/urdf_export/urdf_tree.h"

namespace sdfconv {

Pose JointOrigin(const UrdfLink& parent, const UrdfJoint& joint) {
  if (parent.X_WLu.matrix() == joint.X_WJ.matrix()) return Pose::Identity();
  return parent.X_WLu.inverse() * joint.X_WJ;
}

Eigen::Vector3d AxisInJointFrame(const UrdfJoint& joint, const Resolution& r) {
  Eigen::Vector3d axis_J = Eigen::Vector3d::UnitZ();  // no axis: fixed
  if (joint.axis_J) {
    axis_J = *joint.axis_J;
  } else if (joint.element >= 0 && joint.sdf_axis >= 0) {
    const auto& axes_J = r.axes_J[joint.element];
    if (static_cast<size_t>(joint.sdf_axis) < axes_J.size()) {
      axis_J = axes_J[joint.sdf_axis];
    }
  }
  return joint.reversed ? Eigen::Vector3d(-axis_J) : axis_J;
}

}  // namespace sdfconv
