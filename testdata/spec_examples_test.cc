// Every example of the specification marked VALID or INVALID (testdata/spec,
// see its README) through the whole pipeline: front end, every phase,
// resolver. Invalid examples must give exactly the expected set of error
// codes; valid ones must give no error and the expected world pose (and
// axes) of every listed frame, within 1e-9.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "converters/registry.h"
#include "core/diagnostic.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
constexpr double kTol = 1e-9;

std::vector<std::string> SpecFiles() {
  std::vector<std::string> files;
  for (const auto& entry : fs::directory_iterator("testdata/spec")) {
    if (entry.path().extension() == ".sdf") {
      files.push_back(entry.path().stem().string());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::string> DistinctErrorCodes(const Diagnostics& diags) {
  std::vector<std::string> codes;
  for (const auto& d : diags.items()) {
    if (d.severity != Severity::kError) continue;
    codes.emplace_back(CodeName(d.code));
  }
  std::sort(codes.begin(), codes.end());
  codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
  return codes;
}

std::string Dump(const Diagnostics& diags) {
  std::string out;
  for (const auto& d : diags.items()) out += FormatDiagnostic(d) + "\n";
  return out;
}

class SpecExample : public ::testing::TestWithParam<std::string> {};

TEST_P(SpecExample, VerdictCodesAndPoses) {
  const std::string stem = "testdata/spec/" + GetParam();
  std::ifstream in(stem + ".expect.json");
  ASSERT_TRUE(in) << stem << ".expect.json missing";
  const nlohmann::json expect = nlohmann::json::parse(in);

  Diagnostics diags;
  std::optional<Document> doc = ReadFile(stem + ".sdf", &diags);
  FrameGraph graph;
  if (doc) graph = BuildFrameGraph(*doc, &diags);

  const auto expected_codes = expect.at("codes").get<std::vector<std::string>>();
  EXPECT_EQ(DistinctErrorCodes(diags), expected_codes) << Dump(diags);
  if (expect.at("verdict") != "valid" || diags.HasErrors() || !doc) return;

  const Resolution r = ResolveAll(*doc, graph);
  std::map<std::string, ElementId> by_name;
  for (ElementId id = 0; id < static_cast<ElementId>(doc->size()); ++id) {
    const ElementKind k = doc->at(id).kind;
    if (k == ElementKind::kWorld || k == ElementKind::kOther) continue;
    by_name.emplace(doc->ScopedName(id), id);
  }
  for (const auto& [name, v] : expect.at("poses").items()) {
    auto it = by_name.find(name);
    ASSERT_NE(it, by_name.end()) << "no frame named " << name;
    const std::vector<double> x = v.get<std::vector<double>>();
    ASSERT_EQ(x.size(), 6u) << name;
    const Pose X_expected =
        PoseFromXyzRpy({x[0], x[1], x[2]}, {x[3], x[4], x[5]});
    EXPECT_LT(PoseDistance(r.X_W[it->second], X_expected), kTol)
        << name << ":\n" << r.X_W[it->second].matrix() << "\nexpected:\n"
        << X_expected.matrix();
  }
  if (expect.contains("axes")) {
    for (const auto& [name, axes] : expect.at("axes").items()) {
      auto it = by_name.find(name);
      ASSERT_NE(it, by_name.end()) << "no joint named " << name;
      const auto& actual = r.axes_W[it->second];
      ASSERT_EQ(actual.size(), axes.size()) << name;
      for (size_t i = 0; i < axes.size(); ++i) {
        const auto a = axes[i].get<std::vector<double>>();
        const Eigen::Vector3d e(a.at(0), a.at(1), a.at(2));
        EXPECT_LT((actual[i] - e).norm(), kTol) << name << " axis " << i;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Spec, SpecExample, ::testing::ValuesIn(SpecFiles()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace sdfconv
