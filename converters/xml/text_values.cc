#include "converters/xml/text_values.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <system_error>

namespace sdfconv {
namespace {

// One token (no whitespace inside) as a finite double, by
// std::from_chars.
std::optional<double> FromChars(std::string_view token) {
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

// What a byte is to a list of numbers; the one table of the whitespace
// these values allow (IsXmlSpace).
enum NumberByte : uint8_t { kOtherByte, kSpaceByte, kDigitByte, kPointByte };

constexpr std::array<uint8_t, 256> MakeNumberBytes() {
  std::array<uint8_t, 256> bytes{};
  for (const char c : {' ', '\t', '\n', '\r', '\f', '\v'}) {
    bytes[static_cast<unsigned char>(c)] = kSpaceByte;
  }
  for (int c = '0'; c <= '9'; ++c) bytes[c] = kDigitByte;
  bytes['.'] = kPointByte;
  return bytes;
}

constexpr std::array<uint8_t, 256> kNumberBytes = MakeNumberBytes();

uint8_t NumberByteOf(char c) {
  return kNumberBytes[static_cast<unsigned char>(c)];
}

// The whitespace-separated tokens of `text`, each read in one pass: true
// when there are exactly `count` and each is a number; with kConvert,
// their values go to out[0..count).
//
// A plain decimal token ([+|-]digits[.digits], a digit at least) is
// decided by its characters alone:
//   - converting, by Clinger's fast path: when its digits without the
//     point make an integer m <= 2^53 (leading zeros left out, at most 16
//     digits) and k <= 22 of them follow the point, m and 10^k are exact
//     doubles and the one division m / 10^k is rounded correctly, giving
//     the double std::from_chars gives;
//   - validating, when it has at most 300 characters: such a number is 0
//     or lies between 1e-300 and 1e300, so it is finite and in range.
// Any other token goes to FromChars.
template <bool kConvert>
bool ReadNumbers(std::string_view text, size_t count, double* out) {
  static constexpr double kPowersOfTen[] = {
      1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
      1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  constexpr uint64_t kExact = uint64_t{1} << 53;
  constexpr size_t kPlainLength = 300;
  const char* p = text.data();
  const char* const end = p + text.size();
  size_t found = 0;
  while (true) {
    while (p < end && NumberByteOf(*p) == kSpaceByte) ++p;
    if (p == end) return found == count;
    if (found == count) return false;
    const char* const start = p;
    const bool negative = *p == '-';
    if (negative || *p == '+') ++p;
    uint64_t m = 0;
    int significant = 0;  // digits in m, leading zeros left out
    size_t digits = 0;
    size_t after_point = 0;
    bool point = false;
    bool plain = true;
    for (; p < end; ++p) {
      const uint8_t b = NumberByteOf(*p);
      if (b == kDigitByte) {
        ++digits;
        if constexpr (kConvert) {
          if (point) ++after_point;
          if (m == 0 && *p == '0') continue;
          if (++significant <= 16) {
            m = m * 10 + static_cast<uint64_t>(*p - '0');
          }
        }
      } else if (b == kPointByte && !point) {
        point = true;
      } else if (b == kSpaceByte) {
        break;
      } else {
        plain = false;
      }
    }
    const std::string_view token(start, static_cast<size_t>(p - start));
    if constexpr (kConvert) {
      if (plain && digits > 0 && significant <= 16 && m <= kExact &&
          after_point <= 22) {
        const double value = static_cast<double>(m) / kPowersOfTen[after_point];
        out[found] = negative ? -value : value;
      } else if (const std::optional<double> value = FromChars(token)) {
        out[found] = *value;
      } else {
        return false;
      }
    } else {
      if (!(plain && digits > 0 && token.size() <= kPlainLength) &&
          !FromChars(token)) {
        return false;
      }
    }
    ++found;
  }
}

}  // namespace

bool IsXmlSpace(char c) { return NumberByteOf(c) == kSpaceByte; }

std::string_view TrimWhitespace(std::string_view text) {
  while (!text.empty() && IsXmlSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsXmlSpace(text.back())) text.remove_suffix(1);
  return text;
}

std::optional<double> ParseDouble(std::string_view text) {
  double value = 0.0;
  if (!ReadNumbers<true>(text, 1, &value)) return std::nullopt;
  return value;
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
  return ReadNumbers<true>(text, count, out);
}

bool AreDoubles(std::string_view text, size_t count) {
  return ReadNumbers<false>(text, count, nullptr);
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
