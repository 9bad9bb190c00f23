// Conversions: one input file read by the registry and written by one back
// end. This is where front ends and back ends meet, so that the command
// line only parses arguments and prints; which front end reads a file is the
// registry's decision alone (registry.h).
//
// Each conversion returns the output text, or nothing with at least one
// error in `diags` (and then nothing may be written). Warnings come back on
// success too, among them each value error kept as written: values never
// block a conversion, structure does (docs/errors_policy.md).
//
//   Diagnostics diags;
//   ReadOptions read;
//   read.include_search.model_paths = {"models"};
//   std::optional<std::string> urdf =
//       ConvertToUrdf("arm.sdf", read, UrdfExportOptions{}, &diags);
#ifndef SDFCONV_CONVERTERS_CONVERT_CONVERT_H_
#define SDFCONV_CONVERTERS_CONVERT_CONVERT_H_

#include <optional>
#include <string>

#include "converters/registry.h"
#include "converters/upgrade/version_write.h"
#include "converters/urdf_export/urdf_writer.h"
#include "converters/xml/xml_sources.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/limits.h"

namespace sdfconv {

// One file read with its includes, and validated by every phase.
struct CheckedRead {
  // Every XML tree of the read; none when read with KeepSources::kNo (the
  // Document's NodeRefs then name no tree).
  XmlSources sources;
  std::optional<Document> doc;  // empty when no front end could read it
  FrameGraph graph;             // built only when `doc` is set
};

// Whether a CheckedRead keeps the XML trees it was read from. Back ends
// write from them; a check needs only the Document, and frees the trees
// before the frame graph is built (the trees are a third of the peak
// memory of a large file).
enum class KeepSources { kYes, kNo };

// Reads `path` (ReadFile), builds its frame graph and computes the links'
// automatic inertias (SDFormat 1.11, core/auto_inertia.h), so that every
// back end sees computed values; diagnostics of all go to `diags`.
[[nodiscard]] CheckedRead ReadChecked(const std::string& path,
                                      const ReadOptions& options,
                                      Diagnostics* diags,
                                      KeepSources keep = KeepSources::kYes);

// Reads `path` as ReadChecked does, for a conversion: each value-level
// error (converters/sdf/value_level.h) comes back as a warning "kept as
// written: ..." with its code; nothing when any other error remains (the
// structure is not sound). docs/errors_policy.md. Every include must be
// read: one that cannot is an error even when `options` would keep it
// (NeedingIncludedModels, converters/include/uri_resolver.h).
[[nodiscard]] std::optional<CheckedRead> ReadConvertible(
    const std::string& path, const ReadOptions& options, Diagnostics* diags,
    KeepSources keep = KeepSources::kYes);

// `text`, an output made from `path`; nothing, with OUTPUT_LIMIT_EXCEEDED
// in `diags`, when it is longer than `limits.output_bytes`. Every output
// of `convert` and `graph` passes here (docs/limits.md).
[[nodiscard]] std::optional<std::string> WithinOutputLimit(
    std::optional<std::string> text, const std::string& path,
    const Limits& limits, Diagnostics* diags);

enum class FlatFormat { kJson, kCsv };

// `--to flat`: every frame's world pose (converters/flat). Nothing when the
// file's structure is not sound (ReadConvertible).
[[nodiscard]] std::optional<std::string> ConvertToFlat(
    const std::string& path, const ReadOptions& read, FlatFormat format,
    Diagnostics* diags);

// `--to sdf`: SDFormat 1.8. A URDF is imported (docs/urdf.md, with
// `read.urdf`); an SDFormat file of any version read is upgraded
// losslessly, its meaning verified before anything is returned (its
// includes kept as includes, found for the proof with
// `read.include_search`), or with `expand_includes` made one self-contained
// file (docs/composition.md). With `version`, written as that SDFormat
// version (1.4-1.12, up or down: docs/versions.md), each <include> kept
// said with INCLUDE_NOT_CONVERTED.
[[nodiscard]] std::optional<std::string> ConvertToSdf(
    const std::string& path, const ReadOptions& read, bool expand_includes,
    Diagnostics* diags,
    const std::optional<VersionWriteOptions>& version = std::nullopt);

// `--to urdf`: the file's model as URDF (docs/urdf_export.md). Any input
// the registry reads: included models, a URDF input and included URDFs are
// written from the Document the registry reads, whose NodeRefs reach the
// XML of every file (for a URDF, the SDFormat its import builds).
[[nodiscard]] std::optional<std::string> ConvertToUrdf(
    const std::string& path, const ReadOptions& read,
    UrdfExportOptions urdf, Diagnostics* diags);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_CONVERT_CONVERT_H_
