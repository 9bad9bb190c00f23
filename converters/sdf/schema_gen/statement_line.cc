#include "converters/sdf/schema_gen/statement_line.h"

#include <utility>

namespace sdfconv::schema_gen {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

}  // namespace

std::vector<std::string> Tokenize(std::string_view line, std::string* error) {
  std::vector<std::string> tokens;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && IsBlank(line[i])) ++i;
    if (i == line.size() || line[i] == '#') break;
    std::string token;
    while (i < line.size() && !IsBlank(line[i])) {
      if (line[i] != '"') {
        token += line[i++];
        continue;
      }
      const size_t close = line.find('"', i + 1);
      if (token.empty() || token.back() != '=' || close == std::string::npos ||
          (close + 1 < line.size() && !IsBlank(line[close + 1]))) {
        *error = "a quoted value must follow `key=` and end its token";
        return {};
      }
      token += line.substr(i + 1, close - i - 1);
      i = close + 1;
    }
    tokens.push_back(std::move(token));
  }
  return tokens;
}

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::optional<std::string> Quote(const std::string& value) {
  if (value.find_first_of("\"\n\r") != std::string::npos) return std::nullopt;
  if (value.empty() || value.find_first_of(" \t") != std::string::npos) {
    return "\"" + value + "\"";
  }
  return value;
}

}  // namespace sdfconv::schema_gen
