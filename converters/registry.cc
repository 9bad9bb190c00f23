#include "converters/registry.h"

#include <memory>
#include <vector>

#include "converters/include/compose.h"
#include "converters/include/include_params.h"
#include "converters/include/include_stand_ins.h"
#include "converters/sdf/legacy_reader.h"
#include "converters/sdf/sdf_reader.h"
#include "converters/urdf/urdf_front_end.h"
#include "core/activity.h"

namespace sdfconv {
namespace {

// One input format: its root element, how people call it, whether its root
// must carry a version, which versions are read, and by whom.
struct Format {
  InputFormat format;
  std::string_view root_tag;
  std::string_view display_name;
  bool version_required = false;
  std::vector<std::string_view> versions;
  std::vector<const FrontEnd*> front_ends;
};

template <typename Versions>
std::vector<std::string_view> Concat(std::vector<std::string_view> out,
                                     const Versions& more) {
  out.insert(out.end(), more.begin(), more.end());
  return out;
}

// The formats, their SDFormat front ends reading later features as
// libsdformat does, or (`strict`) to the letter of each file's version.
std::vector<Format>* MakeFormats(bool strict) {
  const auto* const kSdfReader = new SdfReader(strict);
  const auto* const kLegacySdfReader = new LegacySdfReader(strict);
  const auto* const kUrdfFrontEnd = new UrdfFrontEnd();
  return new std::vector<Format>{
      {InputFormat::kSdformat, "sdf", "SDFormat", /*version_required=*/true,
       Concat({kLegacySdfVersions.begin(), kLegacySdfVersions.end()},
              kSdfReaderVersions),
       {kLegacySdfReader, kSdfReader}},
      // SDFormat 1.2's own root element (and 1.0's, not read).
      {InputFormat::kSdformat, "gazebo", "SDFormat with root <gazebo>",
       /*version_required=*/true,
       {kLegacyGazeboVersions.begin(), kLegacyGazeboVersions.end()},
       {kLegacySdfReader}},
      {InputFormat::kUrdf, "robot", "URDF", /*version_required=*/false, {},
       {kUrdfFrontEnd}},
  };
}

const std::vector<Format>& Formats(bool strict = false) {
  static const std::vector<Format>* const kFormats = MakeFormats(false);
  static const std::vector<Format>* const kStrictFormats = MakeFormats(true);
  return strict ? *kStrictFormats : *kFormats;
}

std::string Join(const std::vector<std::string_view>& items) {
  std::string out;
  for (std::string_view item : items) {
    if (!out.empty()) out += ", ";
    out += item;
  }
  return out;
}

}  // namespace

const FrontEnd* FindFrontEnd(std::string_view root_tag,
                             std::string_view version, bool strict) {
  for (const Format& format : Formats(strict)) {
    for (const FrontEnd* front_end : format.front_ends) {
      if (front_end->Accepts(root_tag, version)) return front_end;
    }
  }
  return nullptr;
}

const FrontEnd* FrontEndFor(const XmlTree& xml, Diagnostics* diags,
                            bool strict) {
  const XmlElement root = RootElement(xml);
  const std::string tag(Tag(root));
  const std::optional<std::string> version = Attribute(root, "version");
  const SourceLocation at = Locate(root);
  const Format* format = nullptr;
  for (const Format& f : Formats()) {
    if (f.root_tag == tag) format = &f;
  }
  if (format == nullptr) {
    diags->Error(Code::kElementInvalid, at,
                 "the root element is <" + tag +
                     ">; expected <sdf> (SDFormat) or <robot> (URDF)");
    return nullptr;
  }
  if (format->version_required && !version) {
    diags->Error(Code::kAttributeMissing, at,
                 "<" + tag + "> has no version attribute");
    return nullptr;
  }
  if (const FrontEnd* front_end =
          FindFrontEnd(tag, version.value_or(""), strict)) {
    return front_end;
  }
  std::string message = std::string(format->display_name);
  if (version) {
    message += " version " + (version->empty() ? "\"\"" : *version);
  }
  message += " is not supported";
  message += format->versions.empty() ? " yet"
                                      : "; supported: " + Join(format->versions);
  diags->Error(Code::kVersionUnsupported, at, std::move(message));
  return nullptr;
}

namespace {

// One file's Document, its includes left as placeholders. The front ends
// say unknown elements as warnings; `options` decides (a URDF's SDFormat is
// not the user's to be strict about: its <gazebo> blocks stay warnings).
std::optional<Document> ReadOne(int32_t tree, XmlSources* sources,
                                const ReadOptions& options,
                                Diagnostics* diags) {
  const FrontEnd* front_end =
      FrontEndFor(sources->tree(tree), diags, options.strict);
  if (front_end == nullptr) return std::nullopt;
  if (FormatOf(sources->tree(tree)) == InputFormat::kUrdf) {
    return UrdfFrontEnd(options.urdf).Read(tree, sources, diags);
  }
  const Severity unknown = options.unknown_elements.value_or(
      options.strict ? Severity::kError : Severity::kWarning);
  if (unknown == Severity::kWarning) {
    return front_end->Read(tree, sources, diags);
  }
  Diagnostics read;
  std::optional<Document> doc = front_end->Read(tree, sources, &read);
  for (Diagnostic d : read.items()) {
    if (d.code == Code::kElementUnknown) d.severity = unknown;
    diags->Add(std::move(d));
  }
  return doc;
}

}  // namespace

InputFormat FormatOf(const XmlTree& tree) {
  const std::string tag(tree.Tag(tree.root()));
  for (const Format& f : Formats()) {
    if (f.root_tag == tag) return f.format;
  }
  return InputFormat::kUnknown;
}

bool ReadsSdfVersion(std::string_view version) {
  return FindFrontEnd("sdf", version) != nullptr;
}

std::optional<Document> ReadTree(int32_t tree, XmlSources* sources,
                                 Diagnostics* diags,
                                 const ReadOptions& options) {
  std::optional<Document> doc = ReadOne(tree, sources, options, diags);
  if (!doc || options.includes == ReadOptions::Includes::kPlaceholders ||
      !HasIncludePlaceholders(*doc)) {
    return doc;
  }
  if (options.includes == ReadOptions::Includes::kStandIns) {
    return WithIncludeStandIns(*doc);
  }
  const ActivityScope activity("expanding includes");
  ComposeOptions compose;
  compose.search = options.include_search;
  compose.supported = ReadsSdfVersion;
  compose.limits = options.limits;
  // An included URDF is imported with the import's defaults: the options
  // are the given file's, and a world means the same in every command
  // (the upgrade's proof and --expand-includes read its includes so too).
  ReadOptions included = options;
  included.urdf = UrdfImportOptions();
  compose.params_of = [sources](const NodeRef& include) {
    const XmlElement xml = sources->Element(include);
    return xml ? IncludeParamEdits(xml.tree(), xml.id())
               : std::vector<ParamEdit>();
  };
  const IncludeLoader load = [&](const std::string& file,
                                 const std::vector<ParamEdit>& edits,
                                 ForwardedEdits* handed_on,
                                 Diagnostics* file_diags)
      -> std::optional<Document> {
    AdvanceActivity();
    std::optional<XmlTree> sub =
        XmlTree::Load(file, file_diags, XmlLimitsOf(included));
    if (!sub) return std::nullopt;
    if (!edits.empty()) *handed_on = EditIncludedTree(&*sub, edits, file_diags);
    return ReadOne(sources->Add(std::move(*sub)), sources, included,
                   file_diags);
  };
  Document composed = ExpandIncludes(*doc, load, compose, diags);
  // Includes kept unread (IncludeSearch::Unresolved::kKeep) are stood in
  // for, so that everything else is checked.
  if (options.include_search.unresolved ==
          IncludeSearch::Unresolved::kKeep &&
      HasIncludePlaceholders(composed)) {
    return WithIncludeStandIns(composed);
  }
  return composed;
}

XmlLimits XmlLimitsOf(const ReadOptions& options) {
  XmlLimits limits;
  limits.max_bytes = static_cast<size_t>(options.limits.input_bytes);
  limits.max_depth = static_cast<int>(options.limits.depth);
  limits.max_attributes = static_cast<size_t>(options.limits.attributes);
  limits.lenient = !options.strict;
  return limits;
}

std::optional<Document> ReadFile(const std::string& path, Diagnostics* diags,
                                 const ReadOptions& options,
                                 XmlSources* sources) {
  const ActivityScope activity("reading");
  std::optional<XmlTree> xml = XmlTree::Load(path, diags, XmlLimitsOf(options));
  if (!xml) return std::nullopt;
  XmlSources local;
  if (sources == nullptr) sources = &local;
  return ReadTree(sources->Add(std::move(*xml)), sources, diags, options);
}

std::optional<Document> ReadString(std::string_view text,
                                   const std::string& virtual_path,
                                   Diagnostics* diags,
                                   const ReadOptions& options,
                                   XmlSources* sources) {
  std::optional<XmlTree> xml =
      XmlTree::Parse(text, virtual_path, diags, XmlLimitsOf(options));
  if (!xml) return std::nullopt;
  XmlSources local;
  if (sources == nullptr) sources = &local;
  return ReadTree(sources->Add(std::move(*xml)), sources, diags, options);
}

}  // namespace sdfconv
