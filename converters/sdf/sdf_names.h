// SDFormat 1.8 names: which a file may not give (reserved), and the one
// repair that every converter applies to a name that is reserved or taken.
//
// The upgrade renames reserved and clashing names in old files, the URDF
// import renames URDF names SDFormat forbids; both go through RepairName,
// so `__base__` becomes `base`, `a::b` `a_b` and a second `elbow` joint
// `elbow_joint`, whichever converter meets it.
//
//   const auto taken = [&](const std::string& n) { return used.count(n); };
//   RepairName("__base__", "link", taken);  // "base"
//   RepairName("world", "link", taken);     // "world_link"
#ifndef SDFCONV_CONVERTERS_SDF_SDF_NAMES_H_
#define SDFCONV_CONVERTERS_SDF_SDF_NAMES_H_

#include <functional>
#include <string>
#include <string_view>

namespace sdfconv {

// False for the names SDFormat 1.8 reserves, `world`, `__x__` (4
// characters or more) and any containing `::`, and for the empty name.
[[nodiscard]] bool IsLegalSdfName(std::string_view name);

// The first name of this list that is legal and not `taken`: `name`; `name`
// made legal (`::` -> `_`, `__x__` -> `x`, `tag` when nothing is left);
// that + "_" + tag; that + "_" + tag + "_2", "_3", ...
[[nodiscard]] std::string RepairName(
    std::string_view name, std::string_view tag,
    const std::function<bool(const std::string&)>& taken);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_NAMES_H_
