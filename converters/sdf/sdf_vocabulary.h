// The SDFormat element vocabulary every reader of SDFormat trees shares: the
// joint types, which children a world, model, link or joint holds as
// frame-like elements, and which children an element reads itself.
//
// Invariant: one list per fact, so the SDFormat front ends and the URDF
// importer's Document builder cannot drift apart. `<frame>` is left out of
// KnownKind: where it may appear depends on the version (the caller's
// dialect decides).
#ifndef SDFCONV_CONVERTERS_SDF_SDF_VOCABULARY_H_
#define SDFCONV_CONVERTERS_SDF_SDF_VOCABULARY_H_

#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

#include "core/document.h"

namespace sdfconv {

inline constexpr std::array<std::string_view, 9> kSdfJointTypes = {
    "revolute", "revolute2", "prismatic", "ball",      "screw",
    "universal", "fixed",    "gearbox",   "continuous"};

inline bool IsSdfJointType(std::string_view type) {
  return std::find(kSdfJointTypes.begin(), kSdfJointTypes.end(), type) !=
         kSdfJointTypes.end();
}

// How many axes (<axis>, <axis2>) a joint of `type` has; absent ones take
// their default (joint.sdf).
inline size_t SdfJointAxisCount(std::string_view type) {
  if (type == "universal" || type == "revolute2" || type == "gearbox") {
    return 2;
  }
  if (type == "revolute" || type == "prismatic" || type == "continuous" ||
      type == "screw") {
    return 1;
  }
  return 0;  // ball, fixed
}

// Children an element reads itself; never kOther, even when named.
inline bool IsContentTag(std::string_view tag) {
  return tag == "pose" || tag == "static" || tag == "inertial" ||
         tag == "parent" || tag == "child" || tag == "axis" ||
         tag == "axis2";
}

// The kinds whose named children a reader looks at (the others are leaves).
inline bool ReadsChildren(ElementKind kind) {
  return kind == ElementKind::kWorld || kind == ElementKind::kModel ||
         kind == ElementKind::kLink || kind == ElementKind::kJoint;
}

// The kind of a child `tag` of a `parent`, if it is a frame-like SDFormat
// element other than <frame>.
inline std::optional<ElementKind> KnownKind(ElementKind parent,
                                            std::string_view tag) {
  using K = ElementKind;
  switch (parent) {
    case K::kWorld:
      if (tag == "model") return K::kModel;
      if (tag == "joint") return K::kJoint;
      if (tag == "light") return K::kLight;
      if (tag == "actor") return K::kActor;
      break;
    case K::kModel:
      if (tag == "link") return K::kLink;
      if (tag == "joint") return K::kJoint;
      if (tag == "model") return K::kModel;
      break;
    case K::kLink:
      if (tag == "collision") return K::kCollision;
      if (tag == "visual") return K::kVisual;
      if (tag == "sensor") return K::kSensor;
      if (tag == "light") return K::kLight;
      break;
    case K::kJoint:
      if (tag == "sensor") return K::kSensor;
      break;
    default:
      break;
  }
  return std::nullopt;
}

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_SDF_SDF_VOCABULARY_H_
