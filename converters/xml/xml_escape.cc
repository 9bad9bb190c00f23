#include "converters/xml/xml_escape.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <system_error>

namespace sdfconv {
namespace {

void AppendUtf8(uint32_t cp, std::string* out) {
  if (cp < 0x80) {
    out->push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

// The text a reference `ref` (between '&' and ';') stands for, appended to
// `out`; false when it is no reference XML defines without a DTD.
bool AppendReference(std::string_view ref, std::string* out) {
  if (ref == "lt") *out += '<';
  else if (ref == "gt") *out += '>';
  else if (ref == "amp") *out += '&';
  else if (ref == "quot") *out += '"';
  else if (ref == "apos") *out += '\'';
  else if (ref.size() > 1 && ref[0] == '#') {
    const bool hex = ref[1] == 'x';
    const std::string_view digits = ref.substr(hex ? 2 : 1);
    uint32_t cp = 0;
    const auto [ptr, ec] = std::from_chars(
        digits.data(), digits.data() + digits.size(), cp, hex ? 16 : 10);
    if (digits.empty() || ec != std::errc() ||
        ptr != digits.data() + digits.size() || cp > 0x10FFFF) {
      return false;
    }
    AppendUtf8(cp, out);
  } else {
    return false;
  }
  return true;
}

// End-of-line handling, then (for attributes) whitespace normalisation,
// then references.
std::string Decode(std::string_view raw, bool attribute) {
  std::string out;
  out.reserve(raw.size());
  size_t i = 0;
  while (i < raw.size()) {
    size_t run = i;  // plain text is copied a run at a time
    while (run < raw.size() && !DecodingChanges(raw[run], attribute)) ++run;
    out.append(raw.data() + i, run - i);
    if (run == raw.size()) break;
    i = run;
    const char c = raw[i];
    if (c == '\r') {
      if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
      out += attribute ? ' ' : '\n';
    } else if (c != '&') {  // a line break or tab in an attribute
      out += ' ';
    } else {
      const size_t semi = raw.find(';', i);
      if (semi == std::string_view::npos ||
          !AppendReference(raw.substr(i + 1, semi - i - 1), &out)) {
        out += c;
      } else {
        i = semi;
      }
    }
    ++i;
  }
  return out;
}

// The one escaper: `&`, `<`, `>` and a carriage return always; in an
// attribute (`quote` set) also the quote that delimits it, and tabs and
// line breaks, which attribute-value normalisation would otherwise turn
// into spaces. Appended to `*out`, each run that needs nothing copied
// whole.
void Escape(std::string_view value, std::optional<char> quote,
            std::string* out) {
  size_t plain = 0;  // start of the run not yet copied
  for (size_t i = 0; i < value.size(); ++i) {
    const char* with = nullptr;
    switch (value[i]) {
      case '&':
        with = "&amp;";
        break;
      case '<':
        with = "&lt;";
        break;
      case '>':
        with = "&gt;";
        break;
      case '\r':
        with = "&#13;";
        break;
      case '"':
        with = quote == '"' ? "&quot;" : nullptr;
        break;
      case '\'':
        with = quote == '\'' ? "&apos;" : nullptr;
        break;
      case '\n':
        with = quote ? "&#10;" : nullptr;
        break;
      case '\t':
        with = quote ? "&#9;" : nullptr;
        break;
      default:
        break;
    }
    if (with == nullptr) continue;
    out->append(value.data() + plain, i - plain);
    *out += with;
    plain = i + 1;
  }
  out->append(value.data() + plain, value.size() - plain);
}

}  // namespace

std::string EscapeXmlText(std::string_view value) {
  std::string out;
  out.reserve(value.size());
  Escape(value, std::nullopt, &out);
  return out;
}

std::string EscapeXmlAttribute(std::string_view value, char quote) {
  std::string out;
  out.reserve(value.size());
  Escape(value, quote, &out);
  return out;
}

void AppendEscapedXmlText(std::string_view value, std::string* out) {
  Escape(value, std::nullopt, out);
}

void AppendEscapedXmlAttribute(std::string_view value, char quote,
                               std::string* out) {
  Escape(value, quote, out);
}

namespace {

// Whether DecodingChanges holds for a character of `raw`.
bool NeedsDecoding(std::string_view raw, bool attribute) {
  return std::any_of(raw.begin(), raw.end(),
                     [attribute](char c) { return DecodingChanges(c, attribute); });
}

std::string_view DecodeView(std::string_view raw, bool attribute,
                            std::string* scratch) {
  if (!NeedsDecoding(raw, attribute)) return raw;
  *scratch = Decode(raw, attribute);
  return *scratch;
}

}  // namespace

std::string DecodeXmlText(std::string_view raw) {
  return NeedsDecoding(raw, false) ? Decode(raw, false) : std::string(raw);
}

std::string DecodeXmlAttribute(std::string_view raw) {
  return NeedsDecoding(raw, true) ? Decode(raw, true) : std::string(raw);
}

std::string_view DecodeXmlText(std::string_view raw, std::string* scratch) {
  return DecodeView(raw, false, scratch);
}

std::string_view DecodeXmlAttribute(std::string_view raw,
                                    std::string* scratch) {
  return DecodeView(raw, true, scratch);
}

std::string DecodeXmlCData(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\r') {
      if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
      out += '\n';
    } else {
      out += raw[i];
    }
  }
  return out;
}

}  // namespace sdfconv
