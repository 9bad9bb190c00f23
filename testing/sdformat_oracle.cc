#include "testing/sdformat_oracle.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <sdf/sdf.hh>

namespace sdfconv::testing {
namespace {

// ---------------------------------------------------------------------------
// sdf::ErrorCode -> enumerator name. A switch without `default` so that
// -Wswitch flags any enumerator missing here (the libsdformat 12 enum in
// /usr/include/sdformat-12.3/sdf/Error.hh has 32 of them, NONE..
// MERGE_INCLUDE_UNSUPPORTED).
const char* CodeName(sdf::ErrorCode code) {
  switch (code) {
    case sdf::ErrorCode::NONE: return "NONE";
    case sdf::ErrorCode::FILE_READ: return "FILE_READ";
    case sdf::ErrorCode::DUPLICATE_NAME: return "DUPLICATE_NAME";
    case sdf::ErrorCode::RESERVED_NAME: return "RESERVED_NAME";
    case sdf::ErrorCode::ATTRIBUTE_MISSING: return "ATTRIBUTE_MISSING";
    case sdf::ErrorCode::ATTRIBUTE_INVALID: return "ATTRIBUTE_INVALID";
    case sdf::ErrorCode::ATTRIBUTE_DEPRECATED: return "ATTRIBUTE_DEPRECATED";
    case sdf::ErrorCode::ATTRIBUTE_INCORRECT_TYPE:
      return "ATTRIBUTE_INCORRECT_TYPE";
    case sdf::ErrorCode::ELEMENT_MISSING: return "ELEMENT_MISSING";
    case sdf::ErrorCode::ELEMENT_INVALID: return "ELEMENT_INVALID";
    case sdf::ErrorCode::ELEMENT_DEPRECATED: return "ELEMENT_DEPRECATED";
    case sdf::ErrorCode::ELEMENT_INCORRECT_TYPE:
      return "ELEMENT_INCORRECT_TYPE";
    case sdf::ErrorCode::URI_INVALID: return "URI_INVALID";
    case sdf::ErrorCode::URI_LOOKUP: return "URI_LOOKUP";
    case sdf::ErrorCode::DIRECTORY_NONEXISTANT: return "DIRECTORY_NONEXISTANT";
    case sdf::ErrorCode::MODEL_CANONICAL_LINK_INVALID:
      return "MODEL_CANONICAL_LINK_INVALID";
    case sdf::ErrorCode::MODEL_WITHOUT_LINK: return "MODEL_WITHOUT_LINK";
    case sdf::ErrorCode::NESTED_MODELS_UNSUPPORTED:
      return "NESTED_MODELS_UNSUPPORTED";
    case sdf::ErrorCode::LINK_INERTIA_INVALID: return "LINK_INERTIA_INVALID";
    case sdf::ErrorCode::JOINT_CHILD_LINK_INVALID:
      return "JOINT_CHILD_LINK_INVALID";
    case sdf::ErrorCode::JOINT_PARENT_LINK_INVALID:
      return "JOINT_PARENT_LINK_INVALID";
    case sdf::ErrorCode::JOINT_PARENT_SAME_AS_CHILD:
      return "JOINT_PARENT_SAME_AS_CHILD";
    case sdf::ErrorCode::FRAME_ATTACHED_TO_INVALID:
      return "FRAME_ATTACHED_TO_INVALID";
    case sdf::ErrorCode::FRAME_ATTACHED_TO_CYCLE:
      return "FRAME_ATTACHED_TO_CYCLE";
    case sdf::ErrorCode::FRAME_ATTACHED_TO_GRAPH_ERROR:
      return "FRAME_ATTACHED_TO_GRAPH_ERROR";
    case sdf::ErrorCode::POSE_RELATIVE_TO_INVALID:
      return "POSE_RELATIVE_TO_INVALID";
    case sdf::ErrorCode::POSE_RELATIVE_TO_CYCLE:
      return "POSE_RELATIVE_TO_CYCLE";
    case sdf::ErrorCode::POSE_RELATIVE_TO_GRAPH_ERROR:
      return "POSE_RELATIVE_TO_GRAPH_ERROR";
    case sdf::ErrorCode::STRING_READ: return "STRING_READ";
    case sdf::ErrorCode::MODEL_PLACEMENT_FRAME_INVALID:
      return "MODEL_PLACEMENT_FRAME_INVALID";
    case sdf::ErrorCode::VERSION_DEPRECATED: return "VERSION_DEPRECATED";
    case sdf::ErrorCode::MERGE_INCLUDE_UNSUPPORTED:
      return "MERGE_INCLUDE_UNSUPPORTED";
  }
  return nullptr;
}

constexpr int kLastErrorCode =
    static_cast<int>(sdf::ErrorCode::MERGE_INCLUDE_UNSUPPORTED);
static_assert(kLastErrorCode == 31,
              "libsdformat's ErrorCode enum changed: update CodeName()");

std::string Name(sdf::ErrorCode code) {
  return SdformatErrorCodeName(static_cast<int>(code));
}

OracleError FromSdf(const sdf::Error& e) {
  OracleError out;
  out.code = Name(e.Code());
  out.message = e.Message();
  if (auto line = e.LineNumber()) out.line = *line;
  if (auto xml_path = e.XmlPath()) out.xml_path = *xml_path;
  return out;
}

// ---------------------------------------------------------------------------
// std::cerr capture. libsdformat's `--check` helpers (parser.hh) return bool
// and print their reasons with `std::cerr << ...`; sdferr/sdfwarn also write
// to std::cerr. Swapping the rdbuf catches both.
class CerrCapture {
 public:
  CerrCapture() : old_(std::cerr.rdbuf(buffer_.rdbuf())) {}
  ~CerrCapture() { std::cerr.rdbuf(old_); }
  CerrCapture(const CerrCapture&) = delete;
  CerrCapture& operator=(const CerrCapture&) = delete;

