#include "cli/diagnostic_json.h"

#include <string>

namespace sdfconv {

using json = nlohmann::ordered_json;

std::string_view SeverityName(Severity severity) {
  return severity == Severity::kError ? "error" : "warning";
}

json LocationJson(const SourceLocation& at) {
  return json{{"file", at.file}, {"line", at.line}, {"path", at.path}};
}

json DiagnosticJson(const Diagnostic& d) {
  json related = json::array();
  for (const SourceLocation& at : d.related) related.push_back(LocationJson(at));
  return json{
      {"severity", std::string(SeverityName(d.severity))},
      {"code", std::string(CodeName(d.code))},
      {"message", d.message},
      {"file", d.source.file},
      {"line", d.source.line},
      {"path", d.source.path},
      {"related", std::move(related)},
  };
}

}  // namespace sdfconv
