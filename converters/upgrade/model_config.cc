#include "converters/upgrade/model_config.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

#include "converters/xml/xml_tree.h"
#include "core/document.h"

namespace sdfconv {
namespace {

// The entries of the manifest `text`; nothing when it is not one.
std::optional<std::vector<ManifestEntry>> EntriesOf(std::string_view text,
                                                    const std::string& path) {
  Diagnostics ignored;
  std::optional<ModelManifest> manifest =
      ModelManifest::Parse(text, path, &ignored);
  if (!manifest) return std::nullopt;
  return std::move(manifest->entries);
}

// The file a parser of `parser` (a VersionNumber) loads, as EntryFile; ""
// when none.
std::string LoadedFile(const std::vector<ManifestEntry>& entries, int parser) {
  const std::optional<size_t> i = LoadedEntry(entries, parser);
  return i ? EntryFile(entries[*i]) : "";
}

// Whether a parser of `parser` reads `file` by some entry naming it.
bool Reads(const std::vector<ManifestEntry>& entries, const std::string& file,
           int parser) {
  for (const ManifestEntry& entry : entries) {
    if (EntryFile(entry) == file && VersionNumber(entry.version) <= parser) {
      return true;
    }
  }
  return false;
}

std::string ParserName(int version) {
  if (version == 0) return "older than every entry";
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000);
}

}  // namespace

std::string EntryFile(const ManifestEntry& entry) {
  if (entry.file.empty()) return "";
  return std::filesystem::path(entry.file).lexically_normal().string();
}

ModelFolderPlan PlanModelFolder(const std::vector<ManifestEntry>& entries,
                                std::string_view target) {
  ModelFolderPlan plan;
  plan.loaded = LoadedFile(entries, VersionNumber(std::string(target)));
  for (const ManifestEntry& entry : entries) {
    const std::string file = EntryFile(entry);
    if (file.empty() || file == plan.loaded ||
        std::find(plan.kept.begin(), plan.kept.end(), file) != plan.kept.end()) {
      continue;
    }
    plan.kept.push_back(file);
  }
  return plan;
}

UpgradeResult RelabelModelConfig(std::string_view input,
                                 const std::string& path,
                                 std::string_view file,
                                 std::string_view version) {
  UpgradeResult result;
  std::optional<ModelManifest> manifest =
      ModelManifest::Parse(input, path, &result.diagnostics);
  if (!manifest) return result;
  for (const ManifestEntry& entry : manifest->entries) {
    if (!file.empty() && EntryFile(entry) == file &&
        entry.version != version) {
      manifest->tree.SetAttribute(entry.node, "version", std::string(version));
    }
  }
  std::optional<std::string> output = manifest->tree.SerializeAsRead();
  if (!output) {
    result.diagnostics.Error(Code::kXmlSyntaxError, {path, 1, ""},
                             "the manifest's encoding cannot hold version " +
                                 std::string(version));
    return result;
  }
  result.output = std::move(*output);
  result.changed = result.output != input;
  return result;
}

bool ProveModelFolder(std::string_view before, std::string_view after,
                      const std::set<std::string>& changed,
                      const std::string& path, Diagnostics* diags) {
  const auto old_entries = EntriesOf(before, path);
  const auto new_entries = EntriesOf(after, path);
  const SourceLocation at{path, 1, "/model"};
  if (!old_entries || !new_entries) {
    diags->Error(Code::kUpgradeNotEquivalent, at,
                 "the manifest cannot be read before or after the upgrade");
    return false;
  }
  // The choice changes only where a parser's version passes an entry's:
  // one parser at each entry's version, and one older than them all.
  std::set<int> parsers = {0};
  for (const auto* entries : {&*old_entries, &*new_entries}) {
    for (const ManifestEntry& entry : *entries) {
      parsers.insert(VersionNumber(entry.version));
    }
  }
  for (const int parser : parsers) {
    const std::string was = LoadedFile(*old_entries, parser);
    const std::string is = LoadedFile(*new_entries, parser);
    // A parser that no longer reads the changed file it loaded may load
    // another, kept as it was.
    if (is == was || (changed.count(is) == 0 && changed.count(was) != 0 &&
                      !Reads(*new_entries, was, parser))) {
      continue;
    }
    diags->Error(Code::kUpgradeNotEquivalent, at,
                 "the model folder would load " +
                     (is.empty() ? std::string("no file") : is) +
                     " instead of " + (was.empty() ? std::string("none") : was) +
                     " for a parser of SDFormat " + ParserName(parser) +
                     "; the folder is left as it was");
    return false;
  }
  return true;
}

}  // namespace sdfconv
