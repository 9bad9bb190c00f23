// Phase 1 (schema_check) inside the shared reading: every SDFormat front
// end runs it, and what the reader already reports is not reported twice.
#include "converters/sdf/sdf_tree_reader.h"

#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/sdf/legacy_reader.h"
#include "converters/sdf/sdf_dialect.h"
#include "converters/sdf/sdf_reader.h"
#include "converters/xml/xml_sources.h"
#include "core/document.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "test.sdf";

class SchemaInReaderTest : public DiagnosticTest {
 protected:
  XmlSources sources_;  // the trees read, for NodeRefs
  bool strict_ = false;  // to the letter of each version

  // Reads `text` with the front end that accepts its version.
  std::optional<Document> Read(const std::string& text) {
    auto xml = XmlTree::Parse(text, kFile, &diags_);
    if (!xml) {
      ADD_FAILURE() << "not XML:\n" << DescribeRemaining();
      return std::nullopt;
    }
    const int32_t tree = sources_.Add(std::move(*xml));
    const XmlElement root = RootElement(sources_.tree(tree));
    const std::string version = Attribute(root, "version").value_or("");
    if (SdfReader().Accepts(Tag(root), version)) {
      return SdfReader(strict_).Read(tree, &sources_, &diags_);
    }
    return LegacySdfReader(strict_).Read(tree, &sources_, &diags_);
  }

  // <sdf version="..."><model name="m"> on line 1, `body` from line 2.
  std::optional<Document> ReadModel(const std::string& body,
                                    const std::string& version = "1.8") {
    return Read("<sdf version=\"" + version + "\"><model name=\"m\">\n" +
                body + "\n</model></sdf>\n");
  }
};

TEST_F(SchemaInReaderTest, ValuesOfElementsTheReaderDoesNotReadAreChecked) {
  const auto doc = ReadModel(R"(<link name="l">
<visual name="v"><material><ambient>1 0 0 2</ambient></material></visual>
</link>)");
  ASSERT_TRUE(doc.has_value());  // a Document, with an error
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 3);
}

TEST_F(SchemaInReaderTest, EveryFrontEndRunsIt) {
  for (const char* version : {"1.2", "1.3", "1.4", "1.5", "1.6", "1.7"}) {
    SCOPED_TRACE(version);
    ASSERT_TRUE(ReadModel("<link name=\"l\"><gravity>maybe</gravity></link>",
                          version)
                    .has_value());
    EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
  }
  ASSERT_TRUE(Read("<gazebo version=\"1.2\"><model name=\"m\">\n"
                   "<link name=\"l\"><gravity>maybe</gravity></link>\n"
                   "</model></gazebo>")
                  .has_value());
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
}

TEST_F(SchemaInReaderTest, WhatTheReaderReportsIsReportedOnce) {
  const auto doc = ReadModel(R"(<link name="a"><pose>1 2</pose></link>
<link name="b"/>
<joint name="j" type="fixed"><child>b</child></joint>
<link/>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(TakeError(Code::kPoseInvalid).source.line, 2);
  EXPECT_EQ(TakeError(Code::kElementMissing).source.line, 4);  // <parent>
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 5);  // name
}

TEST_F(SchemaInReaderTest, AnIncludeInAOnePointFourModelIsRead) {
  // The 1.4 description has no <include> in a <model>, but 1.4 files use
  // it (gazebo_models) and libsdformat reads it: it is read, and the
  // schema's "not part of SDFormat 1.4" is not reported.
  const auto doc =
      ReadModel("<link name=\"l\"/>\n<include><uri>x</uri></include>", "1.4");
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE(doc->at(doc->size() - 1).include.has_value());
}

TEST_F(SchemaInReaderTest, IncludeNamePoseAndStaticAreReadInOnePointFour) {
  // The 1.4 <include> description has only <uri>; libsdformat applies
  // <name>, <pose> and <static> all the same, and so does the reader.
  const auto doc = Read(R"(<sdf version="1.4"><world name="w">
<include><uri>x</uri><name>a</name><pose>1 0 0 0 0 0</pose>
<static>true</static></include></world></sdf>)");
  ASSERT_TRUE(doc.has_value());
  const Element& include = doc->at(doc->size() - 1);
  EXPECT_EQ(include.name, "a");
  EXPECT_TRUE(include.pose.present);
  EXPECT_EQ(include.include->is_static, true);
}

