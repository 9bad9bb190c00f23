#include "converters/flat/flat_writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string_view>

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

using Json = nlohmann::ordered_json;  // keeps keys in the documented order

bool IsFlatKind(ElementKind kind) {
  return kind != ElementKind::kWorld && kind != ElementKind::kOther;
}

// The names of the bodies frames are attached to ("world", a scoped name,
// or "" for none), the last one remembered: a body's frames come one after
// another in document order.
class BodyNames {
 public:
  const std::string& AttachedTo(const Document& doc, const FrameGraph& graph,
                                ElementId id) {
    const ElementId body = static_cast<size_t>(id) < graph.body.size()
                               ? MovesWith(doc, graph, id)
                               : kNoElement;
    if (body != body_) {
      body_ = body;
      name_ = body == kWorldFrame ? "world"
              : body < 0          ? ""
                                  : doc.ScopedName(body);
    }
    return name_;
  }

 private:
  ElementId body_ = kNoElement;
  std::string name_;
};

template <typename T>
T ValueOr(const std::vector<T>& v, ElementId id, T fallback) {
  return static_cast<size_t>(id) < v.size() ? v[id] : fallback;
}

double NoNegativeZero(double v) { return v == 0.0 ? 0.0 : v; }

// Compact JSON text. `replace`: a name that is not valid UTF-8 must not
// abort the output.
std::string Dump(const Json& j) {
  return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// One line of JSON appended to a string through a cursor. The caller
// gives an upper bound of the line's size, reserved at once, so each piece
// is copied without a check of its own.
class JsonLine {
 public:
  // A JSON string takes at most this many bytes per byte of its text, plus
  // two for its quotes (an escape \u00XX is six).
  static constexpr size_t kStringRoom = 6;
  static constexpr size_t kNumberRoom = 32;  // Dump's numbers take <= 25

  JsonLine(std::string* out, size_t room) : out_(out), start_(out->size()) {
    out->resize(start_ + room);
    at_ = out->data() + start_;
  }
  ~JsonLine() { out_->resize(static_cast<size_t>(at_ - out_->data())); }
  JsonLine(const JsonLine&) = delete;
  JsonLine& operator=(const JsonLine&) = delete;

  void Raw(std::string_view text) {
    std::memcpy(at_, text.data(), text.size());
    at_ += text.size();
  }
  void Raw(char c) { *at_++ = c; }

  // `text` as a JSON string, escaped as Dump escapes it: as it is when it
  // needs no escape (printable ASCII without '"' or '\\', nearly every
  // name), else through Dump.
  void String(std::string_view text) {
    const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
      return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    });
    if (!plain) {
      Raw(Dump(Json(std::string(text))));
      return;
    }
    Raw('"');
    Raw(text);
    Raw('"');
  }

  // `v` as nlohmann::json writes a double: the text that reads back as the
  // same double (Grisu2), "0.0" for zero, "null" for a non-finite value; -0
  // as 0. It calls the formatter json::dump calls for every double
  // (serializer::dump_float), so the text is the same byte for byte
  // without building a json value per number. A whole number below 10^15
  // is written without it: its shortest digits are the integer's own,
  // which the formatter writes in full, with ".0" (from 10^15 on it writes
  // an exponent). Most numbers of a flat file are whole (the 0.0 and 1.0
  // of unrotated frames); -0 becomes "0.0" there too.
  void Number(double v) {
    if (!std::isfinite(v)) {
      Raw("null");
    } else if (std::abs(v) < 1e15 && v == std::trunc(v)) {
      at_ = std::to_chars(at_, at_ + kNumberRoom, static_cast<int64_t>(v)).ptr;
      Raw(".0");
    } else {
      at_ =
          nlohmann::detail::to_chars(at_, at_ + kNumberRoom, NoNegativeZero(v));
    }
  }

  // `v`'s numbers as a JSON array.
  template <typename Vector>
  void Array(const Vector& v) {
    Raw('[');
    for (Eigen::Index i = 0; i < v.size(); ++i) {
      if (i > 0) Raw(',');
      Number(v[i]);
    }
    Raw(']');
  }

 private:
  std::string* out_;
  size_t start_;
  char* at_;
};

