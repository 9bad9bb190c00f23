// Verify: the per-file proof that an upgrade kept the meaning.
//
// The input is read by the front end of its own version and the output by
// the 1.8 front end (converters/registry.h); each must pass every validation
// phase (BuildFrameGraph) and is resolved (ResolveAll). Then every model,
// link, joint, frame, collision, visual, sensor and light of the input is
// matched with its counterpart in the output by kind and scoped name
// (following the upgrade's renames and moves, `Correspondence`), and their
// world poses must agree within 1e-9, as must every joint axis in the world
// frame (reversed for a joint the upgrade turned around). An element of the
// input without a counterpart is a difference too.
//
// <include>s are kept as includes. When every include of the input
// resolves (converters/include/uri_resolver.h, with the include_search of
// the ReadOptions given, whose limits bound every reading) and the input
// is valid with them, both texts are read with the included
// files and compared in full. Otherwise (an included model is not at hand)
// both texts are read with their includes replaced by stand-ins
// (converters/include/include_stand_ins.h): the proof then covers
// everything the file itself says, whatever the included files contain.
// With IncludeSearch::Unresolved::kKeep in the ReadOptions, the reading
// stands in only for the includes that do not resolve, and a successful
// proof repeats the warning of each (INCLUDE_URI_UNRESOLVED).
//
// The reading of the input (ReadUpgradeInput) is also what the upgrade
// learns the input's meaning from: every reference's target and every
// world pose (references.h); the output is always read afresh from its
// text.
//
// VerifyExpansion is the same proof for the expansion of includes
// (expand_includes.h): the input is read with its includes expanded by the
// core (converters/include/compose.h), each included file with its own
// version's front end, and the self-contained 1.8 output must give every
// element, by scoped name, the same world pose and axes.
#ifndef SDFCONV_CONVERTERS_UPGRADE_VERIFY_H_
#define SDFCONV_CONVERTERS_UPGRADE_VERIFY_H_

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "converters/include/uri_resolver.h"
#include "converters/registry.h"
#include "converters/xml/xml_sources.h"
#include "converters/xml/xml_tree.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/resolver.h"

