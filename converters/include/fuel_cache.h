// Fuel URIs: the local folder of a Gazebo Fuel model URL, found in the
// Fuel cache where Gazebo keeps the models it downloaded. sdfconv never
// downloads; it reads what is there.
//
// The rules are gz-fuel-tools' (gazebosim/gz-fuel-tools, main; the same
// in its 8-11 branches; docs/composition.md, "Fuel URIs"):
//  - A model URL is `SCHEME://HOST/[API/]OWNER/models/NAME[/VERSION][/]`,
//    a model file URL the same with `/VERSION/files/PATH` after NAME
//    (FuelClient.cc, kModelUrlRegexStr, kModelFileUrlRegexStr): API a
//    version like `1.0` (optional), VERSION digits or `tip` (or none: the
//    newest), repeated slashes allowed, HOST and OWNER without whitespace.
//    Nothing is percent-decoded: `Coke%20Can` and `Coke Can` are two names.
//  - The model lives in `CACHE/HOST/OWNER/models/NAME/VERSION/`
//    (ModelIdentifier::UniqueName, uriToPath in Helpers.cc): HOST as
//    written, with ':' and '@' written `%3A` and `%40`; OWNER and NAME
//    compared with the cache's folder names ignoring ASCII case (both are
//    lowercased: ModelIdentifier::SetOwner, SetName); a version folder
//    counts only when it holds a `model.config` (LocalCache.cc,
//    ModelsInServer).
//  - A URL with VERSION takes that version, no other; one without (or
//    `tip`) takes the highest version there is (LocalCache::MatchingModel).
//  - The cache is GZ_FUEL_CACHE_PATH, else IGN_FUEL_CACHE_PATH (which
//    gz-fuel-tools 8 and 9 still read, and Fortress's ign-fuel-tools 7),
//    else ~/.gz/fuel, then ~/.ignition/fuel (Fortress's default)
//    (ClientConfig.cc).
// Where this departs from gz-fuel-tools, by choice: a version folder's
// name must be all digits (gz-fuel-tools reads `3abc` as 3 and any other
// name as the tip), and among folders that differ only in case the first
// in byte order wins a tie (gz-fuel-tools takes the file system's order).
//
//   if (std::optional<FuelModelUrl> url = ParseFuelModelUrl(uri)) {
//     const FuelLookup found = FindInFuelCache(*url, FuelCaches());
//     if (!found.path.empty()) ... else report(found.error);
//   }
#ifndef SDFCONV_CONVERTERS_INCLUDE_FUEL_CACHE_H_
#define SDFCONV_CONVERTERS_INCLUDE_FUEL_CACHE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdfconv {

// A Fuel model URL or model file URL, its parts as written.
struct FuelModelUrl {
  std::string host;   // with its port: "fuel.gazebosim.org", "localhost:8000"
  std::string owner;  // "OpenRobotics"
  std::string name;   // "Coke", "Tunnel Tile 5"
  std::optional<uint64_t> version;  // none: the newest
  std::string file;   // a model file URL's PATH ("meshes/x.dae"); else empty
};

// `uri` (trimmed) read as a Fuel model URL, or nothing when it is not one.
[[nodiscard]] std::optional<FuelModelUrl> ParseFuelModelUrl(
    std::string_view uri);

// One Fuel cache folder and where it comes from ("GZ_FUEL_CACHE_PATH",
// "~/.gz/fuel").
struct FuelCache {
  std::string folder;
  std::string from;
};

// The Fuel caches of this environment, in the order searched (above).
[[nodiscard]] std::vector<FuelCache> FuelCaches();

struct FuelLookup {
  // The model's version folder (a model URL) or the file (a model file
  // URL); empty when not cached.
  std::string path;
  // When not cached: what was looked for and where, and how to fetch it.
  std::string error;
};

// Finds `url` in the first of `caches` that has it.
[[nodiscard]] FuelLookup FindInFuelCache(const FuelModelUrl& url,
                                         const std::vector<FuelCache>& caches);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_FUEL_CACHE_H_
