#include "converters/sdf/value_level.h"

#include <utility>

namespace sdfconv {
namespace {

// The tags whose subtree says something about kinematics: where frames
// are and how they move, or which element another names.
bool KinematicSubtree(std::string_view tag) {
  return tag == "pose" || tag == "parent" || tag == "child" ||
         tag == "axis" || tag == "axis2" || tag == "frame" ||
         tag == "include" || tag == "gripper" ||
         tag == "gearbox_reference_body";
}

// The elements the core reads as placed elements (their names, attributes
// and required children are kinematic).
bool FrameLike(std::string_view tag) {
  return tag == "sdf" || tag == "gazebo" || tag == "world" ||
         tag == "model" || tag == "link" || tag == "joint" ||
         tag == "frame" || tag == "include" || tag == "collision" ||
         tag == "visual" || tag == "sensor" || tag == "light" ||
         tag == "actor";
}

// The elements whose names a reference can name (core/scope.h: the
// frame-defining kinds; an include becomes a model), and the world.
bool Nameable(std::string_view tag) {
  return tag == "world" || tag == "model" || tag == "include" ||
         tag == "link" || tag == "joint" || tag == "frame";
}

// The tag of the element at `path`; empty when it is not an element path.
std::string LastTag(std::string_view path) {
  std::vector<std::string> tags = ElementPathTags(path);
  return tags.empty() ? std::string() : std::move(tags.back());
}

// A DUPLICATE_NAME between siblings of different kinds no reference can
// name. Two of one kind are one identity for two elements (libsdformat's
// DOM keeps the first and drops the second): structural.
bool DuplicateOfUnnameables(const Diagnostic& d) {
  if (d.related.empty()) return false;
  const std::string tag = LastTag(d.source.path);
  if (tag.empty() || Nameable(tag)) return false;
  for (const SourceLocation& other : d.related) {
    const std::string other_tag = LastTag(other.path);
    if (other_tag.empty() || other_tag == tag || Nameable(other_tag)) {
      return false;
    }
  }
  return true;
}

}  // namespace

std::vector<std::string> ElementPathTags(std::string_view path) {
  std::vector<std::string> tags;
  size_t i = 0;
  while (i < path.size()) {
    if (path[i] != '/') return {};  // not an element path
    ++i;
    std::string tag;
    while (i < path.size() && path[i] != '/' && path[i] != '[') tag += path[i++];
    if (tag.empty()) return {};
    tags.push_back(std::move(tag));
    bool quoted = false;
    while (i < path.size() && path[i] == '[') {
      for (++i; i < path.size() && (quoted || path[i] != ']'); ++i) {
        if (path[i] == '"') quoted = !quoted;
      }
      if (i < path.size()) ++i;  // ']'
    }
  }
  return tags;
}

bool IsValueLevel(const Diagnostic& d) {
  if (d.severity != Severity::kError) return false;
  if (d.code == Code::kLinkInertiaInvalid) return true;
  if (d.code == Code::kDuplicateName) return DuplicateOfUnnameables(d);
  if (d.code != Code::kValueInvalid && d.code != Code::kElementMissing &&
      d.code != Code::kAttributeMissing && d.code != Code::kAttributeInvalid) {
    return false;
  }
  const std::vector<std::string> tags = ElementPathTags(d.source.path);
  if (tags.empty() || FrameLike(tags.back())) return false;
  for (const std::string& tag : tags) {
    if (KinematicSubtree(tag)) return false;
  }
  return true;
}

Diagnostic KeptAsWritten(Diagnostic d) {
  d.severity = Severity::kWarning;
  d.message = std::string(kKeptAsWritten) + d.message;
  return d;
}

bool IsKeptAsWritten(const Diagnostic& d) {
  return d.severity == Severity::kWarning &&
         std::string_view(d.message).substr(0, kKeptAsWritten.size()) ==
             kKeptAsWritten;
}

int CountKeptAsWritten(const Diagnostics& diags) {
  int n = 0;
  for (const Diagnostic& d : diags.items()) n += IsKeptAsWritten(d) ? 1 : 0;
  return n;
}

bool KeepValuesAsWritten(const Diagnostics& read, Diagnostics* out) {
  bool sound = true;
  for (const Diagnostic& d : read.items()) {
    if (IsValueLevel(d)) {
      out->Add(KeptAsWritten(d));
      continue;
    }
    if (d.severity == Severity::kError) sound = false;
    out->Add(d);
  }
  return sound;
}

}  // namespace sdfconv
