#include "converters/upgrade/verify.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <string_view>
#include <set>
#include <optional>
#include <tuple>
#include <vector>

#include "converters/registry.h"
#include "converters/sdf/pose_text.h"
#include "converters/sdf/value_level.h"
#include "converters/xml/xml_tree.h"
#include "core/activity.h"
#include "core/auto_inertia.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/resolver.h"
#include "core/scope.h"

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

// HashOf(doc.ScopedName(id)) for every element (parents come first): a
// world's name starts the names in it only in a file of several worlds.
std::vector<NameHash> ScopedNameHashes(const Document& doc) {
  std::vector<NameHash> h(doc.size());
  const bool world_names = doc.HasSeveralWorlds();
  for (ElementId id = 0; id < static_cast<ElementId>(doc.size()); ++id) {
    const Element& e = doc.at(id);
    if (e.kind == ElementKind::kWorld) {
      h[id] = world_names ? HashOf(e.name) : kEmptyName;
      continue;
    }
    const bool first =
        e.parent == kNoElement ||
        (!world_names && doc.at(e.parent).kind == ElementKind::kWorld);
    h[id] = Continue(first ? kEmptyName : Continue(h[e.parent], kScopeSeparator), e.name);
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

// How the messages name what is being proven.
struct Words {
  std::string_view change;  // "the upgrade"
  std::string_view result;  // "the upgraded SDFormat 1.8"
};

constexpr Words kUpgradeWords = {"the upgrade", "the upgraded SDFormat 1.8"};
constexpr Words kExpansionWords = {"the expansion of the includes",
                                   "the expanded SDFormat 1.8"};

using Read = ProofReading;

// Sorts the errors of `diags`: value-level ones (value_level.h) go to
// `kept` (when given); returns whether there is any other.
bool SortErrors(const Diagnostics& diags, std::vector<Diagnostic>* kept) {
  bool fatal = false;
  for (const Diagnostic& d : diags.items()) {
    if (d.severity != Severity::kError) continue;
    if (!IsValueLevel(d)) {
      fatal = true;
    } else if (kept != nullptr) {
      kept->push_back(d);
    }
  }
  return fatal;
}

// Reads the tree `tree` of `read->sources`; value-level errors
// (IsValueLevel) of the reading and of the frame graph's phases (names of
// collisions and visuals) do not stop the resolution, any other error does.
void ReadAndResolve(int32_t tree, const ReadOptions& options, Read* r) {
  r->includes = options.includes;
  r->doc = ReadTree(tree, &r->sources, &r->diags, options);
  r->fatal = SortErrors(r->diags, &r->kept);
  if (!r->doc) {
    r->fatal = true;
    return;
  }
  // The graph is built even for a reading that failed (the upgrade learns
  // what does resolve from it); its findings count only when the reading
  // itself did not fail.
  Diagnostics graph_diags;
  r->graph = BuildFrameGraph(*r->doc, &graph_diags);
  if (!r->fatal) r->diags.Append(graph_diags);
  if (SortErrors(graph_diags, r->fatal ? nullptr : &r->kept)) {
    r->fatal = true;
    return;
  }
  r->resolution = ResolveAll(*r->doc, r->graph);
  if (!CheckFinite(*r->doc, r->resolution, &r->diags)) {
    r->fatal = true;  // nothing can be compared with what overflows
    return;
  }
  r->resolved = true;
  if (HasAutoInertia(*r->doc)) {
    // Compared as every back end sees them (written as values below 1.11);
    // the reading's own check reports what cannot be computed.
    Diagnostics computed;
    ResolveAutoInertials(&*r->doc, &r->resolution, &computed);
  }
}

Read ReadText(std::string_view text, const std::string& path,
              const ReadOptions& options) {
  Read r;
  XmlLimits xml = XmlLimitsOf(options);
  xml.lenient = true;  // `strict` is about versions here (VerifyUpgrade)
  std::optional<XmlTree> tree = XmlTree::Parse(text, path, &r.diags, xml);
  if (!tree) {
    r.fatal = true;
    return r;
  }
  ReadAndResolve(r.sources.Add(std::move(*tree)), options, &r);
  return r;
}

}  // namespace

ReadOptions ProofOptions(const IncludeSearch& search, const Limits& limits) {
  ReadOptions options;
  options.include_search = search;
  options.limits = limits;
  return options;
}

namespace {

// `reading` (where includes are found, the limits) with `includes`, read
// to the letter of nothing (a proof reads as libsdformat does).
ReadOptions WithIncludes(ReadOptions::Includes includes,
                         const ReadOptions& reading) {
  ReadOptions options = ProofOptions(reading.include_search, reading.limits);
  options.includes = includes;
  return options;
}

// Reads `tree`, lent to `r` as its tree 0 while it is read.
void ReadLent(const XmlTree& tree, ReadOptions::Includes includes,
              const ReadOptions& reading, Read* r) {
  ReadAndResolve(r->sources.Lend(tree), WithIncludes(includes, reading), r);
  r->sources.EndLoan(0);
  r->input_parents.reserve(tree.size());
  for (NodeId n = 0; n < static_cast<NodeId>(tree.size()); ++n) {
    r->input_parents.push_back(tree.ParentElement(n));
  }
}

// What identifies a value-level error across the upgrade: its code and the
// tag of the element it is at (names, lines and versions in the message
// may change with the upgrade). An element counts once per code: 1.8 may
// require one more child of the same element (a 1.2 <script> needs a
// <name>, a 1.8 one a <uri> too).
using ValueErrorKey = std::pair<Code, std::string>;

ValueErrorKey KeyOf(const Diagnostic& d) {
  const std::vector<std::string> tags = ElementPathTags(d.source.path);
  return {d.code, tags.empty() ? std::string() : tags.back()};
}

using ValueErrorPlace = std::tuple<Code, int, std::string>;

ValueErrorPlace PlaceOf(const Diagnostic& d) {
  return {d.code, d.source.line, d.source.path.str()};
}

std::multiset<ValueErrorKey> ValueErrorKeys(
    const std::vector<Diagnostic>& kept) {
  std::multiset<ValueErrorKey> keys;
  std::set<ValueErrorPlace> places;
  for (const Diagnostic& d : kept) {
    if (places.insert(PlaceOf(d)).second) keys.insert(KeyOf(d));
  }
  return keys;
}

// The input's value-level errors the output must have too: every one, but
// a DUPLICATE_NAME the name repairs removed (each renaming says so in a
// warning of its own) need not be there.
std::multiset<ValueErrorKey> ExpectedInOutput(const Read& in,
                                              const Read& out) {
  std::multiset<ValueErrorKey> expected = ValueErrorKeys(in.kept);
  const std::multiset<ValueErrorKey> got = ValueErrorKeys(out.kept);
  for (auto it = expected.begin(); it != expected.end();) {
    if (it->first == Code::kDuplicateName &&
        expected.count(*it) > got.count(*it)) {
      it = expected.erase(it);
    } else {
      ++it;
    }
  }
  return expected;
}

bool Compared(ElementKind kind) {
  return kind != ElementKind::kWorld && kind != ElementKind::kOther;
}

std::string Numbers(const Pose& X) { return FormatPose(X); }

void Differ(Diagnostics* diags, const Words& words, const Element& e,
            const std::string& what) {
  diags->Error(kNotEquivalent, e.source,
               std::string(KindName(e.kind)) + " '" + e.name + "': " + what +
                   "; " + std::string(words.change) +
                   " would change the meaning, so nothing was written");
}

// The world pose of link `id`'s inertial frame in `r`: its pose in the
// link frame, or (a legacy @frame, which the upgrade re-expresses) in the
// frame it names in the link's scope; nothing when that names nothing.
std::optional<Pose> InertialInWorld(const Read& r, const ScopeIndex& scopes,
                                    ElementId id) {
  const Element& link = r.doc->at(id);
  const Inertial inertial = link.inertial.value_or(Inertial{});
  if (inertial.pose.relative_to.empty()) {
    return r.resolution.X_W[id] * inertial.pose.X;
  }
  const ElementId f =
      scopes.Lookup(scopes.ScopeOf(id), inertial.pose.relative_to);
  if (f == kNoElement) return std::nullopt;
  return r.resolution.X_W[f] * inertial.pose.X;
}

// A link's inertial in and out: its frame in the link's (a moved link is
// reported as such), mass and moments. An absent inertial is the default
// one.
void CompareInertials(const Read& in, const ScopeIndex& in_scopes,
                      ElementId i, const Read& out,
                      const ScopeIndex& out_scopes, ElementId o,
                      const Words& words, Diagnostics* diags) {
  const Element& e = in.doc->at(i);
  const Inertial a = e.inertial.value_or(Inertial{});
  const Inertial b = out.doc->at(o).inertial.value_or(Inertial{});
  const std::optional<Pose> X_a = InertialInWorld(in, in_scopes, i);
  const std::optional<Pose> X_b = InertialInWorld(out, out_scopes, o);
  if (X_a && X_b) {
    const Pose X_LI_a = in.resolution.X_W[i].inverse(Eigen::Isometry) * *X_a;
    const Pose X_LI_b =
        out.resolution.X_W[o].inverse(Eigen::Isometry) * *X_b;
    if (PoseDistance(X_LI_a, X_LI_b) > kVerifyTolerance) {
      Differ(diags, words, e,
             "its inertial frame in the link frame was " + Numbers(X_LI_a) +
                 " and would be " + Numbers(X_LI_b));
    }
  }
  const double mass_scale = std::max(1.0, std::abs(a.mass));
  const double inertia_scale = std::max(1.0, a.inertia.norm());
  if (std::abs(a.mass - b.mass) > kVerifyTolerance * mass_scale ||
      (a.inertia - b.inertia).norm() > kVerifyTolerance * inertia_scale) {
    Differ(diags, words, e, "its mass or moments of inertia would change");
  }
}

void CompareElement(const Read& in, const ScopeIndex& in_scopes,
                    ElementId i, const Read& out,
                    const ScopeIndex& out_scopes, ElementId o, bool flipped,
                    const Words& words, Diagnostics* diags) {
  const Element& e = in.doc->at(i);
  const Pose& X_in = in.resolution.X_W[i];
  const Pose& X_out = out.resolution.X_W[o];
  if (PoseDistance(X_in, X_out) > kVerifyTolerance) {
    Differ(diags, words, e,
           "its world pose was " + Numbers(X_in) + " and would be " +
               Numbers(X_out));
  }
  if (e.kind == ElementKind::kLink) {
    CompareInertials(in, in_scopes, i, out, out_scopes, o, words, diags);
  }
  const auto& a_in = in.resolution.axes_W[i];
  const auto& a_out = out.resolution.axes_W[o];
  if (a_in.size() != a_out.size()) {
    Differ(diags, words, e, "its number of axes would change");
    return;
  }
  for (size_t k = 0; k < a_in.size(); ++k) {
    const Eigen::Vector3d expected = flipped ? -a_in[k] : a_in[k];
    if ((expected - a_out[k]).norm() > kVerifyTolerance) {
      Differ(diags, words, e,
             "axis " + std::to_string(k + 1) + " in the world frame was " +
                 FormatVector(a_in[k]) + " and would be " +
                 FormatVector(a_out[k]) + (flipped ? " (reversed)" : ""));
    }
  }
}

// The input could not be read: its reading errors, or one saying so.
bool InputUnreadable(const Read& in, const std::string& path,
                     const Words& words, Diagnostics* diags) {
  const size_t errors_before = diags->size();
  for (const Diagnostic& d : in.diags.items()) {
    if (d.severity == Severity::kError) diags->Add(d);
  }
  if (diags->size() == errors_before) {
    diags->Error(Code::kUpgradeInputUnreadable, {path, 0, ""},
                 "the input cannot be read, so " + std::string(words.change) +
                     " cannot be verified");
  }
  return false;
}

// Whether the output fails where the input does not: a structural error
// (any but value_level.h's), or one of the input's value-level errors
// that it lacks (the upgrade changed a value). Reports each. A
// value-level error that only the output has (a 1.2 <script> without
// <uri>, which 1.8 requires) changes no meaning, as for every conversion:
// it goes to `new_values`, to be said as kept as written.
bool OutputFailsValidation(const Read& in, const Read& out,
                           const std::string& path, const Words& words,
                           Diagnostics* diags,
                           std::vector<Diagnostic>* new_values) {
  const std::string result(words.result);
  std::multiset<ValueErrorKey> unmatched = ExpectedInOutput(in, out);
  const size_t errors_before = diags->size();
  std::set<ValueErrorPlace> matched;  // and said as new
  std::vector<Diagnostic> extra;
  for (Diagnostic d : out.diags.items()) {
    if (d.severity != Severity::kError) continue;
    const bool value = IsValueLevel(d);
    if (value) {
      if (!matched.insert(PlaceOf(d)).second) continue;  // said at its place
      const auto it = unmatched.find(KeyOf(d));
      if (it != unmatched.end()) {  // one the input had too: not new
        unmatched.erase(it);
        continue;
      }
    }
    d.message = result + (value ? "," : " (not written) fails validation") +
                " at its line " + std::to_string(d.source.line) + ": " +
                d.message;
    d.source.line = 0;
    if (value) {
      extra.push_back(std::move(d));
    } else {
      diags->Add(std::move(d));
    }
  }
  for (const auto& [code, tag] : unmatched) {
    diags->Error(kNotEquivalent, {path, 0, ""},
                 "the input has a " + std::string(CodeName(code)) +
                     " error at a <" + tag + "> that " + result +
                     " (not written) would not have");
  }
  if (out.fatal && diags->size() == errors_before) {
    diags->Error(kNotEquivalent, {path, 0, ""},
                 result + " (not written) cannot be read");
  }
  if (diags->size() != errors_before) return true;
  for (Diagnostic& d : extra) new_values->push_back(std::move(d));
  return false;
}

// Every compared element of the input against its counterpart in the
// output (by kind and scoped name, through the renames), reporting each
// difference; true when there is none.
bool SameElements(const Read& in, const Read& out,
                  const Correspondence& correspondence, const Words& words,
                  Diagnostics* diags) {
  // Match by (kind, hash of the scoped name): scoped names are long in deep
  // files, and spelling them all out would be quadratic in the depth.
  std::map<NameKey, ElementId> by_name;
  const std::vector<NameHash> out_names = ScopedNameHashes(*out.doc);
  for (ElementId o = 0; o < static_cast<ElementId>(out.doc->size()); ++o) {
    const Element& e = out.doc->at(o);
    if (Compared(e.kind)) {
      by_name.emplace(NameKey{KindName(e.kind), out_names[o]}, o);
    }
  }
  std::map<NameKey, const std::pair<std::string, std::string>*> renamed;
  for (const auto& [from, to] : correspondence.renamed) {
    renamed[{from.first, HashOf(from.second)}] = &to;
  }
  std::set<NameKey> dropped;
  for (const auto& [kind, name] : correspondence.dropped) {
    dropped.insert({kind, HashOf(name)});
  }
  std::set<NameHash> flipped_joints;
  for (const std::string& name : correspondence.flipped_joints) {
    flipped_joints.insert(HashOf(name));
  }
  const std::vector<NameHash> in_names = ScopedNameHashes(*in.doc);
  const ScopeIndex in_scopes(*in.doc);
  const ScopeIndex out_scopes(*out.doc);
  const size_t errors_before = diags->size();
  for (ElementId i = 0; i < static_cast<ElementId>(in.doc->size()); ++i) {
    const Element& e = in.doc->at(i);
    if (!Compared(e.kind)) continue;
    NameKey key{KindName(e.kind), in_names[i]};
    if (dropped.count(key) != 0) continue;
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
      Differ(diags, words, e,
             "it has no counterpart (" + spelled.first + " '" +
                 spelled.second + "') in " + std::string(words.result));
      continue;
    }
    const bool flipped = e.kind == ElementKind::kJoint &&
                         flipped_joints.count(key.name) != 0;
    CompareElement(in, in_scopes, i, out, out_scopes, found->second, flipped,
                   words, diags);
  }
  return diags->size() == errors_before;
}

// Compares the readings of an input and of its output, as described in
// verify.h; false, with errors in `diags`, on any difference.
bool Compare(const Read& in, const Read& out, const std::string& path,
             const Correspondence& correspondence, const Words& words,
             Diagnostics* diags) {
  if (in.fatal) return InputUnreadable(in, path, words, diags);
  std::vector<Diagnostic> new_values;
  if (OutputFailsValidation(in, out, path, words, diags, &new_values)) {
    return false;
  }
  if (!SameElements(in, out, correspondence, words, diags)) return false;
  // One warning per value kept: a name repaired away is not kept.
  std::multiset<ValueErrorKey> still = ValueErrorKeys(out.kept);
  for (const Diagnostic& d : in.kept) {
    if (d.code == Code::kDuplicateName) {
      const auto it = still.find(KeyOf(d));
      if (it == still.end()) continue;
      still.erase(it);
    }
    diags->Add(KeptAsWritten(d));
  }
  for (Diagnostic& d : new_values) diags->Add(KeptAsWritten(std::move(d)));
  // Each include kept unread (IncludeSearch::Unresolved::kKeep), said once.
  for (const Diagnostic& d : in.diags.items()) {
    if (d.code == Code::kIncludeUriUnresolved &&
        d.severity == Severity::kWarning) {
      diags->Add(d);
    }
  }
  return true;
}

}  // namespace