// The frame's line of the JSON layout, in its keys' documented order.
void AppendJsonFrame(const FlatFrame& f, std::string* out) {
  const Eigen::Matrix3d R_WF = f.X_WF.linear();
  constexpr size_t kKeysRoom = 256;  // the keys and punctuation of a line
  const size_t axes = std::min<size_t>(f.axes_W.size(), 2);
  size_t room = kKeysRoom +
                JsonLine::kStringRoom *
                    (f.name.size() + f.kind.size() + f.attached_to.size() + 3) +
                JsonLine::kNumberRoom * (10 + 3 * axes);
  for (const std::optional<FlatMimic>& m : f.mimics) {
    if (m) {
      room += kKeysRoom + 3 * JsonLine::kNumberRoom +
              JsonLine::kStringRoom * (m->joint.size() + m->axis.size() + 2);
    }
  }
  JsonLine line(out, room);
  line.Raw("{\"name\":");
  line.String(f.name);
  line.Raw(",\"kind\":");
  line.String(f.kind);
  line.Raw(",\"attached_to\":");
  line.String(f.attached_to);
  line.Raw(",\"pose\":{\"xyz\":");
  line.Array(Eigen::Vector3d(f.X_WF.translation()));
  line.Raw(",\"rpy\":");
  line.Array(RpyFromRotation(R_WF));
  line.Raw(",\"quat_wxyz\":");
  line.Array(QuatWxyz(R_WF));
  line.Raw('}');
  constexpr std::string_view kAxisKeys[] = {",\"axis_xyz\":",
                                            ",\"axis2_xyz\":"};
  for (size_t k = 0; k < axes; ++k) {
    line.Raw(kAxisKeys[k]);
    line.Array(f.axes_W[k]);
  }
  constexpr std::string_view kMimicKeys[] = {",\"axis_mimic\":{\"joint\":",
                                             ",\"axis2_mimic\":{\"joint\":"};
  for (size_t k = 0; k < f.mimics.size() && k < 2; ++k) {
    if (!f.mimics[k]) continue;
    const FlatMimic& m = *f.mimics[k];
    line.Raw(kMimicKeys[k]);
    line.String(m.joint);
    line.Raw(",\"axis\":");
    line.String(m.axis);
    line.Raw(",\"multiplier\":");
    line.Number(m.multiplier);
    line.Raw(",\"offset\":");
    line.Number(m.offset);
    line.Raw(",\"reference\":");
    line.Number(m.reference);
    line.Raw('}');
  }
  line.Raw('}');
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

void AppendCsvLine(const FlatFrame& f, std::string* line) {
  const Eigen::Matrix3d R_WF = f.X_WF.linear();
  *line += CsvCell(f.name);
  *line += ',';
  *line += CsvCell(f.kind);
  *line += ',';
  *line += CsvCell(f.attached_to);
  AppendCsvNumbers(Eigen::Vector3d(f.X_WF.translation()), line);
  AppendCsvNumbers(RpyFromRotation(R_WF), line);
  AppendCsvNumbers(QuatWxyz(R_WF), line);
  for (size_t axis = 0; axis < 2; ++axis) {
    if (axis < f.axes_W.size()) {
      AppendCsvNumbers(f.axes_W[axis], line);
    } else {
      *line += ",,,";
    }
  }
  *line += '\n';
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

// Sets `f` to the entry of element `id`, built as CollectFlatFrames says.
// A frame set again keeps its strings' storage.
void SetFlatFrame(const Document& doc, const FrameGraph& graph,
                  const Resolution& resolution, ElementId id, BodyNames* bodies,
                  FlatFrame* f) {
  const Element& e = doc.at(id);
  f->name = doc.ScopedName(id);
  f->kind = KindName(e.kind);
  f->attached_to = bodies->AttachedTo(doc, graph, id);
  f->X_WF = ValueOr(resolution.X_W, id, Pose::Identity());
  f->axes_W.clear();
  f->mimics.clear();
  if (e.kind == ElementKind::kJoint) {
    // As written: a default axis after the last written one is left out.
    f->axes_W = ValueOr(resolution.axes_W, id, {});
    f->axes_W.resize(std::min(f->axes_W.size(), WrittenAxisCount(e)));
    f->mimics = Mimics(doc, graph, id, f->axes_W.size());
  }
}

// Appends to `out` the text `line` writes for each entry, one entry at a
// time (nothing holds them all), and stops once `out` is longer than
// `max_bytes`.
template <typename Line>
void AppendFrames(const Document& doc, const FrameGraph& graph,
                  const Resolution& resolution, uint64_t max_bytes,
                  std::string* out, Line line) {
  BodyNames bodies;
  FlatFrame frame;
  for (ElementId id = 0; static_cast<size_t>(id) < doc.size(); ++id) {
    if (out->size() > max_bytes) return;
    if (!IsFlatKind(doc.at(id).kind)) continue;
    SetFlatFrame(doc, graph, resolution, id, &bodies, &frame);
    line(frame, out);
  }
}

}  // namespace

std::vector<FlatFrame> CollectFlatFrames(const Document& doc,
                                         const FrameGraph& graph,
                                         const Resolution& resolution) {
  std::vector<FlatFrame> frames;
  BodyNames bodies;
  for (ElementId id = 0; static_cast<size_t>(id) < doc.size(); ++id) {
    if (!IsFlatKind(doc.at(id).kind)) continue;
    SetFlatFrame(doc, graph, resolution, id, &bodies, &frames.emplace_back());
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
               [&separator](const FlatFrame& f, std::string* text) {
                 *text += separator;
                 AppendJsonFrame(f, text);
                 separator = ",\n    ";
               });
  if (out.size() > max_bytes) return out;
  out += "\n  ]\n}\n";
  return out;
}

std::string WriteFlatCsv(const Document& doc, const FrameGraph& graph,
                         const Resolution& resolution, uint64_t max_bytes) {
  std::string out = std::string(kFlatCsvHeader) + "\n";
  AppendFrames(doc, graph, resolution, max_bytes, &out, AppendCsvLine);
  return out;
}

}  // namespace sdfconv
