// WriteSdfVersion: the input brought to 1.8 (UpgradeSdf, or the expansion
// of its includes when a merge-include must go), then one step at a time
// to the target (version_steps.h), then one proof against the input.
#include "converters/upgrade/version_write.h"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "converters/registry.h"
#include "converters/upgrade/correspondence.h"
#include "converters/upgrade/expand_includes.h"
#include "converters/upgrade/references.h"
#include "converters/upgrade/sdf_region.h"
#include "converters/upgrade/tree_index.h"
#include "converters/upgrade/verify.h"
#include "converters/upgrade/version_steps.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

using upgrade::Correspondence;
using upgrade::StepContext;

constexpr int kHub = VersionNumber(1, 8);  // every path goes through it
constexpr int kOldest = VersionNumber(1, 4);
constexpr int kNewest = VersionNumber(1, 12);

struct Step {
  int from;
  int to;
  void (*rules)(StepContext&);
};

// Every step between adjacent versions; a conversion runs a contiguous
// run of them.
constexpr Step kSteps[] = {
    {VersionNumber(1, 8), VersionNumber(1, 9), upgrade::StepUpTo1_9},
    {VersionNumber(1, 9), VersionNumber(1, 10), upgrade::StepUpTo1_10},
    {VersionNumber(1, 10), VersionNumber(1, 11), upgrade::StepUpTo1_11},
    {VersionNumber(1, 11), VersionNumber(1, 12), upgrade::StepUpTo1_12},
    {VersionNumber(1, 12), VersionNumber(1, 11), upgrade::StepDownTo1_11},
    {VersionNumber(1, 11), VersionNumber(1, 10), upgrade::StepDownTo1_10},
    {VersionNumber(1, 10), VersionNumber(1, 9), upgrade::StepDownTo1_9},
    {VersionNumber(1, 9), VersionNumber(1, 8), upgrade::StepDownTo1_8},
    {VersionNumber(1, 8), VersionNumber(1, 7), upgrade::StepDownTo1_7},
    {VersionNumber(1, 7), VersionNumber(1, 6), upgrade::StepDownTo1_6},
    {VersionNumber(1, 6), VersionNumber(1, 5), upgrade::StepDownTo1_5},
    {VersionNumber(1, 5), VersionNumber(1, 4), upgrade::StepDownTo1_4},
};

const Step* FindStep(int from, int to) {
  for (const Step& s : kSteps) {
    if (s.from == from && s.to == to) return &s;
  }
  return nullptr;
}

UpgradeResult Failed(UpgradeResult result) {
  result.output.clear();
  result.changed = false;
  result.diagnostics.SortByLine();
  return result;
}

// The SDFormat region holds an <include merge="true"> (in a world when
// `in_world`, else in a model).
bool HasMergeInclude(const XmlTree& tree, bool in_world) {
  for (NodeId id : upgrade::SdfRegion(tree).Elements()) {
    if (tree.Tag(id) != "include") continue;
    const std::optional<std::string> merge = tree.Attribute(id, "merge");
    const std::optional<bool> on =
        merge ? ParseBool(*merge) : std::optional<bool>();
    if (!on.value_or(false)) continue;
    const NodeId parent = tree.ParentElement(id);
    if (parent != kNoNode && (tree.Tag(parent) == "world") == in_world) {
      return true;
    }
  }
  return false;
}

// How the input and the proofs are read: includes found as `options`
// says, within its limits.
ReadOptions ProofOf(const VersionWriteOptions& options) {
  return upgrade::ProofOptions(options.include_search, options.limits);
}

// The upgrade to 1.8 on the way, with `options`' includes and limits.
UpgradeOptions Upgrading(const VersionWriteOptions& options, bool verify) {
  UpgradeOptions upgrading;
  upgrading.verify = verify;
  upgrading.include_search = options.include_search;
  upgrading.limits = options.limits;
  return upgrading;
}