  // Text written since the last Take().
  std::string Take() {
    std::string text = buffer_.str();
    buffer_.str("");
    buffer_.clear();
    return text;
  }

 private:
  std::ostringstream buffer_;
  std::streambuf* old_;
};

std::mutex& OracleMutex() {
  static std::mutex mutex;
  return mutex;
}

std::string StripAnsi(const std::string& text) {
  static const std::regex kAnsi("\x1b\\[[0-9;]*m");
  return std::regex_replace(text, kAnsi, "");
}

bool StartsWith(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

bool Contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Splits what a check printed into messages: a line starting with "Error"
// opens a message, the lines that follow (continuations, e.g. the reasons
// printed after "Error when attempting to resolve child link name:") are
// appended. Console warnings and everything else are dropped.
std::vector<std::string> SplitCheckMessages(const std::string& printed) {
  std::vector<std::string> messages;
  std::istringstream in(StripAnsi(printed));
  std::string line;
  bool in_error = false;
  while (std::getline(in, line)) {
    if (StartsWith(line, "Error")) {
      messages.push_back(line);
      in_error = true;
    } else if (StartsWith(line, "Warning") || StartsWith(line, "[Wrn]") ||
               StartsWith(line, "[Msg]") || StartsWith(line, "Msg")) {
      in_error = false;
    } else if (in_error && !line.empty()) {
      std::string& m = messages.back();
      // Keep messages short: checks may dump whole XML elements.
      if (m.size() < 400) m += " " + line;
    }
  }
  return messages;
}

// ---------------------------------------------------------------------------
// How each bool-returning `ign sdf --check` step maps to an ErrorCode name.
// libsdformat 12's cmdCheck (src/ign.cc) runs, after Root::Load returned no
// error:
//   1. checkCanonicalLinkNames        -> MODEL_CANONICAL_LINK_INVALID
//   2. checkJointParentChildLinkNames -> by message:
//        "parent frame with name[...] ... not found",
//        "... as the parent frame", "resolve parent link"
//                                      -> JOINT_PARENT_LINK_INVALID
//        "invalid child name[world]", "child frame with name[...] not found",
//        "... as the child frame", "resolve child link"
//                                      -> JOINT_CHILD_LINK_INVALID
//        "... both resolve to [...]"   -> JOINT_PARENT_SAME_AS_CHILD
//   3. checkFrameAttachedToGraph      -> FRAME_ATTACHED_TO_CYCLE if the
//        message mentions a cycle, FRAME_ATTACHED_TO_INVALID if it names an
//        attached_to that does not exist, else FRAME_ATTACHED_TO_GRAPH_ERROR
//   4. checkPoseRelativeToGraph       -> POSE_RELATIVE_TO_CYCLE /
//        POSE_RELATIVE_TO_INVALID / POSE_RELATIVE_TO_GRAPH_ERROR, likewise
//   5. recursiveSiblingUniqueNames    -> DUPLICATE_NAME (one error per element
//        whose children share a name, found by walking the tree the same
//        way, with the duplicated names, line and XML path). Not run when an
//        element appears twice in a child list, where libsdformat 12.3 would
//        loop forever: ELEMENT_INVALID "[oracle] ..." instead (see
//        SafeChildren).
//   6. sdf::readFile again            -> its own Errors, or FILE_READ
// A step that fails but prints nothing recognisable still yields one error
// with the step's default code, so `valid` always equals the --check verdict.
std::string ClassifyJointMessage(const std::string& m) {
  if (Contains(m, "both resolve to")) return "JOINT_PARENT_SAME_AS_CHILD";
  if (Contains(m, "parent frame with name") ||
      Contains(m, "as the parent frame") ||
      Contains(m, "resolve parent link")) {
    return "JOINT_PARENT_LINK_INVALID";
  }
  return "JOINT_CHILD_LINK_INVALID";
}

std::string ClassifyGraphMessage(const std::string& m,
                                 const std::string& prefix) {
  const std::string lower = Lower(m);
  if (Contains(lower, "cycle")) return prefix + "_CYCLE";
  if (Contains(lower, "does not match") || Contains(lower, "not found") ||
      Contains(lower, "invalid")) {
    return prefix + "_INVALID";
  }
  return prefix + "_GRAPH_ERROR";
}

void AddCheckErrors(const std::string& printed, const std::string& step,
                    const std::function<std::string(const std::string&)>&
                        classify,
                    std::vector<OracleError>* errors) {
  std::vector<std::string> messages = SplitCheckMessages(printed);
  if (messages.empty()) {
    messages.push_back("Error: " + step + " failed");
  }
  for (const std::string& m : messages) {
    OracleError e;
    e.code = classify(m);
    e.message = "[" + step + "] " + m;
    errors->push_back(std::move(e));
  }
}

// The children of `elem` in order, walking GetFirstElement/GetNextElement
// like libsdformat does, but stopping at the first child met twice. In
// libsdformat 12.3 the same ElementPtr can end up twice in a child list
// (e.g. a <plugin> added twice by //include/experimental:params, as in the
// upstream test integration/include_custom_model.sdf); GetNextElement()
// finds the first copy again and any sibling walk (Element::
// CountNamedElements, hence recursiveSiblingUniqueNames and
// `ign sdf --check`) loops forever. `repeated` receives that child.
std::vector<sdf::ElementPtr> SafeChildren(const sdf::ElementPtr& elem,
                                          sdf::ElementPtr* repeated) {
  std::vector<sdf::ElementPtr> children;
  std::set<const sdf::Element*> seen;
  for (sdf::ElementPtr child = elem->GetFirstElement(); child;
       child = child->GetNextElement()) {
    if (!seen.insert(child.get()).second) {
      if (repeated) *repeated = child;
      break;
    }
    children.push_back(child);
  }
  return children;
}

std::string Describe(const sdf::ElementPtr& elem) {
  std::string name =
      elem->HasAttribute("name") ? elem->GetAttribute("name")->GetAsString()
                                 : "";
  return "<" + elem->GetName() + (name.empty() ? "" : " name='" + name + "'") +
         ">";
}

// Finds the child lists on which libsdformat 12.3 would loop forever.
void FindRepeatedChildren(const sdf::ElementPtr& elem,
                          std::vector<OracleError>* errors) {
  if (!elem) return;
  sdf::ElementPtr repeated;
  const std::vector<sdf::ElementPtr> children = SafeChildren(elem, &repeated);
  if (repeated) {
    OracleError e;
    e.code = "ELEMENT_INVALID";
    e.message =
        "[oracle] " + Describe(repeated) + " appears twice among the "
        "children of " + Describe(elem) + "; libsdformat 12.3's "
        "recursiveSiblingUniqueNames (and so `ign sdf --check`) would loop "
        "forever on this file, so the check was not run";
    if (auto line = elem->LineNumber()) e.line = *line;
    e.xml_path = elem->XmlPath();
    errors->push_back(std::move(e));
  }
  for (const sdf::ElementPtr& child : children) {
    FindRepeatedChildren(child, errors);
  }
}

// Mirrors sdf::recursiveSiblingUniqueNames (shouldValidateElement, then
// HasUniqueChildNames ignoring Element::NameUniquenessExceptions()) to report
// *which* names collide.
void FindDuplicateNames(const sdf::ElementPtr& elem,
                        std::vector<OracleError>* errors) {
  if (!elem) return;
  if (!sdf::shouldValidateElement(elem)) return;
  const std::vector<sdf::ElementPtr> children = SafeChildren(elem, nullptr);
  const std::vector<std::string> exceptions =
      sdf::Element::NameUniquenessExceptions();
  std::map<std::string, int> counts;
  for (const sdf::ElementPtr& child : children) {
    if (!child->HasAttribute("name")) continue;
    if (std::find(exceptions.begin(), exceptions.end(), child->GetName()) !=
        exceptions.end()) {
      continue;
    }
    counts[child->GetAttribute("name")->GetAsString()]++;
  }
  std::string names;
  for (const auto& [name, count] : counts) {
    if (count > 1) {
      names += (names.empty() ? "" : ", ") + std::string("'") + name +
               "' x" + std::to_string(count);
    }
  }
  if (!names.empty()) {
    OracleError e;
    e.code = "DUPLICATE_NAME";
    e.message = "[recursiveSiblingUniqueNames] Non-unique names among the "
                "children of " + Describe(elem) + ": " + names;
    if (auto line = elem->LineNumber()) e.line = *line;
    e.xml_path = elem->XmlPath();
    errors->push_back(std::move(e));
  }
  for (const sdf::ElementPtr& child : children) {
    FindDuplicateNames(child, errors);
  }
}

// ---------------------------------------------------------------------------
// Pose resolution.

Eigen::Isometry3d ToEigen(const ignition::math::Pose3d& p) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(p.Rot().W(), p.Rot().X(), p.Rot().Y(),
                                  p.Rot().Z())
                   .normalized()
                   .toRotationMatrix();
  X.translation() = Eigen::Vector3d(p.Pos().X(), p.Pos().Y(), p.Pos().Z());
  return X;
}

Eigen::Vector3d ToEigen(const ignition::math::Vector3d& v) {
  return Eigen::Vector3d(v.X(), v.Y(), v.Z());
}

// libsdformat 12 attaches the frames of a static model to the model frame
// itself ("__model__", or "nested::__model__" seen from an outer scope).
bool IsStaticModelBody(const std::string& body) {
  static const std::string kModel = "__model__";
  return body == kModel ||
         (body.size() > kModel.size() + 2 &&
          body.compare(body.size() - kModel.size() - 2, std::string::npos,
                       "::" + kModel) == 0);
}

// sdf12 picks the first nested model as the implicit canonical "link" of a
// model without links; following that chain to a static model means the
// model frame is attached to the world.
bool AttachesToStaticModel(const sdf::Model& model) {
  if (model.Static()) return true;
  if (model.LinkCount() > 0 || model.ModelCount() == 0) return false;
  const sdf::Model* first = model.ModelByIndex(0);
  return first != nullptr && AttachesToStaticModel(*first);
}

std::string Join(const std::string& scope, const std::string& name) {
  return scope.empty() ? name : scope + "::" + name;
}

class Resolver {
 public:
  explicit Resolver(OracleResult* result) : result_(result) {}

