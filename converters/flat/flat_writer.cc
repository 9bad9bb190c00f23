#include "converters/flat/flat_writer.h"

#include <algorithm>
#include <string_view>

#include <nlohmann/json.hpp>

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

using Json = nlohmann::ordered_json;  // keeps keys in the documented order

bool IsFlatKind(ElementKind kind) {
  return kind != ElementKind::kWorld && kind != ElementKind::kOther;
}

std::string AttachedToName(const Document& doc, const FrameGraph& graph,
                           ElementId id) {
  if (static_cast<size_t>(id) >= graph.body.size()) return "";
  const ElementId body = MovesWith(doc, graph, id);
  if (body == kWorldFrame) return "world";
  return body < 0 ? "" : doc.ScopedName(body);
}

template <typename T>
T ValueOr(const std::vector<T>& v, ElementId id, T fallback) {
  return static_cast<size_t>(id) < v.size() ? v[id] : fallback;
}

double NoNegativeZero(double v) { return v == 0.0 ? 0.0 : v; }

template <typename Vector>
Json JsonArray(const Vector& v) {
  Json out = Json::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    out.push_back(NoNegativeZero(v[i]));
  }
  return out;
}

Json JsonFrame(const FlatFrame& f) {
  const Eigen::Matrix3d R_WF = f.X_WF.linear();
  Json pose = Json::object();
  pose["xyz"] = JsonArray(Eigen::Vector3d(f.X_WF.translation()));
  pose["rpy"] = JsonArray(RpyFromRotation(R_WF));
  pose["quat_wxyz"] = JsonArray(QuatWxyz(R_WF));
  Json out = Json::object();
  out["name"] = f.name;
  out["kind"] = f.kind;
  out["attached_to"] = f.attached_to;
  out["pose"] = std::move(pose);
  if (f.axes_W.size() > 0) out["axis_xyz"] = JsonArray(f.axes_W[0]);
  if (f.axes_W.size() > 1) out["axis2_xyz"] = JsonArray(f.axes_W[1]);
  constexpr const char* kMimicKeys[] = {"axis_mimic", "axis2_mimic"};
  for (size_t k = 0; k < f.mimics.size() && k < 2; ++k) {
    if (!f.mimics[k]) continue;
    const FlatMimic& m = *f.mimics[k];
    Json mimic = Json::object();
    mimic["joint"] = m.joint;
    mimic["axis"] = m.axis;
    mimic["multiplier"] = NoNegativeZero(m.multiplier);
    mimic["offset"] = NoNegativeZero(m.offset);
    mimic["reference"] = NoNegativeZero(m.reference);
    out[kMimicKeys[k]] = std::move(mimic);
  }
  return out;
}

// Compact JSON text. `replace`: a name that is not valid UTF-8 must not
// abort the output.
std::string Dump(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// RFC 4180: quote a cell holding a separator, a quote or a line break, and
// double the quotes inside it.
std::string CsvCell(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(text);
  }
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
  return out;
}

template <typename Vector>
void AppendCsvNumbers(const Vector& v, std::string* line) {
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    *line += ',';
    *line += FormatNumber(v[i]);
  }
}

std::string CsvLine(const FlatFrame& f) {
  const Eigen::Matrix3d R_WF = f.X_WF.linear();
  std::string line = CsvCell(f.name) + ',' + CsvCell(f.kind) + ',' +
                     CsvCell(f.attached_to);
  AppendCsvNumbers(Eigen::Vector3d(f.X_WF.translation()), &line);
  AppendCsvNumbers(RpyFromRotation(R_WF), &line);
  AppendCsvNumbers(QuatWxyz(R_WF), &line);
  for (size_t axis = 0; axis < 2; ++axis) {
    if (axis < f.axes_W.size()) {
      AppendCsvNumbers(f.axes_W[axis], &line);
    } else {
      line += ",,,";
    }
  }
  line += '\n';
  return line;
}

