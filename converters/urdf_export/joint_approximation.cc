// Joint approximation (see joint_approximation.h). Invariant: the table in
// the header and ApproximateJoint say the same thing; names come only from
// PieceJointName and PieceLinkName.
#include "converters/urdf_export/joint_approximation.h"

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

std::string Quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

std::string AxisName(const JointPiece& piece) {
  const std::string absent =
      piece.default_axis ? " (absent: its default xyz 0 0 1 is used)" : "";
  if (piece.sdf_axis == 0) return "<axis>" + absent;
  if (piece.sdf_axis == 1) return "<axis2>" + absent;
  const Eigen::Vector3d& a = *piece.axis_J;
  return std::string("the joint frame's ") +
         (a.x() != 0 ? "x" : a.y() != 0 ? "y" : "z") + " axis";
}

// The chain for each type, before absent axes are marked.
std::optional<JointApproximation> ApproximateType(std::string_view sdf_type,
                                                  size_t sdf_axes) {
  if (sdf_type == "universal" || sdf_type == "revolute2") {
    return JointApproximation{
        {{"revolute", 0, std::nullopt}, {"revolute", 1, std::nullopt}},
        "the same motion: SDFormat defines a " + std::string(sdf_type) +
            " joint as these two revolute joints in series"};
  }
  if (sdf_type == "ball") {
    return JointApproximation{
        {{"continuous", -1, Eigen::Vector3d::UnitX()},
         {"continuous", -1, Eigen::Vector3d::UnitY()},
         {"continuous", -1, Eigen::Vector3d::UnitZ()}},
        "the same rotations, as x-y-z Euler angles, which are singular "
        "where the y angle is +-90 degrees"};
  }
  if (sdf_type == "screw") {
    return JointApproximation{
        {{"revolute", 0, std::nullopt}},
        ScrewTranslationLost(std::nullopt)};
  }
  if (sdf_type == "gearbox") {
    const int axis = sdf_axes > 1 ? 1 : 0;
    return JointApproximation{
        {{"revolute", axis, std::nullopt}},
        "the coupling to the parent's turn about <axis> (gearbox_ratio, "
        "gearbox_reference_body) is lost"};
  }
  return std::nullopt;
}

}  // namespace

bool IsUrdfJointType(std::string_view sdf_type) {
  return sdf_type == "revolute" || sdf_type == "continuous" ||
         sdf_type == "prismatic" || sdf_type == "fixed";
}

std::string ScrewTranslationLost(std::optional<double> pitch) {
  std::string out = "the translation along the axis that goes with the angle";
  if (pitch) {
    out += " (screw_thread_pitch " + FormatNumber(*pitch) +
           " m per revolution)";
  }
  return out + " is lost";
}

std::optional<JointApproximation> ApproximateJoint(std::string_view sdf_type,
                                                   size_t sdf_axes) {
  std::optional<JointApproximation> out = ApproximateType(sdf_type, sdf_axes);
  if (out) {
    for (JointPiece& piece : out->pieces) {
      piece.default_axis = piece.sdf_axis >= static_cast<int>(sdf_axes);
    }
  }
  return out;
}

std::string PieceJointName(std::string_view joint, size_t k) {
  if (k == 0) return std::string(joint);
  return std::string(joint) + "_axis" + std::to_string(k + 1);
}

std::string PieceLinkName(std::string_view joint, size_t k) {
  return std::string(joint) + "_link" + std::to_string(k + 1);
}

std::string UnsupportedJointMessage(std::string_view joint,
                                    std::string_view sdf_type,
                                    size_t sdf_axes) {
  const std::string refusal =
      "joint " + Quoted(joint) + " is of type " + Quoted(sdf_type) +
      ", which URDF cannot express (it has revolute, continuous, prismatic "
      "and fixed)";
  const std::optional<JointApproximation> approximation =
      ApproximateJoint(sdf_type, sdf_axes);
  if (!approximation) return refusal + "; --approximate has no form for it";
  const size_t n = approximation->pieces.size();
  return refusal + "; --approximate writes it as " +
         (n == 1 ? "a " + approximation->pieces[0].type + " joint"
                 : std::to_string(n) + " " + approximation->pieces[0].type +
                       " joints") +
         " (" + approximation->change + ")";
}

std::string ApproximationWarning(std::string_view joint,
                                 std::string_view sdf_type,
                                 const JointApproximation& approximation) {
  const auto& pieces = approximation.pieces;
  std::string out = "joint " + Quoted(joint) + " (" + std::string(sdf_type) +
                    ") is written as ";
  for (size_t k = 0; k < pieces.size(); ++k) {
    if (k > 0) out += k + 1 == pieces.size() ? " and " : ", ";
    out += pieces[k].type + " " + Quoted(PieceJointName(joint, k)) +
           " about " + AxisName(pieces[k]);
  }
  if (pieces.size() > 1) {
    out += pieces.size() == 2 ? ", joined by the massless link "
                              : ", joined by the massless links ";
    for (size_t k = 0; k + 1 < pieces.size(); ++k) {
      if (k > 0) out += " and ";
      out += Quoted(PieceLinkName(joint, k));
    }
  }
  return out + " (--approximate): " + approximation.change;
}

}  // namespace sdfconv