  // X_TF of `pose` in frame `to` (within the pose's own scope). On failure
  // records the errors and returns identity.
  Eigen::Isometry3d Resolve(const sdf::SemanticPose& pose,
                            const std::string& to, const std::string& what) {
    ignition::math::Pose3d X;
    sdf::Errors errors = pose.Resolve(X, to);
    if (!errors.empty()) {
      Record(errors, "resolving the pose of " + what + " relative to '" +
                         (to.empty() ? "<default>" : to) + "'");
      return Eigen::Isometry3d::Identity();
    }
    return ToEigen(X);
  }

  void Record(const sdf::Errors& errors, const std::string& context) {
    for (const sdf::Error& e : errors) {
      OracleError oe = FromSdf(e);
      oe.message = context + ": " + oe.message;
      result_->resolve_errors.push_back(std::move(oe));
    }
  }

  void RecordMessage(const std::string& message) {
    OracleError e;
    e.code = "NONE";
    e.message = message;
    result_->resolve_errors.push_back(std::move(e));
  }

  void Add(std::string name, std::string kind, std::string attached_to,
           const Eigen::Isometry3d& X_WF,
           std::vector<Eigen::Vector3d> axes = {}) {
    OracleFrame f;
    f.name = std::move(name);
    f.kind = std::move(kind);
    f.attached_to = std::move(attached_to);
    f.X_WF = X_WF;
    f.axes = std::move(axes);
    result_->frames.push_back(std::move(f));
  }

