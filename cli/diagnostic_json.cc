#include "cli/diagnostic_json.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "core/visible_text.h"

namespace sdfconv {

using json = nlohmann::ordered_json;

std::string_view SeverityName(Severity severity) {
  return severity == Severity::kError ? "error" : "warning";
}

namespace {

std::string Base64(std::string_view bytes) {
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 3) {
    uint32_t group = 0;
    const size_t n = std::min<size_t>(3, bytes.size() - i);
    for (size_t k = 0; k < 3; ++k) {
      group = group << 8 |
              (k < n ? static_cast<unsigned char>(bytes[i + k]) : 0u);
    }
    for (size_t k = 0; k < 4; ++k) {
      out += k <= n ? kDigits[group >> (18 - 6 * k) & 0x3F] : '=';
    }
  }
  return out;
}

}  // namespace

void AddPathBytes(const std::string& path, json* entry) {
  if (!IsUtf8(path)) (*entry)["path_base64"] = Base64(path);
}

std::string JsonText(json doc) {
  std::vector<json*> pending = {&doc};  // no recursion on the depth
  while (!pending.empty()) {
    json* value = pending.back();
    pending.pop_back();
    if (value->is_string()) {
      const std::string& text = value->get_ref<const std::string&>();
      if (!IsUtf8(text)) *value = VisibleText(text);
    } else if (value->is_structured()) {
      for (json& child : *value) pending.push_back(&child);
    }
  }
  return doc.dump(2) + "\n";
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
