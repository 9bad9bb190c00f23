// SDFormat names for URDF names.
//
// URDF allows names SDFormat 1.8 does not: a link and a joint may share a
// name, and any name may be `world`, `__x__` or contain `::`. A NameScope
// hands out names that are legal in SDFormat 1.8 and unique in one scope (a
// model's frames, or one link's visuals, collisions and sensors): the name
// as written when it can, otherwise the variant that RepairName gives
// (`::` -> `_`, `__x__` -> `x`, then a suffix such as `_joint`, then `_2`,
// `_3`, ...), as the upgrade repairs names. Callers report each change,
// with the old and the new name.
//
//   NameScope frames;
//   frames.Claim("elbow", "link");   // "elbow"
//   frames.Claim("elbow", "joint");  // "elbow_joint"
//   frames.Claim("a::b", "joint");   // "a_b"
#ifndef SDFCONV_CONVERTERS_URDF_URDF_NAMES_H_
#define SDFCONV_CONVERTERS_URDF_URDF_NAMES_H_

#include <string>
#include <string_view>
#include <unordered_set>

namespace sdfconv {

class NameScope {
 public:
  // Marks `name` as used (whatever it is).
  void Reserve(std::string_view name);
  [[nodiscard]] bool Taken(std::string_view name) const;

  // RepairName(wanted, suffix) among the names of this scope (sdf_names.h):
  // `wanted` if it is legal and free, else a variant. The result is
  // reserved.
  std::string Claim(std::string_view wanted, std::string_view suffix);

 private:
  std::unordered_set<std::string> taken_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_URDF_URDF_NAMES_H_