  // Adds the model frame `scoped` (whose world pose is X_WM) and everything
  // inside it. Poses inside the model are resolved relative to "__model__"
  // in the model's own scope and composed with X_WM; a nested model's
  // SemanticPose lives in its parent's scope, so "__model__" there is the
  // parent model frame.
  void AddModel(const sdf::Model& model, const std::string& scoped,
                const Eigen::Isometry3d& X_WM, bool parent_static) {
    const bool is_static = parent_static || model.Static();
    const Eigen::Matrix3d R_WM = X_WM.linear();

    std::string model_attached = "world";
    if (!is_static) {
      auto [link, relative] = model.CanonicalLinkAndRelativeName();
      if (relative.empty()) {
        // A model without links whose (first) nested model is static is
        // attached to that static model frame, i.e. to the world.
        if (!AttachesToStaticModel(model)) {
          RecordMessage("model '" + scoped + "' has no canonical link");
          model_attached = "";
        }
      } else {
        model_attached = Join(scoped, relative);
      }
    }
    Add(scoped, "model", model_attached, X_WM);

    for (uint64_t i = 0; i < model.LinkCount(); ++i) {
      const sdf::Link* link = model.LinkByIndex(i);
      if (!link) continue;
      const std::string link_name = Join(scoped, link->Name());
      const std::string attached = is_static ? "world" : link_name;
      const Eigen::Isometry3d X_WL =
          X_WM * Resolve(link->SemanticPose(), "__model__", link_name);
      Add(link_name, "link", attached, X_WL);
      // Children of a link: default resolve-to frame is the link itself.
      for (uint64_t k = 0; k < link->VisualCount(); ++k) {
        const sdf::Visual* v = link->VisualByIndex(k);
        if (!v) continue;
        const std::string n = Join(link_name, v->Name());
        Add(n, "visual", attached, X_WL * Resolve(v->SemanticPose(), "", n));
      }
      for (uint64_t k = 0; k < link->CollisionCount(); ++k) {
        const sdf::Collision* c = link->CollisionByIndex(k);
        if (!c) continue;
        const std::string n = Join(link_name, c->Name());
        Add(n, "collision", attached,
            X_WL * Resolve(c->SemanticPose(), "", n));
      }
      for (uint64_t k = 0; k < link->SensorCount(); ++k) {
        const sdf::Sensor* s = link->SensorByIndex(k);
        if (!s) continue;
        const std::string n = Join(link_name, s->Name());
        Add(n, "sensor", attached, X_WL * Resolve(s->SemanticPose(), "", n));
      }
      for (uint64_t k = 0; k < link->LightCount(); ++k) {
        const sdf::Light* l = link->LightByIndex(k);
        if (!l) continue;
        const std::string n = Join(link_name, l->Name());
        Add(n, "light", attached, X_WL * Resolve(l->SemanticPose(), "", n));
      }
    }

    for (uint64_t i = 0; i < model.JointCount(); ++i) {
      const sdf::Joint* joint = model.JointByIndex(i);
      if (!joint) continue;
      const std::string joint_name = Join(scoped, joint->Name());
      std::string attached = "world";
      if (!is_static) {
        std::string child;
        sdf::Errors errors = joint->ResolveChildLink(child);
        if (!errors.empty()) {
          Record(errors, "resolving the child link of " + joint_name);
          attached = "";
        } else {
          attached = child == "world" ? child : Join(scoped, child);
        }
      }
      const Eigen::Isometry3d X_WJ =
          X_WM * Resolve(joint->SemanticPose(), "__model__", joint_name);
      std::vector<Eigen::Vector3d> axes;
      for (unsigned int a = 0; a < 2; ++a) {
        const sdf::JointAxis* axis = joint->Axis(a);
        if (!axis) continue;
        ignition::math::Vector3d xyz;
        sdf::Errors errors = axis->ResolveXyz(xyz, "__model__");
        if (!errors.empty()) {
          Record(errors, "resolving axis " + std::to_string(a + 1) + " of " +
                             joint_name);
          continue;
        }
        axes.push_back(R_WM * ToEigen(xyz));
      }
      Add(joint_name, "joint", attached, X_WJ, std::move(axes));
      for (uint64_t k = 0; k < joint->SensorCount(); ++k) {
        const sdf::Sensor* s = joint->SensorByIndex(k);
        if (!s) continue;
        const std::string n = Join(joint_name, s->Name());
        // libsdformat 12.3 gives joint sensors no pose graph ("SemanticPose
        // has invalid pointer to PoseRelativeToGraph"): without relative_to
        // their <pose> is in the joint frame, so compose by hand.
        if (s->PoseRelativeTo().empty()) {
          Add(n, "sensor", attached, X_WJ * ToEigen(s->RawPose()));
        } else {
          Add(n, "sensor", attached,
              X_WM * Resolve(s->SemanticPose(), "__model__", n));
        }
      }
    }

    for (uint64_t i = 0; i < model.FrameCount(); ++i) {
      const sdf::Frame* frame = model.FrameByIndex(i);
      if (!frame) continue;
      const std::string frame_name = Join(scoped, frame->Name());
      std::string attached = "world";
      if (!is_static) {
        std::string body;
        sdf::Errors errors = frame->ResolveAttachedToBody(body);
        if (!errors.empty()) {
          Record(errors, "resolving the attached-to body of " + frame_name);
          attached = "";
        } else {
          attached = body == "world" || IsStaticModelBody(body)
                         ? "world"
                         : Join(scoped, body);
        }
      }
      Add(frame_name, "frame", attached,
          X_WM * Resolve(frame->SemanticPose(), "__model__", frame_name));
    }

    for (uint64_t i = 0; i < model.ModelCount(); ++i) {
      const sdf::Model* nested = model.ModelByIndex(i);
      if (!nested) continue;
      const std::string nested_name = Join(scoped, nested->Name());
      const Eigen::Isometry3d X_WN =
          X_WM * Resolve(nested->SemanticPose(), "__model__", nested_name);
      AddModel(*nested, nested_name, X_WN, is_static);
    }
  }

