#include "cli/convert_command.h"

#include <optional>

#include <spdlog/spdlog.h>

#include "cli/activity_line.h"
#include "cli/check_command.h"
#include "cli/output_file.h"
#include "converters/convert/convert.h"
#include "converters/sdf/value_level.h"

namespace sdfconv {
namespace {

int WriteOutput(const ConvertOptions& options, const std::string& text,
                std::ostream& out, std::ostream& err) {
  if (options.output.empty() || options.output == "-") {
    out << text;
    out.flush();
    if (!out) {
      err << "sdfconv: error: cannot write to standard output\n";
      return kExitCannotRun;
    }
    return kExitOk;
  }
  std::string error;
  if (!WriteOutputFile(options.output, text, &error)) {
    err << "sdfconv: error: " << error << '\n';
    return kExitCannotRun;
  }
  spdlog::info("wrote {} ({} bytes)", options.output, text.size());
  return kExitOk;
}

bool Unreadable(const Diagnostics& diags) {
  for (const Diagnostic& d : diags.items()) {
    if (d.code == Code::kFileRead) return true;
  }
  return false;
}

int ErrorCount(const Diagnostics& diags) {
  int n = 0;
  for (const Diagnostic& d : diags.items()) {
    n += d.severity == Severity::kError ? 1 : 0;
  }
  return n;
}

// The exit code for a conversion that produced `text` (or not) with `diags`.
int Finish(const ConvertOptions& options, const std::optional<std::string>& text,
           const Diagnostics& diags, std::ostream& out, std::ostream& err) {
  PrintDiagnostics(diags, err, options.file);
  if (Unreadable(diags)) return kExitCannotRun;
  if (!text || diags.HasErrors()) {
    if (options.to == "flat") {
      err << "sdfconv: error: " << options.file << " is invalid ("
          << ErrorCount(diags) << " errors); nothing written\n";
    } else {
      err << "sdfconv: error: " << options.file
          << " cannot be converted; nothing written\n";
    }
    return kExitInvalid;
  }
  const int code = WriteOutput(options, *text, out, err);
  // libsdformat (and `check`, for SDFormat input) calls these errors: say
  // once that the output holds them.
  if (const int kept = CountKeptAsWritten(diags); code == kExitOk && kept > 0) {
    err << "sdfconv: " << options.file << ": " << kept
        << (kept == 1 ? " value SDFormat forbids" : " values SDFormat forbids")
        << " kept as written (libsdformat reports "
        << (kept == 1 ? "it as an error" : "them as errors") << ")\n";
  }
  return code;
}

ReadOptions ReadOptionsOf(const ConvertOptions& options) {
  ReadOptions read;
  read.include_search.model_paths = options.model_paths;
  read.strict = options.strict;
  read.urdf.merge_fixed_joints = options.merge_fixed_joints;
  read.urdf.package_uri = options.package_uri == "model"
                              ? PackageUriMode::kModel
                              : PackageUriMode::kKeep;
  read.urdf.package_path = options.package_path;
  return read;
}

UrdfExportOptions ExportOptions(const ConvertOptions& options) {
  UrdfExportOptions urdf;
  urdf.model = options.model;
  urdf.separator = options.separator;
  urdf.frames = options.frames == "drop" ? UrdfFrames::kDrop : UrdfFrames::kLinks;  // default links
  urdf.mesh_uri = options.mesh_uri == "keep"   ? UrdfMeshUri::kKeep
                  : options.mesh_uri == "file" ? UrdfMeshUri::kFile
                                               : UrdfMeshUri::kPackage;
  urdf.mesh_root = options.mesh_root;
  urdf.unsupported_geometry = options.unsupported_geometry == "refuse"
                                  ? UrdfUnsupportedGeometry::kRefuse
                                  : UrdfUnsupportedGeometry::kSkip;
  urdf.approximate = options.approximate;
  urdf.root_link = options.root_link;
  return urdf;
}

// --sdf-version and what goes with it; nothing without --sdf-version and
// --poses (the upgrade to 1.8, a newer file kept at its version).
std::optional<VersionWriteOptions> VersionOptions(const ConvertOptions& options) {
  if (options.sdf_version.empty() && options.poses != "model-absolute") {
    return std::nullopt;
  }
  VersionWriteOptions v;
  if (!options.sdf_version.empty()) v.version = options.sdf_version;
  v.frames = options.frames == "links" ? VersionWriteOptions::Frames::kLinks
                                       : VersionWriteOptions::Frames::kDrop;
  v.drop_mimic = options.drop_mimic;
  v.model_absolute = options.poses == "model-absolute";
  return v;
}

}  // namespace

int RunConvert(const ConvertOptions& options, std::ostream& out,
               std::ostream& err) {
  Diagnostics diags;
  const ReadOptions read = ReadOptionsOf(options);
  std::optional<std::string> text;
  ActivityLine activity(err, options.file, options.progress);
  if (options.to == "sdf") {
    text = ConvertToSdf(options.file, read, options.expand_includes, &diags,
                        VersionOptions(options));
  } else if (options.to == "urdf") {
    text = ConvertToUrdf(options.file, read, ExportOptions(options), &diags);
  } else {
    text = ConvertToFlat(options.file, read,
                         options.format == "csv" ? FlatFormat::kCsv
                                                 : FlatFormat::kJson,
                         &diags);
  }
  activity.Finish();
  return Finish(options, text, diags, out, err);
}

}  // namespace sdfconv
