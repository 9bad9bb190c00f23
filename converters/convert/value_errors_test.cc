// Values never block a conversion (docs/errors_policy.md): the examples of
// issue 12, each a file Gazebo and Drake load and `check` calls invalid,
// convert to every target with exactly one warning per offending value
// (its code, "kept as written: "), and the output, read again, gives the
// same world poses. A structural error still refuses, with its code.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <gtest/gtest.h>

#include "converters/convert/convert.h"
#include "converters/diagnostic_test_util.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

enum class Target { kFlat, kSdf, kUrdf };

const char* NameOf(Target t) {
  return t == Target::kFlat ? "flat" : t == Target::kSdf ? "sdf" : "urdf";
}

// One SDFormat 1.8 model: link `arm` at (0, 1, 0), yaw 1.5 in the world
// (the root link `base` is at the origin), its visual 1 above it, its
// collision 2 above it. The placeholders put the offending values in.
std::string Model(const std::string& izz, const std::string& collision_name,
                  const std::string& surface, const std::string& material,
                  const std::string& more = "") {
  return R"(<?xml version="1.0"?>
<sdf version="1.8">
  <model name="m">
    <link name="base">
      <inertial><mass>1</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial>
    </link>
    <link name="arm">
      <pose relative_to="base">0 1 0 0 0 1.5</pose>
      <inertial><mass>1</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>)" +
         izz + R"(</izz></inertia></inertial>
      <collision name=")" +
         collision_name + R"(">
        <pose>0 0 2 0 0 0</pose>
        <geometry><box><size>1 1 1</size></box></geometry>)" +
         surface + R"(
      </collision>
      <visual name="v">
        <pose>0 0 1 0 0 0</pose>
        <geometry><box><size>1 1 1</size></box></geometry>)" +
         material + R"(
      </visual>)" + more + R"(
    </link>
    <joint name="j" type="revolute">
      <parent>base</parent>
      <child>arm</child>
      <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper><effort>10</effort><velocity>1</velocity></limit></axis>
    </joint>
  </model>
</sdf>
)";
}

const std::string kNoSurface;
const std::string kNoMaterial;

struct Example {
  std::string name;
  std::string text;
  Code code;  // of the one value error
  int line;   // where it is reported
};

std::vector<Example> Examples() {
  return {
      // An inertia that breaks the triangle inequality by a rounding error.
      {"inertia", Model("2.0000001", "c", kNoSurface, kNoMaterial),
       Code::kLinkInertiaInvalid, 7},
      // mu of -1.
      {"mu",
       Model("1", "c",
             "<surface><friction><ode><mu>-1</mu></ode></friction></surface>",
             kNoMaterial),
       Code::kValueInvalid, 12},
      // A <script> without <uri>.
      {"script",
       Model("1", "c", kNoSurface,
             "<material><script><name>Gazebo/Grey</name></script></material>"),
       Code::kElementMissing, 16},
      // A collision and a visual of one link with the same name.
      {"same_name", Model("1", "v", kNoSurface, kNoMaterial),
       Code::kDuplicateName, 14},
  };
}

