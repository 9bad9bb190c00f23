#include "converters/upgrade/verify.h"

#include <cstdint>
#include <map>
#include <set>
#include <optional>
#include <vector>

#include "converters/registry.h"
#include "converters/upgrade/include_stand_ins.h"
#include "converters/upgrade/pose_text.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv::upgrade {
namespace {

// The code for "the output does not mean what the input meant".
constexpr Code kNotEquivalent = Code::kUpgradeNotEquivalent;

// Two independent 64-bit hashes of a scoped name: as good as the name for
// matching (a collision among a file's names is not a practical concern),
// and computable element by element from the parent's.
struct NameHash {
  uint64_t a = 0;
  uint64_t b = 0;
  bool operator<(const NameHash& o) const {
    return a != o.a ? a < o.a : b < o.b;
  }
};

constexpr NameHash kEmptyName = {1469598103934665603ull, 5381ull};

NameHash Continue(NameHash h, std::string_view text) {
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    h.a = (h.a ^ u) * 1099511628211ull;     // FNV-1a
    h.b = h.b * 6364136223846793005ull + u;  // a multiplicative rolling hash
  }
  return h;
}

NameHash HashOf(std::string_view scoped) { return Continue(kEmptyName, scoped); }

// HashOf(doc.ScopedName(id)) for every element (parents come first).
std::vector<NameHash> ScopedNameHashes(const Document& doc) {
  std::vector<NameHash> h(doc.size());
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.kind == ElementKind::kWorld) continue;
    const bool first = e.parent == kNoElement ||
                       doc.at(e.parent).kind == ElementKind::kWorld;
    h[id] = Continue(first ? kEmptyName : Continue(h[e.parent], "::"), e.name);
  }
  return h;
}

struct NameKey {
  std::string kind;
  NameHash name;
  bool operator<(const NameKey& o) const {
    return kind != o.kind ? kind < o.kind : name < o.name;
  }
};

struct Read {
  std::optional<Document> doc;
  FrameGraph graph;
  Resolution resolution;
  Diagnostics diags;
};

Read ReadAndResolve(const std::string& text, const std::string& path) {
  Read r;
  r.doc = ReadString(text, path, &r.diags);
  if (!r.doc || r.diags.HasErrors()) return r;
  r.graph = BuildFrameGraph(*r.doc, &r.diags);
  if (!r.diags.HasErrors()) r.resolution = ResolveAll(*r.doc, r.graph);
  return r;
}

bool Compared(ElementKind kind) {
  return kind != ElementKind::kWorld && kind != ElementKind::kOther;
}

std::string Numbers(const Pose& X) { return FormatPose(X); }

void Differ(Diagnostics* diags, const Element& e, const std::string& what) {
  diags->Error(kNotEquivalent, e.source,
               std::string(KindName(e.kind)) + " '" + e.name + "': " + what +
                   "; the upgrade would change the meaning, so nothing was "
                   "written");
}

void CompareElement(const Read& in, ElementId i, const Read& out, ElementId o,
                    bool flipped, Diagnostics* diags) {
  const Element& e = in.doc->at(i);
  const Pose& X_in = in.resolution.X_W[i];
  const Pose& X_out = out.resolution.X_W[o];
  if (PoseDistance(X_in, X_out) > kVerifyTolerance) {
    Differ(diags, e,
           "its world pose was " + Numbers(X_in) + " and would be " +
               Numbers(X_out));
  }
  const auto& a_in = in.resolution.axes_W[i];
  const auto& a_out = out.resolution.axes_W[o];
  if (a_in.size() != a_out.size()) {
    Differ(diags, e, "its number of axes would change");
    return;
  }
  for (size_t k = 0; k < a_in.size(); ++k) {
    const Eigen::Vector3d expected = flipped ? -a_in[k] : a_in[k];
    if ((expected - a_out[k]).norm() > kVerifyTolerance) {
      Differ(diags, e,
             "axis " + std::to_string(k + 1) + " in the world frame was " +
                 FormatVector(a_in[k]) + " and would be " +
                 FormatVector(a_out[k]) + (flipped ? " (reversed)" : ""));
    }
  }
}

}  // namespace

bool VerifyUpgrade(std::string_view input, std::string_view output,
                   const std::string& path,
                   const Correspondence& correspondence, Diagnostics* diags) {
  const Read in = ReadAndResolve(WithIncludeStandIns(input, path), path);
  if (!in.doc || in.diags.HasErrors()) {
    for (const Diagnostic& d : in.diags.items()) {
      if (d.severity == Severity::kError) diags->Add(d);
    }
    if (!diags->HasErrors()) {
      diags->Error(Code::kVersionUnsupported, {path, 0, ""},
                   "the input cannot be read, so the upgrade cannot be "
                   "verified");
    }
    return false;
  }
  const Read out = ReadAndResolve(WithIncludeStandIns(output, path), path);
  if (!out.doc || out.diags.HasErrors()) {
    for (Diagnostic d : out.diags.items()) {
      if (d.severity != Severity::kError) continue;
      d.message = "the upgraded SDFormat 1.8 (not written) fails validation"
                  " at its line " + std::to_string(d.source.line) + ": " +
                  d.message;
      d.source.line = 0;
      diags->Add(std::move(d));
    }
    if (!diags->HasErrors()) {
      diags->Error(kNotEquivalent, {path, 0, ""},
                   "the upgraded SDFormat 1.8 (not written) cannot be read");
    }
    return false;
  }
  // Match by (kind, hash of the scoped name): scoped names are long in deep
  // files, and spelling them all out would be quadratic in the depth.
  std::map<NameKey, ElementId> by_name;
  const std::vector<NameHash> out_names = ScopedNameHashes(*out.doc);
  for (ElementId o = 0; o < static_cast<ElementId>(out.doc->size()); ++o) {
    const Element& e = out.doc->at(o);
    if (Compared(e.kind)) by_name.emplace(NameKey{KindName(e.kind), out_names[o]}, o);
  }
  std::map<NameKey, const std::pair<std::string, std::string>*> renamed;
  for (const auto& [from, to] : correspondence.renamed) {
    renamed[{from.first, HashOf(from.second)}] = &to;
  }
  std::set<NameHash> flipped_joints;
  for (const std::string& name : correspondence.flipped_joints) {
    flipped_joints.insert(HashOf(name));
  }
  const std::vector<NameHash> in_names = ScopedNameHashes(*in.doc);
  const size_t errors_before = diags->size();
  for (ElementId i = 0; i < static_cast<ElementId>(in.doc->size()); ++i) {
    const Element& e = in.doc->at(i);
    if (!Compared(e.kind)) continue;
    NameKey key{KindName(e.kind), in_names[i]};
    std::pair<std::string, std::string> spelled;  // for messages only
    if (const auto it = renamed.find(key); it != renamed.end()) {
      spelled = *it->second;
      key = {spelled.first, HashOf(spelled.second)};
    }
    const auto found = by_name.find(key);
    if (found == by_name.end()) {
      if (spelled.first.empty()) {
        spelled = {KindName(e.kind), in.doc->ScopedName(i)};
      }
      Differ(diags, e,
             "it has no counterpart (" + spelled.first + " '" +
                 spelled.second + "') in the upgraded file");
      continue;
    }
    const bool flipped = e.kind == ElementKind::kJoint &&
                         flipped_joints.count(key.name) != 0;
    CompareElement(in, i, out, found->second, flipped, diags);
  }
  return diags->size() == errors_before;
}

}  // namespace sdfconv::upgrade
