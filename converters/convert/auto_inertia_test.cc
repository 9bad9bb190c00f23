// Automatic inertia (SDFormat 1.11) through ReadChecked, the reading every
// command shares: the numbers libsdformat's own tests expect (its
// test/integration/link_dom.cc, src/Link_TEST.cc, src/Collision_TEST.cc and
// the corpus files they load), and the computed values in the URDF export.
#include <cmath>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "converters/convert/convert.h"
#include "converters/diagnostic_test_util.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

constexpr double kPi = 3.14159265358979323846;

class AutoInertiaConvertTest : public DiagnosticTest {
 protected:
  // ReadChecked of `path`, its diagnostics to be taken by the test.
  CheckedRead Read(const std::string& path) {
    CheckedRead in = ReadChecked(path, ReadOptions{}, &diags_);
    EXPECT_TRUE(in.doc.has_value());
    return in;
  }

  // `body` as a 1.11 model file in the test's temporary folder.
  static std::string Write(const std::string& name, const std::string& body) {
    const std::string path = ::testing::TempDir() + "/" + name;
    std::ofstream(path) << "<?xml version=\"1.0\"?>\n<sdf version=\"1.11\">\n"
                        << "<model name=\"m\">\n"
                        << body << "\n</model>\n</sdf>\n";
    return path;
  }

  static const Inertial& InertialOf(const CheckedRead& in,
                                    const std::string& link) {
    for (const Element& e : in.doc->elements) {
      if (e.kind == ElementKind::kLink && e.name == link && e.inertial) {
        return *e.inertial;
      }
    }
    ADD_FAILURE() << "no link " << link << " with an inertial";
    static const Inertial none;
    return none;
  }
};

void ExpectInertial(const Inertial& in, double mass,
                    const Eigen::Vector3d& com,
                    const Eigen::Matrix3d& inertia, double tol = 1e-12) {
  EXPECT_NEAR(in.mass, mass, tol * std::max(1.0, mass));
  EXPECT_TRUE(in.pose.X.translation().isApprox(com, tol) ||
              (com.isZero() && in.pose.X.translation().isZero(tol)))
      << in.pose.X.translation().transpose();
  EXPECT_TRUE(in.pose.X.linear().isApprox(Eigen::Matrix3d::Identity()));
  EXPECT_TRUE((in.inertia - inertia).cwiseAbs().maxCoeff() <=
              tol * std::max(1.0, inertia.cwiseAbs().maxCoeff()))
      << in.inertia;
}

// link_dom.cc InertialAuto and InertialAutoExplicitMass: every link is a
// 6 kg unit cube, Ixx = Iyy = Izz = 6/12 (1 + 1) = 1, its centre of mass at
// the link origin (link_3 and link_4: two half cubes, scaled to 6 kg).
TEST_F(AutoInertiaConvertTest, LibsdformatsCorpusFiles) {
  const std::string dir = testing::RequireCorpusFolder("sdformat-tests");
  if (dir.empty()) return;
  for (const char* file :
       {"inertial_stats_auto.sdf", "inertial_stats_auto_mass.sdf"}) {
    SCOPED_TRACE(file);
    const CheckedRead in = Read(dir + "/sdf/" + file);
    for (const char* link : {"link_1", "link_2", "link_3", "link_4"}) {
      SCOPED_TRACE(link);
      ExpectInertial(InertialOf(in, link), 6.0, Eigen::Vector3d::Zero(),
                     Eigen::Matrix3d::Identity());
    }
  }
  // root_dom.cc LoadWithoutMeshAutoInertialCalculator: no error; the mesh
  // counts as 1 kg with unit moments.
  const CheckedRead mesh = Read(dir + "/sdf/mesh_auto_inertial.sdf");
  EXPECT_EQ(TakeWarning(Code::kAutoInertiaMeshUnsupported).source.line, 7);
  ExpectInertial(InertialOf(mesh, "L1"), 1.0, Eigen::Vector3d::Zero(),
                 Eigen::Matrix3d::Identity());
}

