#include "converters/flat/flat_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace sdfconv {
namespace {

using nlohmann::json;

// A Document with its FrameGraph.body and Resolution filled by hand, as
// BuildFrameGraph and ResolveAll would for a valid file.
struct Fixture {
  Document doc;
  FrameGraph graph;
  Resolution resolution;

  ElementId Add(ElementId parent, ElementKind kind, const std::string& name,
                ElementId body, const Pose& X_W) {
    Element e;
    e.kind = kind;
    e.name = name;
    e.has_name = true;
    const ElementId id = doc.Add(parent, std::move(e));
    graph.body.resize(doc.size(), kNoElement);
    resolution.X_W.resize(doc.size(), Pose::Identity());
    resolution.axes_W.resize(doc.size());
    graph.body[id] = body;
    resolution.X_W[id] = X_W;
    return id;
  }
};

Pose MakePose(double x, double y, double z, double roll, double pitch,
              double yaw) {
  return PoseFromXyzRpy({x, y, z}, {roll, pitch, yaw});
}

// Model file:
//   robot (model, canonical link base)
//     base (link) / base::visual
//     arm (link)
//     shoulder (revolute joint, child arm)
//     wrist (universal joint, child arm: two axes)
//     tool (frame attached to arm)
//     fixture (static model) / fixture::plate (link)
//     other (kOther: left out)
Fixture ArmModel() {
  Fixture f;
  const ElementId robot = f.Add(kNoElement, ElementKind::kModel, "robot",
                                /*body=*/1, MakePose(1, 2, 3, 0, 0, 0.5));
  f.Add(robot, ElementKind::kLink, "base", 1, MakePose(1, 2, 3, 0, 0, 0.5));
  f.Add(1, ElementKind::kVisual, "visual", 1,
        MakePose(0.1, -0.0, 1.0 / 3.0, 0.3, -0.2, 0.1));
  const ElementId arm = f.Add(robot, ElementKind::kLink, "arm", 3,
                              MakePose(1e-300, 0.7, 2.5, 1.2, 0.4, -2.9));
  const ElementId shoulder =
      f.Add(robot, ElementKind::kJoint, "shoulder", arm,
            MakePose(0.25, 0.5, 2.5, 0, M_PI / 2, 0));
  f.doc.at(shoulder).MutableJoint().axes.resize(1);
  f.resolution.axes_W[shoulder] = {Eigen::Vector3d(0.6, -0.0, 0.8)};
  const ElementId wrist = f.Add(robot, ElementKind::kJoint, "wrist", arm,
                                MakePose(0, 0, 3, 0, 0, 0));
  f.doc.at(wrist).MutableJoint().axes.resize(2);
  f.resolution.axes_W[wrist] = {Eigen::Vector3d::UnitX(),
                                Eigen::Vector3d(0, 1.0 / 3.0, 0.9)};
  f.Add(robot, ElementKind::kFrame, "tool", arm,
        MakePose(0.1, 0.2, 0.3, -3.0, 1.0, 2.0));
  const ElementId fixture = f.Add(robot, ElementKind::kModel, "fixture",
                                  kNoElement, MakePose(5, 0, 0, 0, 0, 0));
  f.doc.at(fixture).MutableModel().is_static = true;
  f.graph.body[fixture] = fixture;  // a static model is its own body
  f.Add(fixture, ElementKind::kLink, "plate", fixture,
        MakePose(5, 0, 0.01, 0, 0, 0));
  f.Add(robot, ElementKind::kOther, "plugin", kNoElement, Pose::Identity());
  f.doc.file = "robot.sdf";
  f.doc.version = "1.8";
  return f;
}

json ParseJson(const Fixture& f) {
  return json::parse(WriteFlatJson(f.doc, f.graph, f.resolution));
}

// The numbers an entry must carry for X_W, computed the writer's way.
std::vector<double> PoseNumbers(const Pose& X_W) {
  const Eigen::Vector3d p = X_W.translation();
  const Eigen::Vector3d rpy = RpyFromRotation(X_W.linear());
  const Eigen::Vector4d q = QuatWxyz(X_W.linear());
  std::vector<double> out = {p.x(), p.y(), p.z(), rpy.x(), rpy.y(), rpy.z()};
  for (int i = 0; i < 4; ++i) out.push_back(q[i]);
  for (double& v : out) v = v == 0.0 ? 0.0 : v;
  return out;
}

// Bit-exact comparison that also tells -0 from 0.
void ExpectSameDouble(double expected, double actual, const std::string& what) {
  EXPECT_EQ(expected, actual) << what;
  EXPECT_EQ(std::signbit(expected), std::signbit(actual)) << what;
}

// The frame entries of a JSON text, one per line, without the comma after
// each.
std::vector<std::string> FrameEntries(const std::string& text) {
  std::vector<std::string> entries;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("    {", 0) != 0) continue;
    std::string entry = line.substr(4);
    if (!entry.empty() && entry.back() == ',') entry.pop_back();
    entries.push_back(entry);
  }
  return entries;
}

