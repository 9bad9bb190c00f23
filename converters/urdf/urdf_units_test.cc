// Small pieces of the importer: names, numbers, origins, the SDF tree and
// its writer, copying XML, mass properties.
#include <string>

#include <gtest/gtest.h>

#include "converters/urdf/inertia_merge.h"
#include "converters/urdf/sdf_tree.h"
#include "converters/urdf/urdf_names.h"
#include "converters/urdf/urdf_values.h"
#include "converters/urdf/xml_copy.h"
#include "converters/xml/xml_document.h"

namespace sdfconv {
namespace {

TEST(UrdfNames, LegalNames) {
  EXPECT_TRUE(IsLegalSdfName("base_link"));
  EXPECT_TRUE(IsLegalSdfName("__x"));
  EXPECT_FALSE(IsLegalSdfName(""));
  EXPECT_FALSE(IsLegalSdfName("world"));
  EXPECT_FALSE(IsLegalSdfName("__x__"));
  EXPECT_FALSE(IsLegalSdfName("a::b"));
}

TEST(UrdfNames, ClaimKeepsFreeNamesAndDerivesTheOthers) {
  NameScope scope;
  EXPECT_EQ(scope.Claim("elbow", "link"), "elbow");
  EXPECT_EQ(scope.Claim("elbow", "joint"), "elbow_joint");
  EXPECT_EQ(scope.Claim("elbow", "joint"), "elbow_joint_2");
  EXPECT_EQ(scope.Claim("a::b", "joint"), "a_b");
  EXPECT_EQ(scope.Claim("world", "link"), "world_link");
  EXPECT_EQ(scope.Claim("", "joint"), "joint");
  EXPECT_TRUE(scope.Taken("a_b"));
}

TEST(UrdfValues, NumbersAreShortestRoundTrip) {
  EXPECT_EQ(FormatNumber(0.1), "0.1");
  EXPECT_EQ(FormatNumber(-0.0), "0");
  EXPECT_EQ(FormatNumber(1e-20), "1e-20");
  EXPECT_EQ(FormatNumbers({1, 2.5, -3}), "1 2.5 -3");
}

TEST(UrdfValues, OriginsAreWrittenAsWritten) {
  Diagnostics diags;
  const auto xml = XmlDocument::LoadString(
      R"(<r><origin xyz=" 1  .5 +2 " rpy="0 0 1.5708"/><origin rpy="1 2 3"/><origin xyz="1. 0 0"/></r>)",
      "t", &diags);
  ASSERT_TRUE(xml);
  const xmlNode* first = FirstChildElement(xml->root(), "origin");
  const xmlNode* second = NextSiblingElement(first, "origin");
  const xmlNode* third = NextSiblingElement(second, "origin");
  EXPECT_EQ(OriginText(first), "1 .5 +2 0 0 1.5708");
  EXPECT_EQ(OriginText(second), "0 0 0 1 2 3");
  EXPECT_EQ(OriginText(third), "1. 0 0 0 0 0");
  EXPECT_EQ(OriginText(nullptr), "");
}

TEST(SdfTree, WritesIndentedEscapedXml) {
  SdfTree tree("sdf");
  tree.SetAttribute(SdfTree::kRoot, "version", "1.8");
  const NodeId model = tree.AddElement(SdfTree::kRoot, "model");
  tree.SetAttribute(model, "name", "a\"<b>&");
  tree.AddComment(model, " hi ");
  tree.AddValue(model, "static", "1 < 2");
  tree.AddElement(model, "empty");
  EXPECT_EQ(WriteXml(tree),
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<sdf version=\"1.8\">\n"
            "  <model name=\"a&quot;&lt;b&gt;&amp;\">\n"
            "    <!-- hi -->\n"
            "    <static>1 &lt; 2</static>\n"
            "    <empty/>\n"
            "  </model>\n"
            "</sdf>\n");
  EXPECT_EQ(tree.FindChild(model, "static"), 3);
  EXPECT_EQ(tree.FindOrAdd(model, "empty"), 4);
  EXPECT_EQ(tree.ChildElements(model).size(), 2u);
}

TEST(SdfTree, DeepTreesAreWrittenWithoutRecursion) {
  SdfTree tree("sdf");
  NodeId node = SdfTree::kRoot;
  for (int i = 0; i < 100000; ++i) node = tree.AddElement(node, "x");
  EXPECT_GT(WriteXml(tree).size(), 100000u);
}

TEST(XmlCopy, CopiesEverythingAndRecordsNamespaces) {
  Diagnostics diags;
  const auto xml = XmlDocument::LoadString(
      "<r xmlns:s=\"http://s\"><a k=\"v\" s:t=\"1\">text<!-- c --><s:b/>"
      "<![CDATA[ more]]></a></r>",
      "t", &diags);
  ASSERT_TRUE(xml);
  SdfTree tree("out");
  Namespaces ns;
  const NodeId a = CopyXml(*xml, FirstChildElement(xml->root()), &tree,
                           SdfTree::kRoot, &ns, "urdf:a");
  EXPECT_EQ(tree.at(a).tag, "urdf:a");
  EXPECT_EQ(tree.at(a).text, "text more");
  EXPECT_EQ(tree.Attribute(a, "s:t"), "1");
  EXPECT_EQ(tree.at(a).children.size(), 2u);  // the comment, <s:b>
  EXPECT_EQ(ns.at("s"), "http://s");
  EXPECT_EQ(tree.at(a).source.line, 1);
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

TEST(InertiaMerge, PhysicalInertias) {
  urdf::Inertial i;
  i.mass = 1;
  i.ixx = i.iyy = i.izz = 1;
  EXPECT_TRUE(IsPhysical(i));
  i.izz = 3;  // more than ixx + iyy
  EXPECT_FALSE(IsPhysical(i));
  i.izz = 1;
  i.mass = -1;
  EXPECT_FALSE(IsPhysical(i));
}

}  // namespace
}  // namespace sdfconv
