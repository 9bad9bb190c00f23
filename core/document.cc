#include "core/document.h"

#include <algorithm>
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
    case ElementKind::kActor: return "actor";
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

namespace {

// An Element's kind-only spec (JointSpec, ModelSpec), or an empty one (one
// per type) when unset.
template <typename Spec>
const Spec& SpecOrEmpty(const HeapOptional<Spec>& spec) {
  static const Spec kNone;
  return spec ? *spec : kNone;
}

// The spec, created empty first when unset.
template <typename Spec>
Spec& FilledSpec(HeapOptional<Spec>& spec) {
  if (!spec) spec = Spec{};
  return *spec;
}

}  // namespace

const JointSpec& Element::Joint() const { return SpecOrEmpty(joint); }

JointSpec& Element::MutableJoint() { return FilledSpec(joint); }

namespace {
constexpr std::string_view kPoseSegment = "/pose";
}  // namespace

SourceLocation PoseSpec::source() const {
  if (!owner_child_) return at_;
  return {at_.file, line_, at_.path + kPoseSegment};
}

void PoseSpec::set_source(SourceLocation at) {
  owner_child_ = false;
  line_ = 0;
  at_ = std::move(at);
}

void PoseSpec::set_source_below(SourceLocation owner, int line) {
  owner_child_ = true;
  line_ = line;
  at_ = std::move(owner);
}

const ModelSpec& Element::Model() const { return SpecOrEmpty(model); }

ModelSpec& Element::MutableModel() { return FilledSpec(model); }

ElementId Document::Add(ElementId parent, Element e) {
  const auto id = static_cast<ElementId>(elements.size());
  e.parent = parent;
  elements.push_back(std::move(e));
  if (parent != kNoElement) {
    elements[parent].children.push_back(id);
  } else {
    roots_.push_back(id);
  }
  return id;
}

std::string JoinScopedName(const std::vector<std::string_view>& innermost_first,
                           std::string_view separator) {
  size_t size = 0;  // an upper bound: one allocation
  for (const std::string_view name : innermost_first) {
    size += name.size() + separator.size();
  }
  std::string out;
  out.reserve(size);
  for (auto it = innermost_first.rbegin(); it != innermost_first.rend();
       ++it) {
    if (!out.empty()) out += separator;
    out += *it;
  }
  return out;
}

std::string Document::ScopedName(ElementId id, ElementId below,
                                 std::string_view separator) const {
  // Every output names its elements: the list is reused, not allocated.
  thread_local std::vector<std::string_view> names;
  names.clear();
  for (ElementId e = id; e != kNoElement && e != below;
       e = elements[e].parent) {
    if (elements[e].kind == ElementKind::kWorld) {
      if (HasSeveralWorlds()) names.push_back(elements[e].name);
      break;
    }
    names.push_back(elements[e].name);
  }
  return JoinScopedName(names, separator);
}

bool Document::AtLeast(int major, int minor) const {
  return VersionNumber(version) >= VersionNumber(major, minor);
}

int VersionNumber(const std::string& version) {
  // Digits, a dot, digits; whitespace around them allowed.
  size_t i = version.find_first_not_of(" \t\n\r");
  const size_t end = version.find_last_not_of(" \t\n\r") + 1;
  int parts[2] = {0, 0};
  for (int k = 0; k < 2; ++k) {
    const size_t start = i;
    for (; i < end && version[i] >= '0' && version[i] <= '9'; ++i) {
      if (parts[k] > 1000) return 0;
      parts[k] = parts[k] * 10 + (version[i] - '0');
    }
    if (i == start) return 0;
    if (k == 0) {
      if (i >= end || version[i] != '.') return 0;
      ++i;
    }
  }
  return i == end ? VersionNumber(parts[0], parts[1]) : 0;
}

std::vector<int> ElementVersions(const Document& doc) {
  std::vector<int> out(doc.size(), VersionNumber(doc.version));
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    const std::string& version = e.Model().version;
    if (!version.empty()) {
      out[id] = VersionNumber(version);
    } else if (e.parent != kNoElement) {
      out[id] = out[e.parent];  // parents come first (pre-order)
    }
  }
  return out;
}

}  // namespace sdfconv
