#include "converters/registry.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/sdf/legacy_reader.h"
#include "converters/sdf/sdf_reader.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "input.sdf";

class RegistryTest : public DiagnosticTest {
 protected:
  std::optional<Document> Read(const std::string& text,
                               const ReadOptions& options = {}) {
    return ReadString(text, kFile, &diags_, options);
  }
};

std::string TempPath(const std::string& name) {
  const char* dir = std::getenv("TEST_TMPDIR");
  return std::string(dir != nullptr ? dir : "/tmp") + "/" + name;
}

TEST_F(RegistryTest, ReadsSdfOneSevenAndOneEight) {
  for (const char* version : {"1.7", "1.8"}) {
    const auto doc = Read(std::string("<sdf version=\"") + version +
                          "\"><model name=\"m\"><link name=\"l\"/></model>"
                          "</sdf>");
    ASSERT_TRUE(doc.has_value()) << version;
    EXPECT_EQ(doc->version, version);
    EXPECT_EQ(doc->file, kFile);
    EXPECT_EQ(doc->size(), 2u);
  }
}

TEST_F(RegistryTest, ReadsSdfOneTwoToOneSix) {
  for (const char* version : {"1.2", "1.3", "1.4", "1.5", "1.6"}) {
    const auto doc = Read(std::string("<sdf version=\"") + version +
                          "\"><model name=\"m\"><link name=\"l\"/></model>"
                          "</sdf>");
    ASSERT_TRUE(doc.has_value()) << version;
    EXPECT_EQ(doc->version, version);
    EXPECT_EQ(doc->size(), 2u);
  }
  // SDFormat 1.2's own root element.
  const auto doc = Read("<gazebo version='1.2'><model name='m'>"
                        "<link name='l'/></model></gazebo>");
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->version, "1.2");
}

TEST_F(RegistryTest, UnsupportedVersions) {
  for (const char* version : {"1.0", "1.1", "1.13", "2.0", "1.6.0", "1.9.0", ""}) {
    EXPECT_FALSE(Read(std::string("<?xml version='1.0'?>\n<sdf version=\"") +
                      version + "\"><model name='m'/></sdf>")
                     .has_value());
    const Diagnostic d = TakeError(Code::kVersionUnsupported);
    EXPECT_EQ(d.source.file, kFile);
    EXPECT_EQ(d.source.line, 2);
    EXPECT_EQ(d.source.path, "/sdf");
  }
}

TEST_F(RegistryTest, MissingVersion) {
  EXPECT_FALSE(Read("<sdf>\n<model name='m'/></sdf>").has_value());
  EXPECT_EQ(TakeError(Code::kAttributeMissing).source.line, 1);
}

TEST_F(RegistryTest, OtherRootElements) {
  // URDF goes to its own front end: a one-link robot reads.
  const auto urdf = Read("<robot name='r'><link name='l'/></robot>");
  ASSERT_TRUE(urdf.has_value()) << DescribeRemaining();
  EXPECT_EQ(urdf->at(0).name, "r");
  TakeWarning(Code::kElementMissing);  // the link has no <inertial>
  EXPECT_FALSE(Read("<gazebo version='1.0'/>").has_value());
  TakeError(Code::kVersionUnsupported);  // SDFormat 1.0: not read
  EXPECT_FALSE(Read("<gazebo/>").has_value());
  TakeError(Code::kAttributeMissing);
  EXPECT_FALSE(Read("<world name='w'/>").has_value());
  TakeError(Code::kElementInvalid);
}

// An element an SDFormat file's version does not know is a warning, an
// error to the letter of the version (--strict), as the options say.
TEST_F(RegistryTest, UnknownElementsAreErrorsWhenStrict) {
  const std::string text = R"(<sdf version="1.8"><model name="m">
<link name="a"><visul name="v"/></link>
<lnk name="b"/>
</model></sdf>)";
  ASSERT_TRUE(Read(text).has_value());
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 3);  // <lnk>
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 2);  // <visul>
  ReadOptions strict;
  strict.strict = true;
  ASSERT_TRUE(Read(text, strict).has_value());
  EXPECT_EQ(TakeError(Code::kElementUnknown).source.line, 3);
  EXPECT_EQ(TakeError(Code::kElementUnknown).source.line, 2);
  // A proof reading an output to the letter of its version keeps them
  // warnings.
  strict.unknown_elements = Severity::kWarning;
  ASSERT_TRUE(Read(text, strict).has_value());
  TakeWarning(Code::kElementUnknown);
  TakeWarning(Code::kElementUnknown);
  // A later version's element is unknown to the letter of the version.
  strict.unknown_elements.reset();
  ASSERT_TRUE(Read(R"(<sdf version="1.6"><model name="m"><link name="l"/>
<link name="k"><inertial><fluid_added_mass/></inertial></link>
</model></sdf>)",
                   strict)
                  .has_value());
  EXPECT_EQ(TakeError(Code::kElementUnknown).source.path,
            R"(/sdf/model[@name="m"]/link[@name="k"]/inertial/fluid_added_mass)");
  // A namespaced element is no SDFormat element: free.
  ASSERT_TRUE(Read(R"(<sdf version="1.8"><model name="m" xmlns:x="urn:x">
<link name="l"/><x:lnk name="b"/></model></sdf>)",
                   strict)
                  .has_value());
}

