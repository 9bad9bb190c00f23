#include "core/visible_text.h"

#include <cstdint>
#include <cstdio>

namespace sdfconv {
namespace {

// The length of the valid UTF-8 sequence at `text[i]`, and its code point
// in `*code`; 0 when the bytes there are not one.
size_t Utf8Sequence(std::string_view text, size_t i, uint32_t* code) {
  const auto byte = [&](size_t k) {
    return static_cast<unsigned char>(text[k]);
  };
  const unsigned char lead = byte(i);
  size_t length = 0;
  uint32_t min = 0;
  if (lead < 0x80) {
    *code = lead;
    return 1;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, min = 0x80, *code = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, min = 0x800, *code = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, min = 0x10000, *code = lead & 0x07;
  } else {
    return 0;
  }
  if (text.size() - i < length) return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
    *code = (*code << 6) | (byte(i + k) & 0x3F);
  }
  if (*code < min || *code > 0x10FFFF) return 0;
  if (*code >= 0xD800 && *code <= 0xDFFF) return 0;
  return length;
}

// Code points above ASCII that break a line or reorder what is shown.
bool Hidden(uint32_t code) {
  return (code >= 0x80 && code <= 0x9F) || code == 0x2028 || code == 0x2029 ||
         (code >= 0x202A && code <= 0x202E) ||
         (code >= 0x2066 && code <= 0x2069);
}

void AppendEscape(const char* format, unsigned value, std::string* out) {
  char escape[8];
  std::snprintf(escape, sizeof escape, format, value);
  *out += escape;
}

}  // namespace

std::string VisibleText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F && c != '\\') {
      out += static_cast<char>(c);
      ++i;
      continue;
    }
    switch (c) {
      case '\\': out += "\\\\"; ++i; continue;
      case '\n': out += "\\n"; ++i; continue;
      case '\r': out += "\\r"; ++i; continue;
      case '\t': out += "\\t"; ++i; continue;
      default: break;
    }
    uint32_t code = 0;
    const size_t length = c < 0x80 ? 0 : Utf8Sequence(text, i, &code);
    if (length == 0) {
      AppendEscape("\\x%02x", c, &out);  // control, DEL, or not UTF-8
      ++i;
    } else if (Hidden(code)) {
      AppendEscape("\\u%04x", code, &out);
      i += length;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

bool IsUtf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    uint32_t code = 0;
    const size_t length = Utf8Sequence(text, i, &code);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

}  // namespace sdfconv
