#include "converters/include/fuel_cache.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "converters/xml/text_values.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

bool HasSpace(std::string_view s) {
  return std::any_of(s.begin(), s.end(), IsXmlSpace);
}

// "1.0": the API version a URL may name before its owner.
bool IsApiVersion(std::string_view s) {
  const size_t dot = s.find('.');
  if (dot == 0 || dot == std::string_view::npos || dot + 1 == s.size()) {
    return false;
  }
  return std::all_of(s.begin(), s.begin() + dot, IsDigit) &&
         std::all_of(s.begin() + dot + 1, s.end(), IsDigit);
}

// A version number of at most 18 digits (so it fits); nothing otherwise.
std::optional<uint64_t> Number(std::string_view s) {
  if (s.empty() || s.size() > 18 || !std::all_of(s.begin(), s.end(), IsDigit)) {
    return std::nullopt;
  }
  uint64_t n = 0;
  for (char c : s) n = n * 10 + static_cast<uint64_t>(c - '0');
  return n;
}

// A VERSION segment: digits or `tip` (the newest: no number).
bool ReadVersion(std::string_view s, FuelModelUrl* url) {
  if (s == "tip") return true;
  url->version = Number(s);
  return url->version.has_value();
}

// OWNER/models/NAME[/VERSION] or OWNER/models/NAME/VERSION/files/PATH.
bool ReadModelPath(const std::vector<std::string_view>& s, size_t i,
                   FuelModelUrl* url) {
  const size_t n = s.size() - i;
  if (n < 3 || s[i + 1] != "models" || HasSpace(s[i])) return false;
  url->owner = std::string(s[i]);
  url->name = std::string(s[i + 2]);
  url->version.reset();
  url->file.clear();
  if (n == 3) return true;
  if (!ReadVersion(s[i + 3], url)) return false;
  if (n == 4) return true;
  if (n < 6 || s[i + 4] != "files") return false;
  for (size_t k = i + 5; k < s.size(); ++k) {
    if (!url->file.empty()) url->file += '/';
    url->file += s[k];
  }
  return true;
}

// How gz-fuel-tools names HOST's folder (Helpers.cc, sanitizeAuthority).
std::string HostFolder(std::string_view host) {
  std::string out;
  for (char c : host) {
    if (c == ':') {
      out += "%3A";
    } else if (c == '@') {
      out += "%40";
    } else {
      out += c;
    }
  }
  return out;
}

