#include "converters/xml/text_values.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <system_error>

namespace sdfconv {
namespace {

// A plain decimal token ([-]digits[.digits], a digit at least) by
// Clinger's fast path, or nothing for any other. When its digits without
// the point make an integer m <= 2^53 and k <= 22 of them follow the
// point, m and 10^k are exact doubles and the one division m / 10^k is
// rounded correctly: the double std::from_chars gives.
std::optional<double> PlainDecimal(std::string_view token) {
  static constexpr double kPowersOfTen[] = {
      1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  constexpr uint64_t kExact = uint64_t{1} << 53;
  size_t i = 0;
  const bool negative = !token.empty() && token[0] == '-';
  if (negative) i = 1;
  uint64_t m = 0;
  int significant = 0;  // digits in m, leading zeros left out
  size_t after_point = 0;
  bool point = false;
  bool digit = false;
  for (; i < token.size(); ++i) {
    const char c = token[i];
    if (c >= '0' && c <= '9') {
      digit = true;
      if (point) ++after_point;
      if (m == 0 && c == '0') continue;
      if (++significant > 16) return std::nullopt;  // m < 10^16: no overflow
      m = m * 10 + static_cast<uint64_t>(c - '0');
    } else if (c == '.' && !point) {
      point = true;
    } else {
      return std::nullopt;
    }
  }
  if (!digit || m > kExact || after_point > 22) return std::nullopt;
  const double value = static_cast<double>(m) / kPowersOfTen[after_point];
  return negative ? -value : value;
}

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
  if (const std::optional<double> plain = PlainDecimal(token)) return plain;
  double value = 0.0;
  const char* end = token.data() + token.size();
  const auto [ptr, ec] =
      std::from_chars(token.data(), end, value, std::chars_format::general);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

// Whether ParseToken reads `token`, told from its characters alone when
// it is plain decimal without an exponent ([+|-]digits[.digits], a digit
// on either side of the point at least) of at most 300 characters: such a
// number is 0 or lies between 1e-300 and 1e300, so it is finite and no
// double is out of its range. Anything else is converted.
bool IsNumberToken(std::string_view token) {
  constexpr size_t kPlainLength = 300;
  size_t i = 0;
  if (!token.empty() && (token[0] == '-' || token[0] == '+')) i = 1;
  size_t digits = 0;
  bool point = false;
  bool plain = token.size() <= kPlainLength;
  for (; plain && i < token.size(); ++i) {
    const char c = token[i];
    if (c >= '0' && c <= '9') {
      ++digits;
    } else if (c == '.' && !point) {
      point = true;
    } else {
      plain = false;
    }
  }
  if (plain && digits > 0) return true;
  return ParseToken(token).has_value();
}

// Calls `take` on each whitespace-separated token of `text`; true when
// there are exactly `count` tokens and `take` returned true for each.
template <typename Take>
bool ForEachToken(std::string_view text, size_t count, Take take) {
  size_t found = 0;
  size_t i = 0;
  while (true) {
    while (i < text.size() && IsXmlSpace(text[i])) ++i;
    if (i == text.size()) break;
    size_t j = i;
    while (j < text.size() && !IsXmlSpace(text[j])) ++j;
    if (found == count || !take(text.substr(i, j - i))) return false;
    ++found;
    i = j;
  }
  return found == count;
}

}  // namespace

bool IsXmlSpace(char c) {
  // Most characters of a value are above ' ': one comparison tells them.
  return c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
                      c == '\f' || c == '\v');
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
  std::vector<double> values(count);
  if (!ParseDoublesInto(text, count, values.data())) return std::nullopt;
  return values;
}

bool ParseDoublesInto(std::string_view text, size_t count, double* out) {
  size_t i = 0;
  return ForEachToken(text, count, [&](std::string_view token) {
    const std::optional<double> value = ParseToken(token);
    if (value) out[i++] = *value;
    return value.has_value();
  });
}

bool AreDoubles(std::string_view text, size_t count) {
  return ForEachToken(text, count, IsNumberToken);
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
