// The reading of SDFormat 1.11's automatic inertia: //inertial/@auto,
// <mass> and <density> into Inertial::automatic, and the solid of each
// collision of such a link (collision_solid.h). Phase 1 is left out (no
// 1.11 schema is needed here).
#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/sdf/sdf_dialect.h"
#include "converters/sdf/sdf_tree_reader.h"
#include "converters/xml/xml_sources.h"
#include "core/document.h"

namespace sdfconv {
namespace {

class AutoInertiaReaderTest : public DiagnosticTest {
 protected:
  // <sdf version="..."><model name="m"> on line 1, `body` from line 2.
  Document ReadModel(const std::string& body,
                     const std::string& version = "1.11",
                     bool strict = false) {
    const std::string text = "<sdf version=\"" + version +
                             "\"><model name=\"m\">\n" + body +
                             "\n</model></sdf>\n";
    auto xml = XmlTree::Parse(text, "test.sdf", &diags_);
    if (!xml) {
      ADD_FAILURE() << "not XML";
      return {};
    }
    const int32_t tree = sources_.Add(std::move(*xml));
    std::optional<Document> doc =
        ReadSdfTree(sources_.tree(tree), tree, version,
                    DialectOf(version, strict), &diags_, SdfReading::kNoSchema);
    if (!doc) {
      ADD_FAILURE() << DescribeRemaining();
      return {};
    }
    return std::move(*doc);
  }

  // The element named `name` (the first one).
  static const Element& Named(const Document& doc, const std::string& name) {
    for (const Element& e : doc.elements) {
      if (e.name == name) return e;
    }
    ADD_FAILURE() << "no element " << name;
    return doc.elements.front();
  }

  XmlSources sources_;
};

TEST_F(AutoInertiaReaderTest, AutoMassAndDensityAreRead) {
  const Document doc = ReadModel(R"(<link name="l">
  <inertial auto="true"><mass>6</mass><density>12</density></inertial>
  <collision name="c"><density>24</density>
    <geometry><box><size>1 2 3</size></box></geometry></collision>
  <visual name="v"><geometry><box><size>1 2 3</size></box></geometry></visual>
</link>)");
  const Element& link = Named(doc, "l");
  ASSERT_TRUE(link.inertial && link.inertial->automatic);
  EXPECT_EQ(link.inertial->automatic->mass, 6.0);
  EXPECT_EQ(link.inertial->automatic->density, 12.0);
  const Element& c = Named(doc, "c");
  ASSERT_TRUE(c.solid.has_value());
  EXPECT_EQ(c.solid->density, 24.0);
  EXPECT_EQ(c.solid->shape.kind, ShapeKind::kBox);
  EXPECT_EQ(c.solid->shape.size, Eigen::Vector3d(1, 2, 3));
  EXPECT_FALSE(Named(doc, "v").solid.has_value());
}

TEST_F(AutoInertiaReaderTest, NothingWrittenIsNothingRead) {
  const Document doc = ReadModel(R"(<link name="l"><inertial auto="1"/>
  <collision name="c"><geometry><sphere/></geometry></collision></link>)");
  const Element& link = Named(doc, "l");
  ASSERT_TRUE(link.inertial && link.inertial->automatic);
  EXPECT_FALSE(link.inertial->automatic->mass.has_value());
  EXPECT_FALSE(link.inertial->automatic->density.has_value());
  const Element& c = Named(doc, "c");
  ASSERT_TRUE(c.solid.has_value());
  EXPECT_FALSE(c.solid->density.has_value());
  EXPECT_EQ(c.solid->shape.kind, ShapeKind::kSphere);
  EXPECT_EQ(c.solid->shape.radius, 1.0);  // the description's default
}

TEST_F(AutoInertiaReaderTest, CollisionsOfOtherLinksHaveNoSolid) {
  const Document doc = ReadModel(R"(<link name="a"><inertial auto="false"/>
  <collision name="ca"><geometry><box/></geometry></collision></link>
<link name="b"><inertial><mass>2</mass></inertial>
  <collision name="cb"><geometry><box/></geometry></collision></link>
<link name="c">
  <collision name="cc"><geometry><box/></geometry></collision></link>)");
  EXPECT_FALSE(Named(doc, "a").inertial->automatic.has_value());
  EXPECT_EQ(Named(doc, "b").inertial->mass, 2.0);
  for (const char* name : {"ca", "cb", "cc"}) {
    EXPECT_FALSE(Named(doc, name).solid.has_value()) << name;
  }
}

TEST_F(AutoInertiaReaderTest, EveryShapeWithItsDimensionsAndDefaults) {
  const Document doc = ReadModel(R"(<link name="l"><inertial auto="true"/>
  <collision name="box"><geometry><box/></geometry></collision>
  <collision name="capsule"><geometry><capsule><radius>0.2</radius></capsule></geometry></collision>
  <collision name="cone"><geometry><cone><radius>2</radius><length>3</length></cone></geometry></collision>
  <collision name="cylinder"><geometry><cylinder><length>4</length></cylinder></geometry></collision>
  <collision name="ellipsoid"><geometry><ellipsoid><radii>1 2 3</radii></ellipsoid></geometry></collision>
  <collision name="mesh"><geometry><mesh><uri>box.dae</uri></mesh></geometry></collision>
  <collision name="plane"><geometry><plane/></geometry></collision>
  <collision name="none"/>
  <collision name="custom"><geometry><x:shape xmlns:x="urn:x"/></geometry></collision>
  <collision name="unknown"><geometry><blob/></geometry></collision>
</link>)");
  const auto shape = [&](const char* name) {
    return Named(doc, name).solid.value_or(CollisionSolid{}).shape;
  };
  EXPECT_EQ(shape("box").kind, ShapeKind::kBox);
  EXPECT_EQ(shape("box").size, Eigen::Vector3d(1, 1, 1));
  EXPECT_EQ(shape("capsule").kind, ShapeKind::kCapsule);
  EXPECT_EQ(shape("capsule").radius, 0.2);
  EXPECT_EQ(shape("capsule").length, 1.0);
  EXPECT_EQ(shape("cone").kind, ShapeKind::kCone);
  EXPECT_EQ(shape("cone").radius, 2.0);
  EXPECT_EQ(shape("cone").length, 3.0);
  EXPECT_EQ(shape("cylinder").kind, ShapeKind::kCylinder);
  EXPECT_EQ(shape("cylinder").radius, 1.0);
  EXPECT_EQ(shape("cylinder").length, 4.0);
  EXPECT_EQ(shape("ellipsoid").kind, ShapeKind::kEllipsoid);
  EXPECT_EQ(shape("ellipsoid").size, Eigen::Vector3d(1, 2, 3));
  EXPECT_EQ(shape("mesh").kind, ShapeKind::kMesh);
  EXPECT_EQ(shape("plane").kind, ShapeKind::kPlane);
  EXPECT_EQ(shape("none").kind, ShapeKind::kNone);
  EXPECT_EQ(shape("custom").kind, ShapeKind::kNone);
  EXPECT_EQ(shape("unknown").kind, ShapeKind::kOther);
}

TEST_F(AutoInertiaReaderTest, SeveralShapesInOneGeometryAsLibsdformat) {
  // Geometry::Load prefers a box to a sphere, whatever the order.
  const Document doc = ReadModel(R"(<link name="l"><inertial auto="true"/>
  <collision name="c"><geometry><sphere/><box/></geometry></collision></link>)");
  EXPECT_EQ(Named(doc, "c").solid->shape.kind, ShapeKind::kBox);
}

TEST_F(AutoInertiaReaderTest, MalformedNumbersAreValueInvalid) {
  ReadModel(R"(<link name="l"><inertial auto="true"><mass>x</mass></inertial>
  <collision name="c"><density>dense</density>
    <geometry><cylinder><radius>r</radius></cylinder></geometry></collision>
</link>)");
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 3);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 4);
}

