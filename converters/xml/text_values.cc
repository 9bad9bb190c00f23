#include "converters/xml/text_values.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

namespace sdfconv {
namespace {

// One token (no whitespace inside) as a finite double.
std::optional<double> ParseToken(std::string_view token) {
  // std::from_chars takes '-' but not '+'; a '+' must still start a number.
  if (!token.empty() && token.front() == '+') {
    token.remove_prefix(1);
    if (token.empty() || token.front() == '-' || token.front() == '+') {
      return std::nullopt;
    }
  }
  if (token.empty()) return std::nullopt;
  double value = 0.0;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] =
      std::from_chars(token.data(), end, value, std::chars_format::general);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

}  // namespace

bool IsXmlSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

std::string_view TrimWhitespace(std::string_view text) {
  while (!text.empty() && IsXmlSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsXmlSpace(text.back())) text.remove_suffix(1);
  return text;
}

std::optional<double> ParseDouble(std::string_view text) {
  return ParseToken(TrimWhitespace(text));
}

std::optional<double> ParseReal(std::string_view text) {
  if (std::optional<double> finite = ParseDouble(text)) return finite;
  text = TrimWhitespace(text);
  double sign = 1.0;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    sign = text.front() == '-' ? -1.0 : 1.0;
    text.remove_prefix(1);
  }
  const auto equals_ignoring_case = [text](std::string_view lower) {
    if (text.size() != lower.size()) return false;
    for (size_t i = 0; i < text.size(); ++i) {
      char c = text[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != lower[i]) return false;
    }
    return true;
  };
  if (equals_ignoring_case("inf") || equals_ignoring_case("infinity")) {
    return sign * std::numeric_limits<double>::infinity();
  }
  return std::nullopt;
}

std::optional<std::vector<double>> ParseDoubles(std::string_view text,
                                                size_t count) {
  std::vector<double> values;
  values.reserve(count);
  size_t i = 0;
  while (true) {
    while (i < text.size() && IsXmlSpace(text[i])) ++i;
    if (i == text.size()) break;
    size_t j = i;
    while (j < text.size() && !IsXmlSpace(text[j])) ++j;
    if (values.size() == count) return std::nullopt;  // too many
    const std::optional<double> value = ParseToken(text.substr(i, j - i));
    if (!value) return std::nullopt;
    values.push_back(*value);
    i = j;
  }
  if (values.size() != count) return std::nullopt;
  return values;
}

std::optional<long long> ParseInteger(std::string_view text) {
  text = TrimWhitespace(text);
  if (!text.empty() && text.front() == '+') {
    text.remove_prefix(1);
    if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
      return std::nullopt;
    }
  }
  if (text.empty()) return std::nullopt;
  long long value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value, 10);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return value;
}

std::optional<bool> ParseBool(std::string_view text) {
  text = TrimWhitespace(text);
  auto equals_ignoring_case = [text](std::string_view word) {
    if (text.size() != word.size()) return false;
    for (size_t i = 0; i < word.size(); ++i) {
      char c = text[i];
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      if (c != word[i]) return false;
    }
    return true;
  };
  if (text == "1" || equals_ignoring_case("true")) return true;
  if (text == "0" || equals_ignoring_case("false")) return false;
  return std::nullopt;
}

std::string FormatNumber(double v) {
  if (v == 0.0) v = 0.0;  // no "-0"
  char buf[32];  // the longest double, "-2.2250738585072014e-308", is 24
  const auto result = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, result.ptr);
}

std::string FormatNumbers(const std::vector<double>& values) {
  std::string out;
  for (const double v : values) {
    if (!out.empty()) out += ' ';
    out += FormatNumber(v);
  }
  return out;
}

}  // namespace sdfconv