std::string Write(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// The expected world poses, from the numbers in Model().
Pose Expected(double z) {
  return Pose(Eigen::Translation3d(0, 1, z) *
              Eigen::AngleAxisd(1.5, Eigen::Vector3d::UnitZ()));
}

void ExpectPose(const Pose& actual, const Pose& expected,
                const std::string& what) {
  EXPECT_LT((actual.translation() - expected.translation()).norm(), 1e-9)
      << what << ": " << actual.translation().transpose();
  EXPECT_LT((actual.linear() - expected.linear()).norm(), 1e-9) << what;
}

class ValueErrorsTest : public DiagnosticTest {
 protected:
  std::optional<std::string> Convert(const std::string& path, Target to) {
    switch (to) {
      case Target::kFlat:
        return ConvertToFlat(path, ReadOptions{}, FlatFormat::kCsv, &diags_);
      case Target::kSdf:
        return ConvertToSdf(path, ReadOptions{}, false, &diags_);
      case Target::kUrdf:
        return ConvertToUrdf(path, ReadOptions{}, UrdfExportOptions{},
                             &diags_);
    }
    return std::nullopt;
  }

  // The one warning of `e`, kept as written.
  void TakeKept(const Example& e) {
    const Diagnostic d = TakeWarning(e.code);
    EXPECT_EQ(d.source.line, e.line) << e.name;
    EXPECT_EQ(d.message.rfind("kept as written: ", 0), 0u) << d.message;
  }

  // Reads `text` (an output, written as `name`) as a conversion does, and
  // checks the world poses of the arm, its visual (named `visual` there)
  // and the joint; `kept` is called to take the reading's own warnings.
  void ExpectSamePoses(const std::string& name, const std::string& text,
                       const std::string& visual,
                       const std::function<void()>& kept) {
    const std::optional<CheckedRead> read =
        ReadConvertible(Write(name, text), ReadOptions{}, &diags_);
    kept();
    ASSERT_TRUE(read.has_value()) << DescribeRemaining();
    const Resolution r = ResolveAll(*read->doc, read->graph);
    int seen = 0;
    for (ElementId id = 0; id < static_cast<ElementId>(read->doc->size());
         ++id) {
      const Element& e = read->doc->at(id);
      if ((e.kind == ElementKind::kLink && e.name == "arm") ||
          (e.kind == ElementKind::kJoint && e.name == "j")) {
        ExpectPose(r.X_W[id], Expected(0), name + " " + e.name);
        ++seen;
      } else if (e.kind == ElementKind::kVisual && e.name == visual) {
        ExpectPose(r.X_W[id], Expected(1), name + " visual");
        ++seen;
      }
    }
    EXPECT_EQ(seen, 3) << name;
  }
};

// The flat CSV's row of `name` (kind `kind`): its world pose.
std::optional<Pose> FlatPose(const std::string& csv, const std::string& name,
                             const std::string& kind) {
  std::istringstream lines(csv);
  std::string line;
  while (std::getline(lines, line)) {
    std::vector<std::string> cells;
    std::istringstream row(line);
    std::string cell;
    while (std::getline(row, cell, ',')) cells.push_back(cell);
    if (cells.size() < 13 || cells[0] != name || cells[1] != kind) continue;
    const Eigen::Quaterniond q(std::stod(cells[9]), std::stod(cells[10]),
                               std::stod(cells[11]), std::stod(cells[12]));
    Pose X = Pose::Identity();
    X.translation() = Eigen::Vector3d(std::stod(cells[3]), std::stod(cells[4]),
                                      std::stod(cells[5]));
    X.linear() = q.toRotationMatrix();
    return X;
  }
  return std::nullopt;
}

TEST_F(ValueErrorsTest, CheckStillCallsEachExampleInvalid) {
  for (const Example& e : Examples()) {
    const CheckedRead read =
        ReadChecked(Write(e.name + ".sdf", e.text), ReadOptions{}, &diags_);
    EXPECT_TRUE(read.doc.has_value());
    EXPECT_EQ(TakeError(e.code).source.line, e.line) << e.name;
  }
}

TEST_F(ValueErrorsTest, ToFlatKeepsTheValueAndThePoses) {
  for (const Example& e : Examples()) {
    const std::optional<std::string> csv =
        Convert(Write(e.name + ".sdf", e.text), Target::kFlat);
    TakeKept(e);
    ASSERT_TRUE(csv.has_value()) << e.name;
    const std::optional<Pose> arm = FlatPose(*csv, "m::arm", "link");
    const std::optional<Pose> v = FlatPose(*csv, "m::arm::v", "visual");
    const std::optional<Pose> c =
        FlatPose(*csv, e.name == "same_name" ? "m::arm::v" : "m::arm::c",
                 "collision");
    ASSERT_TRUE(arm && v && c) << *csv;
    ExpectPose(*arm, Expected(0), e.name + " arm");
    ExpectPose(*v, Expected(1), e.name + " visual");
    ExpectPose(*c, Expected(2), e.name + " collision");
  }
}

TEST_F(ValueErrorsTest, ToSdfKeepsTheValueAndThePoses) {
  for (const Example& e : Examples()) {
    const std::optional<std::string> sdf =
        Convert(Write(e.name + ".sdf", e.text), Target::kSdf);
    TakeKept(e);
    ASSERT_TRUE(sdf.has_value()) << e.name;
    EXPECT_EQ(*sdf, e.text) << e.name;  // a 1.8 file comes back as written
    ExpectSamePoses(e.name + ".out.sdf", *sdf, "v", [&] { TakeKept(e); });
  }
}

TEST_F(ValueErrorsTest, ToUrdfKeepsTheValueAndThePoses) {
  for (const Example& e : Examples()) {
    const std::optional<std::string> urdf =
        Convert(Write(e.name + ".sdf", e.text), Target::kUrdf);
    TakeKept(e);
    if (e.name == "script") {  // the export's own word on the material
      TakeWarning(Code::kElementInvalid);
    }
    ASSERT_TRUE(urdf.has_value()) << e.name;
    const bool same_name = e.code == Code::kDuplicateName;
    ExpectSamePoses(e.name + ".out.urdf", *urdf, same_name ? "v_visual" : "v",
                    [&] {
                      if (e.code == Code::kLinkInertiaInvalid ||
                          e.code == Code::kValueInvalid) {
                        // The URDF keeps the inertia, and mu in a <gazebo>
                        // block: the import says so again.
                        TakeKept({e.name, "", e.code,
                                  e.code == Code::kValueInvalid ? 33 : 10});
                      }
                      if (same_name) {
                        // URDF allows it; the import renames one apart.
                        TakeWarning(Code::kDuplicateName);
                      }
                    });
  }
}

// A value kept as written in an older version's file: the upgrade to 1.8
// keeps it too, and says so once.
TEST_F(ValueErrorsTest, UpgradeOfAnOlderFileKeepsTheValue) {
  std::string text = Examples()[1].text;
  text.replace(text.find("version=\"1.8\""), 13, "version=\"1.7\"");
  const std::optional<std::string> sdf =
      Convert(Write("mu17.sdf", text), Target::kSdf);
  TakeKept(Examples()[1]);
  ASSERT_TRUE(sdf.has_value());
  EXPECT_NE(sdf->find("<mu>-1</mu>"), std::string::npos);
  ExpectSamePoses("mu17.out.sdf", *sdf, "v",
                  [&] { TakeKept(Examples()[1]); });
}

// A URDF urdfdom accepts with an inertia SDFormat forbids (by a rounding
// error, as in Robotiq's): every target writes it, one warning each time
// it is read, and the SDFormat written converts again (URDF -> SDF ->
// URDF).
TEST_F(ValueErrorsTest, UrdfWithAnInertiaSdformatForbidsConverts) {
  const std::string urdf = R"(<?xml version="1.0"?>
<robot name="m">
  <link name="base">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
  </link>
  <link name="arm">
    <inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="2.0000001"/></inertial>
    <visual name="v"><origin xyz="0 0 1"/><geometry><box size="1 1 1"/></geometry></visual>
  </link>
  <joint name="j" type="revolute">
    <parent link="base"/><child link="arm"/><origin xyz="0 1 0" rpy="0 0 1.5"/>
    <axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="10" velocity="1"/>
  </joint>
</robot>
)";
  const std::string path = Write("arm.urdf", urdf);
  const Example at_urdf = {"urdf", "", Code::kLinkInertiaInvalid, 6};
  for (Target to : {Target::kFlat, Target::kUrdf}) {
    EXPECT_TRUE(Convert(path, to).has_value()) << NameOf(to);
    TakeKept(at_urdf);
  }
  const std::optional<std::string> sdf = Convert(path, Target::kSdf);
  TakeKept(at_urdf);
  ASSERT_TRUE(sdf.has_value());
  EXPECT_NE(sdf->find("<izz>2.0000001</izz>"), std::string::npos);
  // The SDFormat written, read back as a file: the value error again (at
  // its own line), the same poses.
  const std::string written = Write("arm.out.sdf", *sdf);
  const size_t arm = sdf->find("<link name=\"arm\">");
  ASSERT_NE(arm, std::string::npos);
  const Example at_sdf = {
      "sdf", "", Code::kLinkInertiaInvalid,
      1 + static_cast<int>(std::count(sdf->begin(), sdf->begin() + arm, '\n'))};
  ExpectSamePoses("arm.out.sdf", *sdf, "v", [&] { TakeKept(at_sdf); });
  const std::optional<std::string> back = Convert(written, Target::kUrdf);
  TakeKept(at_sdf);
  ASSERT_TRUE(back.has_value());
  EXPECT_NE(back->find("izz=\"2.0000001\""), std::string::npos) << *back;
}

