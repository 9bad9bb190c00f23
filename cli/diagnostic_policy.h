// Which diagnostics a command reports, and as what: `--ignore CODE[,CODE]`
// and `--warnings-as-errors`, on every command (docs/cli.md, "Ignoring
// warnings, failing on them").
//
// Invariant: only warnings are ever dropped or promoted. An error is why a
// file is invalid (libsdformat refuses it, or nothing can be written), so
// no option hides it: the verdict and the exit status never say less than
// the diagnostics do. Ignoring comes first, so an ignored warning is not
// promoted; a promoted warning is an error everywhere after (verdict,
// exit status, every format, `upgrade`'s failed files).
//
//   DiagnosticPolicy policy;
//   if (auto e = policy.Ignore("ELEMENT_INVALID,LATER_VERSION_FEATURE")) ...
//   policy.warnings_as_errors = true;
//   diags = policy.Apply(std::move(diags));
#ifndef SDFCONV_CLI_DIAGNOSTIC_POLICY_H_
#define SDFCONV_CLI_DIAGNOSTIC_POLICY_H_

#include <optional>
#include <set>
#include <string>

#include "core/diagnostic.h"

namespace sdfconv {

struct DiagnosticPolicy {
  std::set<Code> ignored;           // --ignore: warnings of these codes
  bool warnings_as_errors = false;  // --warnings-as-errors

  // Adds the codes of `names`, a comma-separated list of code names
  // (core/diagnostic.h, exactly as spelt there). A name that is no code:
  // the message for people (naming it, and the closest code if one is
  // near), and nothing added.
  [[nodiscard]] std::optional<std::string> Ignore(const std::string& names);

  // `diags` less the ignored warnings, the other warnings promoted to
  // errors when asked; their order kept.
  [[nodiscard]] Diagnostics Apply(Diagnostics diags) const;
};

}  // namespace sdfconv

#endif  // SDFCONV_CLI_DIAGNOSTIC_POLICY_H_
