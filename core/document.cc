#include "core/document.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace sdfconv {

const char* KindName(ElementKind kind) {
  switch (kind) {
    case ElementKind::kWorld: return "world";
    case ElementKind::kModel: return "model";
    case ElementKind::kLink: return "link";
    case ElementKind::kJoint: return "joint";
    case ElementKind::kFrame: return "frame";
    case ElementKind::kCollision: return "collision";
    case ElementKind::kVisual: return "visual";
    case ElementKind::kSensor: return "sensor";
    case ElementKind::kLight: return "light";
    case ElementKind::kOther: return "other";
  }
  return "other";
}

bool DefinesFrame(ElementKind kind) {
  switch (kind) {
    case ElementKind::kModel:
    case ElementKind::kLink:
    case ElementKind::kJoint:
    case ElementKind::kFrame:
    case ElementKind::kWorld:
      return true;
    default:
      return false;
  }
}

ElementId Document::Add(ElementId parent, Element e) {
  const auto id = static_cast<ElementId>(elements.size());
  e.parent = parent;
  elements.push_back(std::move(e));
  if (parent != kNoElement) elements[parent].children.push_back(id);
  return id;
}

std::string Document::ScopedName(ElementId id) const {
  std::vector<const std::string*> parts;
  for (ElementId e = id; e != kNoElement; e = elements[e].parent) {
    if (elements[e].kind == ElementKind::kWorld) break;
    parts.push_back(&elements[e].name);
  }
  std::string out;
  for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
    if (!out.empty()) out += "::";
    out += **it;
  }
  return out;
}

bool Document::AtLeast(int major, int minor) const {
  return VersionNumber(version) >= VersionNumber(major, minor);
}

int VersionNumber(const std::string& version) {
  int ma = 0, mi = 0;
  if (std::sscanf(version.c_str(), "%d.%d", &ma, &mi) != 2) return 0;
  return VersionNumber(ma, mi);
}

std::vector<int> ElementVersions(const Document& doc) {
  std::vector<int> out(doc.size(), VersionNumber(doc.version));
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (!e.version.empty()) {
      out[id] = VersionNumber(e.version);
    } else if (e.parent != kNoElement) {
      out[id] = out[e.parent];  // parents come first (pre-order)
    }
  }
  return out;
}

}  // namespace sdfconv