TEST_F(SchemaInReaderTest, ElementsOfAnotherVersionAreWarnedOnce) {
  strict_ = true;  // the letter of the version
  ASSERT_TRUE(
      ReadModel("<link name=\"l\"/>\n<frame name=\"f\"/>", "1.4").has_value());
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 3);
}

TEST_F(SchemaInReaderTest, AWorldJointOfOnePointEightIsRead) {
  // 003 reintroduces //world/joint in 1.8; the 1.8 descriptions have no
  // place for it. The reader reads it (docs/architecture.md), so the
  // schema's "not part of SDFormat 1.8" is not reported.
  const auto doc = Read(R"(<sdf version="1.8"><world name="w">
<model name="a"><link name="l"/></model>
<joint name="j" type="fixed"><parent>world</parent><child>a::l</child></joint>
</world></sdf>)");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->at(doc->size() - 1).kind, ElementKind::kJoint);
}

// A named element the version does not have where it is, in a world,
// model, link or joint, is kept for the name checks (an "other" element:
// libsdformat copies it and checks its name too) but not read: phase 1's
// ELEMENT_UNKNOWN stands, as for one without a name.
TEST_F(SchemaInReaderTest, ANamedUnknownElementIsUnknown) {
  const auto doc = Read(R"(<sdf version="1.8"><world name="w">
<modle name="x"/>
<model name="m"><lnk name="b"/><link name="a"><visul name="v"/></link>
<link name="c"/>
<joint name="j" type="fixed"><parent>a</parent><child>c</child><sensr name="s"/></joint>
</model></world></sdf>)");
  ASSERT_TRUE(doc.has_value());
  for (const char* path :
       {R"(/sdf/world[@name="w"]/modle[@name="x"])",
        R"(/sdf/world[@name="w"]/model[@name="m"]/lnk[@name="b"])",
        R"(/sdf/world[@name="w"]/model[@name="m"]/link[@name="a"]/visul[@name="v"])",
        R"(/sdf/world[@name="w"]/model[@name="m"]/joint[@name="j"]/sensr[@name="s"])"}) {
    EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.path, path);
  }
  int others = 0;
  for (const Element& e : doc->elements) others += e.kind == ElementKind::kOther;
  EXPECT_EQ(others, 4);
}

// What the reader says of an element it does not read (a <joint> in a 1.7
// world, read from 1.8 on) is said once, with its reason.
TEST_F(SchemaInReaderTest, AnElementTheReaderLeavesIsSaidOnce) {
  const auto doc = Read(R"(<sdf version="1.7"><world name="w">
<model name="a"><link name="l"/></model>
<joint name="j" type="fixed"><parent>world</parent><child>a::l</child></joint>
</world></sdf>)");
  ASSERT_TRUE(doc.has_value());
  const Diagnostic d = TakeWarning(Code::kElementUnknown);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_NE(d.message.find("from SDFormat 1.8 on"), std::string::npos);
}

TEST_F(SchemaInReaderTest, TheWholeFileIsCheckedEvenWithoutATopElement) {
  const auto doc = Read(
      "<sdf version=\"1.8\" bad=\"1\">\n<include><uri>x</uri>"
      "</include>\n</sdf>");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->size(), 0u);
  EXPECT_EQ(TakeError(Code::kElementInvalid).source.line, 2);
  EXPECT_EQ(TakeWarning(Code::kElementMissing).source.line, 1);
  EXPECT_EQ(TakeWarning(Code::kAttributeInvalid).source.line, 1);
}