// Structure refuses, on every target, with its code.
TEST_F(ValueErrorsTest, StructuralErrorsStillRefuse) {
  struct Case {
    std::string name;
    std::string text;
    Code code;
    int line;
  };
  const std::string two_visuals =
      R"(
      <visual name="v"><geometry><box><size>1 1 1</size></box></geometry></visual>)";
  std::string bad_reference = Model("1", "c", kNoSurface, kNoMaterial);
  bad_reference.replace(bad_reference.find("relative_to=\"base\""), 18,
                        "relative_to=\"nowhere\"");
  std::string bad_pose = Model("1", "c", kNoSurface, kNoMaterial);
  bad_pose.replace(bad_pose.find("0 1 0 0 0 1.5"), 13, "0 1");
  const std::vector<Case> cases = {
      // Two visuals of one link called alike: one identity, two elements.
      {"two_visuals", Model("1", "c", kNoSurface, kNoMaterial, two_visuals),
       Code::kDuplicateName, 18},
      {"bad_reference", bad_reference, Code::kPoseRelativeToInvalid, 8},
      {"bad_pose", bad_pose, Code::kPoseInvalid, 8},
  };
  for (const Case& c : cases) {
    for (Target to : {Target::kFlat, Target::kSdf, Target::kUrdf}) {
      const std::optional<std::string> out =
          Convert(Write(c.name + ".sdf", c.text), to);
      EXPECT_FALSE(out.has_value()) << c.name << " " << NameOf(to);
      EXPECT_EQ(TakeError(c.code).source.line, c.line)
          << c.name << " " << NameOf(to);
    }
  }
}

}  // namespace
}  // namespace sdfconv
