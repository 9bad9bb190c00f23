// libsdformat 12 as a test oracle (testonly).
//
// LoadWithSdformat() loads an SDFormat file with the reference
// implementation exactly as `ign sdf --check` (libsdformat 12, src/ign.cc
// cmdCheck) does, and, when the file is valid, resolves the pose of every
// frame-like element in the world frame. sdfconv's own loader is compared
// against this in tests; this header deliberately includes no libsdformat
// header so that consumers only need Eigen.
//
// Not thread safe: libsdformat reports its `--check` findings on std::cerr,
// which is redirected while a file is loaded (a global mutex serialises
// calls from several threads, but anything else writing to std::cerr at the
// same time ends up in OracleResult::diagnostics).
#ifndef SDFCONV_TESTING_SDFORMAT_ORACLE_H_
#define SDFCONV_TESTING_SDFORMAT_ORACLE_H_

#include <string>
#include <vector>

#include <Eigen/Geometry>

namespace sdfconv::testing {

struct OracleFrame {
  // Scoped name: for a world file, world-level <frame>s and <light>s by bare
  // name, models by name ("m"), then "m::link", "m::joint", "m::frame",
  // "m::link::visual", "m::link::collision", "m::link::sensor",
  // "m::link::light", "m::joint::sensor", "m::nested::link", ...
  // For a model file (root <model name="m">) the same names starting at "m";
  // the model frame itself is an entry named "m". In a file of several
  // worlds, every name starts with its world's: "w::m::link" (as sdfconv's
  // flat output names them).
  std::string name;
  // "model", "link", "joint", "frame", "collision", "visual", "sensor",
  // "light", "actor" (a world's or the file's lone one, at its raw <pose>:
  // libsdformat 12 keeps actors out of its pose graph).
  std::string kind;
  // Scoped name of the link this frame is rigidly attached to, or "world"
  // (world-level frames attached to the world, and everything inside a
  // static model or a model nested in a static model).
  std::string attached_to;
  // Pose in the world frame. For a model file, "world" is the frame into
  // which the root model is placed by its own <pose> (relative_to ignored;
  // with //model/@placement_frame the <pose> places that frame and the
  // model frame follows, as libsdformat 12 resolves it).
  Eigen::Isometry3d X_WF = Eigen::Isometry3d::Identity();
  // Joints only: axis (and axis2) unit vectors expressed in the world frame.
  std::vector<Eigen::Vector3d> axes;
};

struct OracleError {
  // libsdformat 12 sdf::ErrorCode enumerator name ("DUPLICATE_NAME", ...).
  std::string code;
  std::string message;
  int line = -1;          // -1 when libsdformat gives no line
  std::string xml_path;   // "" when libsdformat gives no XML path
};

struct OracleResult {
  // No errors from sdf::Root::Load nor from the `ign sdf --check` checks.
  bool valid = false;
  // No errors from sdf::Root::Load (the `--check` checks after it may
  // still have found some).
  bool loaded = false;
  // The file's <sdf version="..."> as written (before any conversion).
  std::string version;
  // Errors, code as the libsdformat enum name. See sdformat_oracle_check.cc for
  // how the bool-returning `--check` functions are mapped to codes.
  std::vector<OracleError> errors;
  // Only filled when valid (or, from LoadWithSdformatResolvingLoaded, when
  // loaded). Order: world frames, world lights, world actors, then each
  // model depth first (model, links with their visuals/collisions/sensors/
  // lights, joints with their sensors, frames, nested models).
  std::vector<OracleFrame> frames;
  // Problems met while resolving poses of a *valid* file (should stay empty;
  // kept apart so that `valid` stays exactly the `--check` verdict).
  std::vector<OracleError> resolve_errors;
  // Everything libsdformat printed on std::cerr during the load and checks
  // (warnings included), for humans.
  std::string diagnostics;
};

// Whether libsdformat 12 is linked in. Where it is not installed (Debian 13
// has no libsdformat-dev; @system//:defs.bzl, SDFORMAT_INSTALLED), //testing
// builds sdformat_oracle_absent.cc instead: every function below then
// reports kSdformatNotInstalled, and a test that compares with the
// reference skips that comparison first:
//   if (!SdformatInstalled()) GTEST_SKIP() << kSdformatNotInstalled;
bool SdformatInstalled();
inline constexpr char kSdformatNotInstalled[] =
    "libsdformat 12 is not installed (Debian 13 has no libsdformat-dev): "
    "the comparison with the reference is skipped";

// Loads `path` with libsdformat 12 exactly as `ign sdf --check` would, and
// resolves every frame. `model://NAME/...` URIs resolve against the
// directories in `model_paths` (each holding one folder per model).
OracleResult LoadWithSdformat(const std::string& path);
OracleResult LoadWithSdformat(const std::string& path,
                              const std::vector<std::string>& model_paths);

// As LoadWithSdformat (`valid` and `errors` are the same), but the frames
// are resolved whenever sdf::Root::Load succeeds, even when the `--check`
// checks after it refuse the file. For files sdfconv accepts on purpose
// where only `--check` does not, such as a 1.6 <collision> and <visual>
// sharing a name (docs/conformance.md), whose poses are still compared.
OracleResult LoadWithSdformatResolvingLoaded(
    const std::string& path, const std::vector<std::string>& model_paths);

// The file libsdformat 12 loads from the model folder `model_dir`
// (sdf::getModelFilePath: its model.config's entry of the highest version
// up to 1.9, the first of equal ones), as a path in `model_dir`; "" when
// there is none.
std::string ModelFilePathWithSdformat(const std::string& model_dir);


// The elements of `path` itself (not of the files it includes) that
// libsdformat 12 finds "not defined in SDF" when it loads it, its
// UnrecognizedElementsPolicy set to ERR (by default it only logs them, and
// libsdformat 16 warns): code ELEMENT_INCORRECT_TYPE, the line and XML path
// of each. Namespaced elements are never among them. `model_paths` as for
// LoadWithSdformat.
std::vector<OracleError> UnrecognizedElementsWithSdformat(
    const std::string& path, const std::vector<std::string>& model_paths);

// Name of a libsdformat 12 sdf::ErrorCode given as its integer value
// ("NONE", "FILE_READ", ...); "UNKNOWN_ERROR_CODE_<n>" when out of range.
std::string SdformatErrorCodeName(int code);
// Every enumerator name, in enum order (index == integer value).
const std::vector<std::string>& AllSdformatErrorCodeNames();

// JSON text of a result (see sdformat_oracle_main.cc for the layout).
// `indent` < 0 gives a single line.
std::string OracleResultToJson(const std::string& path,
                               const OracleResult& result, int indent = 2);

}  // namespace sdfconv::testing

#endif  // SDFCONV_TESTING_SDFORMAT_ORACLE_H_