// A root without a <world>, <model>, <light> or <actor> is what the schema
// allows (root.sdf: <world> "*", the others optional) and libsdformat
// loads: an empty Document, with one warning at the root element, in
// every version, 1.2's own <gazebo> root included, strict or not.
TEST_F(SchemaInReaderTest, AnEmptyRootIsAnEmptyDocumentWithAWarning) {
  const std::vector<std::pair<std::string, std::string>> roots = {
      {"sdf", "1.8"}, {"sdf", "1.12"}, {"sdf", "1.6"},
      {"sdf", "1.2"}, {"gazebo", "1.2"}};
  for (const bool strict : {false, true}) {
    strict_ = strict;
    for (const auto& [tag, version] : roots) {
      SCOPED_TRACE(tag + " " + version + (strict ? " strict" : ""));
      const auto doc =
          Read("<?xml version=\"1.0\"?>\n<" + tag + " version=\"" +
               version + "\">\n  <!-- nothing -->\n</" + tag + ">\n");
      ASSERT_TRUE(doc.has_value());
      EXPECT_EQ(doc->size(), 0u);
      EXPECT_EQ(doc->root(), kNoElement);
      EXPECT_EQ(doc->version, version);
      EXPECT_EQ(doc->file, kFile);
      const Diagnostic d = TakeWarning(Code::kElementMissing);
      EXPECT_EQ(d.source.line, 2);
      EXPECT_EQ(d.source.path, "/" + tag);
      EXPECT_NE(d.message.find("<" + tag + ">"), std::string::npos)
          << d.message;
    }
  }
}

TEST_F(SchemaInReaderTest, ALoneLightIsChecked) {
  EXPECT_TRUE(Read("<sdf version=\"1.8\">\n<light name=\"l\" "
                   "type=\"point\"><diffuse>x</diffuse></light>\n</sdf>")
                  .has_value());
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 2);
}

TEST_F(SchemaInReaderTest, LinkInertiaByLibsdformatsRule) {
  // Each link is checked where its <inertial> is read (core/inertia.h has
  // the rule and its cases); a link without one has the valid default.
  const auto doc = ReadModel(R"(<link name="ok"><inertial><mass>0</mass></inertial></link>
<link name="none"/>
<link name="negative"><inertial><mass>-1</mass></inertial></link>
<link name="triangle"><inertial><mass>1</mass>
  <inertia><ixx>1.11</ixx><iyy>100.11</iyy><izz>1.01</izz></inertia>
</inertial></link>)");
  ASSERT_TRUE(doc.has_value());
  const Diagnostic negative = TakeError(Code::kLinkInertiaInvalid);
  EXPECT_EQ(negative.source.line, 4);
  EXPECT_EQ(negative.source.path, R"(/sdf/model[@name="m"]/link[@name="negative"])");
  EXPECT_NE(negative.message.find("negative"), std::string::npos);
  const Diagnostic triangle = TakeError(Code::kLinkInertiaInvalid);
  EXPECT_EQ(triangle.source.line, 5);
  EXPECT_NE(triangle.message.find("triangle inequality"), std::string::npos);
  // Every SDFormat version.
  ASSERT_TRUE(ReadModel("<link name=\"l\"><inertial><mass>-2</mass>"
                        "</inertial></link>",
                        "1.4")
                  .has_value());
  TakeError(Code::kLinkInertiaInvalid);
}

// //axis/mimic and //axis2/mimic, read from 1.11 on.
class MimicReaderTest : public DiagnosticTest {
 protected:
  bool strict_ = false;  // to the letter of each version
  // <sdf version="..."><model name="m"> on line 1, `body` from line 2.
  std::optional<Document> ReadModel(const std::string& body,
                                    const std::string& version = "1.11") {
    auto xml = XmlTree::Parse("<sdf version=\"" + version +
                                  "\"><model name=\"m\">\n" + body +
                                  "\n</model></sdf>\n",
                              kFile, &diags_);
    if (!xml) return std::nullopt;
    xml_ = std::move(*xml);
    return ReadSdfTree(*xml_, 0, version, DialectOf(version, strict_),
                       &diags_);
  }
  // The axes of the joint named `name`.
  static const std::vector<JointAxis>& Axes(const Document& doc,
                                            const std::string& name) {
    for (const Element& e : doc.elements) {
      if (e.kind == ElementKind::kJoint && e.name == name) {
        return e.Joint().axes;
      }
    }
    static const std::vector<JointAxis> kNone;
    ADD_FAILURE() << "no joint " << name;
    return kNone;
  }
  std::optional<XmlTree> xml_;
};

constexpr char kMimicModel[] = R"(<link name="a"/><link name="b"/><link name="c"/>
<joint name="u" type="universal"><parent>a</parent><child>b</child>
  <axis><xyz>1 0 0</xyz></axis><axis2><xyz>0 1 0</xyz></axis2></joint>
