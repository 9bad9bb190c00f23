#include "cli/convert_command.h"

#include <new>
#include <optional>

#include <spdlog/spdlog.h>

#include "cli/activity_line.h"
#include "cli/check_command.h"
#include "cli/diagnostic_output.h"
#include "cli/exit_code.h"
#include "cli/output_file.h"
#include "converters/convert/convert.h"
#include "converters/sdf/value_level.h"
#include "core/visible_text.h"

namespace sdfconv {
namespace {

// Writes `text` to -o (or `out`); the message for people when it cannot.
std::optional<std::string> WriteOutput(const ConvertOptions& options,
                                       const std::string& text,
                                       std::ostream& out) {
  if (options.output.empty() || options.output == "-") {
    out << text;
    out.flush();
    if (!out) return "sdfconv: error: cannot write to standard output";
    return std::nullopt;
  }
  std::string error;
  if (!WriteOutputFile(options.output, text, &error)) {
    return "sdfconv: error: " + error;
  }
  spdlog::info("wrote {} ({} bytes)", options.output, text.size());
  return std::nullopt;
}

// The exit code for a conversion that produced `text` (or not) with
// `diags`; `outcome` gets what became of the file, and the line people are
// told about it, which goes to `err` too unless the diagnostics own it.
int Finish(const ConvertOptions& options, const std::optional<std::string>& text,
           const Diagnostics& diags, DiagnosticOutput& diagnostics,
           FileOutcome* outcome, std::ostream& out, std::ostream& err) {
  if (diagnostics.format() == DiagnosticFormat::kText &&
      options.diagnostics.file.empty()) {
    PrintDiagnostics(diags, err, options.file);
  } else {
    err << diagnostics.Streamed(diags, options.file);
  }
  auto tell = [&](const std::string& line) {
    outcome->message = line;
    if (!diagnostics.OwnsStream()) err << VisibleText(line) << '\n';
  };
  if (CannotRun(diags)) {
    outcome->outcome = "unreadable";
    return kExitCannotRun;
  }
  if (!text || diags.HasErrors()) {
    outcome->outcome = "invalid";
    if (options.to == "flat") {
      tell("sdfconv: error: " + options.file + " is invalid (" +
           ErrorCountText(diags) + "); nothing written");
    } else {
      tell("sdfconv: error: " + options.file +
           " cannot be converted; nothing written");
    }
    return kExitInvalid;
  }
  if (const std::optional<std::string> failed = WriteOutput(options, *text, out)) {
    outcome->outcome = "not_written";
    tell(*failed);
    return kExitCannotRun;
  }
  outcome->outcome = "written";
  outcome->output =
      options.output.empty() || options.output == "-" ? "-" : options.output;
  // libsdformat (and `check`, for SDFormat input) calls these errors: say
  // once that the output holds them.
  if (const int kept = CountKeptAsWritten(diags); kept > 0) {
    tell("sdfconv: " + options.file + ": " + std::to_string(kept) +
         (kept == 1 ? " value SDFormat forbids" : " values SDFormat forbids") +
         " kept as written (libsdformat reports " +
         (kept == 1 ? "it as an error" : "them as errors") + ")");
  }
  return kExitOk;
}

ReadOptions ReadOptionsOf(const ConvertOptions& options) {
  ReadOptions read;
  read.include_search.model_paths = options.model_paths;
  if (options.keep_unresolved_includes) {
    read.include_search.unresolved = IncludeSearch::Unresolved::kKeep;
  }
  read.strict = options.strict;
  read.limits = options.limits;
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
  if (const auto problem = OutputIsInput(
          {options.output, options.diagnostics.file}, {options.file})) {
    err << "sdfconv: error: " << VisibleText(*problem) << '\n';
    return kExitCannotRun;
  }
  DiagnosticOutput diagnostics(options.diagnostics);
  Diagnostics diags;
  const ReadOptions read = ReadOptionsOf(options);
  std::optional<std::string> text;
  // Nothing but the document on stderr when it holds one.
  ActivityLine activity(err, options.file,
                        options.progress && !diagnostics.OwnsStream());
  try {
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
  } catch (const std::bad_alloc&) {
    text.reset();
    ReportOutOfMemory(options.file, &diags);
  }
  activity.Finish();
  diags = options.diagnostics.policy.Apply(std::move(diags));
  DiagnosticRun run;
  run.command = "convert";
  run.files.push_back({options.file, "", "", Diagnostics{}, ""});
  FileOutcome& outcome = run.files.back();
  run.exit_code =
      Finish(options, text, diags, diagnostics, &outcome, out, err);
  outcome.diagnostics = std::move(diags);
  std::string error;
  if (!diagnostics.Finish(run, err, &error)) {
    err << "sdfconv: error: " << VisibleText(error) << '\n';
    return kExitCannotRun;
  }
  return run.exit_code;
}

}  // namespace sdfconv
