// sdformat_oracle_dump: prints what libsdformat 12 makes of SDFormat files,
// as JSON (see testing/sdformat_oracle.h).
//
//   bazel run //testing:sdformat_oracle_dump -- [--model-path DIR]...
//       [--compact] [--diagnostics] [--resolve-loaded] FILE...
//
// --resolve-loaded: frames whenever sdf::Root::Load succeeds ("loaded"),
// even when the `--check` checks refuse the file (what Gazebo loads).
// One FILE prints one JSON object; several print a JSON array. Each object:
//   {"file", "valid", "loaded", "version",
//    "errors": [{"code", "message", "line", "xml_path"}],
//    "frames": [{"name", "kind", "attached_to", "xyz": [x,y,z],
//                "quat_wxyz": [w,x,y,z], "rpy": [r,p,y], "axes": [[x,y,z]]}],
//    "resolve_errors": [...]   (only when some pose could not be resolved)
//    "diagnostics": "..."      (only with --diagnostics: libsdformat's stderr)}
// Exit status: 0 when every file is valid, 1 when some file is invalid,
// 2 on bad usage.
#include <iostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "testing/sdformat_oracle.h"

int main(int argc, char** argv) {
  std::vector<std::string> model_paths;
  std::vector<std::string> files;
  bool compact = false;
  bool diagnostics = false;
  bool resolve_loaded = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--model-path" && i + 1 < argc) {
      model_paths.push_back(argv[++i]);
    } else if (arg.rfind("--model-path=", 0) == 0) {
      model_paths.push_back(arg.substr(std::string("--model-path=").size()));
    } else if (arg == "--compact") {
      compact = true;
    } else if (arg == "--diagnostics") {
      diagnostics = true;
    } else if (arg == "--resolve-loaded") {
      resolve_loaded = true;
    } else if (arg == "-h" || arg == "--help") {
      std::cout << "usage: sdformat_oracle_dump [--model-path DIR]... "
                   "[--compact] [--diagnostics] [--resolve-loaded] FILE...\n";
      return 0;
    } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
      std::cerr << "unknown option: " << arg << "\n";
      return 2;
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) {
    std::cerr << "usage: sdformat_oracle_dump [--model-path DIR]... "
                 "[--compact] [--diagnostics] [--resolve-loaded] FILE...\n";
    return 2;
  }

  const int indent = compact ? -1 : 2;
  nlohmann::json all = nlohmann::json::array();
  bool all_valid = true;
  for (const std::string& file : files) {
    const sdfconv::testing::OracleResult result =
        resolve_loaded ? sdfconv::testing::LoadWithSdformatResolvingLoaded(
                             file, model_paths)
                       : sdfconv::testing::LoadWithSdformat(file, model_paths);
    all_valid = all_valid && result.valid;
    nlohmann::json j = nlohmann::json::parse(
        sdfconv::testing::OracleResultToJson(file, result, -1));
    if (diagnostics) j["diagnostics"] = result.diagnostics;
    all.push_back(std::move(j));
  }
  if (files.size() == 1) {
    std::cout << all[0].dump(indent) << "\n";
  } else {
    std::cout << all.dump(indent) << "\n";
  }
  return all_valid ? 0 : 1;
}