Correspondence Compose(const Correspondence& first,
                       const Correspondence& second) {
  using Key = std::pair<std::string, std::string>;
  Correspondence c;
  c.dropped = first.dropped;
  std::set<Key> images;  // names in the middle that some input name became
  for (const auto& [from, middle] : first.renamed) {
    images.insert(middle);
    if (second.dropped.count(middle) != 0) {
      c.dropped.insert(from);
      continue;
    }
    const auto it = second.renamed.find(middle);
    const Key& to = it == second.renamed.end() ? middle : it->second;
    if (to != from) c.renamed.emplace(from, to);
  }
  for (const auto& [middle, to] : second.renamed) {
    // An input element of that name kept it through `first`, unless it
    // was renamed there (then its entry above) or another took its name.
    if (first.renamed.count(middle) != 0 || images.count(middle) != 0) continue;
    if (first.dropped.count(middle) != 0) continue;
    c.renamed.emplace(middle, to);
  }
  for (const Key& middle : second.dropped) {
    if (first.renamed.count(middle) != 0 || images.count(middle) != 0) continue;
    c.dropped.insert(middle);
  }
  // Joints turned around by `first`, under their final names; and those
  // `second` turned (named already in its output). A joint turned twice
  // is not turned.
  std::map<std::string, std::string> joint_to;
  for (const auto& [from, to] : second.renamed) {
    if (from.first == "joint") joint_to[from.second] = to.second;
  }
  for (const std::string& j : first.flipped_joints) {
    const auto it = joint_to.find(j);
    const std::string name = it == joint_to.end() ? j : it->second;
    if (second.flipped_joints.count(name) == 0) c.flipped_joints.insert(name);
  }
  for (const std::string& j : second.flipped_joints) {
    bool twice = false;
    for (const std::string& f : first.flipped_joints) {
      const auto it = joint_to.find(f);
      twice |= (it == joint_to.end() ? f : it->second) == j;
    }
    if (!twice) c.flipped_joints.insert(j);
  }
  return c;
}