  void AddWorld(const sdf::World& world) {
    for (uint64_t i = 0; i < world.FrameCount(); ++i) {
      const sdf::Frame* frame = world.FrameByIndex(i);
      if (!frame) continue;
      std::string body;
      sdf::Errors errors = frame->ResolveAttachedToBody(body);
      if (!errors.empty()) {
        Record(errors, "resolving the attached-to body of " + frame->Name());
      }
      // World-scope bodies are already scoped ("m::link") or "world". A
      // frame attached (through other frames) to a static model resolves to
      // that model's frame ("s::__model__") in libsdformat 12; report it as
      // "world" like the static model's own links.
      std::string attached = body;
      if (IsStaticModelBody(attached)) {
        attached = "world";
      } else if (attached != "world") {
        const std::string model_name = attached.substr(0, attached.find("::"));
        const sdf::Model* m = world.ModelByName(model_name);
        if (m && m->Static()) attached = "world";
      }
      Add(frame->Name(), "frame", attached,
          Resolve(frame->SemanticPose(), "world", frame->Name()));
    }
    for (uint64_t i = 0; i < world.LightCount(); ++i) {
      const sdf::Light* light = world.LightByIndex(i);
      if (!light) continue;
      Add(light->Name(), "light", "world",
          Resolve(light->SemanticPose(), "world", light->Name()));
    }
    for (uint64_t i = 0; i < world.ModelCount(); ++i) {
      const sdf::Model* model = world.ModelByIndex(i);
      if (!model) continue;
      const Eigen::Isometry3d X_WM =
          Resolve(model->SemanticPose(), "world", model->Name());
      AddModel(*model, model->Name(), X_WM, false);
    }
  }