// Link_TEST.cc ResolveAutoInertialsWithMultipleCollisions: a 1 m cube of
// density 2 at z = -0.5 and a cylinder r = 0.5, l = 1 of density 4 at
// z = 0.5. libsdformat expects the mass 2 + pi and the diagonal moments
// (2.013513, 2.013513, 0.72603) (to gz-math's 1e-6).
TEST_F(AutoInertiaConvertTest, LibsdformatsBoxAndCylinder) {
  const CheckedRead in = Read(Write("box_cylinder.sdf", R"(
<pose>0 0 1.0 0 0 0</pose>
<link name="compound_link">
  <inertial auto="true"/>
  <collision name="box_collision">
    <pose>0 0 -0.5 0 0 0</pose><density>2.0</density>
    <geometry><box><size>1 1 1</size></box></geometry>
  </collision>
  <collision name="cylinder_compound_collision">
    <pose>0 0 0.5 0 0 0</pose><density>4</density>
    <geometry><cylinder><radius>0.5</radius><length>1.0</length></cylinder></geometry>
  </collision>
</link>)"));
  const Inertial& inertial = InertialOf(in, "compound_link");
  EXPECT_DOUBLE_EQ(inertial.mass, 2.0 + kPi * 0.25 * 4.0);
  EXPECT_NEAR(inertial.inertia(0, 0), 2.013513, 1e-6);
  EXPECT_NEAR(inertial.inertia(1, 1), 2.013513, 1e-6);
  EXPECT_NEAR(inertial.inertia(2, 2), 0.72603, 1e-5);
  // By hand: the centre of mass at z = (2 * -0.5 + pi * 0.5) / (2 + pi).
  EXPECT_NEAR(inertial.pose.X.translation().z(),
              (-1.0 + kPi / 2) / (2 + kPi), 1e-15);
}

// Link_TEST.cc InertialValuesGivenWithAutoSetToTrue and
// ResolveAutoInertialsWithMass: the written pose and inertia are ignored
// (with a warning each), a written mass scales: 2 kg of cube scaled to 4.
TEST_F(AutoInertiaConvertTest, WrittenValuesIgnoredAndMassScales) {
  const CheckedRead in = Read(Write("mass.sdf", R"(
<link name="written">
  <inertial auto="true">
    <pose>1 1 1 2 2 2</pose>
    <inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia>
  </inertial>
  <collision name="c"><density>2.0</density>
    <geometry><box><size>1 1 1</size></box></geometry></collision>
</link>
<link name="scaled">
  <inertial auto="true"><mass>4.0</mass></inertial>
  <collision name="c"><density>2.0</density>
    <geometry><box><size>1 1 1</size></box></geometry></collision>
</link>)"));
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 7);  // <pose>
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 8);  // <inertia>
  ExpectInertial(InertialOf(in, "written"), 2.0, Eigen::Vector3d::Zero(),
                 Eigen::Matrix3d::Identity() * 2.0 / 6);
  ExpectInertial(InertialOf(in, "scaled"), 4.0, Eigen::Vector3d::Zero(),
                 Eigen::Matrix3d::Identity() * 4.0 / 6);
}