// The <mimic> of each of the first `count` axes of joint `id`.
std::vector<std::optional<FlatMimic>> Mimics(const Document& doc,
                                             const FrameGraph& graph,
                                             ElementId id, size_t count) {
  std::vector<std::optional<FlatMimic>> out(count);
  const std::vector<JointAxis>& axes = doc.at(id).Joint().axes;
  const std::vector<MimicLeader> none;
  const std::vector<MimicLeader>& leaders =
      static_cast<size_t>(id) < graph.mimic.size() ? graph.mimic[id] : none;
  for (size_t k = 0; k < count && k < axes.size(); ++k) {
    if (!axes[k].mimic || k >= leaders.size() || !leaders[k].valid()) {
      continue;
    }
    const JointMimic& m = *axes[k].mimic;
    out[k] = FlatMimic{doc.ScopedName(leaders[k].joint),
                       leaders[k].axis == 0 ? "axis" : "axis2", m.multiplier,
                       m.offset, m.reference};
  }
  return out;
}

// The entry of element `id`, built as CollectFlatFrames says.
FlatFrame FlatFrameOf(const Document& doc, const FrameGraph& graph,
                      const Resolution& resolution, ElementId id) {
  const Element& e = doc.at(id);
  FlatFrame f;
  f.name = doc.ScopedName(id);
  f.kind = KindName(e.kind);
  f.attached_to = AttachedToName(doc, graph, id);
  f.X_WF = ValueOr(resolution.X_W, id, Pose::Identity());
  if (e.kind == ElementKind::kJoint) {
    // As written: a default axis after the last written one is left out.
    f.axes_W = ValueOr(resolution.axes_W, id, {});
    f.axes_W.resize(std::min(f.axes_W.size(), WrittenAxisCount(e)));
    f.mimics = Mimics(doc, graph, id, f.axes_W.size());
  }
  return f;
}

// Appends to `out` the text `line` gives for each entry, one entry at a
// time (nothing holds them all), and stops once `out` is longer than
// `max_bytes`.
template <typename Line>
void AppendFrames(const Document& doc, const FrameGraph& graph,
                  const Resolution& resolution, uint64_t max_bytes,
                  std::string* out, Line line) {
  for (ElementId id = 0; static_cast<size_t>(id) < doc.size(); ++id) {
    if (out->size() > max_bytes) return;
    if (!IsFlatKind(doc.at(id).kind)) continue;
    *out += line(FlatFrameOf(doc, graph, resolution, id));
  }
}

}  // namespace

std::vector<FlatFrame> CollectFlatFrames(const Document& doc,
                                         const FrameGraph& graph,
                                         const Resolution& resolution) {
  std::vector<FlatFrame> frames;
  for (ElementId id = 0; static_cast<size_t>(id) < doc.size(); ++id) {
    if (!IsFlatKind(doc.at(id).kind)) continue;
    frames.push_back(FlatFrameOf(doc, graph, resolution, id));
  }
  return frames;
}

// One frame per line: readable, and a change to one frame is a one-line diff.
std::string WriteFlatJson(const Document& doc, const FrameGraph& graph,
                          const Resolution& resolution, uint64_t max_bytes) {
  std::string out = "{\n";
  out += "  \"sdfconv_flat\": " + std::to_string(kFlatFormatVersion) + ",\n";
  out += "  \"file\": " + Dump(Json(doc.file)) + ",\n";
  out += "  \"version\": " + Dump(Json(doc.version)) + ",\n";
  out += "  \"frames\": [";
  const char* separator = "\n    ";
  AppendFrames(doc, graph, resolution, max_bytes, &out,
               [&separator](const FlatFrame& f) {
                 std::string line = separator + Dump(JsonFrame(f));
                 separator = ",\n    ";
                 return line;
               });
  if (out.size() > max_bytes) return out;
  out += "\n  ]\n}\n";
  return out;
}

std::string WriteFlatCsv(const Document& doc, const FrameGraph& graph,
                         const Resolution& resolution, uint64_t max_bytes) {
  std::string out = std::string(kFlatCsvHeader) + "\n";
  AppendFrames(doc, graph, resolution, max_bytes, &out, CsvLine);
  return out;
}

}  // namespace sdfconv