 private:
  OracleResult* result_;
};

std::string ReadVersionAttribute(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  std::string text((std::istreambuf_iterator<char>(in)),
                   std::istreambuf_iterator<char>());
  static const std::regex kVersion(
      R"(<sdf\b[^>]*\bversion\s*=\s*["']([^"']*)["'])");
  std::smatch m;
  if (std::regex_search(text, m, kVersion)) return m[1].str();
  return "";
}

sdf::ParserConfig MakeConfig(const std::vector<std::string>& model_paths) {
  sdf::ParserConfig config;
  std::string joined;
  for (const std::string& dir : model_paths) {
    if (dir.empty()) continue;
    joined += (joined.empty() ? "" : ":") + dir;
  }
  if (!joined.empty()) config.AddURIPath("model://", joined);
  // Fallback for what findFile() could not map: "model://NAME/rest" ->
  // DIR/NAME/rest, and a bare relative "NAME/rest" -> DIR/NAME/rest (what the
  // SDF_PATH environment variable does for `ign sdf`), for the first DIR
  // where it exists.
  config.SetFindCallback([model_paths](const std::string& uri) -> std::string {
    const std::string scheme = "model://";
    std::string rest = uri;
    if (rest.compare(0, scheme.size(), scheme) == 0) {
      rest = rest.substr(scheme.size());
    } else if (rest.find("://") != std::string::npos || rest.empty() ||
               rest[0] == '/') {
      return "";
    }
    for (const std::string& dir : model_paths) {
      const std::string candidate = sdf::filesystem::append(dir, rest);
      if (sdf::filesystem::exists(candidate)) return candidate;
    }
    return "";
  });
  return config;
}

}  // namespace

