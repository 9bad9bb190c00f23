#include "core/inertia.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <sstream>

#include <Eigen/Eigenvalues>

namespace sdfconv {
namespace {

constexpr double kTolerance = 10.0;  // ignition-math's default

// The tolerance of MassMatrix3::Epsilon for moments summing to `trace`.
double Epsilon(double trace) {
  return kTolerance * DBL_EPSILON * 0.5 * std::fabs(trace);
}

// MassMatrix3::PrincipalMoments(1e-6): the diagonal when the products of
// inertia are negligible, the eigenvalues otherwise.
Eigen::Vector3d PrincipalMoments(const Eigen::Matrix3d& I) {
  const Eigen::Vector3d diagonal = I.diagonal();
  const double tol = 1e-6 * diagonal.maxCoeff();
  const Eigen::Vector3d products(I(0, 1), I(0, 2), I(1, 2));
  if ((products.array().abs() <= tol).all()) return diagonal;
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(
      I, Eigen::EigenvaluesOnly);
  return solver.eigenvalues();
}

std::string Join(const Eigen::Vector3d& v) {
  std::ostringstream out;
  out << v[0] << ", " << v[1] << ", " << v[2];
  return out.str();
}

}  // namespace

std::optional<std::string> InertiaProblem(double mass,
                                          const Eigen::Matrix3d& upper) {
  Eigen::Matrix3d I = upper.triangularView<Eigen::Upper>();
  I.triangularView<Eigen::StrictlyLower>() = I.transpose();
  if (!std::isfinite(mass) || !I.allFinite()) {
    return std::string("the mass or a moment is not finite");
  }
  if (mass < 0) {
    std::ostringstream out;
    out << "the mass " << mass << " is negative";
    return out.str();
  }
  const double eps = Epsilon(I.trace());
  const bool positive_semidefinite =
      I(0, 0) + eps >= 0 &&
      I(0, 0) * I(1, 1) - I(0, 1) * I(0, 1) + eps >= 0 &&
      I.determinant() + eps >= 0;
  if (!positive_semidefinite) {
    return std::string(
        "the moment of inertia matrix is not positive semi-definite");
  }
  const Eigen::Vector3d m = PrincipalMoments(I);
  const double e = Epsilon(m.sum());
  if (m.minCoeff() + e < 0) {
    return "a principal moment is negative (" + Join(m) + ")";
  }
  if (m[0] + m[1] + e < m[2] || m[1] + m[2] + e < m[0] ||
      m[2] + m[0] + e < m[1]) {
    return "the principal moments " + Join(m) +
           " break the triangle inequality (each must be at most the sum "
           "of the other two)";
  }
  return std::nullopt;
}

}  // namespace sdfconv
