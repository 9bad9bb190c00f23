// ResolveAutoInertials on hand-built Documents; expected values worked out
// by hand in each test (box: m/12 (b^2 + c^2), parallel axis m d^2).
#include "core/auto_inertia.h"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/frame_graph.h"
#include "core/testing/test_document.h"

namespace sdfconv {
namespace {

using testing::P;
using testing::TestDocument;
using K = ElementKind;

constexpr double kPi = 3.14159265358979323846;

// The codes of every diagnostic, errors and warnings, in order.
std::vector<std::string> AllCodes(const Diagnostics& diags) {
  std::vector<std::string> codes;
  for (const Diagnostic& d : diags.items()) {
    codes.push_back((d.severity == Severity::kError ? "error " : "warning ") +
                    std::string(CodeName(d.code)));
  }
  return codes;
}

class AutoInertiaTest : public ::testing::Test {
 protected:
  AutoInertiaTest() { model_ = t_.Root(K::kModel, "m"); }

  // A link with an automatic inertia.
  ElementId Link(const std::string& name, const Pose& X = Pose::Identity(),
                 AutoInertia spec = {}) {
    const ElementId l = t_.Add(model_, K::kLink, name, X);
    t_[l].inertial.emplace();
    t_[l].inertial->automatic = spec;
    return l;
  }

  ElementId Collision(ElementId link, const Shape& shape,
                      std::optional<double> density,
                      const Pose& X = Pose::Identity(),
                      std::string relative_to = "") {
    const ElementId c = t_.Add(link, K::kCollision,
                               "c" + std::to_string(t_.doc().size()), X,
                               std::move(relative_to));
    t_[c].solid = CollisionSolid{shape, density};
    return c;
  }

  // Builds the graph, resolves and computes; the diagnostics' codes.
  std::vector<std::string> Run() {
    Diagnostics diags;
    doc_ = t_.doc();
    const FrameGraph graph = BuildFrameGraph(doc_, &diags);
    EXPECT_FALSE(diags.HasErrors());
    const Resolution r = ResolveAll(doc_, graph);
    ResolveAutoInertials(&doc_, &r, &diags);
    return AllCodes(diags);
  }

  const Inertial& InertialOf(ElementId link) { return *doc_.at(link).inertial; }

