#include "converters/convert/convert.h"

#include <utility>

#include "converters/flat/flat_writer.h"
#include "converters/sdf/value_level.h"
#include "converters/upgrade/expand_includes.h"
#include "converters/upgrade/upgrade.h"
#include "converters/urdf/urdf_to_sdf.h"
#include "converters/xml/xml_tree.h"
#include "core/auto_inertia.h"
#include "core/resolver.h"

namespace sdfconv {

CheckedRead ReadChecked(const std::string& path, const ReadOptions& options,
                        Diagnostics* diags) {
  CheckedRead read;
  read.doc = ReadFile(path, diags, options, &read.sources);
  if (!read.doc) return read;
  Diagnostics graph_diags;
  read.graph = BuildFrameGraph(*read.doc, &graph_diags);
  // Value-level errors (a collision and a visual called alike) move no
  // frame: the graph resolves.
  bool resolvable = true;
  for (const Diagnostic& d : graph_diags.items()) {
    if (d.severity == Severity::kError && !IsValueLevel(d)) resolvable = false;
  }
  diags->Append(graph_diags);
  if (HasAutoInertia(*read.doc)) {
    // Collision poses in their links' frames need the resolved frames.
    std::optional<Resolution> resolution;
    if (resolvable) resolution = ResolveAll(*read.doc, read.graph);
    ResolveAutoInertials(&*read.doc, resolution ? &*resolution : nullptr,
                         diags);
  }
  return read;
}

std::optional<CheckedRead> ReadConvertible(const std::string& path,
                                           const ReadOptions& options,
                                           Diagnostics* diags) {
  Diagnostics read_diags;
  CheckedRead read = ReadChecked(path, options, &read_diags);
  const bool sound = KeepValuesAsWritten(read_diags, diags);
  if (!read.doc || !sound) return std::nullopt;
  return read;
}

std::optional<std::string> ConvertToFlat(const std::string& path,
                                         const ReadOptions& read,
                                         FlatFormat format,
                                         Diagnostics* diags) {
  std::optional<CheckedRead> in = ReadConvertible(path, read, diags);
  if (!in) return std::nullopt;
  in->sources = XmlSources();  // flat output needs no XML: free it first
  const Resolution resolution = ResolveAll(*in->doc, in->graph);
  return format == FlatFormat::kCsv
             ? WriteFlatCsv(*in->doc, in->graph, resolution)
             : WriteFlatJson(*in->doc, in->graph, resolution);
}

std::optional<std::string> ConvertToSdf(const std::string& path,
                                        const ReadOptions& read,
                                        bool expand_includes,
                                        Diagnostics* diags) {
  const std::optional<std::string> bytes =
      ReadFileBytes(path, read.xml_limits.max_bytes, diags);
  if (!bytes) return std::nullopt;
  const std::optional<XmlTree> xml =
      XmlTree::Parse(*bytes, path, diags, read.xml_limits);
  if (!xml) return std::nullopt;
  if (FormatOf(*xml) == InputFormat::kUrdf) {
    return UrdfToSdf(*xml, read.urdf, diags);
  }
  UpgradeResult upgraded =
      expand_includes
          ? ExpandIncludesToSdf18(*bytes, path, read.include_search)
          : UpgradeSdf(*bytes, path,
                       UpgradeOptions{true, read.include_search});
  diags->Append(upgraded.diagnostics);
  if (!upgraded.ok()) return std::nullopt;
  return std::move(upgraded.output);
}

std::optional<std::string> ConvertToUrdf(const std::string& path,
                                         const ReadOptions& read,
                                         UrdfExportOptions urdf,
                                         Diagnostics* diags) {
  const std::optional<CheckedRead> in = ReadConvertible(path, read, diags);
  if (!in) return std::nullopt;
  urdf.sources = &in->sources;
  return WriteUrdf(*in->doc, in->graph, ResolveAll(*in->doc, in->graph), urdf,
                   diags);
}

}  // namespace sdfconv