<joint name="f" type="universal"><parent>b</parent><child>c</child>
  <axis><xyz>0 0 1</xyz>
    <mimic joint="u"><multiplier>4</multiplier><offset>2</offset><reference>3</reference></mimic>
  </axis>
  <axis2><mimic joint="u" axis="axis2"/></axis2>
</joint>)";

TEST_F(MimicReaderTest, ReadFrom111) {
  for (const char* version : {"1.11", "1.12"}) {
    SCOPED_TRACE(version);
    const auto doc = ReadModel(kMimicModel, version);
    ASSERT_TRUE(doc.has_value());
    EXPECT_FALSE(Axes(*doc, "u")[0].mimic.has_value());
    const std::vector<JointAxis>& f = Axes(*doc, "f");
    ASSERT_EQ(f.size(), 2u);
    ASSERT_TRUE(f[0].mimic.has_value());
    EXPECT_EQ(f[0].mimic->joint, "u");
    EXPECT_EQ(f[0].mimic->axis, "axis");  // the default
    EXPECT_EQ(f[0].mimic->multiplier, 4.0);
    EXPECT_EQ(f[0].mimic->offset, 2.0);
    EXPECT_EQ(f[0].mimic->reference, 3.0);
    EXPECT_EQ(f[0].mimic->source.line, 7);
    EXPECT_EQ(f[0].mimic->source.path,
              R"(/sdf/model[@name="m"]/joint[@name="f"]/axis/mimic)");
    ASSERT_TRUE(f[1].mimic.has_value());
    EXPECT_EQ(f[1].mimic->axis, "axis2");
    EXPECT_EQ(f[1].mimic->multiplier, 1.0);  // mimic.sdf's defaults
    EXPECT_EQ(f[1].mimic->offset, 0.0);
    EXPECT_EQ(f[1].mimic->reference, 0.0);
  }
}

TEST_F(MimicReaderTest, ReadBefore111AsALaterFeature) {
  for (const char* version : {"1.10", "1.6"}) {
    SCOPED_TRACE(version);
    const auto doc = ReadModel(kMimicModel, version);
    ASSERT_TRUE(doc.has_value());
    for (const JointAxis& axis : Axes(*doc, "f")) {
      EXPECT_TRUE(axis.mimic.has_value());
    }
    EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 7);
    EXPECT_EQ(TakeWarning(Code::kLaterVersionFeature).source.line, 9);
  }
}

TEST_F(MimicReaderTest, NotReadBefore111WhenStrict) {
  // An element 1.10 does not have: phase 1 warns, the reader leaves it.
  strict_ = true;
  for (const char* version : {"1.10", "1.9", "1.8"}) {
    SCOPED_TRACE(version);
    const auto doc = ReadModel(kMimicModel, version);
    ASSERT_TRUE(doc.has_value());
    for (const JointAxis& axis : Axes(*doc, "f")) {
      EXPECT_FALSE(axis.mimic.has_value());
    }
    EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 7);
    EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 9);
  }
}

TEST_F(MimicReaderTest, MalformedMimic) {
  const auto doc = ReadModel(R"(<link name="a"/><link name="b"/>
<joint name="j" type="revolute"><parent>a</parent><child>b</child>
  <axis><mimic><multiplier>two</multiplier></mimic><mimic joint="k"/></axis>
</joint>)");
  ASSERT_TRUE(doc.has_value());
  const Diagnostic warning = TakeWarning(Code::kElementInvalid);  // 2nd <mimic>
  EXPECT_EQ(warning.source.line, 4);
  const Diagnostic missing = TakeError(Code::kAttributeMissing);
  EXPECT_EQ(missing.source.path,
            R"(/sdf/model[@name="m"]/joint[@name="j"]/axis/mimic)");
  EXPECT_NE(missing.message.find(R"(<joint name="j">)"), std::string::npos);
  EXPECT_EQ(TakeError(Code::kValueInvalid).source.line, 4);
  const JointAxis& axis = Axes(*doc, "j")[0];
  ASSERT_TRUE(axis.mimic.has_value());
  EXPECT_EQ(axis.mimic->joint, "");
  EXPECT_EQ(axis.mimic->multiplier, 1.0);
}

