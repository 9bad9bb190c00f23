#include "converters/convert/convert.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "converters/flat/flat_writer.h"
#include "converters/sdf/value_level.h"
#include "converters/upgrade/expand_includes.h"
#include "converters/upgrade/upgrade.h"
#include "converters/upgrade/version_write.h"
#include "converters/urdf/urdf_to_sdf.h"
#include "converters/xml/xml_tree.h"
#include "core/activity.h"
#include "core/auto_inertia.h"
#include "core/resolver.h"

namespace sdfconv {

CheckedRead ReadChecked(const std::string& path, const ReadOptions& options,
                        Diagnostics* diags, KeepSources keep) {
  CheckedRead read;
  read.doc = ReadFile(path, diags, options, &read.sources);
  if (keep == KeepSources::kNo) read.sources = XmlSources();
  if (!read.doc) return read;
  Diagnostics graph_diags;
  {
    const ActivityScope activity("checking frames");
    read.graph = BuildFrameGraph(*read.doc, &graph_diags);
  }
  // Value-level errors (a collision and a visual called alike) move no
  // frame: the graph resolves.
  bool resolvable = true;
  for (const Diagnostic& d : graph_diags.items()) {
    if (d.severity == Severity::kError && !IsValueLevel(d)) resolvable = false;
  }
  diags->Append(graph_diags);
  if (HasAutoInertia(*read.doc)) {
    // Collision poses in their links' frames need the resolved frames.
    const ActivityScope activity("computing inertias");
    std::optional<Resolution> resolution;
    if (resolvable) resolution = ResolveAll(*read.doc, read.graph);
    ResolveAutoInertials(&*read.doc, resolution ? &*resolution : nullptr,
                         diags);
  }
  return read;
}

std::optional<std::string> WithinOutputLimit(std::optional<std::string> text,
                                             const std::string& path,
                                             const Limits& limits,
                                             Diagnostics* diags) {
  if (!text || text->size() <= limits.output_bytes) return text;
  diags->Error(Code::kOutputLimitExceeded, {path, 0, ""},
               "the output passes the limit of " +
                   std::to_string(limits.output_bytes) +
                   " bytes (output_bytes; `--limit output_bytes=N` raises "
                   "it, docs/limits.md); nothing is written");
  return std::nullopt;
}

std::optional<CheckedRead> ReadConvertible(const std::string& path,
                                           const ReadOptions& options,
                                           Diagnostics* diags,
                                           KeepSources keep) {
  // What is written comes from every included model: none can be kept
  // unread (--unresolved-includes=keep).
  ReadOptions needed = options;
  needed.include_search = NeedingIncludedModels(options.include_search);
  Diagnostics read_diags;
  CheckedRead read = ReadChecked(path, needed, &read_diags, keep);
  const bool sound = KeepValuesAsWritten(read_diags, diags);
  if (!read.doc || !sound) return std::nullopt;
  return read;
}

std::optional<std::string> ConvertToFlat(const std::string& path,
                                         const ReadOptions& read,
                                         FlatFormat format,
                                         Diagnostics* diags) {
  // Flat output needs no XML: the trees are freed once read.
  std::optional<CheckedRead> in =
      ReadConvertible(path, read, diags, KeepSources::kNo);
  if (!in) return std::nullopt;
  const ActivityScope activity("resolving poses");
  const Resolution resolution = ResolveAll(*in->doc, in->graph);
  if (!CheckFinite(*in->doc, resolution, diags)) return std::nullopt;
  const uint64_t bound = read.limits.output_bytes;
  return WithinOutputLimit(
      format == FlatFormat::kCsv
          ? WriteFlatCsv(*in->doc, in->graph, resolution, bound)
          : WriteFlatJson(*in->doc, in->graph, resolution, bound),
      path, read.limits, diags);
}

namespace {

// Says, at each <include> of `xml` (outside plugins), that the included
// file is left in its own version.
void SayIncludesKept(const XmlTree& xml, const std::string& version,
                     Diagnostics* diags) {
  const std::vector<NodeId> includes = xml.Elements(
      xml.root(), [&xml](NodeId n) { return xml.Tag(n) == "plugin"; });
  for (NodeId n : includes) {
    if (xml.Tag(n) != "include") continue;
    diags->Warning(Code::kIncludeNotConverted, xml.Locate(n),
                   "the included file is left as it is, in its own version, "
                   "not SDFormat " +
                       version +
                       " (--expand-includes writes its content converted)");
  }
}

// ConvertToSdf before the bound on its output.
std::optional<std::string> SdfText(
    const std::string& path, const ReadOptions& read, bool expand_includes,
    Diagnostics* diags, const std::optional<VersionWriteOptions>& version) {
  std::optional<ActivityScope> reading(std::in_place, "reading");
  const std::optional<std::string> bytes =
      ReadFileBytes(path, XmlLimitsOf(read).max_bytes, diags);
  if (!bytes) return std::nullopt;
  // The upgrade parses an SDFormat file again and says what it found.
  Diagnostics parse;
  std::optional<XmlTree> xml =
      XmlTree::Parse(*bytes, path, &parse, XmlLimitsOf(read));
  reading.reset();
  if (!xml || FormatOf(*xml) == InputFormat::kUrdf) diags->Append(parse);
  if (!xml) return std::nullopt;
  std::optional<VersionWriteOptions> to = version;
  if (to) {
    to->include_search = read.include_search;
    to->limits = read.limits;
  }
  // A 1.8 text (a URDF's import, an expansion) written as `to`.
  auto write = [&](std::string text) -> std::optional<std::string> {
    if (!to || (to->version == "1.8" && !to->model_absolute)) return text;
    const ActivityScope writing("writing the version");
    UpgradeResult written = WriteSdfVersion(text, path, *to);
    diags->Append(written.diagnostics);
    if (!written.ok()) return std::nullopt;
    return std::move(written.output);
  };
  if (FormatOf(*xml) == InputFormat::kUrdf) {
    const ActivityScope importing("importing URDF");
    std::optional<std::string> imported = UrdfToSdf(*xml, read.urdf, diags);
    if (!imported) return std::nullopt;
    return write(std::move(*imported));
  }
  if (expand_includes) {
    const ActivityScope expanding("expanding includes");
    UpgradeResult expanded =
        ExpandIncludesToSdf18(*bytes, path, read.include_search, read.limits);
    diags->Append(expanded.diagnostics);
    if (!expanded.ok()) return std::nullopt;
    return write(std::move(expanded.output));
  }
  const ActivityScope upgrading("upgrading");
  if (to) {
    UpgradeResult written = WriteSdfVersion(*bytes, path, *to);
    diags->Append(written.diagnostics);
    if (!written.ok()) return std::nullopt;
    SayIncludesKept(*xml, to->version, diags);
    return std::move(written.output);
  }
  // The tree parsed above is the upgrade's: the text is parsed once.
  UpgradeResult upgraded =
      UpgradeParsedSdf(*bytes, std::move(*xml), parse, path,
                       UpgradeOptions{true, read.include_search, read.limits});
  diags->Append(upgraded.diagnostics);
  if (!upgraded.ok()) return std::nullopt;
  return std::move(upgraded.output);
}

}  // namespace

std::optional<std::string> ConvertToSdf(
    const std::string& path, const ReadOptions& read, bool expand_includes,
    Diagnostics* diags, const std::optional<VersionWriteOptions>& version) {
  return WithinOutputLimit(SdfText(path, read, expand_includes, diags, version),
                           path, read.limits, diags);
}

std::optional<std::string> ConvertToUrdf(const std::string& path,
                                         const ReadOptions& read,
                                         UrdfExportOptions urdf,
                                         Diagnostics* diags) {
  const std::optional<CheckedRead> in = ReadConvertible(path, read, diags);
  if (!in) return std::nullopt;
  urdf.sources = &in->sources;
  const ActivityScope activity("writing URDF");
  const Resolution resolution = ResolveAll(*in->doc, in->graph);
  if (!CheckFinite(*in->doc, resolution, diags)) return std::nullopt;
  return WithinOutputLimit(
      WriteUrdf(*in->doc, in->graph, resolution, urdf, diags), path,
      read.limits, diags);
}

}  // namespace sdfconv