TEST(FlatJsonTest, Header) {
  const json j = ParseJson(ArmModel());
  EXPECT_EQ(j["sdfconv_flat"], 1);
  EXPECT_EQ(j["file"], "robot.sdf");
  EXPECT_EQ(j["version"], "1.8");
}

TEST(FlatJsonTest, OneFramePerLine) {
  const Fixture f = ArmModel();
  const std::string text = WriteFlatJson(f.doc, f.graph, f.resolution);
  std::istringstream in(text);
  int frame_lines = 0;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("    {\"name\":", 0) == 0) {
      ++frame_lines;
      EXPECT_NO_THROW(json::parse(line.substr(0, line.rfind('}') + 1)));
    }
  }
  EXPECT_EQ(frame_lines, 9);
}

// Each frame line is what nlohmann::json itself writes for that entry:
// the same keys in the same order, numbers in its form ("0.0", the
// shortest text of the double), names escaped as it escapes them (one with
// a quote, a backslash and a control character; one that is not UTF-8,
// written with U+FFFD).
TEST(FlatJsonTest, FrameLinesAreWhatNlohmannWrites) {
  Fixture f = ArmModel();
  f.Add(0, ElementKind::kFrame, "quote\"back\\slash\x01", 3,
        MakePose(0, 0, 0, 0, 0, 0));
  f.Add(0, ElementKind::kFrame, "not\xffutf8", 3, MakePose(1, 0, 0, 0, 0, 0));
  // A mimic on the shoulder's axis.
  JointAxis& axis = f.doc.at(4).MutableJoint().axes[0];
  axis.mimic = JointMimic{"wrist", "axis2", -0.5, 0.0, 1e-7};
  f.graph.mimic.resize(f.doc.size());
  f.graph.mimic[4] = {MimicLeader{5, 1}};
  const std::string text = WriteFlatJson(f.doc, f.graph, f.resolution);
  const std::vector<std::string> entries = FrameEntries(text);
  bool saw_mimic = false;
  for (const std::string& entry : entries) {
    // ordered_json: keys stay in the order read.
    const nlohmann::ordered_json parsed = nlohmann::ordered_json::parse(entry);
    EXPECT_EQ(entry,
              parsed.dump(-1, ' ', false, json::error_handler_t::replace));
    saw_mimic = saw_mimic || parsed.contains("axis_mimic");
  }
  EXPECT_EQ(entries.size(), 11u);
  EXPECT_TRUE(saw_mimic);
  const json frames = json::parse(text)["frames"];
  EXPECT_EQ(frames[9]["name"], "robot::quote\"back\\slash\x01");
  EXPECT_EQ(frames[10]["name"], "robot::not\xef\xbf\xbdutf8");
}