// //include/@merge, read by the walk alone (no schema: the 1.10 tables
// are not the reader's concern here).
class MergeAttributeTest : public DiagnosticTest {
 protected:
  // The include placeholders of `text`, read as its version says (to the
  // letter with `strict`).
  std::vector<IncludeSpec> Includes(const std::string& text,
                                    bool strict = false) {
    auto xml = XmlTree::Parse(text, kFile, &diags_);
    if (!xml) {
      ADD_FAILURE() << "not XML:\n" << DescribeRemaining();
      return {};
    }
    const std::string version =
        Attribute(RootElement(*xml), "version").value_or("");
    const auto doc = ReadSdfTree(*xml, 0, version, DialectOf(version, strict),
                                 &diags_, SdfReading::kNoSchema);
    std::vector<IncludeSpec> out;
    if (!doc) return out;
    for (const Element& e : doc->elements) {
      if (e.include) out.push_back(*e.include);
    }
    return out;
  }

  std::string In(const std::string& version, const std::string& scope,
                 const std::string& merge) {
    return "<sdf version=\"" + version + "\"><" + scope + " name=\"s\">\n" +
           "<link name=\"l\"/>\n<include merge=\"" + merge +
           "\"><uri>x</uri></include>\n</" + scope + "></sdf>";
  }
};

TEST_F(MergeAttributeTest, InAModelFromOnePointNine) {
  for (const char* version : {"1.9", "1.10", "1.11", "1.12"}) {
    SCOPED_TRACE(version);
    const auto includes = Includes(In(version, "model", "true"));
    ASSERT_EQ(includes.size(), 1u);
    EXPECT_TRUE(includes[0].merge);
    EXPECT_FALSE(Includes(In(version, "model", "0"))[0].merge);
  }
  // Before 1.9 a later feature: read as libsdformat reads it, with a
  // warning; to the letter (--strict) not read, and the include nests.
  for (const char* version : {"1.4", "1.5", "1.7", "1.8"}) {
    SCOPED_TRACE(version);
    EXPECT_TRUE(Includes(In(version, "model", "true"))[0].merge);
    const Diagnostic later = TakeWarning(Code::kLaterVersionFeature);
    EXPECT_EQ(later.source.line, 3);
    EXPECT_EQ(later.message.rfind("@merge", 0), 0u) << later.message;
    EXPECT_FALSE(Includes(In(version, "model", "false"))[0].merge);
    EXPECT_FALSE(Includes(In(version, "model", "true"), true)[0].merge);
  }
}

TEST_F(MergeAttributeTest, InAWorldFromOnePointTen) {
  for (const char* version : {"1.10", "1.11", "1.12"}) {
    SCOPED_TRACE(version);
    EXPECT_TRUE(Includes(In(version, "world", "1"))[0].merge);
  }
  for (const char* version : {"1.8", "1.9"}) {
    SCOPED_TRACE(version);
    EXPECT_TRUE(Includes(In(version, "world", "true"))[0].merge);
    TakeWarning(Code::kLaterVersionFeature);
    EXPECT_FALSE(Includes(In(version, "world", "true"), true)[0].merge);
  }
}

TEST_F(MergeAttributeTest, OnlyAModelOrAWorldMerges) {
  EXPECT_TRUE(Includes(R"(<sdf version="1.9"><world name="w">
<frame name="f">
  <include merge="true"><uri>x</uri></include>
  <include><uri>y</uri></include>
</frame>
<model name="m"><link name="l"/>
  <plugin name="p" filename="p"><include merge="true"/></plugin>
</model>
</world></sdf>)")
                  .empty());
  const Diagnostic d = TakeError(Code::kMergeIncludeUnsupported);
  EXPECT_EQ(d.source.line, 3);
  // Before 1.9, too (a later feature), but not to the letter.
  const std::string old = R"(<sdf version="1.8"><world name="w">
<frame name="f"><include merge="true"><uri>x</uri></include></frame>
</world></sdf>)";
  EXPECT_TRUE(Includes(old).empty());
  EXPECT_EQ(TakeError(Code::kMergeIncludeUnsupported).source.line, 2);
  EXPECT_TRUE(Includes(old, /*strict=*/true).empty());
}