// A URDF's SDFormat (what its <gazebo> blocks say) is not read to the
// letter of a version: --strict leaves its unknown elements warnings.
TEST_F(RegistryTest, AUrdfsUnknownElementsStayWarnings) {
  ReadOptions strict;
  strict.strict = true;
  const std::string inertial =
      R"(<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" )"
      R"(iyy="1" iyz="0" izz="1"/></inertial>)";
  ASSERT_TRUE(Read(R"(<robot name="r"><link name="a">)" + inertial +
                       R"(</link><link name="b">)" + inertial + R"(</link>
<joint name="j" type="continuous"><parent link="a"/><child link="b"/></joint>
<gazebo reference="j"><stopKp value="1"/></gazebo>
</robot>)",
                   strict)
                  .has_value());
  EXPECT_EQ(TakeWarning(Code::kElementUnknown).source.line, 3);
}

TEST_F(RegistryTest, FindFrontEnd) {
  const FrontEnd* sdf = FindFrontEnd("sdf", "1.8");
  ASSERT_NE(sdf, nullptr);
  EXPECT_EQ(FindFrontEnd("sdf", "1.7"), sdf);
  EXPECT_EQ(sdf->name(), SdfReader().name());
  const FrontEnd* legacy = FindFrontEnd("sdf", "1.6");
  ASSERT_NE(legacy, nullptr);
  EXPECT_EQ(legacy->name(), LegacySdfReader().name());
  EXPECT_EQ(FindFrontEnd("sdf", "1.2"), legacy);
  EXPECT_EQ(FindFrontEnd("gazebo", "1.2"), legacy);
  EXPECT_EQ(FindFrontEnd("gazebo", "1.3"), nullptr);
  for (const char* version : {"1.9", "1.10", "1.11", "1.12"}) {
    EXPECT_EQ(FindFrontEnd("sdf", version), sdf) << version;
  }
  EXPECT_EQ(FindFrontEnd("sdf", "1.13"), nullptr);
  const FrontEnd* urdf = FindFrontEnd("robot", "");
  ASSERT_NE(urdf, nullptr);
  EXPECT_EQ(urdf->name(), "urdf");
}

TEST_F(RegistryTest, XmlProblemsStopBeforeAnyFrontEnd) {
  EXPECT_FALSE(Read("<sdf version='1.8'>\n<model name='m'>\n</sdf>").has_value());
  EXPECT_EQ(TakeError(Code::kXmlSyntaxError).source.line, 3);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);

  EXPECT_FALSE(Read("<!DOCTYPE sdf [<!ENTITY a 'aaaa'>]>\n"
                    "<sdf version='1.8'><model name='&a;'/></sdf>")
                   .has_value());
  TakeError(Code::kXmlSyntaxError);
}

TEST_F(RegistryTest, Limits) {
  ReadOptions options;
  options.limits.depth = 3;
  EXPECT_TRUE(Read("<sdf version='1.8'><model name='m'><link name='l'/>"
                   "</model></sdf>",
                   options)
                  .has_value());
  EXPECT_FALSE(Read("<sdf version='1.8'><model name='m'><link name='l'>"
                    "<pose/></link></model></sdf>",
                    options)
                   .has_value());
  TakeError(Code::kInputLimitExceeded);
  options.limits.input_bytes = 16;
  EXPECT_FALSE(Read("<sdf version='1.8'/>", options).has_value());
  TakeError(Code::kInputLimitExceeded);
}

