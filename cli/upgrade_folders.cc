#include "cli/upgrade_folders.h"

#include <sys/stat.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "converters/include/model_manifest.h"
#include "converters/upgrade/model_config.h"
#include "core/document.h"

namespace sdfconv {
namespace {

using FileId = std::pair<dev_t, ino_t>;

std::optional<FileId> IdOf(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    return std::nullopt;
  }
  return FileId{st.st_dev, st.st_ino};
}

std::string FolderOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string Join(const std::string& folder, const std::string& file) {
  return folder == "/" ? "/" + file : folder + "/" + file;
}

// What the run knows of one model folder's manifest.
struct ModelFolder {
  std::string manifest;  // its path
  ModelFolderPlan plan;
  std::optional<FileId> loaded;  // the plan's loaded file, when it exists
  bool labelled = false;  // every entry naming it says the target already
};

// The labels the entries naming `file` give it, e.g. "1.3, 1.4".
std::string LabelsOf(const std::vector<ManifestEntry>& entries,
                     const std::string& file) {
  std::string labels;
  for (const ManifestEntry& entry : entries) {
    if (EntryFile(entry) != file) continue;
    if (!labels.empty()) labels += ", ";
    labels += entry.version.empty() ? "no version" : entry.version;
  }
  return labels;
}

FileUpgrade Unchanged(std::string_view text, const std::string&) {
  return {std::string(text), Diagnostics(), ""};
}

}  // namespace

BatchPlan PlanBatch(const std::vector<BatchInput>& inputs,
                    std::string_view target) {
  BatchPlan batch;
  batch.variant.resize(inputs.size());
  batch.loads.resize(inputs.size());
  std::vector<std::optional<FileId>> ids(inputs.size());
  std::map<FileId, size_t> input_of;
  std::map<std::string, std::optional<ModelFolder>> folders;
  std::map<FileId, std::string> variants;  // why each is left as it is
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i].error.empty() || inputs[i].kind == InputKind::kOther ||
        inputs[i].kind == InputKind::kLink) {
      continue;
    }
    ids[i] = IdOf(inputs[i].path);
    if (ids[i]) input_of.emplace(*ids[i], i);
    const std::string dir = FolderOf(inputs[i].path);
    if (folders.count(dir) != 0) continue;
    std::optional<ModelFolder>& folder = folders[dir];
    const std::string manifest = Join(dir, "model.config");
    if (!IdOf(manifest)) continue;
    Diagnostics ignored;  // a manifest that does not parse fails as an input
    const std::optional<ModelManifest> parsed =
        ModelManifest::Load(manifest, &ignored);
    if (!parsed) continue;
    folder = ModelFolder{manifest, PlanModelFolder(parsed->entries, target), {},
                    true};
    if (!folder->plan.loaded.empty()) {
      folder->loaded = IdOf(Join(dir, folder->plan.loaded));
    }
    for (const ManifestEntry& entry : parsed->entries) {
      if (EntryFile(entry) == folder->plan.loaded &&
          VersionNumber(entry.version) != VersionNumber(std::string(target))) {
        folder->labelled = false;
      }
    }
    for (const std::string& kept : folder->plan.kept) {
      const std::optional<FileId> id = IdOf(Join(dir, kept));
      if (!id || variants.count(*id) != 0) continue;
      variants[*id] = manifest + " lists it for SDFormat " +
                      LabelsOf(parsed->entries, kept) +
                      "; kept for the parsers that load it (the upgrade "
                      "converts " + folder->plan.loaded + ")";
    }
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!ids[i]) continue;
    const auto it = variants.find(*ids[i]);
    if (it != variants.end()) batch.variant[i] = it->second;
  }
  std::vector<bool> placed(inputs.size(), false);
  for (size_t m = 0; m < inputs.size(); ++m) {
    if (inputs[m].kind != InputKind::kModelConfig || !ids[m] ||
        !batch.variant[m].empty()) {
      continue;
    }
    const std::optional<ModelFolder>& folder = folders[FolderOf(inputs[m].path)];
    if (!folder || IdOf(folder->manifest) != ids[m]) continue;
    const auto loaded =
        folder->loaded ? input_of.find(*folder->loaded) : input_of.end();
    if (loaded == input_of.end() || !batch.variant[loaded->second].empty() ||
        inputs[loaded->second].kind != InputKind::kSdf) {
      if (folder->labelled) continue;  // nothing to do either way
      batch.variant[m] =
          folder->plan.loaded.empty()
              ? "it names no file to load; kept as it is"
              : "the file it loads, " + folder->plan.loaded +
                    ", is not upgraded in this run; kept as it is";
      continue;
    }
    batch.units.push_back({loaded->second, m});
    batch.loads[m] = folder->plan.loaded;
    placed[loaded->second] = placed[m] = true;
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!placed[i]) batch.units.push_back({i});
  }
  std::sort(batch.units.begin(), batch.units.end(),
            [](const std::vector<size_t>& a, const std::vector<size_t>& b) {
              return *std::min_element(a.begin(), a.end()) <
                     *std::min_element(b.begin(), b.end());
            });
  return batch;
}