TEST_F(AutoInertiaReaderTest, AutoThatIsNoBool) {
  const Document doc =
      ReadModel(R"(<link name="l"><inertial auto="yes"/></link>)");
  EXPECT_EQ(TakeError(Code::kAttributeInvalid).source.line, 2);
  EXPECT_FALSE(Named(doc, "l").inertial->automatic.has_value());
}

// libsdformat: "user-defined inertial values were found, which will be
// overwritten by the computed inertial values". A written inertia is then
// not checked: it is not used.
TEST_F(AutoInertiaReaderTest, WrittenPoseAndInertiaAreIgnoredWithAWarning) {
  const Document doc = ReadModel(R"(<link name="l"><inertial auto="true">
  <pose>1 1 1 2 2 2</pose>
  <inertia><ixx>1</ixx><iyy>1</iyy><izz>100</izz></inertia>
</inertial></link>)");
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 3);
  EXPECT_EQ(TakeWarning(Code::kElementInvalid).source.line, 4);
  const Inertial& in = *Named(doc, "l").inertial;
  EXPECT_TRUE(in.pose.X.isApprox(Pose::Identity()));
  EXPECT_EQ(in.inertia, Eigen::Matrix3d::Identity());
}

// Before 1.11, @auto is a later feature: read as libsdformat reads it,
// with LATER_VERSION_FEATURE; --strict reads the letter of the version: it
// is ignored with a warning, and the inertia read and checked as written.
TEST_F(AutoInertiaReaderTest, AutoBefore1Point11IsALaterFeature) {
  const std::string body = R"(<link name="l"><inertial auto="true">
  <mass>2</mass></inertial>
  <collision name="c"><geometry><box/></geometry></collision></link>)";
  for (const char* version : {"1.6", "1.8", "1.10"}) {
    SCOPED_TRACE(version);
    const Document doc = ReadModel(body, version);
    EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 2);
    ASSERT_TRUE(Named(doc, "l").inertial->automatic.has_value());
    EXPECT_EQ(Named(doc, "l").inertial->automatic->mass, 2.0);
    EXPECT_TRUE(Named(doc, "c").solid.has_value());
  }
  const Document strict = ReadModel(
      R"(<link name="l"><inertial auto="true">
  <mass>-1</mass></inertial>
  <collision name="c"><geometry><box/></geometry></collision></link>)",
      "1.10", /*strict=*/true);
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 2);
  EXPECT_EQ(TakeError(Code::kLinkInertiaInvalid).source.line, 2);
  EXPECT_FALSE(Named(strict, "l").inertial->automatic.has_value());
  EXPECT_FALSE(Named(strict, "c").solid.has_value());
}

}  // namespace
}  // namespace sdfconv