namespace sdfconv::upgrade {

// How the elements of the input correspond to those of the output.
struct Correspondence {
  // (kind, scoped name in the input) -> (kind, scoped name in the output),
  // for every element whose kind or scoped name changed.
  std::map<std::pair<std::string, std::string>,
           std::pair<std::string, std::string>>
      renamed;
  // Output scoped names of joints turned around.
  std::set<std::string> flipped_joints;
  // (kind, scoped name in the input) of elements left out of the output on
  // purpose, each said in a warning (version_steps.h): not looked for.
  std::set<std::pair<std::string, std::string>> dropped;
};

// `first` then `second` (whose input is `first`'s output), as one.
[[nodiscard]] Correspondence Compose(const Correspondence& first,
                                     const Correspondence& second);

inline constexpr double kVerifyTolerance = 1e-9;

// One text as the core reads it for a proof.
struct ProofReading {
  // Tree 0: the text itself; then its included files. For the reading of
  // an upgrade's input (ReadUpgradeInput), tree 0 was lent, and its loan
  // has ended: that tree is the upgrade's to edit.
  XmlSources sources;
  std::optional<Document> doc;
  FrameGraph graph;       // built whenever `doc` is set (what resolves)
  Resolution resolution;  // set when `resolved`
  bool resolved = false;  // the frame graph has no error
  Diagnostics diags;
  bool fatal = false;            // an error other than a value-level one
  std::vector<Diagnostic> kept;  // the value-level errors (converters/sdf/value_level.h)
  ReadOptions::Includes includes = ReadOptions::Includes::kExpand;
  // ReadUpgradeInput: by node of the input tree, its parent element as
  // read (what InputMeaning needs of the tree once the rules edit it).
  std::vector<NodeId> input_parents;
};

// The ReadOptions of a proof: includes found with `search`, every reading
// within `limits`.
[[nodiscard]] ReadOptions ProofOptions(const IncludeSearch& search,
                                       const Limits& limits);

// Reads `tree` (a file's, which it names) as the proof reads an upgrade's
// input: with its included files (found with `reading`'s include_search) when
// every include resolves and the input is valid with them, else with stand-ins
// for its includes. Without `included_files`, with stand-ins at once: for an
// upgrade whose proof is made elsewhere (--expand-includes proves the whole
// expansion), so that no file reads its whole include closure. `tree` is
// read without a copy (XmlSources::Lend), and the loan ends before this
// returns: the reading's NodeRefs name nodes of `tree`, and what the
// upgrade needs of its shape is kept in `input_parents`.
[[nodiscard]] ProofReading ReadUpgradeInput(const XmlTree& tree,
                                            const ReadOptions& reading,
                                            bool included_files);

// Reads `text` (the text of the file `path`) for a proof, its includes as
// `includes` says (found with `reading`'s include_search).
[[nodiscard]] ProofReading ReadForProof(std::string_view text,
                                        const std::string& path,
                                        ReadOptions::Includes includes,
                                        const ReadOptions& reading);

// Reads `output` (named `path` in messages) the way `input` was read and
// compares the two as described above. `version`, when given, is the
// version the output was written as on request (version_write.h): the
// output is then read to the letter of the version it declares (as
// `--strict`), so that a feature of a later version left in it is not
// read.
[[nodiscard]] bool VerifyUpgrade(
    const ProofReading& input, std::string_view output, const std::string& path,
    const Correspondence& correspondence, Diagnostics* diags,
    const ReadOptions& reading = {}, std::string_view version = {});

// The proof for an output that is the text `input` was read from, byte for
// byte (a file of 1.8 or later with nothing to repair): the same text reads
// the same way, so the reading is compared with itself, which reports
// what VerifyUpgrade would (an invalid input; each value-level error kept
// as written) without reading the text twice more.
[[nodiscard]] bool VerifyUnchanged(const ProofReading& input,
                                   const std::string& path,
                                   Diagnostics* diags);

// Reads `input` and `output` (both named `path` in messages) and compares
// them as described above. Returns false, with errors in `diags`, on any
// difference, or when either does not pass validation, value-level errors
// apart: the output must have every one of the input's (same code at the
// same kind of element, as many), and on success each of the input's comes
// back as a warning, "kept as written: ...", as does each the output alone
// has (its version's rule for a value kept as written: a 1.2 <script>
// without <uri>, which 1.8 requires).
[[nodiscard]] bool VerifyUpgrade(std::string_view input,
                                 std::string_view output,
                                 const std::string& path,
                                 const Correspondence& correspondence,
                                 Diagnostics* diags,
                                 const ReadOptions& reading = {});

// Reads `input` (the file `path`) with its includes expanded (URIs found
// with `reading`'s include_search) and `output` (which has none left), and
// compares them as VerifyUpgrade does, element by element under the same scoped
// names. Returns false, with errors in `diags`, on any difference or when
// either does not pass validation (value-level errors apart, as above).
// `correspondence` names the elements the upgrades of the files renamed or
// moved, by their scoped names in the composed input and in the output.
[[nodiscard]] bool VerifyExpansion(std::string_view input,
                                   std::string_view output,
                                   const std::string& path,
                                   const ReadOptions& reading,
                                   const Correspondence& correspondence,
                                   Diagnostics* diags);

// The same, for an input already read with its includes expanded
// (ReadForProof with kExpand).
[[nodiscard]] bool VerifyExpansion(const ProofReading& input,
                                   std::string_view output,
                                   const std::string& path,
                                   const ReadOptions& reading,
                                   const Correspondence& correspondence,
                                   Diagnostics* diags);

}  // namespace sdfconv::upgrade

#endif  // SDFCONV_CONVERTERS_UPGRADE_VERIFY_H_