std::string SdformatErrorCodeName(int code) {
  const auto& names = AllSdformatErrorCodeNames();
  if (code >= 0 && code < static_cast<int>(names.size())) return names[code];
  return "UNKNOWN_ERROR_CODE_" + std::to_string(code);
}

const std::vector<std::string>& AllSdformatErrorCodeNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (int i = 0; i <= kLastErrorCode; ++i) {
      const char* n = CodeName(static_cast<sdf::ErrorCode>(i));
      out.push_back(n ? n : "UNKNOWN_ERROR_CODE_" + std::to_string(i));
    }
    return out;
  }();
  return names;
}

OracleResult LoadWithSdformat(const std::string& path) {
  return LoadWithSdformat(path, {});
}

OracleResult LoadWithSdformat(const std::string& path,
                              const std::vector<std::string>& model_paths) {
  std::lock_guard<std::mutex> lock(OracleMutex());
  OracleResult result;
  const sdf::ParserConfig config = MakeConfig(model_paths);
  CerrCapture capture;

  // --- ign sdf --check, libsdformat 12 (src/ign.cc, cmdCheck) -------------
  sdf::Root root;
  const sdf::Errors load_errors = root.Load(path, config);
  if (root.Element()) result.version = root.Element()->OriginalVersion();
  if (result.version.empty()) result.version = ReadVersionAttribute(path);
  for (const sdf::Error& e : load_errors) result.errors.push_back(FromSdf(e));
  result.diagnostics += capture.Take();

  if (load_errors.empty()) {
    // Like cmdCheck: every check runs even when an earlier one failed.
    using Classifier = std::function<std::string(const std::string&)>;
    auto after_check = [&](bool ok, const std::string& step,
                           const Classifier& classify) {
      const std::string printed = capture.Take();
      result.diagnostics += printed;
      if (!ok) AddCheckErrors(printed, step, classify, &result.errors);
    };
    auto fixed = [](const char* code) -> Classifier {
      return [code](const std::string&) { return std::string(code); };
    };

    after_check(sdf::checkCanonicalLinkNames(&root), "checkCanonicalLinkNames",
                fixed("MODEL_CANONICAL_LINK_INVALID"));
    after_check(sdf::checkJointParentChildLinkNames(&root),
                "checkJointParentChildLinkNames", ClassifyJointMessage);
    after_check(sdf::checkFrameAttachedToGraph(&root),
                "checkFrameAttachedToGraph", [](const std::string& m) {
                  return ClassifyGraphMessage(m, "FRAME_ATTACHED_TO");
                });
    after_check(sdf::checkPoseRelativeToGraph(&root),
                "checkPoseRelativeToGraph", [](const std::string& m) {
                  return ClassifyGraphMessage(m, "POSE_RELATIVE_TO");
                });

    std::vector<OracleError> repeated;
    FindRepeatedChildren(root.Element(), &repeated);
    const bool unique =
        repeated.empty() && sdf::recursiveSiblingUniqueNames(root.Element());
    const std::string printed = capture.Take();
    result.diagnostics += printed;
    if (!repeated.empty()) {
      result.errors.insert(result.errors.end(), repeated.begin(),
                           repeated.end());
    } else if (!unique) {
      const size_t before = result.errors.size();
      FindDuplicateNames(root.Element(), &result.errors);
      if (result.errors.size() == before) {
        AddCheckErrors(printed, "recursiveSiblingUniqueNames",
                       fixed("DUPLICATE_NAME"), &result.errors);
      }
    }

    // cmdCheck finally re-reads the file into a fresh SDF object.
    sdf::SDFPtr sdf_ptr(new sdf::SDF());
    if (!sdf::init(sdf_ptr)) {
      OracleError e;
      e.code = "FILE_READ";
      e.message = "SDF schema initialization failed";
      result.errors.push_back(std::move(e));
    } else {
      sdf::Errors read_errors;
      if (!sdf::readFile(path, config, sdf_ptr, read_errors)) {
        for (const sdf::Error& e : read_errors) {
          result.errors.push_back(FromSdf(e));
        }
        if (read_errors.empty()) {
          OracleError e;
          e.code = "FILE_READ";
          e.message = "[readFile] SDF parsing the xml failed";
          result.errors.push_back(std::move(e));
        }
      }
    }
    result.diagnostics += capture.Take();
  }

  result.valid = result.errors.empty();
  if (!result.valid) return result;

  // --- Frames -------------------------------------------------------------
  Resolver resolver(&result);
  for (uint64_t w = 0; w < root.WorldCount(); ++w) {
    const sdf::World* world = root.WorldByIndex(w);
    if (world) resolver.AddWorld(*world);
  }
  if (const sdf::Model* model = root.Model()) {
    // The root model is placed in "world" by its own <pose>. libsdformat 12
    // puts it under a "__root__" vertex and resolving its SemanticPose with
    // the default frame gives X_root_model: the raw <pose> (relative_to is
    // meaningless at the top level), except that with
    // //model/@placement_frame the <pose> places that frame, and the model
    // frame follows. Falls back to the raw pose if that resolution fails.
    Eigen::Isometry3d X_WM = ToEigen(model->RawPose());
    ignition::math::Pose3d X;
    sdf::Errors errors = model->SemanticPose().Resolve(X);
    if (errors.empty()) {
      X_WM = ToEigen(X);
    } else {
      resolver.Record(errors, "resolving the root model pose (raw pose used)");
    }
    resolver.AddModel(*model, model->Name(), X_WM, false);
  }
  if (const sdf::Light* light = root.Light()) {
    resolver.Add(light->Name(), "light", "world", ToEigen(light->RawPose()));
  }
  result.diagnostics += capture.Take();
  return result;
}