// The folders in `parent` whose names equal `name` ignoring ASCII case, in
// byte order of their names.
std::vector<fs::path> FoldersNamed(const fs::path& parent,
                                   std::string_view name) {
  std::vector<fs::path> out;
  const std::string wanted = Lower(name);
  std::error_code ec;
  for (fs::directory_iterator it(parent, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code is_dir;
    if (Lower(it->path().filename().string()) == wanted &&
        it->is_directory(is_dir)) {
      out.push_back(it->path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

struct Version {
  uint64_t number = 0;
  fs::path folder;
};

// The version folders of a model folder: digits, holding a model.config.
std::vector<Version> Versions(const fs::path& model) {
  std::vector<Version> out;
  std::error_code ec;
  for (fs::directory_iterator it(model, ec), end; !ec && it != end;
       it.increment(ec)) {
    const std::optional<uint64_t> number =
        Number(it->path().filename().string());
    std::error_code is_file;
    if (number && fs::is_regular_file(it->path() / "model.config", is_file)) {
      out.push_back({*number, it->path()});
    }
  }
  std::sort(out.begin(), out.end(), [](const Version& a, const Version& b) {
    return a.folder < b.folder;
  });
  return out;
}

// `item` after `*list`, comma-separated.
void Append(std::string* list, const std::string& item) {
  if (!list->empty()) *list += ", ";
  *list += item;
}

// The HOME-relative default cache `relative`, unless HOME is unset.
void AddDefault(const char* relative, const char* from,
                std::vector<FuelCache>* out) {
  const char* home = std::getenv("HOME");
  if (home == nullptr || *home == '\0') return;
  out->push_back({(fs::path(home) / relative).lexically_normal().string(),
                  from});
}

}  // namespace

std::optional<FuelModelUrl> ParseFuelModelUrl(std::string_view uri) {
  const std::string_view text = TrimWhitespace(uri);
  const size_t scheme = text.find("://");
  if (scheme == 0 || scheme == std::string_view::npos) return std::nullopt;
  for (char c : text.substr(0, scheme)) {
    const bool ok = IsDigit(c) || (c >= 'a' && c <= 'z') ||
                    (c >= 'A' && c <= 'Z') || c == '.' || c == '+' || c == '-';
    if (!ok) return std::nullopt;
  }
  std::string_view rest = text.substr(scheme + 3);
  const size_t slash = rest.find('/');
  if (slash == 0 || slash == std::string_view::npos) return std::nullopt;
  FuelModelUrl url;
  url.host = std::string(rest.substr(0, slash));
  if (HasSpace(url.host)) return std::nullopt;
  rest.remove_prefix(slash);
  std::vector<std::string_view> segments;
  while (!rest.empty()) {
    const size_t next = rest.find('/');
    const std::string_view segment = rest.substr(0, next);
    if (!segment.empty()) segments.push_back(segment);
    if (next == std::string_view::npos) break;
    rest.remove_prefix(next + 1);
  }
  // The API version is optional: `1.0` is one when what follows is a model
  // path, else an owner's name.
  if (!segments.empty() && IsApiVersion(segments[0]) &&
      ReadModelPath(segments, 1, &url)) {
    return url;
  }
  if (ReadModelPath(segments, 0, &url)) return url;
  return std::nullopt;
}

std::vector<FuelCache> FuelCaches() {
  std::vector<FuelCache> out;
  for (const char* variable : {"GZ_FUEL_CACHE_PATH", "IGN_FUEL_CACHE_PATH"}) {
    const char* value = std::getenv(variable);
    if (value != nullptr && *value != '\0') {
      out.push_back({value, variable});
      return out;
    }
  }
  AddDefault(".gz/fuel", "~/.gz/fuel", &out);
  AddDefault(".ignition/fuel", "~/.ignition/fuel", &out);
  return out;
}

FuelLookup FindInFuelCache(const FuelModelUrl& url,
                           const std::vector<FuelCache>& caches) {
  const std::string model = HostFolder(url.host) + "/" + url.owner +
                            "/models/" + url.name;
  std::string searched;
  std::string other_versions;  // when url.version is not there
  for (const FuelCache& cache : caches) {
    Append(&searched, cache.folder + " (" + cache.from + ")");
    const fs::path host = fs::path(cache.folder) / HostFolder(url.host);
    const Version* best = nullptr;
    std::vector<Version> versions;
    for (const fs::path& owner : FoldersNamed(host, url.owner)) {
      for (const fs::path& name : FoldersNamed(owner / "models", url.name)) {
        for (Version& v : Versions(name)) versions.push_back(std::move(v));
      }
    }
    for (const Version& v : versions) {
      const bool wanted = url.version ? v.number == *url.version
                                      : best == nullptr || v.number > best->number;
      if (wanted && (best == nullptr || !url.version)) best = &v;
      if (url.version && !wanted) {
        Append(&other_versions, v.folder.lexically_normal().string());
      }
    }
    if (best == nullptr) continue;
    FuelLookup found;
    const fs::path folder = best->folder.lexically_normal();
    if (url.file.empty()) {
      found.path = folder.string();
      return found;
    }
    const fs::path file = (folder / url.file).lexically_normal();
    std::error_code ec;
    if (fs::is_regular_file(file, ec)) {
      found.path = file.string();
    } else {
      found.error = "the cached model " + folder.string() + " has no " +
                    url.file;
    }
    return found;
  }
  FuelLookup missing;
  const std::string version =
      url.version ? std::to_string(*url.version) : "VERSION";
  missing.error =
      "not in the Fuel cache: no folder " + model + "/" + version +
      " holding a model.config (owner and name in any case" +
      (url.version ? "" : ", VERSION the highest") + ") in " +
      (searched.empty()
           ? std::string("no Fuel cache (none to search: GZ_FUEL_CACHE_PATH, "
                         "IGN_FUEL_CACHE_PATH and HOME unset, or the "
                         "environment not read)")
           : searched) +
      (other_versions.empty()
           ? ""
           : "; other versions are there: " + other_versions);
  return missing;
}

}  // namespace sdfconv
