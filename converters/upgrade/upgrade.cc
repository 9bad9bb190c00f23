// UpgradeSdf: parse losslessly, read the input with the core (what every
// reference names, where every frame is), run the rules (rules.h) in version
// order, write the references back, check the result (verify.h).
#include "converters/upgrade/upgrade.h"

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "converters/registry.h"
#include "converters/upgrade/correspondence.h"
#include "converters/upgrade/references.h"
#include "converters/upgrade/rules.h"
#include "converters/upgrade/sdf_region.h"
#include "converters/upgrade/tree_index.h"
#include "converters/upgrade/verify.h"
#include "converters/xml/text_values.h"
#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

using upgrade::Context;

// The version (VersionNumber) of an SDFormat file the registry reads, which
// is every version the upgrade upgrades from; or an error (the registry's,
// or that a URDF is not upgraded).
std::optional<int> UpgradableVersion(const XmlTree& tree, Diagnostics* diags) {
  if (FormatOf(tree) == InputFormat::kUrdf) {
    diags->Error(Code::kElementInvalid, tree.Locate(tree.root()),
                 "the root element is <robot>; a URDF is not upgraded (its "
                 "SDFormat is `sdfconv convert FILE --to sdf`)");
    return std::nullopt;
  }
  if (FrontEndFor(tree, diags) == nullptr) return std::nullopt;
  return VersionNumber(tree.Attribute(tree.root(), "version").value_or(""));
}

void RunRules(Context& ctx) {
  // Structural rules, oldest version step first.
  upgrade::WritePosesInRadians(ctx);      // 1.9's pose forms, for 1.8
  upgrade::MovePhysicsRates(ctx);         // 1.3 -> 1.4
  upgrade::ExpressAxesInModelFrame(ctx);  // 1.4 -> 1.5, and 1.6 -> 1.7
  upgrade::MoveActorStatic(ctx);          // 1.4 -> 1.5
  upgrade::MoveGravityOutOfPhysics(ctx);  // 1.5 -> 1.6
  upgrade::RestructureImuNoise(ctx);      // 1.5 -> 1.6
  upgrade::RenamePoseFrame(ctx);          // 1.6 -> 1.7
  upgrade::DropInertialRelativeTo(ctx);   // 1.7 -> 1.8
  // Repairs of what 1.7+ forbids, then 1.8's nested models, then names
  // over the final structure.
  upgrade::MoveLegacyFrames(ctx);
  upgrade::TurnWorldChildJoints(ctx);
  upgrade::Unflatten(ctx);                // 1.7 -> 1.8
  upgrade::RepairNames(ctx);
}

// How the input and the proof are read: includes found as `options` says,
// within its limits.
ReadOptions ProofOf(const UpgradeOptions& options) {
  return upgrade::ProofOptions(options.include_search, options.limits);
}

UpgradeResult Failed(UpgradeResult result) {
  result.output.clear();
  result.changed = false;
  result.diagnostics.SortByLine();
  return result;
}

// The upgrade of `input`, parsed into `tree` (which it edits, and lets go
// once the output is written) with `parse` said.
UpgradeResult UpgradeParsed(std::string_view input, std::optional<XmlTree> tree,
                            const Diagnostics& parse, const std::string& path,
                            const UpgradeOptions& options,
                            upgrade::Correspondence* correspondence);

}  // namespace

UpgradeResult UpgradeSdf(std::string_view input, const std::string& path,
                         const UpgradeOptions& options) {
  return UpgradeSdf(input, path, options, nullptr);
}

UpgradeResult UpgradeParsedSdf(std::string_view input, XmlTree tree,
                               const Diagnostics& parse,
                               const std::string& path,
                               const UpgradeOptions& options) {
  return UpgradeParsed(input, std::move(tree), parse, path, options, nullptr);
}

UpgradeResult UpgradeSdf(std::string_view input, const std::string& path,
                         const UpgradeOptions& options,
                         upgrade::Correspondence* correspondence) {
  Diagnostics parse;
  std::optional<XmlTree> tree =
      XmlTree::Parse(input, path, &parse, XmlLimitsOf(ProofOf(options)));
  if (!tree) {
    UpgradeResult result;
    result.diagnostics = std::move(parse);
    return Failed(std::move(result));
  }
  return UpgradeParsed(input, std::move(tree), parse, path, options,
                       correspondence);
}

