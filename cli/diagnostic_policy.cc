#include "cli/diagnostic_policy.h"

#include <vector>

#include "core/closest_word.h"

namespace sdfconv {
namespace {

std::vector<std::string> CodeNames() {
  std::vector<std::string> names;
  for (Code code : AllCodes()) names.emplace_back(CodeName(code));
  return names;
}

// "unknown diagnostic code 'X'", and the closest code when one is near.
std::string Unknown(const std::string& name) {
  std::string message = "unknown diagnostic code '" + name + "'";
  if (const auto near = ClosestWord(name, CodeNames())) {
    message += "; did you mean " + *near + "?";
  }
  return message + " (docs/diagnostics.md lists every code)";
}

}  // namespace

std::optional<std::string> DiagnosticPolicy::Ignore(const std::string& names) {
  std::set<Code> codes;
  size_t start = 0;
  while (start <= names.size()) {
    size_t end = names.find(',', start);
    if (end == std::string::npos) end = names.size();
    const std::string name = names.substr(start, end - start);
    const std::optional<Code> code = CodeFromName(name);
    if (!code) return Unknown(name);
    codes.insert(*code);
    start = end + 1;
  }
  ignored.insert(codes.begin(), codes.end());
  return std::nullopt;
}

Diagnostics DiagnosticPolicy::Apply(Diagnostics diags) const {
  if (ignored.empty() && !warnings_as_errors) return diags;
  Diagnostics kept;
  for (const Diagnostic& d : diags.items()) {
    if (d.severity != Severity::kWarning) {
      kept.Add(d);
    } else if (ignored.count(d.code) == 0) {
      Diagnostic promoted = d;
      if (warnings_as_errors) promoted.severity = Severity::kError;
      kept.Add(std::move(promoted));
    }
  }
  return kept;
}

}  // namespace sdfconv
