// Text values: numbers and booleans read out of XML text, and numbers
// written into it, the same way in every locale.
//
// XML formats write numbers as text (`<mass>1.5</mass>`, `<pose>0 0 1 0 0
// 0</pose>`, `<origin xyz="1 2 3"/>`). These helpers turn such text into
// values with std::from_chars, so the result never depends on the process
// locale (a German locale does not turn "1.5" into 1). They only say
// whether the text is well formed; the caller reports a diagnostic naming
// the element, because only the caller knows which element it is.
//
// Accepted numbers: an optional sign ('+' or '-'), then decimal or
// scientific notation ("1", "-0.5", "1e-3", ".5"). Rejected: "inf", "nan",
// hexadecimal, anything with trailing characters, and values that do not fit
// a double. Whitespace is any of " \t\n\r\f\v".
//
//   std::optional<std::vector<double>> xyz = ParseDoubles(" 0 0\n1 ", 3);
//   std::optional<bool> is_static = ParseBool(" TRUE ");  // true
//   std::optional<long long> width = ParseInteger("640");
//   std::string text = FormatNumber(0.1 + 0.2);  // "0.30000000000000004"
#ifndef SDFCONV_CONVERTERS_XML_TEXT_VALUES_H_
#define SDFCONV_CONVERTERS_XML_TEXT_VALUES_H_

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sdfconv {

// True for the XML/ASCII whitespace characters " \t\n\r\f\v".
[[nodiscard]] bool IsXmlSpace(char c);

// `text` without leading and trailing whitespace.
[[nodiscard]] std::string_view TrimWhitespace(std::string_view text);

// One finite number, surrounding whitespace allowed.
[[nodiscard]] std::optional<double> ParseDouble(std::string_view text);

// One number, or an infinity: "inf", "infinity" (any case) with an
// optional sign, as libsdformat reads a double (unbounded joint limits).
[[nodiscard]] std::optional<double> ParseReal(std::string_view text);

// Exactly `count` finite numbers separated by whitespace (of any kind and
// amount); nothing else.
[[nodiscard]] std::optional<std::vector<double>> ParseDoubles(
    std::string_view text, size_t count);
// ParseDoubles into out[0..count): true when it reads them, without an
// allocation (for the values read most, poses).
[[nodiscard]] bool ParseDoublesInto(std::string_view text, size_t count,
                                    double* out);

// Whether ParseDoubles(text, count) would read the text, decided without
// converting the numbers where that is safe (for the checks that only
// validate).
[[nodiscard]] bool AreDoubles(std::string_view text, size_t count);

// One integer: an optional sign and decimal digits, surrounding whitespace
// allowed; nothing that does not fit 64 bits ("1.5", "1e3", "0x10" are not
// integers).
[[nodiscard]] std::optional<long long> ParseInteger(std::string_view text);

// "true", "false", "1" or "0", case-insensitive, surrounding whitespace
// allowed.
[[nodiscard]] std::optional<bool> ParseBool(std::string_view text);

// The shortest text that ParseDouble reads back as exactly `v` ("0.1",
// "1e-07", "1.5707963267948966"); -0 is written "0". Every computed number
// any back end writes comes from here.
[[nodiscard]] std::string FormatNumber(double v);

// The numbers, each as FormatNumber writes it, separated by single spaces.
[[nodiscard]] std::string FormatNumbers(const std::vector<double>& values);

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_TEXT_VALUES_H_
