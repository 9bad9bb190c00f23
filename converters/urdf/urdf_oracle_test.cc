// The URDF front end against libsdformat 12 (the reference implementation,
// test-only), over every URDF of the corpus that urdfdom accepts:
//  1. libsdformat's own URDF import (sdf::Root::Load of the .urdf): for each
//     link, joint and frame it keeps under a URDF link or joint name, its
//     pose in the model frame (and a joint's axis) must equal ours within
//     1e-9;
//  2. our SDF output, loaded by libsdformat as `gz sdf --check` would:
//     every error it reports must be one the URDF already has (libsdformat
//     reports it on the URDF too, or, for LINK_INERTIA_INVALID, some link
//     of the URDF has an inertia that libsdformat refuses on its own:
//     urdfdom accepts it, libsdformat's import may drop the link). Errors
//     of the input are not differences; a new one is.
// Where libsdformat differs on purpose, converters/urdf/
// urdf_oracle_known_differences.txt says so, file by file, with the reason
// (docs/urdf.md explains each); a listed file that starts agreeing fails
// too, so the list stays true.
//
// Without the corpus the test skips and says so; with a corpus that lacks
// these URDFs it fails (testing/corpus.h).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/urdf/urdf_front_end.h"
#include "converters/urdf/urdf_test_util.h"
#include "converters/urdf/urdf_to_sdf.h"
#include "converters/xml/xml_sources.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/corpus.h"
#include "testing/sdformat_oracle.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;
constexpr double kTol = 1e-9;

struct Totals {
  int files = 0, libsdformat_loads = 0, compared = 0, links = 0, joints = 0,
      frames = 0, our_valid = 0, inherited = 0, new_errors = 0, listed = 0;
};
Totals& Sum() {
  static Totals totals;
  return totals;
}

class PrintTotals : public ::testing::Environment {
 public:
  void TearDown() override {
    const Totals& t = Sum();
    if (t.files == 0) return;
    std::printf(
        "libsdformat 12 vs sdfconv on %d URDFs urdfdom accepts: libsdformat "
        "loads %d; %d elements compared (%d links, %d joints, %d frames); "
        "libsdformat finds %d of our %d SDF outputs valid, %d more with only "
        "errors their URDF has, %d with an error of their own; %d files "
        "listed as known differences\n",
        t.files, t.libsdformat_loads, t.compared, t.links, t.joints, t.frames,
        t.our_valid, t.files, t.inherited, t.new_errors, t.listed);
  }
};
const auto* const kPrintTotals =
    ::testing::AddGlobalTestEnvironment(new PrintTotals);

// "relative/path.urdf<TAB>reason" lines.
std::map<std::string, std::string> KnownDifferences() {
  std::map<std::string, std::string> known;
  std::ifstream in("converters/urdf/urdf_oracle_known_differences.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    known[line.substr(0, tab)] =
        tab == std::string::npos ? "" : line.substr(tab + 1);
  }
  return known;
}

struct Ours {
  std::optional<Document> doc;
  Resolution r;
  // URDF name -> element, for links and joints (by source path).
  std::map<std::string, ElementId> links, joints;
};

Ours ImportWithFrontEnd(const XmlTree& xml) {
  Ours out;
  Diagnostics diags;
  XmlSources sources;
  const int32_t tree = sources.Add(XmlTree(xml));
  out.doc = UrdfFrontEnd().Read(tree, &sources, &diags);
  if (!out.doc) return out;
  const FrameGraph graph = BuildFrameGraph(*out.doc, &diags);
  if (diags.HasErrors()) {
    out.doc.reset();
    return out;
  }
  out.r = ResolveAll(*out.doc, graph);
  for (ElementId id = 0; id < static_cast<ElementId>(out.doc->size()); ++id) {
    const auto urdf = testing::UrdfElementOf(out.doc->at(id).source.path.str());
    if (!urdf) continue;
    auto& by_name = urdf->first == "link" ? out.links : out.joints;
    by_name.emplace(urdf->second, id);
  }
  return out;
}

