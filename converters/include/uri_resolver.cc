#include "converters/include/uri_resolver.h"

#include <sys/stat.h>
#include <sys/vfs.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <system_error>

#include "converters/include/fuel_cache.h"
#include "converters/include/model_manifest.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"
#include "core/document.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

bool IsFile(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec);
}

bool IsFolder(const fs::path& p) {
  std::error_code ec;
  return fs::is_directory(p, ec);
}

// Anything at `p` (through links): a file, a folder, a FIFO, ...
bool Exists(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

// Why the file at `p` is not one an include may read, or "" when it is: a
// regular file, not on a file system whose files are made as they are read
// (/proc, /sys and the like), where a read can block for ever or never
// end. Decided before anything is opened.
std::string NotReadable(const fs::path& p) {
  struct stat st;
  if (::stat(p.c_str(), &st) != 0) return std::strerror(errno);
  if (!S_ISREG(st.st_mode)) {
    const char* what = S_ISFIFO(st.st_mode)   ? "a FIFO"
                       : S_ISSOCK(st.st_mode) ? "a socket"
                       : S_ISCHR(st.st_mode)  ? "a character device"
                       : S_ISBLK(st.st_mode)  ? "a block device"
                                              : "not a file";
    return std::string("is ") + what + ", not a regular file";
  }
  // statfs(2) magic numbers (linux/magic.h) of pseudo file systems.
  constexpr long kPseudo[] = {0x9fa0 /* proc */,      0x62656572 /* sysfs */,
                              0x64626720 /* debugfs */, 0x74726163 /* tracefs */,
                              0x27e0eb /* cgroup */,    0x63677270 /* cgroup2 */,
                              0x73636673 /* securityfs */};
  struct statfs fs;
  if (::statfs(p.c_str(), &fs) == 0) {
    for (const long magic : kPseudo) {
      if (static_cast<long>(fs.f_type) == magic) {
        return "is on a kernel file system (/proc, /sys), not a regular file";
      }
    }
  }
  return "";
}

std::string Normal(const fs::path& p) {
  return p.lexically_normal().string();
}

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) {
    if (!out.empty()) out += ", ";
    out += item;
  }
  return out.empty() ? "(none)" : out;
}

// The model file a model folder's manifest names; empty with `why` set when
// there is none.
std::string FileInModelFolder(const fs::path& folder,
                              const VersionSupported& supported,
                              std::string* why) {
  fs::path manifest = folder / "model.config";
  if (!IsFile(manifest)) manifest = folder / "manifest.xml";
  if (!IsFile(manifest)) {
    *why = "the folder " + Normal(folder) +
           " has no model.config (nor manifest.xml)";
    return "";
  }
  Diagnostics ignored;
  const std::optional<ModelManifest> parsed =
      ModelManifest::Load(manifest.string(), &ignored);
  if (!parsed) {
    *why = Normal(manifest) + " cannot be read as a model manifest";
    return "";
  }
  const std::optional<size_t> best = BestEntry(parsed->entries, supported);
  if (!best || parsed->entries[*best].file.empty()) {
    std::vector<std::string> seen;
    for (const ManifestEntry& entry : parsed->entries) {
      seen.push_back(entry.version.empty() ? "(no version)" : entry.version);
    }
    *why = Normal(manifest) + " lists no <sdf> file of a version sdfconv "
           "reads (listed: " + Join(seen) + ")";
    return "";
  }
  const std::string& best_file = parsed->entries[*best].file;
  const fs::path file = folder / best_file;
  if (!Exists(file)) {
    *why = Normal(manifest) + " names " + best_file + ", which does not exist";
    return "";
  }
  if (const std::string unreadable = NotReadable(file); !unreadable.empty()) {
    *why = Normal(manifest) + " names " + best_file + ", which " + unreadable;
    return "";
  }
  return Normal(file);
}

// `found` is a file or a model folder: the file it stands for.
ResolvedUri Found(const fs::path& found, std::string_view uri,
                  const VersionSupported& supported) {
  ResolvedUri r;
  if (!IsFolder(found)) {
    const std::string why = NotReadable(found);
    if (!why.empty()) {
      r.error = "cannot resolve " + std::string(uri) + ": " + Normal(found) +
                " " + why;
      return r;
    }
    r.file = Normal(found);
    return r;
  }
  std::string why;
  r.file = FileInModelFolder(found, supported, &why);
  if (r.file.empty()) {
    r.error = "cannot resolve " + std::string(uri) + ": " + why;
  }
  return r;
}