// Numbers of every magnitude (random bit patterns), integers, -0 and
// non-finite values are written as nlohmann::json writes them: each line
// is its own dump, byte for byte.
TEST(FlatJsonTest, EveryNumberIsWhatNlohmannWrites) {
  Fixture f;
  const ElementId model =
      f.Add(kNoElement, ElementKind::kModel, "m", 1, Pose::Identity());
  uint64_t state = 0x9e3779b97f4a7c15u;
  const auto random_double = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    double v;
    std::memcpy(&v, &state, sizeof v);
    return std::isfinite(v) ? v : 1.5;
  };
  const double specials[] = {0.0,
                             -0.0,
                             1.0,
                             -2.0,
                             1e15,
                             1e16,
                             1e-5,
                             1e-4,
                             0.1,
                             1e300,
                             5e-324,
                             std::numeric_limits<double>::infinity(),
                             std::numeric_limits<double>::quiet_NaN()};
  for (int i = 0; i < 300; ++i) {
    Pose X = Pose::Identity();
    X.translation() = Eigen::Vector3d(random_double(), random_double(),
                                      static_cast<double>(i) / 7.0);
    const ElementId joint =
        f.Add(model, ElementKind::kJoint, "j" + std::to_string(i), 1, X);
    f.doc.at(joint).MutableJoint().axes.resize(1);
    const double special = specials[i % std::size(specials)];
    f.resolution.axes_W[joint] = {
        Eigen::Vector3d(special, random_double(), std::ldexp(1.0, i - 150))};
  }
  // Whole numbers of every length up to the exponent form (10^15) and past
  // it, the largest below each power of ten, and random ones.
  for (int i = 0; i < 300; ++i) {
    const double power = std::pow(10.0, i % 18);
    const double whole = std::trunc(static_cast<double>(state >> 11) /
                                    static_cast<double>(1ull << 53) * power);
    random_double();
    Pose X = Pose::Identity();
    X.translation() =
        Eigen::Vector3d(i % 2 == 0 ? whole : -whole, power - 1, -(power + 1));
    const ElementId joint =
        f.Add(model, ElementKind::kJoint, "w" + std::to_string(i), 1, X);
    f.doc.at(joint).MutableJoint().axes.resize(1);
    f.resolution.axes_W[joint] = {Eigen::Vector3d(
        std::ldexp(1.0, i % 60), -std::ldexp(1.0, 53 - i % 60) + 1,
        static_cast<double>(i - 150))};
  }
  const std::string text = WriteFlatJson(f.doc, f.graph, f.resolution);
  const std::vector<std::string> entries = FrameEntries(text);
  for (const std::string& entry : entries) {
    EXPECT_EQ(entry, nlohmann::ordered_json::parse(entry).dump());
  }
  EXPECT_EQ(entries.size(), 601u);
  EXPECT_NE(text.find("[null,"), std::string::npos);
}

TEST(FlatJsonTest, EmptyDocumentIsValidJson) {
  const Fixture f;
  const json j = ParseJson(f);
  EXPECT_TRUE(j["frames"].is_array());
  EXPECT_TRUE(j["frames"].empty());
}

TEST(FlatJsonTest, NamesKindsAndBodiesInDocumentOrder) {
  const json frames = ParseJson(ArmModel())["frames"];
  const std::vector<std::vector<std::string>> expected = {
      {"robot", "model", "robot::base"},
      {"robot::base", "link", "robot::base"},
      {"robot::base::visual", "visual", "robot::base"},
      {"robot::arm", "link", "robot::arm"},
      {"robot::shoulder", "joint", "robot::arm"},
      {"robot::wrist", "joint", "robot::arm"},
      {"robot::tool", "frame", "robot::arm"},
      {"robot::fixture", "model", "world"},
      {"robot::fixture::plate", "link", "world"},
  };
  ASSERT_EQ(frames.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(frames[i]["name"], expected[i][0]) << i;
    EXPECT_EQ(frames[i]["kind"], expected[i][1]) << i;
    EXPECT_EQ(frames[i]["attached_to"], expected[i][2]) << i;
  }
}

TEST(FlatJsonTest, PosesParseBackBitExactly) {
  const Fixture f = ArmModel();
  const json frames = ParseJson(f)["frames"];
  ASSERT_EQ(frames.size(), 9u);
  for (const json& frame : frames) {
    ElementId id = kNoElement;
    for (ElementId e = 0; static_cast<size_t>(e) < f.doc.size(); ++e) {
      if (f.doc.ScopedName(e) == frame["name"]) id = e;
    }
    ASSERT_NE(id, kNoElement) << frame["name"];
    const std::vector<double> want = PoseNumbers(f.resolution.X_W[id]);
    const json& pose = frame["pose"];
    std::vector<double> got;
    for (const char* key : {"xyz", "rpy", "quat_wxyz"}) {
      for (const json& v : pose[key]) got.push_back(v.get<double>());
    }
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
      ExpectSameDouble(want[i], got[i], frame["name"].dump());
    }
  }
}

