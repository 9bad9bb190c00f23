// VisibleText: a name or message made safe to print on one line of a
// terminal, a log or a GitHub workflow command, without losing what it
// says. The one escaping rule of every line sdfconv writes for people
// (FormatDiagnostic, verdicts, summaries, progress, GitHub annotations);
// docs/diagnostics.md, "Names and messages in the output".
//
// Invariant: the result holds no byte below 0x20, no DEL, no C1 control,
// no line or paragraph separator and no bidirectional control, and is
// valid UTF-8; it differs for texts that differ (the escape character
// `\` is itself escaped, so an escape cannot be forged).
//
//   VisibleText("a\nb")       == "a\\nb"      (shown as  a\nb)
//   VisibleText("\x1b[31m")   == "\\x1b[31m"
//   VisibleText("\xc2\x9b")   == "\\u009b"    (C1 CSI as UTF-8)
//   VisibleText("\xff.sdf")   == "\\xff.sdf"  (not UTF-8)
//   VisibleText("a\\b")       == "a\\\\b"
#ifndef SDFCONV_CORE_VISIBLE_TEXT_H_
#define SDFCONV_CORE_VISIBLE_TEXT_H_

#include <string>
#include <string_view>

namespace sdfconv {

// `text` with `\` as `\\`; \n, \r, \t as `\n`, `\r`, `\t`; every other
// C0 control and DEL as `\xHH`; a byte that does not start a valid UTF-8
// sequence as `\xHH` (lower-case hex); the code points U+0080-U+009F
// (C1), U+2028, U+2029 and the bidirectional controls U+202A-U+202E,
// U+2066-U+2069 as `\uHHHH`. Everything else, valid UTF-8 included, as is.
std::string VisibleText(std::string_view text);

// True when `text` is valid UTF-8 (no overlong form, no surrogate, nothing
// above U+10FFFF).
bool IsUtf8(std::string_view text);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_VISIBLE_TEXT_H_
