#include "cli/convert_command.h"

#include <algorithm>

#include <spdlog/spdlog.h>

#include "cli/output_file.h"
#include "cli/check_command.h"
#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "converters/upgrade/expand_includes.h"
#include "converters/upgrade/upgrade.h"
#include "converters/urdf_export/urdf_writer.h"
#include "converters/urdf/urdf_import_options.h"
#include "converters/urdf/urdf_to_sdf.h"
#include "converters/xml/xml_document.h"
#include "core/resolver.h"

namespace sdfconv {
namespace {

std::string FlatText(const std::string& format, const Document& doc,
                     const FrameGraph& graph) {
  const Resolution resolution = ResolveAll(doc, graph);
  return format == "csv" ? WriteFlatCsv(doc, graph, resolution)
                         : WriteFlatJson(doc, graph, resolution);
}

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

// The exit code for a conversion that produced `text` (or not) with `diags`.
int Finish(const ConvertOptions& options, const std::optional<std::string>& text,
           const Diagnostics& diags, std::ostream& out, std::ostream& err) {
  PrintDiagnostics(diags, err, options.file);
  if (Unreadable(diags)) return kExitCannotRun;
  if (!text || diags.HasErrors()) {
    err << "sdfconv: error: " << options.file
        << " cannot be converted; nothing written\n";
    return kExitInvalid;
  }
  return WriteOutput(options, *text, out, err);
}

UrdfImportOptions UrdfOptions(const ConvertOptions& options) {
  UrdfImportOptions urdf;
  urdf.merge_fixed_joints = options.merge_fixed_joints;
  urdf.package_uri = options.package_uri == "model" ? PackageUriMode::kModel
                                                     : PackageUriMode::kKeep;
  urdf.package_path = options.package_path;
  return urdf;
}

// --to sdf: import a URDF, or upgrade an SDFormat file of any version
// (with --expand-includes: into one file, every include replaced).
int ConvertToSdf(const ConvertOptions& options, std::ostream& out,
                 std::ostream& err) {
  Diagnostics diags;
  const XmlLimits limits;
  const std::optional<std::string> bytes =
      ReadFileBytes(options.file, limits.max_bytes, &diags);
  std::optional<XmlDocument> xml;
  if (bytes) xml = XmlDocument::LoadString(*bytes, options.file, &diags, limits);
  if (!xml) return Finish(options, std::nullopt, diags, out, err);
  if (Tag(xml->root()) == "robot") {
    return Finish(options, UrdfToSdf(*xml, UrdfOptions(options), &diags),
                  diags, out, err);
  }
  IncludeSearch search;
  search.model_paths = options.model_paths;
  UpgradeResult upgraded =
      options.expand_includes
          ? ExpandIncludesToSdf18(*bytes, options.file, search)
          : UpgradeSdf(*bytes, options.file, UpgradeOptions{true, search});
  diags.Append(upgraded.diagnostics);
  std::optional<std::string> text;
  if (upgraded.ok()) text = std::move(upgraded.output);
  return Finish(options, text, diags, out, err);
}

UrdfExportOptions ExportOptions(const ConvertOptions& options,
                                const XmlSources& sources) {
  UrdfExportOptions urdf;
  urdf.source = sources.files().empty() ? nullptr : &sources.files().front();
  urdf.included = &sources;
  urdf.model = options.model;
  urdf.separator = options.separator;
  urdf.frames = options.frames == "drop" ? UrdfFrames::kDrop : UrdfFrames::kLinks;
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

// --to urdf: read and check the file, resolve it, write its tree as URDF.
// Whether a loaded file is a URDF.
bool IsUrdf(const XmlDocument& xml) { return Tag(xml.root()) == "robot"; }

// The SDFormat 1.8 text a URDF input, or an SDFormat input that includes
// URDF files, stands for: the URDF import (docs/urdf.md), or the input with
// every include expanded (URDFs imported). The URDF writer reads geometry,
// limits and sensors from SDFormat XML, which a URDF's own XML is not.
std::optional<std::string> AsSdf(const ConvertOptions& options,
                                 const XmlDocument& input,
                                 const IncludeSearch& search,
                                 Diagnostics* diags) {
  if (IsUrdf(input)) return UrdfToSdf(input, UrdfOptions(options), diags);
  const std::optional<std::string> bytes =
      ReadFileBytes(options.file, XmlLimits().max_bytes, diags);
  if (!bytes) return std::nullopt;
  UpgradeResult expanded = ExpandIncludesToSdf18(*bytes, options.file, search);
  diags->Append(expanded.diagnostics);
  if (!expanded.ok()) return std::nullopt;
  return std::move(expanded.output);
}

// --to urdf: read and check the file, resolve it, write its tree as URDF.
int ConvertToUrdf(const ConvertOptions& options, std::ostream& out,
                  std::ostream& err) {
  Diagnostics diags;
  ReadOptions read;
  read.include_search.model_paths = options.model_paths;
  XmlSources sources;  // the file, then each file it includes
  std::optional<Document> doc = ReadFile(options.file, &diags, read, &sources);
  if (!doc || diags.HasErrors()) {
    return Finish(options, std::nullopt, diags, out, err);
  }
  const bool urdf_inside = std::any_of(
      sources.files().begin(), sources.files().end(), IsUrdf);
  if (urdf_inside) {
    // Export what the URDF import writes, read back as SDFormat 1.8.
    Diagnostics as_sdf;
    const std::optional<std::string> text = AsSdf(
        options, sources.files().front(), read.include_search, &as_sdf);
    if (!text) {
      diags.Append(as_sdf);
      return Finish(options, std::nullopt, diags, out, err);
    }
    // The findings of the first reading stand; of the second, only errors
    // (the import's own text is not the user's to fix).
    sources = XmlSources();
    Diagnostics again;
    const std::string name = options.file + " (as SDFormat 1.8)";
    std::optional<XmlDocument> xml =
        XmlDocument::LoadString(*text, name, &again);
    if (xml) {
      sources.Add(std::move(*xml));
      doc = ReadXml(sources.files().front(), &again, read, &sources);
    }
    for (const Diagnostic& d : again.items()) {
      if (d.severity == Severity::kError) diags.Add(d);
    }
    if (!xml || !doc || diags.HasErrors()) {
      return Finish(options, std::nullopt, diags, out, err);
    }
  }
  const FrameGraph graph = BuildFrameGraph(*doc, &diags);
  if (diags.HasErrors()) return Finish(options, std::nullopt, diags, out, err);
  const Resolution resolution = ResolveAll(*doc, graph);
  const UrdfExportOptions urdf = ExportOptions(options, sources);
  return Finish(options, WriteUrdf(*doc, graph, resolution, urdf, &diags),
                diags, out, err);
}

}  // namespace

int RunConvert(const ConvertOptions& options, std::ostream& out,
               std::ostream& err) {
  if (options.to == "sdf") return ConvertToSdf(options, out, err);
  if (options.to == "urdf") return ConvertToUrdf(options, out, err);
  const CheckedFile file = CheckFile(options.file, options.model_paths);
  PrintDiagnostics(file.diags, err, options.file);
  if (file.unreadable()) return kExitCannotRun;
  if (!file.valid()) {
    err << "sdfconv: error: " << options.file << " is invalid ("
        << file.error_count() << " errors); nothing written\n";
    return kExitInvalid;
  }
  const std::string text = FlatText(options.format, *file.doc, file.graph);
  return WriteOutput(options, text, out, err);
}

}  // namespace sdfconv