TEST_F(RegistryTest, ReadFile) {
  const std::string path = TempPath("registry_test.sdf");
  std::ofstream(path) << "<sdf version='1.8'>\n<world name='w'/>\n</sdf>\n";
  const auto doc = sdfconv::ReadFile(path, &diags_);
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ(doc->file, path);
  EXPECT_EQ(doc->at(0).source.file, path);
  EXPECT_EQ(doc->at(0).source.line, 2);

  EXPECT_FALSE(sdfconv::ReadFile(TempPath("missing.sdf"), &diags_).has_value());
  TakeError(Code::kFileRead);
}

// A real file from libsdformat's test suite, in the corpus' sdformat-tests/
// (testing/corpus.h: skipped when the corpus is absent).
TEST_F(RegistryTest, CorpusModelWithFrames) {
  const std::string corpus = testing::RequireCorpusFolder("sdformat-tests");
  if (corpus.empty()) return;
  const std::string path =
      corpus + "/integration/model/test_model_with_frames/model.sdf";
  const auto doc = sdfconv::ReadFile(path, &diags_);
  ASSERT_TRUE(doc.has_value()) << DescribeRemaining();
  EXPECT_EQ(doc->version, "1.7");
  const Element& model = doc->at(0);
  EXPECT_EQ(model.name, "test_model_with_frames");
  std::vector<std::string> children;
  for (ElementId id : model.children) children.push_back(doc->at(id).name);
  EXPECT_EQ(children, (std::vector<std::string>{"F1", "F2", "L1", "L2", "L3",
                                                "L4", "J1", "J2", "J3",
                                                "M2"}));
  const Element& f2 = doc->at(model.children[1]);
  EXPECT_EQ(f2.pose.relative_to, "F1");
  EXPECT_LT(PoseDistance(f2.pose.X,
                         PoseFromXyzRpy({0, 0, 0}, {0, 0.785398, 0})),
            1e-12);
  EXPECT_EQ(f2.pose.source().line, 8);
  const Element& j1 = doc->at(model.children[6]);
  EXPECT_EQ(j1.Joint().type, "universal");
  ASSERT_EQ(j1.Joint().axes.size(), 2u);
  EXPECT_EQ(j1.Joint().axes[1].xyz, Eigen::Vector3d::UnitX());
  EXPECT_EQ(j1.Joint().axes[1].expressed_in, "F2");
  const Element& l1 = doc->at(model.children[2]);
  ASSERT_EQ(l1.children.size(), 2u);
  const Element& c1 = doc->at(l1.children[1]);
  EXPECT_EQ(c1.kind, ElementKind::kCollision);
  EXPECT_EQ(c1.pose.relative_to, "__model__");
  EXPECT_EQ(c1.source.path,
            R"(/sdf/model[@name="test_model_with_frames"]/link[@name="L1"])"
            R"(/collision[@name="C1"])");
}

// Reads every SDFormat file of the corpus that a front end reads (1.2-1.8)
// and reports how many read without front-end errors. Fails only if a file
// yields neither a Document nor an error.
TEST_F(RegistryTest, CorpusSurvey) {
  const std::string corpus = testing::RequireCorpusFolder("sdformat-tests");
  if (corpus.empty()) return;
  std::vector<std::string> paths;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(corpus)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".sdf" || ext == ".world")) {
      paths.push_back(entry.path().string());
    }
  }
  std::sort(paths.begin(), paths.end());
  int read = 0, clean = 0;
  for (const std::string& path : paths) {
    Diagnostics probe;
    auto xml = XmlTree::Load(path, &probe);
    if (!xml) continue;
    const XmlElement root = RootElement(*xml);
    const std::string version = Attribute(root, "version").value_or("");
    if (FindFrontEnd(Tag(root), version) == nullptr) continue;
    ++read;
    Diagnostics diags;
    XmlSources sources;
    const auto doc = ReadTree(sources.Add(std::move(*xml)), &sources, &diags);
    EXPECT_TRUE(doc.has_value() || diags.HasErrors()) << path;
    if (doc && !diags.HasErrors()) ++clean;
    if (diags.size() == 0) continue;
    std::cout << path.substr(corpus.size()) << ":\n";
    for (const Diagnostic& d : diags.items()) {
      std::cout << "  " << FormatDiagnostic(d) << "\n";
    }
  }
  std::cout << "corpus: " << clean << " of " << read
            << " SDFormat 1.2-1.8 files read without front-end errors\n";
  diags_ = Diagnostics();
}

}  // namespace
}  // namespace sdfconv