// Compares what libsdformat keeps of a URDF with our import.
std::vector<std::string> ComparePoses(const Ours& ours,
                                      const testing::OracleResult& oracle) {
  std::vector<std::string> diffs;
  if (oracle.frames.empty()) return {"libsdformat resolves no frame"};
  const Pose X_MW_theirs = oracle.frames.front().X_WF.inverse();
  const Pose X_MW_ours = ours.r.X_W[0].inverse();
  const std::string prefix = oracle.frames.front().name + "::";
  for (const testing::OracleFrame& f : oracle.frames) {
    if (f.name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string name = f.name.substr(prefix.size());
    const bool joint = f.kind == "joint";
    if (!joint && f.kind != "link" && f.kind != "frame") continue;
    // libsdformat names frames after the URDF links and joints they stand
    // for; match by URDF name.
    const auto& by_name = joint ? ours.joints : ours.links;
    auto it = by_name.find(name);
    if (it == by_name.end() && f.kind == "frame") {
      it = ours.joints.find(name);
      if (it == ours.joints.end()) continue;
    } else if (it == by_name.end()) {
      diffs.push_back(f.kind + " '" + name + "': libsdformat has it, we do not");
      continue;
    }
    ++Sum().compared;
    ++(joint ? Sum().joints : f.kind == "link" ? Sum().links : Sum().frames);
    const double d = PoseDistance(X_MW_ours * ours.r.X_W[it->second],
                                  X_MW_theirs * f.X_WF);
    if (!(d < kTol)) {
      char by[32];
      std::snprintf(by, sizeof by, "%.3g", d);
      diffs.push_back(f.kind + " '" + name + "': pose differs by " + by);
    }
    if (!joint || f.axes.empty()) continue;
    const auto& axes = ours.r.axes_W[it->second];
    if (axes.size() != f.axes.size()) {
      diffs.push_back("joint '" + name + "': axis count differs");
      continue;
    }
    const Eigen::Vector3d ours_M = X_MW_ours.linear() * axes[0];
    const Eigen::Vector3d theirs_M = X_MW_theirs.linear() * f.axes[0];
    if (!((ours_M - theirs_M).norm() < kTol)) {
      diffs.push_back("joint '" + name + "': axis differs");
    }
  }
  return diffs;
}

std::set<std::string> CodeSet(const testing::OracleResult& result) {
  std::set<std::string> codes;
  for (const auto& e : result.errors) codes.insert(e.code);
  return codes;
}

std::string Join(const std::set<std::string>& codes) {
  std::string out;
  for (const std::string& c : codes) out += (out.empty() ? "" : ", ") + c;
  return out;
}

std::string Codes(const testing::OracleResult& result) {
  return Join(CodeSet(result));
}

fs::path TempPath(const std::string& name) {
  const char* tmp = std::getenv("TEST_TMPDIR");
  return fs::path(tmp != nullptr ? tmp : "/tmp") / name;
}

// True when libsdformat refuses, on its own, the inertia urdfdom read for
// some link of `model`: each is written into a one-link SDF (17 digits, so
// the same doubles) and loaded.
bool HasInertiaLibsdformatRefuses(const urdf::ModelInterface& model) {
  for (const auto& [name, link] : model.links_) {
    if (!link->inertial) continue;
    const urdf::Inertial& i = *link->inertial;
    char body[512];
    std::snprintf(body, sizeof body,
                  "<sdf version=\"1.8\"><model name=\"m\"><link name=\"l\">"
                  "<inertial><mass>%.17g</mass><inertia><ixx>%.17g</ixx>"
                  "<ixy>%.17g</ixy><ixz>%.17g</ixz><iyy>%.17g</iyy>"
                  "<iyz>%.17g</iyz><izz>%.17g</izz></inertia></inertial>"
                  "</link></model></sdf>",
                  i.mass, i.ixx, i.ixy, i.ixz, i.iyy, i.iyz, i.izz);
    const fs::path path = TempPath("inertia.sdf");
    std::ofstream(path, std::ios::binary) << body;
    if (CodeSet(testing::LoadWithSdformat(path.string()))
            .count("LINK_INERTIA_INVALID") > 0) {
      return true;
    }
  }
  return false;
}

// The errors libsdformat reports on our output that the URDF does not
// already have.
std::set<std::string> NewErrors(const testing::OracleResult& input,
                                const testing::OracleResult& output,
                                const urdf::ModelInterface& model) {
  std::set<std::string> fresh;
  const std::set<std::string> had = CodeSet(input);
  for (const std::string& code : CodeSet(output)) {
    if (had.count(code) > 0) continue;
    if (code == "LINK_INERTIA_INVALID" && HasInertiaLibsdformatRefuses(model)) {
      continue;
    }
    fresh.insert(code);
  }
  return fresh;
}

class UrdfOracle : public ::testing::TestWithParam<std::string> {};

TEST_P(UrdfOracle, AgreesWithLibsdformat) {
  if (!testing::SdformatInstalled()) GTEST_SKIP() << testing::kSdformatNotInstalled;
  const std::string rel = GetParam();
  if (rel.empty()) {
    return testing::NoCorpusFiles(
        "URDF urdfdom accepts under urdf/ or sdformat-tests/");
  }
  const std::string path = testing::CorpusRoot() + "/" + rel;
  Diagnostics diags;
  const auto xml = XmlTree::Load(path, &diags);
  ASSERT_TRUE(xml);
  const std::optional<std::string> sdf = UrdfToSdf(*xml, {}, &diags);
  ASSERT_TRUE(sdf);
  ++Sum().files;
  const Ours ours = ImportWithFrontEnd(*xml);
  ASSERT_TRUE(ours.doc);

  std::vector<std::string> diffs;
  const testing::OracleResult theirs = testing::LoadWithSdformat(path);
  if (theirs.valid) {
    ++Sum().libsdformat_loads;
    for (std::string& d : ComparePoses(ours, theirs)) diffs.push_back(d);
  } else {
    diffs.push_back("libsdformat rejects the URDF: " + Codes(theirs));
  }

  std::set<std::string> fresh;  // errors of our output the URDF lacks
  const fs::path out = TempPath("out.sdf");
  std::ofstream(out, std::ios::binary) << *sdf;
  const testing::OracleResult check = testing::LoadWithSdformat(out.string());
  if (check.valid) {
    ++Sum().our_valid;
  } else {
    const auto model =
        testing::ParseWithUrdfdomDirectly(testing::ReadText(path)).model;
    ASSERT_TRUE(model);
    fresh = NewErrors(theirs, check, *model);
    if (fresh.empty()) {
      ++Sum().inherited;
    } else {
      ++Sum().new_errors;
      diffs.push_back("libsdformat rejects our SDF with errors the URDF "
                      "does not have: " + Join(fresh) + " (all: " +
                      Codes(check) + ")");
    }
  }

  const auto known = KnownDifferences();
  if (const auto listed = known.find(rel); listed != known.end()) {
    ++Sum().listed;
    EXPECT_FALSE(diffs.empty())
        << rel << " is listed as a known difference (" << listed->second
        << ") but now agrees with libsdformat: remove it from the list";
    // A listing explains each error our output adds by its code.
    for (const std::string& code : fresh) {
      EXPECT_NE(listed->second.find(code), std::string::npos)
          << rel << ": libsdformat rejects our SDF with " << code
          << ", which the URDF does not have and the listing does not name";
    }
    return;
  }
  for (const std::string& d : diffs) ADD_FAILURE() << rel << ": " << d;
}

// The corpus URDFs urdfdom accepts (urdf_corpus_test.cc covers the rest).
std::vector<std::string> Files() {
  std::vector<std::string> out;
  for (const char* folder : {"urdf", "sdformat-tests"}) {
    for (const std::string& f : testing::UrdfFiles(folder)) {
      const std::string rel = std::string(folder) + "/" + f;
      const std::string text =
          testing::ReadText(testing::CorpusRoot() + "/" + rel);
      if (testing::ParseWithUrdfdomDirectly(text).model) out.push_back(rel);
    }
  }
  if (out.empty()) out.push_back("");
  return out;
}

std::string TestName(const ::testing::TestParamInfo<std::string>& info) {
  std::string n = info.param.empty() ? "no_corpus_files" : info.param;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

INSTANTIATE_TEST_SUITE_P(Corpus, UrdfOracle, ::testing::ValuesIn(Files()),
                         TestName);

}  // namespace
}  // namespace sdfconv