TEST_F(MergeAttributeTest, ANonBooleanIsAnError) {
  const auto includes = Includes(In("1.9", "model", "yes"));
  ASSERT_EQ(includes.size(), 1u);
  EXPECT_FALSE(includes[0].merge);
  const Diagnostic d = TakeError(Code::kAttributeInvalid);
  EXPECT_EQ(d.source.line, 3);
  EXPECT_EQ(d.source.path, R"(/sdf/model[@name="s"]/include)");
}

// kStructure reads what kAll reads of the structure (kinds, names, parents,
// nodes, frames poses are read in, joints' links and axes' frames), with no
// locations, no pose numbers and no mass properties, and says nothing
// about the numbers.
TEST(SdfReadingTest, StructureIsWhatEverythingHoldsWithoutLocationsOrNumbers) {
  const std::string text = R"(<sdf version="1.8"><model name="m">
  <link name="a"><pose>1 2 3 0 0 0.5</pose>
    <inertial><mass>2</mass></inertial>
    <visual name="v"><pose relative_to="__model__">0 0 1 0 0 0</pose></visual>
  </link>
  <link name="b"><pose relative_to="j">not a pose</pose></link>
  <joint name="j" type="revolute"><pose relative_to="a">0 0 1 0 0 0</pose>
    <parent>a</parent><child>b</child>
    <axis><xyz expressed_in="__model__">0 1 0</xyz></axis>
  </joint>
  <frame name="f" attached_to="a"><pose relative_to="b">1 0 0 0 0 0</pose></frame>
</model></sdf>)";
  Diagnostics all_diags, structure_diags;
  const auto xml = XmlTree::Parse(text, kFile, &all_diags);
  ASSERT_TRUE(xml.has_value());
  const auto all = ReadSdfTree(*xml, 0, "1.8", DialectOf("1.8", false),
                               &all_diags, SdfReading::kAll);
  const auto structure = ReadSdfTree(*xml, 0, "1.8", DialectOf("1.8", false),
                                     &structure_diags, SdfReading::kStructure);
  ASSERT_TRUE(all.has_value());
  ASSERT_TRUE(structure.has_value());
  EXPECT_TRUE(all_diags.HasErrors());  // "not a pose"
  EXPECT_EQ(structure_diags.size(), 0u);
  ASSERT_EQ(all->size(), structure->size());
  for (ElementId id = 0; id < static_cast<ElementId>(all->size()); ++id) {
    const Element& a = all->at(id);
    const Element& s = structure->at(id);
    SCOPED_TRACE(a.name);
    EXPECT_EQ(s.kind, a.kind);
    EXPECT_EQ(s.name, a.name);
    EXPECT_EQ(s.parent, a.parent);
    EXPECT_EQ(s.node.node, a.node.node);
    EXPECT_EQ(s.attached_to, a.attached_to);
    EXPECT_EQ(s.pose.present, a.pose.present);
    EXPECT_EQ(s.pose.relative_to, a.pose.relative_to);
    EXPECT_EQ(s.pose.X.pose().matrix(), Pose::Identity().matrix());
    EXPECT_TRUE(s.source.path.empty());
    EXPECT_EQ(s.source.line, 0);
    EXPECT_FALSE(a.source.path.empty());
    EXPECT_EQ(s.Joint().parent_frame, a.Joint().parent_frame);
    EXPECT_EQ(s.Joint().child_frame, a.Joint().child_frame);
    EXPECT_TRUE(s.Joint().parent_source.path.empty());
    ASSERT_EQ(s.Joint().axes.size(), a.Joint().axes.size());
    for (size_t k = 0; k < a.Joint().axes.size(); ++k) {
      EXPECT_EQ(s.Joint().axes[k].expressed_in, a.Joint().axes[k].expressed_in);
      EXPECT_TRUE(s.Joint().axes[k].source.path.empty());
    }
  }
  // kAll read the numbers: link a is 1 2 3 from the model, of mass 2.
  EXPECT_EQ(all->at(1).pose.X.translation().x(), 1.0);
  ASSERT_TRUE(all->at(1).inertial);
  EXPECT_EQ(all->at(1).inertial->mass, 2.0);
  EXPECT_FALSE(structure->at(1).inertial);
}

}  // namespace
}  // namespace sdfconv
