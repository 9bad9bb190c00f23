// Links' content (docs/urdf.md, "Link content"): inertial, geometry,
// materials, names of visuals and collisions, mesh URIs.
#include <cstdlib>
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "converters/urdf/urdf_snippet_test_util.h"
#include "converters/urdf/urdfdom_parse.h"

namespace sdfconv {
namespace {

using LinkContentTest = UrdfSnippetTest;

std::string Visual(const std::string& inside, const std::string& name = "") {
  return "<visual" + (name.empty() ? "" : " name=\"" + name + "\"") + ">" +
         inside + "</visual>";
}
constexpr char kBox[] = R"(<geometry><box size="1 2 3"/></geometry>)";
constexpr char kInertial[] =
    R"(<inertial><origin xyz="0 0 .5" rpy="0 0 1"/><mass value="2.5"/><inertia ixx="1" ixy="0.1" ixz="0" iyy="2" iyz="0" izz="3"/></inertial>)";

TEST_F(LinkContentTest, InertialIsWrittenAsRead) {
  ASSERT_TRUE(Convert("<link name=\"a\">" + std::string(kInertial) + "</link>"));
  EXPECT_EQ(Text({"model", "link@a", "inertial", "pose"}), "0 0 .5 0 0 1");
  EXPECT_EQ(Text({"model", "link@a", "inertial", "mass"}), "2.5");
  EXPECT_EQ(Text({"model", "link@a", "inertial", "inertia", "ixy"}), "0.1");
  EXPECT_EQ(Text({"model", "link@a", "inertial", "inertia", "izz"}), "3");
}

// urdfdom accepts an inertia libsdformat rejects: it is written as read,
// and the SDFormat rule's finding comes back as a warning with its code
// (docs/errors_policy.md).
TEST_F(LinkContentTest, ImpossibleInertiaIsKeptAsWrittenWithAWarning) {
  ASSERT_TRUE(Convert(
      R"(<link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="5"/></inertial></link>)"));
  const Diagnostic d = TakeWarning(Code::kLinkInertiaInvalid);
  EXPECT_EQ(d.source.line, 2);
  EXPECT_EQ(d.message.rfind("kept as written: link 'a' has an invalid inertia", 0),
            0u);
  EXPECT_EQ(Text({"model", "link@a", "inertial", "inertia", "izz"}), "5");
}

// libsdformat's tolerance, not a looser one: a moment above the sum of the
// other two by 1e-7 is reported too.
TEST_F(LinkContentTest, InertiaBrokenByARoundingErrorIsReported) {
  ASSERT_TRUE(Convert(
      R"(<link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="2.0000001"/></inertial></link>)"));
  TakeWarning(Code::kLinkInertiaInvalid);
  EXPECT_EQ(Text({"model", "link@a", "inertial", "inertia", "izz"}),
            "2.0000001");
}

TEST_F(LinkContentTest, Geometries) {
  ASSERT_TRUE(Convert("<link name=\"a\">" + std::string(kInertial) +
                      Visual(kBox, "box") +
                      Visual(R"(<geometry><cylinder radius=".5" length="2"/></geometry>)", "cyl") +
                      Visual(R"(<geometry><sphere radius="0.25"/></geometry>)", "ball") +
                      Visual(R"(<geometry><mesh filename="meshes/a.stl" scale="2 2 2"/></geometry>)", "mesh") +
                      Visual(R"(<geometry><mesh filename="meshes/b.dae"/></geometry>)", "plain") +
                      "</link>"));
  const std::vector<std::string> a = {"model", "link@a"};
  auto at = [&](std::vector<std::string> rest) {
    std::vector<std::string> p = a;
    p.insert(p.end(), rest.begin(), rest.end());
    return p;
  };
  EXPECT_EQ(Text(at({"visual@box", "geometry", "box", "size"})), "1 2 3");
  EXPECT_EQ(Text(at({"visual@cyl", "geometry", "cylinder", "radius"})), "0.5");
  EXPECT_EQ(Text(at({"visual@cyl", "geometry", "cylinder", "length"})), "2");
  EXPECT_EQ(Text(at({"visual@ball", "geometry", "sphere", "radius"})), "0.25");
  EXPECT_EQ(Text(at({"visual@mesh", "geometry", "mesh", "uri"})),
            "meshes/a.stl");
  EXPECT_EQ(Text(at({"visual@mesh", "geometry", "mesh", "scale"})), "2 2 2");
  EXPECT_FALSE(Has(at({"visual@plain", "geometry", "mesh", "scale"})));
}

TEST_F(LinkContentTest, NamedMaterialIsResolved) {
  ASSERT_TRUE(Convert(
      R"(<material name="orange"><color rgba="1 .5 0 1"/></material>
         <link name="a">)" + std::string(kInertial) +
      Visual(std::string(kBox) + R"(<material name="orange"/>)", "v") +
      "</link>"));
  const std::vector<std::string> m = {"model", "link@a", "visual@v",
                                      "material"};
  EXPECT_EQ(Attr(m, "urdf:name"), "orange");
  auto in = [&](const char* tag) {
    std::vector<std::string> p = m;
    p.push_back(tag);
    return p;
  };
  EXPECT_EQ(Text(in("ambient")), "1 0.5 0 1");
  EXPECT_EQ(Text(in("diffuse")), "1 0.5 0 1");
}

TEST_F(LinkContentTest, TextureBecomesAnAlbedoMap) {
  ASSERT_TRUE(Convert(
      "<link name=\"a\">" + std::string(kInertial) +
      Visual(std::string(kBox) +
                 R"(<material name="wood"><texture filename="package://p/wood.png"/></material>)",
             "v") +
      "</link>"));
  const std::vector<std::string> m = {"model", "link@a", "visual@v",
                                      "material"};
  EXPECT_FALSE(Has({"model", "link@a", "visual@v", "material", "ambient"}));
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "material", "pbr", "metal",
                  "albedo_map"}),
            "package://p/wood.png");
}

