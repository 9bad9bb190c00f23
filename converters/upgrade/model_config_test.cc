#include "converters/upgrade/model_config.h"

#include <optional>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

// gazebo_models' usual manifest: one file per version, model.sdf last.
constexpr char kCreate[] = R"(<?xml version="1.0"?>
<model>
  <name>Create</name>
  <!-- the files, oldest first -->
  <sdf version='1.3'>model-1_3.sdf</sdf>
  <sdf version='1.4'>model-1_4.sdf</sdf>
  <sdf version="1.5">model.sdf</sdf>
  <author><name>someone</name></author>
</model>
)";

std::vector<ManifestEntry> Entries(const std::string& text) {
  Diagnostics diags;
  std::optional<ModelManifest> m = ModelManifest::Parse(text, "x", &diags);
  EXPECT_TRUE(m.has_value());
  return m ? m->entries : std::vector<ManifestEntry>{};
}

TEST(ModelConfigTest, PlanConvertsTheFileTheTargetLoads) {
  const ModelFolderPlan plan = PlanModelFolder(Entries(kCreate), "1.8");
  EXPECT_EQ(plan.loaded, "model.sdf");
  EXPECT_EQ(plan.kept,
            (std::vector<std::string>{"model-1_3.sdf", "model-1_4.sdf"}));
  // Written as 1.4, the folder's 1.4 file is the one converted.
  EXPECT_EQ(PlanModelFolder(Entries(kCreate), "1.4").loaded, "model-1_4.sdf");
}

TEST(ModelConfigTest, PlanNamesEachFileOnceAndNormalised) {
  const ModelFolderPlan plan = PlanModelFolder(
      Entries("<model><sdf version='1.3'>model-1_4.sdf</sdf>"
              "<sdf version='1.5'>./model.sdf</sdf>"
              "<sdf version='1.4'>model-1_4.sdf</sdf>"
              "<sdf version='1.5'>model.sdf</sdf><sdf version='1.5'/></model>"),
      "1.8");
  EXPECT_EQ(plan.loaded, "model.sdf");
  EXPECT_EQ(plan.kept, std::vector<std::string>{"model-1_4.sdf"});
}

TEST(ModelConfigTest, NewerEntriesAreKept) {
  const ModelFolderPlan plan = PlanModelFolder(
      Entries("<model><sdf version='1.6'>a.sdf</sdf>"
              "<sdf version='1.10'>b.sdf</sdf></model>"),
      "1.8");
  EXPECT_EQ(plan.loaded, "a.sdf");
  EXPECT_EQ(plan.kept, std::vector<std::string>{"b.sdf"});
}

TEST(ModelConfigTest, RelabelsOnlyTheConvertedFile) {
  const UpgradeResult r =
      RelabelModelConfig(kCreate, "model.config", "model.sdf", "1.8");
  ASSERT_TRUE(r.ok());
  EXPECT_TRUE(r.changed);
  std::string expected = kCreate;
  expected.replace(expected.find("\"1.5\""), 5, "\"1.8\"");
  EXPECT_EQ(r.output, expected);
  Diagnostics diags;
  EXPECT_TRUE(ProveModelFolder(kCreate, r.output, {"model.sdf"},
                               "model.config", &diags));
  EXPECT_EQ(diags.size(), 0u);
}

TEST(ModelConfigTest, AlreadyLabelledIsUnchanged) {
  const std::string input = "<model><sdf version='1.8'>m.sdf</sdf></model>";
  const UpgradeResult r = RelabelModelConfig(input, "model.config", "m.sdf", "1.8");
  EXPECT_TRUE(r.ok());
  EXPECT_FALSE(r.changed);
  EXPECT_EQ(r.output, input);
}

TEST(ModelConfigTest, NotAManifestIsAnError) {
  const UpgradeResult r =
      RelabelModelConfig("<sdf version='1.6'/>", "x", "m.sdf", "1.8");
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.output, "");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics.items()[0].code, Code::kElementInvalid);
}

// Every entry relabelled (what a blind relabelling does): parsers of 1.8
// and later would load model-1_3.sdf, the first of the equal entries.
TEST(ModelConfigTest, ProofRefusesAFolderThatLoadsAnotherFile) {
  std::string all = kCreate;
  for (const char* v : {"'1.3'", "'1.4'", "\"1.5\""}) {
    const std::string quote(1, v[0]);
    all.replace(all.find(v), 5, quote + "1.8" + quote);
  }
  Diagnostics diags;
  EXPECT_FALSE(ProveModelFolder(
      kCreate, all, {"model-1_3.sdf", "model-1_4.sdf", "model.sdf"},
      "m/model.config", &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags.items()[0].code, Code::kUpgradeNotEquivalent);
  EXPECT_EQ(diags.items()[0].source.file, "m/model.config");
}

// A kept file that changed after all (the plan not followed) is refused,
// and so is a relabelled entry whose file was not converted.
TEST(ModelConfigTest, ProofRefusesChangesToKeptFiles) {
  const UpgradeResult r =
      RelabelModelConfig(kCreate, "model.config", "model.sdf", "1.8");
  Diagnostics diags;
  EXPECT_FALSE(ProveModelFolder(kCreate, r.output, {"model-1_4.sdf"},
                                "model.config", &diags));
  EXPECT_TRUE(ProveModelFolder(kCreate, r.output, {"model.sdf"},
                               "model.config", &diags));
  EXPECT_EQ(diags.size(), 1u);
}

// Written down to 1.6, the folder's only readable file at 1.6 is its first
// entry (1.10), whose 1.6 form a parser of 1.12 would no longer prefer to
// the 1.9 file: refused.
TEST(ModelConfigTest, ProofRefusesADowngradeThatReordersTheFolder) {
  const std::string input =
      "<model><sdf version='1.10'>a.sdf</sdf><sdf version='1.9'>b.sdf</sdf>"
      "</model>";
  const ModelFolderPlan plan = PlanModelFolder(Entries(input), "1.6");
  EXPECT_EQ(plan.loaded, "a.sdf");
  const UpgradeResult r = RelabelModelConfig(input, "x", plan.loaded, "1.6");
  Diagnostics diags;
  EXPECT_FALSE(ProveModelFolder(input, r.output, {"a.sdf"}, "x", &diags));
}

// A single entry: the folder loads the converted file at every version.
TEST(ModelConfigTest, ProofAcceptsASingleEntry) {
  const std::string input = "<model><sdf version='1.4'>m.sdf</sdf></model>";
  const UpgradeResult r = RelabelModelConfig(input, "x", "m.sdf", "1.8");
  Diagnostics diags;
  EXPECT_TRUE(ProveModelFolder(input, r.output, {"m.sdf"}, "x", &diags));
  EXPECT_EQ(diags.size(), 0u);
}

}  // namespace
}  // namespace sdfconv
