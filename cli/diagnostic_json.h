// One diagnostic as a JSON object, the same in every JSON sdfconv writes
// (`--diagnostics-format json`, `upgrade --report`):
//   {"severity": "error", "code": "DUPLICATE_NAME", "message": "...",
//    "file": "a.sdf", "line": 12, "path": "/sdf/model[@name=\"m\"]",
//    "related": [{"file": "a.sdf", "line": 9, "path": "..."}]}
// "line" is 0 when unknown; "related" lists the other elements involved
// (every member of a cycle), possibly none.
//
// Text is kept as it is when it is UTF-8. A string that is not (a file
// name's bytes) is written as VisibleText shows it (core/visible_text.h:
// `\xff` for such a byte, `\\` for a backslash), never replaced by
// U+FFFD, so two names stay two; where a file's entry names it, its exact
// bytes are added in base64 ("path_base64").
#ifndef SDFCONV_CLI_DIAGNOSTIC_JSON_H_
#define SDFCONV_CLI_DIAGNOSTIC_JSON_H_

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/diagnostic.h"

namespace sdfconv {

// "error" or "warning".
std::string_view SeverityName(Severity severity);

nlohmann::ordered_json LocationJson(const SourceLocation& at);
nlohmann::ordered_json DiagnosticJson(const Diagnostic& d);

// Adds "path_base64", `path`'s bytes in base64 (RFC 4648), to `entry` when
// `path` is not UTF-8.
void AddPathBytes(const std::string& path, nlohmann::ordered_json* entry);

// `doc` as written: indented by 2, ending in '\n', every string that is
// not UTF-8 as VisibleText shows it.
std::string JsonText(nlohmann::ordered_json doc);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_DIAGNOSTIC_JSON_H_