namespace {

UpgradeResult UpgradeParsed(std::string_view input, std::optional<XmlTree> tree,
                            const Diagnostics& parse, const std::string& path,
                            const UpgradeOptions& options,
                            upgrade::Correspondence* correspondence) {
  UpgradeResult result;
  const ReadOptions proof = ProofOf(options);
  // What the parse tolerated is written repaired, and said once, by the
  // repair (docs/xml.md).
  for (const Diagnostic& d : parse.items()) {
    if (!IsToleranceCode(d.code)) result.diagnostics.Add(d);
  }
  // An encoding iconv does not give back byte for byte (UTF-8, ISO-8859-1,
  // UTF-16 with or without a byte order mark all come back whole). A tree
  // read as it is serialises to its input: Parse checks it.
  if (tree->transcoded() && tree->SerializeAsRead() != input) {
    result.diagnostics.Error(
        Code::kXmlSyntaxError, {path, 1, ""},
        "the file is in " + tree->encoding() +
            ", which the upgrade cannot write back byte for byte; nothing "
            "was changed (convert the file to UTF-8 first)");
    return Failed(std::move(result));
  }
  const std::optional<int> version =
      UpgradableVersion(*tree, &result.diagnostics);
  if (!version) return Failed(std::move(result));
  const bool repaired = tree->RepairTolerances(0, &result.diagnostics) > 0;

  if (*version >= VersionNumber(1, 8)) {  // nothing to do but check
    result.output = repaired ? tree->SerializeAsRead().value_or(std::string())
                             : std::string(input);
    const bool proven =
        !options.verify ||
        (repaired ? upgrade::VerifyUpgrade(input, result.output, path, {},
                                           &result.diagnostics, proof)
                  : upgrade::VerifyUnchanged(
                        upgrade::ReadUpgradeInput(*tree, proof, true), path,
                        &result.diagnostics));
    if (!proven) return Failed(std::move(result));
    result.changed = repaired;
    result.version = tree->Attribute(tree->root(), "version").value_or("");
    result.diagnostics.SortByLine();
    return result;
  }

  // What the input means, as the core reads it (and as the proof will).
  const upgrade::ProofReading reading =
      upgrade::ReadUpgradeInput(*tree, proof,
                                /*included_files=*/options.verify);
  if (!reading.doc) {  // nothing could be read: the reading's errors
    (void)upgrade::VerifyUpgrade(reading, input, path, {}, &result.diagnostics,
                                 proof);
    return Failed(std::move(result));
  }
  // The rules, the writing and the correspondence, in a scope of their
  // own: what they hold (the index, the edited tree) is given back before
  // the proof reads the output, which then reuses that memory.
  upgrade::Correspondence became;
  {
    const upgrade::InputMeaning meaning(reading);
    Context ctx(&*tree, *version, &meaning, &result.diagnostics);
    ctx.refs =
        upgrade::CaptureReferences(*tree, *ctx.Region(), meaning, *version);
    ctx.SetInputParents(ctx.RegionElements());
    RunRules(ctx);
    // The rules' last index when the last rules changed nothing.
    const std::shared_ptr<const upgrade::TreeIndex> output_held = ctx.Index();
    const upgrade::TreeIndex& output_index = *output_held;
    upgrade::EmitReferences(&*tree, output_index, ctx.refs, ctx.alias,
                            &result.diagnostics);
    if (tree->Tag(tree->root()) == "gazebo") {
      tree->RenameElement(tree->root(), "sdf");  // 1.2 -> 1.3
    }
    tree->SetAttribute(tree->root(), "version", "1.8");
    if (!result.ok()) return Failed(std::move(result));

    std::optional<std::string> output = tree->SerializeAsRead();
    if (!output) {
      result.diagnostics.Error(Code::kXmlSyntaxError, {path, 1, ""},
                               "the upgraded text holds a character that " +
                                   tree->encoding() +
                                   ", the file's encoding, cannot; nothing "
                                   "was changed");
      return Failed(std::move(result));
    }
    result.output = std::move(*output);
    result.changed = result.output != input;
    became = upgrade::Correspond(meaning, *tree, output_index, ctx.alias,
                                 ctx.flipped_joints);
  }
  tree.reset();
  if (options.verify &&
      !upgrade::VerifyUpgrade(reading, result.output, path, became,
                              &result.diagnostics, proof)) {
    return Failed(std::move(result));
  }
  if (correspondence != nullptr) *correspondence = became;
  result.version = "1.8";
  result.diagnostics.SortByLine();
  return result;
}

}  // namespace

}  // namespace sdfconv