ProofReading ReadUpgradeInput(const XmlTree& tree, const ReadOptions& reading,
                              bool included_files) {
  // Included files as they are, when every include resolves and the input
  // is valid with them; stand-ins for the includes otherwise.
  if (included_files) {
    Read r;
    ReadLent(tree, ReadOptions::Includes::kExpand, reading, &r);
    if (!r.fatal || r.doc == std::nullopt) return r;
  }
  Read standing_in;
  ReadLent(tree, ReadOptions::Includes::kStandIns, reading, &standing_in);
  return standing_in;
}

bool VerifyUpgrade(const ProofReading& input, std::string_view output,
                   const std::string& path,
                   const Correspondence& correspondence, Diagnostics* diags,
                   const ReadOptions& reading, std::string_view version) {
  const std::string written =
      version.empty() ? std::string()
                      : "the written SDFormat " + std::string(version);
  const Words words = version.empty()
                          ? kUpgradeWords
                          : Words{"the conversion", written};
  if (input.fatal) {
    return Compare(input, {}, path, correspondence, words, diags);
  }
  // A version written on request is read to the letter of that version
  // (`--strict`): a later feature left in it would not count. An element
  // it does not know stays a warning, as in the input (under the user's
  // --strict the input's would have refused already).
  const ActivityScope activity("proving the output means the same");
  ReadOptions options = WithIncludes(input.includes, reading);
  options.strict = !version.empty();
  options.unknown_elements = Severity::kWarning;
  const Read out = ReadText(output, path, options);
  return Compare(input, out, path, correspondence, words, diags);
}