void RunUnit(const std::vector<size_t>& unit, const BatchPlan& plan,
             const std::vector<BatchInput>& inputs, const OutputPolicy& policy,
             const UpgradeFunction& upgrade, const std::atomic<bool>& stop,
             uint64_t max_input_bytes, std::vector<FileRecord>* records) {
  if (unit.size() == 1) {
    const size_t i = unit.front();
    if (inputs[i].kind == InputKind::kOther ||
        inputs[i].kind == InputKind::kLink) {
      (*records)[i] = CopyOneFile(inputs[i], policy, stop);
      return;
    }
    const std::string& why = plan.variant[i];
    // A manifest alone (not read by the plan): upgraded as nothing, so
    // that a manifest that is not one fails.
    const bool as_is =
        !why.empty() || inputs[i].kind == InputKind::kModelConfig;
    PreparedFile file = PrepareFile(inputs[i], policy,
                                    as_is ? Unchanged : upgrade,
                                    max_input_bytes);
    if (inputs[i].kind == InputKind::kModelConfig && why.empty() &&
        file.record.status != FileStatus::kFailed) {
      Diagnostics diags;
      if (!ModelManifest::Parse(file.input.bytes, inputs[i].path, &diags)) {
        file.record.diagnostics = std::move(diags);
        file.record.status = FileStatus::kFailed;
      }
    }
    file.record.note = why;
    CommitFile(&file, policy, stop,
               why.empty() ? FileStatus::kUnchanged : FileStatus::kVariant);
    (*records)[i] = std::move(file.record);
    return;
  }
  // A model folder: its loaded file, then its manifest.
  const size_t f = unit[0];
  const size_t m = unit[1];
  PreparedFile file = PrepareFile(inputs[f], policy, upgrade, max_input_bytes);
  const bool file_ok = file.record.status != FileStatus::kFailed;
  const std::string& loads = plan.loads[m];
  const std::string version = file.result.version;
  PreparedFile manifest = PrepareFile(
      inputs[m], policy,
      [&](std::string_view text, const std::string& path) {
        if (!file_ok) return Unchanged(text, path);
        UpgradeResult r = RelabelModelConfig(text, path, loads, version);
        return FileUpgrade{std::move(r.output), std::move(r.diagnostics),
                           ""};
      },
      max_input_bytes);
  const bool manifest_ok = manifest.record.status != FileStatus::kFailed;
  if (file_ok && manifest_ok) {
    std::set<std::string> changed;
    if (file.result.output != file.input.bytes ||
        manifest.result.output != manifest.input.bytes) {
      changed.insert(loads);
    }
    Diagnostics proof;
    if (!ProveModelFolder(manifest.input.bytes, manifest.result.output, changed,
                          inputs[m].path, &proof)) {
      for (PreparedFile* p : {&file, &manifest}) {
        p->record.diagnostics.Append(proof);
        p->record.status = FileStatus::kFailed;
      }
    }
  }
  if (file.record.status == FileStatus::kFailed &&
      manifest.record.status != FileStatus::kFailed) {
    manifest.result.output = manifest.input.bytes;  // left as it was
  }
  const bool file_ready = file.record.status != FileStatus::kFailed;
  CommitFile(&file, policy, stop);
  // The manifest follows its file: written when the file was, whatever
  // `stop` says by now; not written when the file could not be.
  static const std::atomic<bool> kGoOn{false};
  if (file.record.status == FileStatus::kNotProcessed) {
    manifest.record.status = FileStatus::kNotProcessed;
  } else if (file_ready && file.record.status == FileStatus::kFailed &&
             manifest.record.status != FileStatus::kFailed) {
    manifest.record.status = FileStatus::kFailed;
    manifest.record.diagnostics.Error(
        Code::kFileWrite, {inputs[m].path, 0, ""},
        "not written: the file it loads, " + inputs[f].path +
            ", could not be written; the folder is left as it was");
  } else {
    CommitFile(&manifest, policy, kGoOn);
  }
  (*records)[f] = std::move(file.record);
  (*records)[m] = std::move(manifest.record);
}

}  // namespace sdfconv