// ---------------------------------------------------------------------------
std::string OracleResultToJson(const std::string& path,
                               const OracleResult& result, int indent) {
  using nlohmann::json;
  auto error_json = [](const OracleError& e) {
    json j;
    j["code"] = e.code;
    j["message"] = e.message;
    j["line"] = e.line;
    j["xml_path"] = e.xml_path;
    return j;
  };
  json out;
  out["file"] = path;
  out["valid"] = result.valid;
  out["version"] = result.version;
  out["errors"] = json::array();
  for (const OracleError& e : result.errors) {
    out["errors"].push_back(error_json(e));
  }
  out["frames"] = json::array();
  for (const OracleFrame& f : result.frames) {
    json j;
    j["name"] = f.name;
    j["kind"] = f.kind;
    j["attached_to"] = f.attached_to;
    const Eigen::Vector3d p = f.X_WF.translation();
    const Eigen::Quaterniond q(f.X_WF.linear());
    j["xyz"] = {p.x(), p.y(), p.z()};
    j["quat_wxyz"] = {q.w(), q.x(), q.y(), q.z()};
    const ignition::math::Quaterniond iq(q.w(), q.x(), q.y(), q.z());
    const ignition::math::Vector3d rpy = iq.Euler();
    j["rpy"] = {rpy.X(), rpy.Y(), rpy.Z()};
    if (f.kind == "joint") {
      j["axes"] = json::array();
      for (const Eigen::Vector3d& a : f.axes) {
        j["axes"].push_back({a.x(), a.y(), a.z()});
      }
    }
    out["frames"].push_back(std::move(j));
  }
  if (!result.resolve_errors.empty()) {
    out["resolve_errors"] = json::array();
    for (const OracleError& e : result.resolve_errors) {
      out["resolve_errors"].push_back(error_json(e));
    }
  }
  return out.dump(indent);
}

}  // namespace sdfconv::testing
