// Small pieces of the importer: names, numbers, origins, the SDF tree and
// its writer, copying XML, mass properties.
#include <string>

#include <gtest/gtest.h>

#include "converters/urdf/inertia_merge.h"
#include "converters/urdf/urdf_names.h"
#include "converters/urdf/urdf_values.h"
#include "converters/urdf/xml_copy.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_write.h"

namespace sdfconv {
namespace {

TEST(UrdfNames, ClaimKeepsFreeNamesAndDerivesTheOthers) {
  NameScope scope;
  EXPECT_EQ(scope.Claim("elbow", "link"), "elbow");
  EXPECT_EQ(scope.Claim("elbow", "joint"), "elbow_joint");
  EXPECT_EQ(scope.Claim("elbow", "joint"), "elbow_joint_2");
  EXPECT_EQ(scope.Claim("a::b", "joint"), "a_b");
  EXPECT_EQ(scope.Claim("world", "link"), "world_link");
  EXPECT_EQ(scope.Claim("__base__", "link"), "base");  // as the upgrade
  EXPECT_EQ(scope.Claim("", "joint"), "joint");
  EXPECT_TRUE(scope.Taken("a_b"));
}

TEST(UrdfValues, OriginsAreWrittenAsWritten) {
  Diagnostics diags;
  const auto xml = XmlTree::Parse(
      R"(<r><origin xyz=" 1  .5 +2 " rpy="0 0 1.5708"/><origin rpy="1 2 3"/><origin xyz="1. 0 0"/></r>)",
      "t", &diags);
  ASSERT_TRUE(xml);
  const XmlElement first = FirstChildElement(RootElement(*xml), "origin");
  const XmlElement second = NextSiblingElement(first, "origin");
  const XmlElement third = NextSiblingElement(second, "origin");
  EXPECT_EQ(OriginText(first), "1 .5 +2 0 0 1.5708");
  EXPECT_EQ(OriginText(second), "0 0 0 1 2 3");
  EXPECT_EQ(OriginText(third), "1. 0 0 0 0 0");
  EXPECT_EQ(OriginText(XmlElement()), "");
}

// The tree an import builds, as urdf_to_sdf writes it.
TEST(BuiltTree, WritesIndentedEscapedXml) {
  XmlTree tree = XmlTree::Build("t.urdf", "sdf");
  tree.SetAttribute(tree.root(), "version", "1.8");
  const NodeId model = tree.AppendElement(tree.root(), "model");
  tree.SetAttribute(model, "name", "a\"<b>&");
  tree.AppendComment(model, " hi ");
  tree.AppendValue(model, "static", "1 < 2");
  tree.AppendElement(model, "empty");
  EXPECT_EQ(kXmlDeclaration + WriteIndentedXml(tree, tree.root()),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<sdf version=\"1.8\">\n"
            "  <model name=\"a&quot;&lt;b&gt;&amp;\">\n"
            "    <!-- hi -->\n"
            "    <static>1 &lt; 2</static>\n"
            "    <empty/>\n"
            "  </model>\n"
            "</sdf>\n");
  EXPECT_EQ(tree.FirstChild(model, "static"), tree.ChildElements(model)[0]);
  EXPECT_EQ(tree.FindOrAppend(model, "empty"), tree.ChildElements(model)[1]);
  EXPECT_EQ(tree.ChildElements(model).size(), 2u);
}

TEST(BuiltTree, DeepTreesAreWrittenWithoutRecursion) {
  XmlTree tree = XmlTree::Build("t.urdf", "sdf");
  NodeId node = tree.root();
  for (int i = 0; i < 100000; ++i) node = tree.AppendElement(node, "x");
  EXPECT_GT(WriteIndentedXml(tree, tree.root()).size(), 100000u);
}

TEST(XmlCopy, CopiesEverythingAndRecordsNamespaces) {
  Diagnostics diags;
  const auto xml = XmlTree::Parse(
      "<r xmlns:s=\"http://s\"><a k=\"v\" s:t=\"1\">text<!-- c --><s:b/>"
      "<![CDATA[ more]]></a></r>",
      "t", &diags);
  ASSERT_TRUE(xml);
  XmlTree tree = XmlTree::Build("out", "out");
  Namespaces ns;
  const NodeId a = CopyXml(FirstChildElement(RootElement(*xml)), &tree,
                           tree.root(), &ns, "urdf:a");
  EXPECT_EQ(tree.Tag(a), "urdf:a");
  EXPECT_EQ(tree.Text(a), "text more");
  EXPECT_EQ(tree.Attribute(a, "s:t"), "1");
  EXPECT_EQ(tree.ChildElements(a).size(), 1u);  // <s:b>, besides the comment
  EXPECT_EQ(ns.at("s"), "http://s");
  EXPECT_EQ(tree.Locate(a).line, 1);
  EXPECT_EQ(tree.Locate(a).file, "t");
}

TEST(InertiaMerge, CombinesByTheParallelAxisTheorem) {
  urdf::Inertial unit;
  unit.mass = 1;
  unit.ixx = unit.iyy = unit.izz = 1;
  Eigen::Isometry3d X_BC = Eigen::Isometry3d::Identity();
  X_BC.translation() = Eigen::Vector3d(2, 0, 0);
  const MassProperties sum = Combine(
      {InBodyFrame(unit, Eigen::Isometry3d::Identity()), InBodyFrame(unit, X_BC)});
  EXPECT_EQ(sum.mass, 2);
  EXPECT_TRUE(sum.p_BoBcm_B.isApprox(Eigen::Vector3d(1, 0, 0)));
  EXPECT_NEAR(sum.I_Bcm_B(0, 0), 2, 1e-12);
  EXPECT_NEAR(sum.I_Bcm_B(1, 1), 4, 1e-12);
  EXPECT_NEAR(sum.I_Bcm_B(2, 2), 4, 1e-12);
}

TEST(InertiaMerge, RotatedInertiaIsReexpressed) {
  urdf::Inertial rod;
  rod.mass = 1;
  rod.ixx = 1;
  rod.iyy = 2;
  rod.izz = 3;
  rod.origin.rotation.setFromRPY(0, 0, M_PI / 2);
  const MassProperties p = InBodyFrame(rod, Eigen::Isometry3d::Identity());
  EXPECT_NEAR(p.I_Bcm_B(0, 0), 2, 1e-12);
  EXPECT_NEAR(p.I_Bcm_B(1, 1), 1, 1e-12);
}

}  // namespace
}  // namespace sdfconv