// Runs `rules` on `*tree` (read as version `from`), writing version `to`:
// the references written for `to`, the version attribute set. Adds what
// became of each element to `*became`. False, with errors in `diags`, when
// the rules refuse something. The tree is kept from step to step, so that
// every diagnostic names the line of the input it was parsed from.
bool RunStep(int from, int to, void (*rules)(StepContext&),
             const std::string& path, const VersionWriteOptions& options,
             XmlTree* tree, Correspondence* became, Diagnostics* diags) {
  const upgrade::ProofReading reading = upgrade::ReadUpgradeInput(
      *tree, ProofOf(options), /*included_files=*/true);
  if (!reading.doc || reading.fatal) {
    // A step's input is the proven output of the one before: only a bug
    // gets here. Say what the reading found.
    (void)upgrade::VerifyUpgrade(reading, tree->Serialize(), path, {}, diags,
                                 ProofOf(options), upgrade::VersionName(from));
    if (!diags->HasErrors()) {
      diags->Error(Code::kElementInvalid, {path, 1, ""},
                   "the SDFormat " + upgrade::VersionName(from) +
                       " written on the way cannot be read (a bug in "
                       "sdfconv); nothing was written");
    }
    return false;
  }
  const upgrade::InputMeaning meaning(reading);
  Diagnostics found;  // this step's
  StepContext ctx(tree, from, to, &meaning, &found, &options);
  ctx.refs = upgrade::CaptureReferences(*tree, *ctx.Region(), meaning, from);
  ctx.SetInputParents(ctx.RegionElements());
  rules(ctx);
  const std::string to_name = upgrade::VersionName(to);
  const upgrade::TreeIndex out_index(*tree, to_name);
  upgrade::EmitReferences(tree, out_index, ctx.refs, ctx.alias, &found);
  tree->SetAttribute(tree->root(), "version", to_name);
  const bool refused = found.HasErrors();
  diags->Append(found);
  if (refused) return false;
  Correspondence step = upgrade::Correspond(meaning, *tree, out_index,
                                            ctx.alias, ctx.flipped_joints);
  for (NodeId node : ctx.dropped) {
    const ElementId e = meaning.ElementOf(node);
    if (e == kNoElement) continue;
    step.dropped.emplace(std::string(KindName(meaning.doc().at(e).kind)),
                         meaning.doc().ScopedName(e));
  }
  *became = upgrade::Compose(*became, step);
  return true;
}

}  // namespace

bool IsWritableSdfVersion(std::string_view version) {
  const int v = VersionNumber(std::string(version));
  return v >= kOldest && v <= kNewest && upgrade::VersionName(v) == version;
}