TEST_F(LinkContentTest, UndefinedMaterialIsUrdfdomsWarning) {
  ASSERT_TRUE(Convert("<link name=\"a\">" + std::string(kInertial) +
                      Visual(std::string(kBox) + R"(<material name="x"/>)", "v") +
                      "</link>"));
  EXPECT_FALSE(Has({"model", "link@a", "visual@v", "material"}));
  const Diagnostic d = TakeWarning(kUrdfInvalid);
  EXPECT_NE(d.message.find("material 'x' undefined"), std::string::npos);
}

TEST_F(LinkContentTest, NamesAreKeptAndUnnamedOnesGenerated) {
  ASSERT_TRUE(Convert(
      "<link name=\"a\">" + std::string(kInertial) + Visual(kBox) +
      Visual(kBox, "shell") + Visual(kBox) +
      "<collision>" + kBox + "</collision><collision name=\"shell\">" + kBox +
      "</collision></link>"));
  EXPECT_TRUE(Has({"model", "link@a", "visual@a_visual"}));
  EXPECT_TRUE(Has({"model", "link@a", "visual@shell"}));
  EXPECT_TRUE(Has({"model", "link@a", "visual@a_visual_2"}));
  EXPECT_TRUE(Has({"model", "link@a", "collision@a_collision"}));
  // A collision may not share the name of a visual in SDFormat.
  // urdf:name keeps the URDF name of a renamed one (the export writes it).
  EXPECT_EQ(Attr({"model", "link@a", "collision@shell_collision"},
                 "urdf:name"),
            "shell");
  EXPECT_FALSE(Attr({"model", "link@a", "visual@shell"}, "urdf:name"));
  EXPECT_FALSE(Attr({"model", "link@a", "visual@a_visual"}, "urdf:name"));
  TakeWarning(Code::kDuplicateName);
}

TEST_F(LinkContentTest, PosesAreTheOriginsAsWritten) {
  ASSERT_TRUE(Convert("<link name=\"a\">" + std::string(kInertial) +
                      Visual(std::string(R"(<origin xyz="1 2 3" rpy=".1 .2 .3"/>)") + kBox, "v") +
                      Visual(kBox, "w") + "</link>"));
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "pose"}), "1 2 3 .1 .2 .3");
  EXPECT_FALSE(Has({"model", "link@a", "visual@w", "pose"}));
}

TEST_F(LinkContentTest, PackageUrisAreKeptByDefault) {
  ASSERT_TRUE(Convert("<link name=\"a\">" + std::string(kInertial) +
                      Visual(R"(<geometry><mesh filename="package://robot/m/a.stl"/></geometry>)", "v") +
                      "</link>"));
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "geometry", "mesh", "uri"}),
            "package://robot/m/a.stl");
}

TEST_F(LinkContentTest, PackageUrisCanBecomeModelUris) {
  UrdfImportOptions options;
  options.package_uri = PackageUriMode::kModel;
  ASSERT_TRUE(Convert("<link name=\"a\">" + std::string(kInertial) +
                          Visual(R"(<geometry><mesh filename="package://robot/m/a.stl"/></geometry>)", "v") +
                          "</link>",
                      options));
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "geometry", "mesh", "uri"}),
            "model://robot/m/a.stl");
}

TEST_F(LinkContentTest, PackagePathResolvesToFileUris) {
  namespace fs = std::filesystem;
  const char* tmp = std::getenv("TEST_TMPDIR");
  const fs::path share = fs::path(tmp != nullptr ? tmp : "/tmp") / "share";
  fs::create_directories(share / "robot");
  UrdfImportOptions options;
  options.package_path = {(share / "missing").string(), share.string()};
  ASSERT_TRUE(Convert("<link name=\"a\">" + std::string(kInertial) +
                          Visual(R"(<geometry><mesh filename="package://robot/m/a.stl"/></geometry>)", "v") +
                          Visual(R"(<geometry><mesh filename="package://other/b.stl"/></geometry>)", "w") +
                          Visual(R"(<geometry><mesh filename="package://other/c.stl"/></geometry>)", "x") +
                          "</link>",
                      options));
  EXPECT_EQ(Text({"model", "link@a", "visual@v", "geometry", "mesh", "uri"}),
            "file://" + fs::absolute(share).string() + "/robot/m/a.stl");
  EXPECT_EQ(Text({"model", "link@a", "visual@w", "geometry", "mesh", "uri"}),
            "package://other/b.stl");
  TakeWarning(Code::kValueInvalid);  // once for package "other"
}

}  // namespace
}  // namespace sdfconv