TEST(FlatJsonTest, NegativeZeroIsWrittenAsZero) {
  const Fixture f = ArmModel();
  const std::string text = WriteFlatJson(f.doc, f.graph, f.resolution);
  EXPECT_EQ(text.find("-0.0,"), std::string::npos);
  EXPECT_EQ(text.find("-0.0\n"), std::string::npos);
  const json visual = json::parse(text)["frames"][2];
  ExpectSameDouble(0.0, visual["pose"]["xyz"][1].get<double>(), "y");
}

TEST(FlatJsonTest, JointsCarryTheirAxes) {
  const json frames = ParseJson(ArmModel())["frames"];
  const json& shoulder = frames[4];
  ASSERT_TRUE(shoulder.contains("axis_xyz"));
  EXPECT_FALSE(shoulder.contains("axis2_xyz"));
  EXPECT_EQ(shoulder["axis_xyz"].get<std::vector<double>>(),
            (std::vector<double>{0.6, 0.0, 0.8}));
  ExpectSameDouble(0.0, shoulder["axis_xyz"][1].get<double>(), "axis y");

  const json& wrist = frames[5];
  EXPECT_EQ(wrist["axis_xyz"].get<std::vector<double>>(),
            (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(wrist["axis2_xyz"].get<std::vector<double>>(),
            (std::vector<double>{0, 1.0 / 3.0, 0.9}));

  EXPECT_FALSE(frames[1].contains("axis_xyz"));  // a link
}

// Default axes (JointSpec::axes with written false) after the last written
// one are not reported; one before a written <axis2> is, in its slot.
TEST(FlatJsonTest, DefaultAxesAfterTheWrittenOnesAreLeftOut) {
  Fixture f = ArmModel();
  const ElementId shoulder = 4, wrist = 5;
  f.doc.at(shoulder).MutableJoint().axes[0].written = false;
  f.doc.at(wrist).MutableJoint().axes[0].written = false;
  const json frames = ParseJson(f)["frames"];
  EXPECT_FALSE(frames[shoulder].contains("axis_xyz"));
  EXPECT_EQ(frames[wrist]["axis_xyz"].get<std::vector<double>>(),
            (std::vector<double>{1, 0, 0}));
  f.doc.at(wrist).MutableJoint().axes[0].written = true;
  f.doc.at(wrist).MutableJoint().axes[1].written = false;
  const json again = ParseJson(f)["frames"];
  EXPECT_TRUE(again[wrist].contains("axis_xyz"));
  EXPECT_FALSE(again[wrist].contains("axis2_xyz"));
}

// A 1.11 <mimic>: after the axis keys, on that axis only; the CSV keeps its
// columns.
TEST(FlatJsonTest, MimicsFollowTheirAxes) {
  Fixture f = ArmModel();
  const ElementId shoulder = 4, wrist = 5;
  JointMimic m;
  m.joint = "shoulder";  // as written; the output names it by its graph
  m.multiplier = -2.5;
  m.offset = 0.125;
  m.reference = -0.0;
  f.doc.at(wrist).MutableJoint().axes[1].mimic = m;
  f.graph.mimic.resize(f.doc.size());
  f.graph.mimic[wrist] = {MimicLeader{}, MimicLeader{shoulder, 0}};
  const std::string text = WriteFlatJson(f.doc, f.graph, f.resolution);
  const json frames = json::parse(text)["frames"];
  EXPECT_FALSE(frames[wrist].contains("axis_mimic"));
  ASSERT_TRUE(frames[wrist].contains("axis2_mimic"));
  const json& mimic = frames[wrist]["axis2_mimic"];
  EXPECT_EQ(mimic["joint"], "robot::shoulder");
  EXPECT_EQ(mimic["axis"], "axis");
  EXPECT_EQ(mimic["multiplier"].get<double>(), -2.5);
  EXPECT_EQ(mimic["offset"].get<double>(), 0.125);
  ExpectSameDouble(0.0, mimic["reference"].get<double>(), "reference");
  EXPECT_NE(text.find("\"axis2_xyz\":[0.0,0.3333333333333333,0.9],"
                      "\"axis2_mimic\":{\"joint\":\"robot::shoulder\","
                      "\"axis\":\"axis\",\"multiplier\":-2.5,"
                      "\"offset\":0.125,\"reference\":0.0}}"),
            std::string::npos)
      << text;
  EXPECT_FALSE(frames[shoulder].contains("axis_mimic"));
  EXPECT_EQ(WriteFlatCsv(f.doc, f.graph, f.resolution),
            WriteFlatCsv(ArmModel().doc, f.graph, f.resolution));
}

// World file: world-level frames by bare name, attached to "world".
TEST(FlatJsonTest, WorldLevelFramesUseBareNames) {
  Fixture f;
  const ElementId world = f.Add(kNoElement, ElementKind::kWorld, "cell",
                                kNoElement, Pose::Identity());
  f.Add(world, ElementKind::kFrame, "table", world, MakePose(1, 0, 0, 0, 0, 0));
  const ElementId m = f.Add(world, ElementKind::kModel, "m", 3,
                            MakePose(1, 0, 1, 0, 0, 0));
  f.Add(m, ElementKind::kLink, "l", 3, MakePose(1, 0, 1, 0, 0, 0));
  f.Add(world, ElementKind::kLight, "sun", kWorldFrame,
        MakePose(0, 0, 10, 0, 0, 0));
  const json frames = ParseJson(f)["frames"];
  ASSERT_EQ(frames.size(), 4u);  // the world element is left out
  EXPECT_EQ(frames[0]["name"], "table");
  EXPECT_EQ(frames[0]["attached_to"], "world");
  EXPECT_EQ(frames[1]["name"], "m");
  EXPECT_EQ(frames[1]["attached_to"], "m::l");
  EXPECT_EQ(frames[2]["name"], "m::l");
  EXPECT_EQ(frames[3]["name"], "sun");
  EXPECT_EQ(frames[3]["kind"], "light");
  EXPECT_EQ(frames[3]["attached_to"], "world");
}

// In a file of several worlds every name starts with its world's, the
// bodies' too; what is fixed to a world stays "world" (its own).
TEST(FlatJsonTest, SeveralWorldsNameTheWorldFirst) {
  Fixture f;
  const ElementId one = f.Add(kNoElement, ElementKind::kWorld, "one",
                              kNoElement, Pose::Identity());
  f.Add(one, ElementKind::kFrame, "table", one, MakePose(1, 0, 0, 0, 0, 0));
  const ElementId two = f.Add(kNoElement, ElementKind::kWorld, "two",
                              kNoElement, Pose::Identity());
  f.Add(two, ElementKind::kFrame, "table", two, MakePose(2, 0, 0, 0, 0, 0));
  const ElementId m = f.Add(two, ElementKind::kModel, "m", 5,
                            MakePose(1, 0, 1, 0, 0, 0));
  f.Add(m, ElementKind::kLink, "l", 5, MakePose(1, 0, 1, 0, 0, 0));
  const json frames = ParseJson(f)["frames"];
  ASSERT_EQ(frames.size(), 4u);  // the world elements are left out
  EXPECT_EQ(frames[0]["name"], "one::table");
  EXPECT_EQ(frames[0]["attached_to"], "world");
  EXPECT_EQ(frames[1]["name"], "two::table");
  EXPECT_EQ(frames[1]["attached_to"], "world");
  EXPECT_EQ(frames[1]["pose"]["xyz"][0], 2.0);
  EXPECT_EQ(frames[2]["name"], "two::m");
  EXPECT_EQ(frames[2]["attached_to"], "two::m::l");
  EXPECT_EQ(frames[3]["name"], "two::m::l");
}

// Splits one CSV line into cells (RFC 4180 quoting).
std::vector<std::string> CsvCells(const std::string& line) {
  std::vector<std::string> cells(1);
  bool quoted = false;
  for (size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      cells.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      cells.emplace_back();
    } else {
      cells.back() += c;
    }
  }
  return cells;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(FlatCsvTest, HeaderRowsAndColumns) {
  const Fixture f = ArmModel();
  const std::string text = WriteFlatCsv(f.doc, f.graph, f.resolution);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n');
  const std::vector<std::string> lines = Lines(text);
  ASSERT_EQ(lines.size(), 1u + 9u);
  EXPECT_EQ(lines[0], kFlatCsvHeader);
  for (const std::string& line : lines) {
    EXPECT_EQ(CsvCells(line).size(), 19u) << line;
  }
  const std::vector<std::string> visual = CsvCells(lines[3]);
  EXPECT_EQ(visual[0], "robot::base::visual");
  EXPECT_EQ(visual[1], "visual");
  EXPECT_EQ(visual[2], "robot::base");
  EXPECT_EQ(visual[4], "0");  // -0 normalised
  for (size_t i = 13; i < 19; ++i) EXPECT_EQ(visual[i], "") << i;
}

TEST(FlatCsvTest, NumbersParseBackBitExactly) {
  const Fixture f = ArmModel();
  const std::vector<std::string> lines =
      Lines(WriteFlatCsv(f.doc, f.graph, f.resolution));
  // Rows follow element ids 0..8 (the kOther element 9 is left out); row 5
  // is robot::shoulder (one axis), row 6 robot::wrist (two).
  ASSERT_EQ(lines.size(), 10u);
  for (size_t row = 1; row < lines.size(); ++row) {
    const std::vector<std::string> cells = CsvCells(lines[row]);
    const auto id = static_cast<ElementId>(row - 1);
    const std::vector<double> want = PoseNumbers(f.resolution.X_W[id]);
    for (size_t i = 0; i < want.size(); ++i) {
      ExpectSameDouble(want[i], std::strtod(cells[3 + i].c_str(), nullptr),
                       lines[row]);
    }
  }
  const std::vector<std::string> wrist = CsvCells(lines[6]);
  EXPECT_EQ(wrist[0], "robot::wrist");
  EXPECT_EQ(std::strtod(wrist[17].c_str(), nullptr), 1.0 / 3.0);
  const std::vector<std::string> shoulder = CsvCells(lines[5]);
  EXPECT_EQ(shoulder[13], "0.6");
  EXPECT_EQ(shoulder[16], "");
}

TEST(FlatCsvTest, QuotesNamesThatNeedIt) {
  Fixture f;
  const ElementId m = f.Add(kNoElement, ElementKind::kModel, "m", 1,
                            Pose::Identity());
  f.Add(m, ElementKind::kLink, "a,\"b\"", 1, Pose::Identity());
  const std::vector<std::string> lines =
      Lines(WriteFlatCsv(f.doc, f.graph, f.resolution));
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[2].rfind("\"m::a,\"\"b\"\"\",", 0), 0u) << lines[2];
  const std::vector<std::string> cells = CsvCells(lines[2]);
  ASSERT_EQ(cells.size(), 19u);
  EXPECT_EQ(cells[0], "m::a,\"b\"");
  EXPECT_EQ(cells[2], "m::a,\"b\"");
}

// With a bound, the text stops after the first entry that passes it: a
// caller sees a text longer than its bound, built no further than that.
TEST(FlatWriterTest, StopsPastTheBound) {
  const Fixture f = ArmModel();
  const std::string json_full = WriteFlatJson(f.doc, f.graph, f.resolution);
  const std::string csv_full = WriteFlatCsv(f.doc, f.graph, f.resolution);
  for (const uint64_t bound : {uint64_t{0}, uint64_t{300}, uint64_t{900}}) {
    const std::string json_text =
        WriteFlatJson(f.doc, f.graph, f.resolution, bound);
    EXPECT_GT(json_text.size(), bound);
    EXPECT_LT(json_text.size(), json_full.size()) << bound;
    EXPECT_EQ(json_full.compare(0, json_text.size(), json_text), 0);
    const std::string csv_text =
        WriteFlatCsv(f.doc, f.graph, f.resolution, bound);
    EXPECT_GT(csv_text.size(), bound);
    EXPECT_LT(csv_text.size(), csv_full.size()) << bound;
    EXPECT_EQ(csv_full.compare(0, csv_text.size(), csv_text), 0);
    // One line at most past the bound: the last one started within it.
    EXPECT_LE(csv_text.rfind('\n', csv_text.size() - 2) + 1, bound);
  }
  // A bound the whole text fits in changes nothing.
  EXPECT_EQ(WriteFlatJson(f.doc, f.graph, f.resolution, json_full.size()),
            json_full);
  EXPECT_EQ(WriteFlatCsv(f.doc, f.graph, f.resolution, csv_full.size()),
            csv_full);
}

}  // namespace
}  // namespace sdfconv
