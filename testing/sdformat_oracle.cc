// libsdformat oracle, part 4 of 4: the public entry points of
// sdformat_oracle.h. LoadWithSdformat sets up the parser configuration
// (model paths), serialises callers and captures std::cerr, then runs
// sdf::Root::Load, the `--check` sequence (sdformat_oracle_check.cc) and,
// for a valid file, the frame resolution (sdformat_oracle_frames.cc);
// OracleResultToJson renders a result. See sdformat_oracle_internal.h for
// how the library is split.
#include "testing/sdformat_oracle.h"

#include <fstream>
#include <iterator>
#include <mutex>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Geometry>
#include <nlohmann/json.hpp>
#include <sdf/sdf.hh>

#include "testing/sdformat_oracle_internal.h"

namespace sdfconv::testing {
namespace {

using oracle_internal::CerrCapture;
using oracle_internal::CollectFrames;
using oracle_internal::FromSdf;
using oracle_internal::RunCheckSequence;

std::mutex& OracleMutex() {
  static std::mutex mutex;
  return mutex;
}

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

// libsdformat 12 reads some included files, those an included file
// includes in turn among them, with sdf::ParserConfig::GlobalConfig()
// instead of the configuration passed to Root::Load (gazebosim/sdformat
// issue 881). So while a file is loaded the global configuration is the
// one passed too, and is put back afterwards (callers are serialised).
class GlobalConfigOverride {
 public:
  explicit GlobalConfigOverride(const sdf::ParserConfig& config)
      : saved_(sdf::ParserConfig::GlobalConfig()) {
    sdf::ParserConfig::GlobalConfig() = config;
  }
  ~GlobalConfigOverride() { sdf::ParserConfig::GlobalConfig() = saved_; }
  GlobalConfigOverride(const GlobalConfigOverride&) = delete;
  GlobalConfigOverride& operator=(const GlobalConfigOverride&) = delete;

 private:
  const sdf::ParserConfig saved_;
};

// LoadWithSdformat, resolving the frames when the file is valid or, with
// `resolve_loaded`, when sdf::Root::Load alone succeeded.
OracleResult Load(const std::string& path,
                  const std::vector<std::string>& model_paths,
                  bool resolve_loaded) {
  std::lock_guard<std::mutex> lock(OracleMutex());
  OracleResult result;
  const sdf::ParserConfig config = MakeConfig(model_paths);
  const GlobalConfigOverride global(config);
  CerrCapture capture;

  // --- ign sdf --check, libsdformat 12 (src/ign.cc, cmdCheck) -------------
  sdf::Root root;
  const sdf::Errors load_errors = root.Load(path, config);
  if (root.Element()) result.version = root.Element()->OriginalVersion();
  if (result.version.empty()) result.version = ReadVersionAttribute(path);
  for (const sdf::Error& e : load_errors) result.errors.push_back(FromSdf(e));
  result.diagnostics += capture.Take();

  // Like cmdCheck, the remaining checks only run when Root::Load succeeded.
  result.loaded = load_errors.empty();
  if (result.loaded) {
    RunCheckSequence(path, config, root, &capture, &result);
  }

  result.valid = result.errors.empty();
  if (!result.valid && !(resolve_loaded && result.loaded)) return result;

  // --- Frames -------------------------------------------------------------
  CollectFrames(root, &result);
  result.diagnostics += capture.Take();
  return result;
}

}  // namespace

bool SdformatInstalled() { return true; }

OracleResult LoadWithSdformat(const std::string& path) {
  return Load(path, {}, /*resolve_loaded=*/false);
}

OracleResult LoadWithSdformat(const std::string& path,
                              const std::vector<std::string>& model_paths) {
  return Load(path, model_paths, /*resolve_loaded=*/false);
}

OracleResult LoadWithSdformatResolvingLoaded(
    const std::string& path, const std::vector<std::string>& model_paths) {
  return Load(path, model_paths, /*resolve_loaded=*/true);
}

std::string ModelFilePathWithSdformat(const std::string& model_dir) {
  return sdf::getModelFilePath(model_dir);
}

std::vector<OracleError> UnrecognizedElementsWithSdformat(
    const std::string& path, const std::vector<std::string>& model_paths) {
  std::lock_guard<std::mutex> lock(OracleMutex());
  sdf::ParserConfig config = MakeConfig(model_paths);
  config.SetUnrecognizedElementsPolicy(sdf::EnforcementPolicy::ERR);
  const GlobalConfigOverride global(config);
  CerrCapture capture;
  sdf::Root root;
  std::vector<OracleError> found;
  for (const sdf::Error& e : root.Load(path, config)) {
    if (e.Code() != sdf::ErrorCode::ELEMENT_INCORRECT_TYPE ||
        e.Message().find("not defined in SDF") == std::string::npos ||
        e.FilePath().value_or(path) != path) {
      continue;
    }
    found.push_back(FromSdf(e));
  }
  return found;
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
  out["loaded"] = result.loaded;
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
