// One diagnostic as a JSON object, the same in every JSON sdfconv writes
// (`--diagnostics-format json`, `upgrade --report`):
//   {"severity": "error", "code": "DUPLICATE_NAME", "message": "...",
//    "file": "a.sdf", "line": 12, "path": "/sdf/model[@name=\"m\"]",
//    "related": [{"file": "a.sdf", "line": 9, "path": "..."}]}
// "line" is 0 when unknown; "related" lists the other elements involved
// (every member of a cycle), possibly none.
#ifndef SDFCONV_CLI_DIAGNOSTIC_JSON_H_
#define SDFCONV_CLI_DIAGNOSTIC_JSON_H_

#include <string_view>

#include <nlohmann/json.hpp>

#include "core/diagnostic.h"

namespace sdfconv {

// "error" or "warning".
std::string_view SeverityName(Severity severity);

nlohmann::ordered_json LocationJson(const SourceLocation& at);
nlohmann::ordered_json DiagnosticJson(const Diagnostic& d);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_DIAGNOSTIC_JSON_H_