bool VerifyUnchanged(const ProofReading& input, const std::string& path,
                     Diagnostics* diags) {
  return Compare(input, input, path, {}, kUpgradeWords, diags);
}

bool VerifyUpgrade(std::string_view input, std::string_view output,
                   const std::string& path,
                   const Correspondence& correspondence, Diagnostics* diags,
                   const ReadOptions& reading) {
  Diagnostics parse;
  const std::optional<XmlTree> tree =
      XmlTree::Parse(input, path, &parse, XmlLimitsOf(reading));
  if (!tree) {
    diags->Append(parse);
    return false;
  }
  return VerifyUpgrade(ReadUpgradeInput(*tree, reading, true), output, path,
                       correspondence, diags, reading);
}

ProofReading ReadForProof(std::string_view text, const std::string& path,
                          ReadOptions::Includes includes,
                          const ReadOptions& reading) {
  return ReadText(text, path, WithIncludes(includes, reading));
}

bool VerifyExpansion(const ProofReading& input, std::string_view output,
                     const std::string& path, const ReadOptions& reading,
                     const Correspondence& correspondence, Diagnostics* diags) {
  if (input.fatal) {
    return Compare(input, {}, path, correspondence, kExpansionWords, diags);
  }
  const ActivityScope activity("proving the output means the same");
  const Read out = ReadText(
      output, path, WithIncludes(ReadOptions::Includes::kExpand, reading));
  return Compare(input, out, path, correspondence, kExpansionWords, diags);
}

bool VerifyExpansion(std::string_view input, std::string_view output,
                     const std::string& path, const ReadOptions& reading,
                     const Correspondence& correspondence, Diagnostics* diags) {
  return VerifyExpansion(
      ReadForProof(input, path, ReadOptions::Includes::kExpand, reading),
      output, path, reading, correspondence, diags);
}

}  // namespace sdfconv::upgrade