// Collision_TEST.cc CalculateInertialPoseNotRelativeToLink, and a cone:
// its centre of mass a quarter of its length below its origin.
TEST_F(AutoInertiaConvertTest, PosesRelativeToOtherFramesAndTheCone) {
  const CheckedRead in = Read(Write("frames.sdf", R"(
<frame name="arbitrary_frame"><pose>0 0 1 0 0 0</pose></frame>
<link name="link">
  <inertial auto="true"/>
  <collision name="box_col">
    <pose relative_to="arbitrary_frame">0 0 -1 0 0 0</pose>
    <density>1240.0</density>
    <geometry><box><size>2 2 2</size></box></geometry>
  </collision>
</link>
<link name="cone">
  <pose>3 0 0 0 0 0</pose>
  <inertial auto="true"/>
  <collision name="c"><pose>0 1 0 0 0 0</pose><density>3</density>
    <geometry><cone><radius>1</radius><length>4</length></cone></geometry>
  </collision>
</link>)"));
  const double m = 8 * 1240.0;
  ExpectInertial(InertialOf(in, "link"), m, Eigen::Vector3d::Zero(),
                 Eigen::Matrix3d::Identity() * m / 12 * 8, 1e-9);
  // Cone: m = 3 pi r^2 l / 3 = 4 pi; Ixx = 3/80 m (4 r^2 + l^2),
  // Izz = 3/10 m r^2.
  const double mc = 4 * kPi;
  const Eigen::Matrix3d Ic =
      Eigen::Vector3d(3.0 / 80 * mc * 20, 3.0 / 80 * mc * 20, 0.3 * mc)
          .asDiagonal();
  ExpectInertial(InertialOf(in, "cone"), mc, Eigen::Vector3d(0, 1, -1), Ic);
}

TEST_F(AutoInertiaConvertTest, NoCollisionAndAPlaneAreErrors) {
  const CheckedRead in = Read(Write("errors.sdf", R"(
<link name="empty"><inertial auto="true"/></link>
<link name="plane"><inertial auto="true"/>
  <collision name="ground"><geometry><plane/></geometry></collision>
</link>)"));
  EXPECT_EQ(TakeError(Code::kElementMissing).source.line, 5);
  EXPECT_EQ(TakeError(Code::kLinkInertiaInvalid).source.line, 7);
}

TEST_F(AutoInertiaConvertTest, DefaultDensityIsWarnedAbout) {
  const CheckedRead in = Read(Write("water.sdf", R"(
<link name="l"><inertial auto="true"/>
  <collision name="c"><geometry><box/></geometry></collision>
</link>)"));
  EXPECT_EQ(TakeWarning(Code::kElementMissing).source.line, 6);
  EXPECT_DOUBLE_EQ(InertialOf(in, "l").mass, 1000.0);
}

// A check reads without keeping the XML trees (KeepSources::kNo): the
// inertias, which are computed after the trees go, and every diagnostic,
// with its file, line and element path, are those of a reading that keeps
// them.
TEST_F(AutoInertiaConvertTest, TheSameWithoutTheTrees) {
  const std::string path = Write("no_trees.sdf", R"(
<link name="l">
  <inertial auto="true"/>
  <collision name="c">
    <pose relative_to="f">0 0 -0.5 0 0 0</pose>
    <geometry><box><size>1 2 3</size></box></geometry>
  </collision>
  <visual name="c"><geometry><box><size>1 1 1</size></box></geometry></visual>
</link>
<frame name="f" attached_to="l"><pose>1 0 0 0 0 0</pose></frame>)");
  Diagnostics kept_diags;
  Diagnostics dropped_diags;
  const CheckedRead kept =
      ReadChecked(path, ReadOptions{}, &kept_diags, KeepSources::kYes);
  const CheckedRead dropped =
      ReadChecked(path, ReadOptions{}, &dropped_diags, KeepSources::kNo);
  ASSERT_TRUE(kept.doc && dropped.doc);
  EXPECT_GT(kept.sources.size(), 0u);
  EXPECT_EQ(dropped.sources.size(), 0u);
  ASSERT_EQ(kept_diags.size(), dropped_diags.size());
  // The density, the visual named as the collision.
  EXPECT_GE(kept_diags.size(), 2u);
  for (size_t i = 0; i < kept_diags.size(); ++i) {
    const Diagnostic& a = kept_diags.items()[i];
    const Diagnostic& b = dropped_diags.items()[i];
    EXPECT_EQ(FormatDiagnostic(a), FormatDiagnostic(b));
    EXPECT_EQ(a.source.path, b.source.path);
    EXPECT_FALSE(b.source.path.empty()) << FormatDiagnostic(b);
  }
  const Inertial& a = InertialOf(kept, "l");
  const Inertial& b = InertialOf(dropped, "l");
  EXPECT_DOUBLE_EQ(a.mass, kDefaultDensity * 6);
  EXPECT_EQ(a.mass, b.mass);
  EXPECT_EQ(a.inertia, b.inertia);
  EXPECT_TRUE(a.pose.X.isApprox(b.pose.X, 0.0));
}

// The URDF export writes the computed values: a 6 kg unit cube 1 m in
// front of a link that is itself moved and turned (the URDF root link's
// frame is the SDFormat link's).
TEST_F(AutoInertiaConvertTest, UrdfExportWritesTheComputedInertial) {
  const std::string path = Write("urdf.sdf", R"(
<link name="l">
  <pose>0 0 1 0 0 0.5</pose>
  <inertial auto="true"><density>6</density></inertial>
  <collision name="c"><pose>1 0 0 0 0 0</pose>
    <geometry><box><size>1 1 1</size></box></geometry></collision>
</link>)");
  const std::optional<std::string> urdf =
      ConvertToUrdf(path, ReadOptions{}, UrdfExportOptions{}, &diags_);
  ASSERT_TRUE(urdf.has_value()) << DescribeRemaining();
  // The link's world pose: the robot-level <gazebo><pose>, no warning.
  EXPECT_NE(urdf->find("  <gazebo>\n    <pose>0 0 1 0 0 0.5</pose>\n"),
            std::string::npos)
      << *urdf;
  EXPECT_NE(urdf->find("<inertial>\n      <origin xyz=\"1 0 0\" rpy=\"0 0 0\"/>"
                       "\n      <mass value=\"6\"/>\n      <inertia ixx=\"1\" "
                       "ixy=\"0\" ixz=\"0\" iyy=\"1\" iyz=\"0\" izz=\"1\"/>"),
            std::string::npos)
      << *urdf;
}

}  // namespace
}  // namespace sdfconv