  TestDocument t_{"1.11"};
  ElementId model_ = kNoElement;
  Document doc_;
};

Shape Box(double x, double y, double z) {
  Shape s;
  s.kind = ShapeKind::kBox;
  s.size = {x, y, z};
  return s;
}

using Codes = std::vector<std::string>;

TEST_F(AutoInertiaTest, OneBoxAtTheLinkOrigin) {
  const ElementId l = Link("l", P(5, 0, 0, 0, 0, 0));
  Collision(l, Box(1, 2, 3), 2.0);
  EXPECT_EQ(Run(), Codes{});
  const Inertial& in = InertialOf(l);
  EXPECT_DOUBLE_EQ(in.mass, 12);  // 6 m^3 at 2 kg/m^3
  EXPECT_TRUE(in.pose.X.isApprox(Pose::Identity()));
  EXPECT_DOUBLE_EQ(in.inertia(0, 0), 12.0 / 12 * (4 + 9));
  EXPECT_DOUBLE_EQ(in.inertia(1, 1), 12.0 / 12 * (1 + 9));
  EXPECT_DOUBLE_EQ(in.inertia(2, 2), 12.0 / 12 * (1 + 4));
}

// A 2x1x1 box of 2 kg turned 90 degrees about z and moved to (1, 2, 3):
// the centre of mass there, no rotation, and the moments of a box whose
// long side is along y: Ixx = 2/12 (4 + 1), Iyy = 2/12 (1 + 1), Izz =
// 2/12 (4 + 1).
TEST_F(AutoInertiaTest, RotatedAndOffsetCollision) {
  const ElementId l = Link("l", P(0, 0, 1, 0.3, 0, 0));
  Collision(l, Box(2, 1, 1), 1.0, P(1, 2, 3, 0, 0, kPi / 2));
  EXPECT_EQ(Run(), Codes{});
  const Inertial& in = InertialOf(l);
  EXPECT_DOUBLE_EQ(in.mass, 2);
  EXPECT_TRUE(in.pose.X.translation().isApprox(Eigen::Vector3d(1, 2, 3)));
  EXPECT_TRUE(in.pose.X.linear().isApprox(Eigen::Matrix3d::Identity()));
  const Eigen::Matrix3d expected =
      Eigen::Vector3d(10.0 / 12, 4.0 / 12, 10.0 / 12).asDiagonal();
  EXPECT_TRUE(in.inertia.isApprox(expected, 1e-12)) << in.inertia;
}

// libsdformat's DOMLink.ResolveAutoInertialsWithMassAndMultipleCollisions:
// a 1 m cube of 4 kg at z = 0.5 on a 1x1x2 box of 2 kg at z = -1. Centre
// of mass: (4 * 0.5 - 2 * 1) / 6 = 0. Ixx = Iyy = (2/3 + 4 * 0.25) +
// (5/6 + 2 * 1) = 4.5, Izz = 2/3 + 1/3 = 1; scaled to 12 kg: twice that.
TEST_F(AutoInertiaTest, TwoCollisionsScaledToTheGivenMass) {
  AutoInertia spec;
  spec.mass = 12.0;
  const ElementId l = Link("l", Pose::Identity(), spec);
  Collision(l, Box(1, 1, 1), 4.0, P(0, 0, 0.5, 0, 0, 0));
  Collision(l, Box(1, 1, 2), 1.0, P(0, 0, -1, 0, 0, 0));
  EXPECT_EQ(Run(), Codes{});
  const Inertial& in = InertialOf(l);
  EXPECT_DOUBLE_EQ(in.mass, 12);
  EXPECT_TRUE(in.pose.X.translation().isZero(1e-15));
  EXPECT_DOUBLE_EQ(in.inertia(0, 0), 9);
  EXPECT_DOUBLE_EQ(in.inertia(1, 1), 9);
  EXPECT_DOUBLE_EQ(in.inertia(2, 2), 2);
}

TEST_F(AutoInertiaTest, TwoCollisionsWithoutMassAddUp) {
  const ElementId l = Link("l");
  Collision(l, Box(1, 1, 1), 4.0, P(0, 0, 0.5, 0, 0, 0));
  Collision(l, Box(1, 1, 2), 1.0, P(0, 0, -1, 0, 0, 0));
  EXPECT_EQ(Run(), Codes{});
  EXPECT_DOUBLE_EQ(InertialOf(l).mass, 6);
  EXPECT_DOUBLE_EQ(InertialOf(l).inertia(0, 0), 4.5);
}

// Density: the collision's, else the link's //inertial/density, else 1000
// with a warning (when no mass is given).
TEST_F(AutoInertiaTest, DensityPrecedence) {
  AutoInertia link_density;
  link_density.density = 12.0;
  const ElementId a = Link("a", Pose::Identity(), link_density);
  Collision(a, Box(1, 1, 1), std::nullopt);
  const ElementId b = Link("b", Pose::Identity(), link_density);
  Collision(b, Box(1, 1, 1), 24.0);
  const ElementId c = Link("c");
  Collision(c, Box(1, 1, 1), std::nullopt);
  AutoInertia with_mass;
  with_mass.mass = 3.0;
  const ElementId d = Link("d", Pose::Identity(), with_mass);
  Collision(d, Box(1, 1, 1), std::nullopt);
  EXPECT_EQ(Run(), Codes{"warning ELEMENT_MISSING"});  // c's collision
  EXPECT_DOUBLE_EQ(InertialOf(a).mass, 12);
  EXPECT_DOUBLE_EQ(InertialOf(b).mass, 24);
  EXPECT_DOUBLE_EQ(InertialOf(c).mass, 1000);
  EXPECT_DOUBLE_EQ(InertialOf(c).inertia(0, 0), 1000.0 / 6);
  EXPECT_DOUBLE_EQ(InertialOf(d).mass, 3);
  EXPECT_DOUBLE_EQ(InertialOf(d).inertia(2, 2), 0.5);
}

// libsdformat's DOMCollision.CalculateInertialPoseNotRelativeToLink: a
// collision posed relative to a frame 1 m above the link, 1 m below it.
TEST_F(AutoInertiaTest, CollisionPoseRelativeToAnotherFrame) {
  t_.Frame(model_, "f", "", P(0, 0, 1, 0, 0, 0));
  const ElementId l = Link("l");
  Collision(l, Box(2, 2, 2), 1240.0, P(0, 0, -1, 0, 0, 0), "f");
  EXPECT_EQ(Run(), Codes{});
  const Inertial& in = InertialOf(l);
  EXPECT_DOUBLE_EQ(in.mass, 8 * 1240.0);
  EXPECT_TRUE(in.pose.X.translation().isZero(1e-12));
  EXPECT_NEAR(in.inertia(0, 0), 8 * 1240.0 / 12 * 8, 1e-9);
}

TEST_F(AutoInertiaTest, NoCollisionIsAnError) {
  const ElementId l = Link("l");
  EXPECT_EQ(Run(), Codes{"error ELEMENT_MISSING"});
  EXPECT_EQ(InertialOf(l).mass, 1.0);  // as read
}

TEST_F(AutoInertiaTest, ShapeWithoutInertiaIsAnError) {
  const ElementId l = Link("l");
  Shape plane;
  plane.kind = ShapeKind::kPlane;
  Collision(l, plane, 1.0);
  Collision(l, Box(1, 0, 1), 1.0);
  Collision(l, Box(1, 1, 1), -1.0);
  EXPECT_EQ(Run(), (Codes{"error LINK_INERTIA_INVALID",
                          "error LINK_INERTIA_INVALID",
                          "error LINK_INERTIA_INVALID"}));
}

// libsdformat without a mesh calculator: 1 kg, unit moments, at the
// collision's origin. With a 1 kg cube beside it at x = 2: the centre of
// mass at x = 1, Iyy = Izz gain 2 * 1^2 each.
TEST_F(AutoInertiaTest, MeshCountsAsLibsdformatsStandIn) {
  const ElementId l = Link("l");
  Shape mesh;
  mesh.kind = ShapeKind::kMesh;
  Collision(l, mesh, std::nullopt, P(0, 0, 0, 0.4, 0.5, 0.6));
  Collision(l, Box(1, 1, 1), 1.0, P(2, 0, 0, 0, 0, 0));
  EXPECT_EQ(Run(), Codes{"warning AUTO_INERTIA_MESH_UNSUPPORTED"});
  const Inertial& in = InertialOf(l);
  EXPECT_DOUBLE_EQ(in.mass, 2);
  EXPECT_TRUE(in.pose.X.translation().isApprox(Eigen::Vector3d(1, 0, 0)));
  const double cube = 1.0 / 6;
  const Eigen::Matrix3d expected =
      Eigen::Vector3d(1 + cube, 1 + cube + 2, 1 + cube + 2).asDiagonal();
  EXPECT_TRUE(in.inertia.isApprox(expected, 1e-12)) << in.inertia;
}

TEST_F(AutoInertiaTest, NegativeGivenMassIsAnInvalidInertia) {
  AutoInertia spec;
  spec.mass = -1.0;
  const ElementId l = Link("l", Pose::Identity(), spec);
  Collision(l, Box(1, 1, 1), 1.0);
  EXPECT_EQ(Run(), Codes{"error LINK_INERTIA_INVALID"});
}

TEST_F(AutoInertiaTest, WithoutResolutionOnlyChecks) {
  t_.Frame(model_, "f", "", P(0, 0, 1, 0, 0, 0));
  const ElementId l = Link("l");
  Collision(l, Box(1, 1, 1), 1.0, Pose::Identity(), "f");
  const ElementId empty = Link("empty");
  Document doc = t_.doc();
  EXPECT_TRUE(HasAutoInertia(doc));
  Diagnostics diags;
  ResolveAutoInertials(&doc, nullptr, &diags);
  EXPECT_EQ(AllCodes(diags), Codes{"error ELEMENT_MISSING"});
  EXPECT_EQ(doc.at(l).inertial->mass, 1.0);  // left as read
  (void)empty;
}

TEST(AutoInertia, HasAutoInertia) {
  TestDocument t("1.11");
  const ElementId m = t.Root(K::kModel, "m");
  const ElementId l = t.Add(m, K::kLink, "l");
  t[l].inertial.emplace();
  EXPECT_FALSE(HasAutoInertia(t.doc()));
  t[l].inertial->automatic.emplace();
  EXPECT_TRUE(HasAutoInertia(t.doc()));
}

}  // namespace
}  // namespace sdfconv
