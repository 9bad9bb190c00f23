// Include URIs: which file an //include/uri names.
//
// The search order (docs/composition.md):
//  1. `file://PATH` or a plain PATH: absolute, or relative to the folder of
//     the including file (003 §1.4.5), then to each search folder below.
//  2. `model://NAME/REST`: the folder NAME in each search folder, in order:
//     every IncludeSearch::model_paths entry (`--model-path`), then, when
//     IncludeSearch::use_environment, each entry of SDF_PATH,
//     GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH and GAZEBO_MODEL_PATH
//     (colon-separated, in that order). The first folder that has NAME wins.
//  3. When what was found is a folder, it is a model folder: its
//     `model.config` (or the older `manifest.xml`) lists `<sdf version="V">
//     FILE</sdf>` entries, and the entry with the highest version the caller
//     supports is taken (`supported`); a folder without either manifest has
//     no model.
//  4. A Gazebo Fuel model URL (`https://fuel.gazebosim.org/1.0/OWNER/models/
//     NAME[/VERSION]`, or a model file URL `.../VERSION/files/PATH`): its
//     version folder (a model folder, as in 3.) or file in the local Fuel
//     cache (fuel_cache.h), only when IncludeSearch::use_environment. Nothing
//     is downloaded.
//  Anything else (other `http://` and `https://` URIs, `package://`, a
//  custom scheme) is not resolved, and the error says so.
//
// Nothing here reads the included file itself, only manifests.
//
//   IncludeSearch search;
//   search.model_paths = {"/models"};
//   ResolvedUri r = ResolveIncludeUri("model://arm", "/w/world.sdf", search,
//                                     [](std::string_view v) { ... });
//   if (!r.file.empty()) ReadFile(r.file, ...); else report(r.error);
#ifndef SDFCONV_CONVERTERS_INCLUDE_URI_RESOLVER_H_
#define SDFCONV_CONVERTERS_INCLUDE_URI_RESOLVER_H_

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace sdfconv {

struct IncludeSearch {
  // Searched first, in order (`--model-path DIR`, repeatable).
  std::vector<std::string> model_paths;
  // Then the environment's SDF_PATH, GZ_SIM_RESOURCE_PATH,
  // IGN_GAZEBO_RESOURCE_PATH and GAZEBO_MODEL_PATH; and the Fuel cache
  // (fuel_cache.h, FuelCaches) for Fuel URLs.
  bool use_environment = true;
  // What becomes of an <include> whose URI names no file
  // (`--unresolved-includes`, docs/composition.md):
  //  kError: INCLUDE_URI_UNRESOLVED, an error; the include is left out.
  //  kKeep: the same code as a warning; the include stays as written, and
  //    the reading puts a stand-in in its place (include_stand_ins.h), so
  //    that everything else is checked (check, upgrade, convert --to sdf).
  //  kNeeded: an error that says why it cannot be kept: kKeep asked of a
  //    reading that needs every included model (NeedingIncludedModels).
  enum class Unresolved { kError, kKeep, kNeeded };
  Unresolved unresolved = Unresolved::kError;
};

// `search` for a reading that needs the content of every included model
// (a flat output, a URDF, an expansion of includes, a graph): kKeep there
// becomes kNeeded.
[[nodiscard]] IncludeSearch NeedingIncludedModels(IncludeSearch search);

// The environment variables searched after IncludeSearch::model_paths.
inline constexpr const char* kModelPathVariables[] = {
    "SDF_PATH", "GZ_SIM_RESOURCE_PATH", "IGN_GAZEBO_RESOURCE_PATH",
    "GAZEBO_MODEL_PATH"};

struct ResolvedUri {
  // The file the URI names (lexically normalised); empty when unresolved.
  std::string file;
  // When unresolved: why, naming the URI and every place searched, e.g.
  // "cannot resolve model://arm: no folder 'arm' in /a, /b (searched:
  // --model-path, SDF_PATH, ...)".
  std::string error;
};

// Whether a front end reads SDFormat version `version` ("1.6").
using VersionSupported = std::function<bool(std::string_view version)>;

// Resolves `uri` written in an <include> of the file `including_file`.
[[nodiscard]] ResolvedUri ResolveIncludeUri(std::string_view uri,
                                            const std::string& including_file,
                                            const IncludeSearch& search,
                                            const VersionSupported& supported);

// The folders searched for `model://` URIs, in order (model_paths, then the
// environment's), without empty entries.
[[nodiscard]] std::vector<std::string> SearchFolders(
    const IncludeSearch& search);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_URI_RESOLVER_H_