// A Fuel model URL: its folder (or file) in the Fuel cache
// (fuel_cache.h), which sdfconv reads and never fills.
ResolvedUri FromFuelCache(const FuelModelUrl& url, const std::string& uri,
                          const IncludeSearch& search,
                          const VersionSupported& supported) {
  const FuelLookup found = FindInFuelCache(
      url, search.use_environment ? FuelCaches() : std::vector<FuelCache>());
  if (!found.path.empty()) return Found(found.path, uri, supported);
  // A model file URL's model: the URL before its /files/.
  const std::string model =
      url.file.empty() ? uri : uri.substr(0, uri.find("/files/", uri.find("/models/")));
  ResolvedUri r;
  r.error = "cannot resolve " + uri + ": " + found.error +
            "; sdfconv does not download (`gz fuel download -u '" + model +
            "'` puts the model in the cache)";
  return r;
}

}  // namespace

IncludeSearch NeedingIncludedModels(IncludeSearch search) {
  if (search.unresolved == IncludeSearch::Unresolved::kKeep) {
    search.unresolved = IncludeSearch::Unresolved::kNeeded;
  }
  return search;
}

std::vector<std::string> SearchFolders(const IncludeSearch& search) {
  std::vector<std::string> out;
  for (const std::string& p : search.model_paths) {
    if (!p.empty()) out.push_back(p);
  }
  if (!search.use_environment) return out;
  for (const char* variable : kModelPathVariables) {
    const char* value = std::getenv(variable);
    if (value == nullptr) continue;
    std::string_view rest(value);
    while (!rest.empty()) {
      const size_t colon = rest.find(':');
      const std::string_view entry = rest.substr(0, colon);
      if (!entry.empty()) out.emplace_back(entry);
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
  }
  return out;
}

ResolvedUri ResolveIncludeUri(std::string_view uri,
                              const std::string& including_file,
                              const IncludeSearch& search,
                              const VersionSupported& supported) {
  const std::string text(TrimWhitespace(uri));
  const std::vector<std::string> folders = SearchFolders(search);
  const std::string searched =
      " (searched, in order: " + Join(folders) +
      "; from --model-path, then SDF_PATH, GZ_SIM_RESOURCE_PATH, "
      "IGN_GAZEBO_RESOURCE_PATH, GAZEBO_MODEL_PATH)";
  ResolvedUri r;
  if (text.empty()) {
    r.error = "//include/uri is empty";
    return r;
  }
  if (StartsWith(text, "model://")) {
    const std::string rest = text.substr(8);
    const std::string name = rest.substr(0, rest.find('/'));
    if (name.empty()) {
      r.error = "cannot resolve " + text + ": no model name after model://";
      return r;
    }
    std::string folder_without_rest;
    for (const std::string& folder : folders) {
      const fs::path candidate = fs::path(folder) / rest;
      if (Exists(candidate)) return Found(candidate, text, supported);
      if (folder_without_rest.empty() && IsFolder(fs::path(folder) / name)) {
        folder_without_rest = Normal(fs::path(folder) / name);
      }
    }
    r.error = "cannot resolve " + text + ": " +
              (folder_without_rest.empty()
                   ? "no model folder '" + name + "' in any search folder"
                   : "the model folder " + folder_without_rest + " has no " +
                         rest.substr(name.size() + 1)) +
              searched;
    return r;
  }
  std::string path = text;
  if (StartsWith(text, "file://")) {
    path = text.substr(7);
    if (path.empty()) {
      r.error = "cannot resolve " + text + ": no path after file://";
      return r;
    }
  } else if (const size_t scheme = text.find("://");
             scheme != std::string::npos) {
    if (const std::optional<FuelModelUrl> fuel = ParseFuelModelUrl(text)) {
      return FromFuelCache(*fuel, text, search, supported);
    }
    r.error = "cannot resolve " + text + ": sdfconv reads local files "
              "(file paths, file://, model://) and Fuel model URLs "
              "(SCHEME://HOST/[1.0/]OWNER/models/NAME[/VERSION]) from the "
              "Fuel cache; this " + text.substr(0, scheme + 3) +
              " URI is neither";
    return r;
  }
  const fs::path written(path);
  if (written.is_absolute()) {
    if (Exists(written)) return Found(written, text, supported);
    r.error = "cannot resolve " + text + ": " + Normal(written) +
              " does not exist";
    return r;
  }
  const fs::path here = fs::path(including_file).parent_path() / written;
  if (Exists(here)) return Found(here, text, supported);
  for (const std::string& folder : folders) {
    const fs::path candidate = fs::path(folder) / written;
    if (Exists(candidate)) return Found(candidate, text, supported);
  }
  // A file named without a folder (standard input among them) includes
  // relative to the working directory.
  const std::string beside =
      fs::path(including_file).parent_path().empty()
          ? "in the working directory"
          : "next to " + including_file;
  r.error = "cannot resolve " + text + ": not found " + beside + " (" +
            Normal(here) + ") nor in any search folder" + searched;
  return r;
}

}  // namespace sdfconv