UpgradeResult WriteSdfVersion(std::string_view input, const std::string& path,
                              const VersionWriteOptions& options) {
  UpgradeResult result;
  if (!IsWritableSdfVersion(options.version)) {
    result.diagnostics.Error(Code::kVersionUnsupported, {path, 0, ""},
                             "SDFormat '" + options.version +
                                 "' cannot be written: versions 1.4 to 1.12 "
                                 "can");
    return Failed(std::move(result));
  }
  const int target = VersionNumber(options.version);
  const ReadOptions proof = ProofOf(options);
  Diagnostics parse;
  const std::optional<XmlTree> tree =
      XmlTree::Parse(input, path, &parse, XmlLimitsOf(proof));
  if (!tree) {
    result.diagnostics = std::move(parse);
    return Failed(std::move(result));
  }
  if (FormatOf(*tree) == InputFormat::kUrdf) {
    // URDF: `convert` imports it as 1.8 first (converters/convert).
    return UpgradeSdf(input, path, Upgrading(options, options.verify));
  }
  const int version =
      VersionNumber(tree->Attribute(tree->root(), "version").value_or(""));
  if (version == target && !options.model_absolute) {
    // Nothing to write but what the file says (repaired XML aside): the
    // upgrade's proof of a 1.8 file, or the same for any other version.
    UpgradeResult same =
        UpgradeSdf(input, path, Upgrading(options, options.verify));
    if (version >= kHub || !same.ok()) return same;
    // Below 1.8 the upgrade would rewrite it: keep the file as written,
    // when it means to the letter of its version what it means as
    // libsdformat reads it; a feature of a later version in it (a
    // `relative_to` in a 1.6 file) is written down the long way, below.
    Diagnostics letter;
    if (upgrade::VerifyUpgrade(upgrade::ReadUpgradeInput(*tree, proof, true),
                               input, path, {}, &letter, proof,
                               options.version)) {
      same.output = std::string(input);
      same.changed = false;
      same.version = options.version;
      return same;
    }
  }

  // To 1.8: the upgrade, or the expansion of every include when a
  // merge-include has no form in the target.
  std::string text;
  Correspondence became;
  int at = kHub;
  const bool expand = (target < VersionNumber(1, 9) &&
                       HasMergeInclude(*tree, /*in_world=*/false)) ||
                      (target < VersionNumber(1, 10) &&
                       HasMergeInclude(*tree, /*in_world=*/true));
  if (expand) {
    UpgradeResult expanded = ExpandIncludesToSdf18(
        input, path, options.include_search, options.limits);
    result.diagnostics.Append(expanded.diagnostics);
    if (!expanded.ok()) {
      result.diagnostics.Error(
          Code::kVersionConstructUnsupported, {path, 1, ""},
          "a merge-include (<include merge=\"true\">, SDFormat 1.9; in a "
          "world 1.10) has no form in SDFormat " + options.version +
              ": it is written expanded, which needs every included file");
      return Failed(std::move(result));
    }
    result.diagnostics.Warning(
        Code::kVersionConstructRewritten, {path, 1, ""},
        "a merge-include (SDFormat 1.9) has no form in SDFormat " +
            options.version + ": every <include> is written expanded");
    text = std::move(expanded.output);
    // 1.8, or the input's own version when it is later.
    at = std::max(version, kHub);
  } else if (version < kHub || version == target) {
    UpgradeResult up =
        UpgradeSdf(input, path, Upgrading(options, /*verify=*/false), &became);
    result.diagnostics.Append(up.diagnostics);
    if (!up.ok()) return Failed(std::move(result));
    text = std::move(up.output);
    at = std::max(version, kHub);
  } else {
    // 1.9 and later: the file's text, its tolerated XML repaired.
    XmlTree repaired = *tree;
    repaired.RepairTolerances(0, &result.diagnostics);
    text = repaired.SerializeAsRead().value_or(std::string(input));
    at = version;
  }
  // The input as the proof reads it: the expanded text when the includes
  // were expanded (that expansion has its own proof).
  Diagnostics reparse;
  std::optional<XmlTree> work =
      XmlTree::Parse(text, path, &reparse, XmlLimitsOf(proof));
  if (!work) {  // cannot happen: the text was written by the upgrade
    result.diagnostics.Append(reparse);
    return Failed(std::move(result));
  }
  const upgrade::ProofReading reading = upgrade::ReadUpgradeInput(
      expand ? *work : *tree, proof, /*included_files=*/true);
  if (reading.fatal) {
    (void)upgrade::VerifyUpgrade(reading, text, path, {}, &result.diagnostics,
                                 proof, options.version);
    return Failed(std::move(result));
  }

  // One version at a time, on one tree.
  while (at != target) {
    const int next = at < target ? at + 1 : at - 1;
    const Step* step = FindStep(at, next);
    if (step == nullptr ||
        !RunStep(at, next, step->rules, path, options, &*work, &became,
                 &result.diagnostics)) {
      return Failed(std::move(result));
    }
    at = next;
  }
  if (options.model_absolute) {
    if (target < VersionNumber(1, 7)) {
      result.diagnostics.Error(
          Code::kVersionConstructUnsupported, {path, 0, ""},
          "--poses model-absolute needs //pose/@relative_to (SDFormat 1.7); "
          "SDFormat " + options.version + " has no form for it");
      return Failed(std::move(result));
    }
    if (!RunStep(target, target, upgrade::WriteModelAbsolutePoses, path,
                 options, &*work, &became, &result.diagnostics)) {
      return Failed(std::move(result));
    }
  }
  std::optional<std::string> output = work->SerializeAsRead();
  if (!output) {
    result.diagnostics.Error(
        Code::kXmlSyntaxError, {path, 1, ""},
        "the written text holds a character that " + work->encoding() +
            ", the file's encoding, cannot; nothing was written");
    return Failed(std::move(result));
  }
  text = std::move(*output);
  if (options.verify &&
      !upgrade::VerifyUpgrade(reading, text, path, became, &result.diagnostics,
                              proof, options.version)) {
    return Failed(std::move(result));
  }
  result.changed = text != input;
  result.output = std::move(text);
  result.version = options.version;
  result.diagnostics.SortByLine();
  return result;
}

}  // namespace sdfconv
