// Inertia: whether a mass and a moment of inertia describe a physical body,
// by libsdformat 12's rule (LINK_INERTIA_INVALID).
//
// libsdformat's Link::Load accepts an <inertial> when ignition-math's
// MassMatrix3::IsValid() holds (ignition/math6 MassMatrix3.hh), with its
// default tolerance of 10 and
//   eps = 10 * DBL_EPSILON * |Ixx + Iyy + Izz| / 2:
//  - the mass is not negative (zero is accepted: a massless link);
//  - the moment matrix is positive semi-definite within eps: Ixx + eps,
//    Ixx Iyy - Ixy^2 + eps and det(I) + eps are all >= 0;
//  - its principal moments (eigenvalues; the diagonal itself when every
//    product of inertia is within 1e-6 times the largest diagonal moment)
//    are >= -eps and satisfy the triangle inequality within eps:
//    m0 + m1 + eps >= m2, and so on.
// The matrix is used as written: I(0,1) is <ixy>, and so on.
//
//   if (std::optional<std::string> why = InertiaProblem(m, I)) {
//     // *why == "the principal moments 1, 1, 3 break the triangle
//     // inequality"
//   }
#ifndef SDFCONV_CORE_INERTIA_H_
#define SDFCONV_CORE_INERTIA_H_

#include <optional>
#include <string>

#include <Eigen/Core>

namespace sdfconv {

// Why `mass` and the moment matrix `I` (about the centre of mass) are not
// a valid inertia, or nothing when they are. `I` is read as symmetric from
// its upper triangle.
[[nodiscard]] std::optional<std::string> InertiaProblem(
    double mass, const Eigen::Matrix3d& I);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_INERTIA_H_
