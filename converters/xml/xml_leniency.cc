#include "converters/xml/xml_leniency.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace sdfconv {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";
constexpr std::string_view kCommentOpen = "<!--";
constexpr std::string_view kCommentClose = "-->";

bool IsAsciiLetter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

bool IsHexDigit(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// XML 1.0 name characters, bytes of a multi-byte UTF-8 character counted
// as letters (no entity name in the wild needs more precision).
bool IsNameStart(char c) {
  return IsAsciiLetter(c) || c == '_' || c == ':' ||
         static_cast<unsigned char>(c) >= 0x80;
}

bool IsNameChar(char c) {
  return IsNameStart(c) || IsDigit(c) || c == '-' || c == '.';
}

// The range [begin, end) of a comment's content: between `<!--` and `-->`.
struct CommentContent {
  size_t begin;
  size_t end;
};

// Whether the content hyphen at `i` makes `--` (or `--->`): another
// hyphen, or the end of the content, follows it.
bool Offends(std::string_view text, size_t i, CommentContent content) {
  return text[i] == '-' && (i + 1 == content.end || text[i + 1] == '-');
}

// The offsets of the content hyphens that make `--` (or `--->`).
std::vector<size_t> OffendingHyphens(std::string_view text,
                                     CommentContent content) {
  std::vector<size_t> out;
  for (size_t i = content.begin; i < content.end; ++i) {
    if (Offends(text, i, content)) out.push_back(i);
  }
  return out;
}

// Sets the byte at `at` of the copy libxml2 is shown to a space (the copy
// is made at the first one).
void Blank(std::string_view text, size_t at, SanitizedXml* out) {
  if (out->text.empty()) out->text = std::string(text);
  out->text[at] = ' ';
}

// Blanks the bare `&`s of raw text or an attribute value at [begin, end).
void BlankAmpersands(std::string_view text, size_t begin, size_t end,
                     SanitizedXml* out, LineCounter* lines) {
  // Searched within [begin, end) only: the whole sanitizing stays linear.
  const std::string_view raw = text.substr(0, end);
  for (size_t i = raw.find('&', begin); i != std::string_view::npos;
       i = raw.find('&', i + 1)) {
    if (!IsBareAmpersand(raw, i)) continue;
    Blank(text, i, out);
    out->spots.push_back(
        {XmlTolerance::kBareAmpersand, i, lines->LineAt(i)});
  }
}

}  // namespace

Code CodeOf(XmlTolerance tolerance) {
  switch (tolerance) {
    case XmlTolerance::kCommentDoubleHyphen:
      return Code::kXmlCommentDoubleHyphen;
    case XmlTolerance::kDeclarationNotFirst:
      return Code::kXmlDeclarationNotFirst;
    case XmlTolerance::kBareAmpersand:
      return Code::kXmlBareAmpersand;
    case XmlTolerance::kDeclarationVersion:
      return Code::kXmlDeclarationVersion;
    case XmlTolerance::kTextBeforeRoot:
      return Code::kXmlTextBeforeRoot;
  }
  return Code::kXmlSyntaxError;
}

bool IsToleranceCode(Code code) {
  return code == Code::kXmlCommentDoubleHyphen ||
         code == Code::kXmlDeclarationNotFirst ||
         code == Code::kXmlBareAmpersand ||
         code == Code::kXmlDeclarationVersion ||
         code == Code::kXmlTextBeforeRoot;
}

std::string_view Describe(XmlTolerance tolerance) {
  switch (tolerance) {
    case XmlTolerance::kCommentDoubleHyphen:
      return "a comment holds '--' (or ends in '--->'), which XML 1.0 "
             "forbids (section 2.5)";
    case XmlTolerance::kDeclarationNotFirst:
      return "the XML declaration is not at the very start of the file, "
             "where XML 1.0 requires it (section 2.8)";
    case XmlTolerance::kBareAmpersand:
      return "an '&' starts no reference (XML 1.0 requires '&amp;', "
             "section 2.4); it is read as the character '&'";
    case XmlTolerance::kDeclarationVersion:
      return "the XML declaration names another version than 1.0 (XML 1.0 "
             "section 2.8); the text is read by XML 1.0's rules";
    case XmlTolerance::kTextBeforeRoot:
      return "text before the root element, where XML 1.0 allows only "
             "markup (section 2.8: a declaration that lost its '<'?); it "
             "is no part of the document";
  }
  return "";
}

size_t CommentEnd(std::string_view text, size_t open) {
  const size_t at = text.find(kCommentClose, open + kCommentOpen.size());
  return at == std::string_view::npos ? at : at + kCommentClose.size();
}

bool HasDoubleHyphen(std::string_view raw_comment) {
  if (raw_comment.size() < kCommentOpen.size() + kCommentClose.size()) {
    return false;
  }
  return !OffendingHyphens(raw_comment,
                           {kCommentOpen.size(),
                            raw_comment.size() - kCommentClose.size()})
              .empty();
}

size_t DoubleHyphenAt(std::string_view text, size_t open, size_t end) {
  const CommentContent content{open + kCommentOpen.size(),
                               end - kCommentClose.size()};
  for (size_t i = content.begin; i < content.end; ++i) {
    if (Offends(text, i, content)) return i;
  }
  return std::string_view::npos;
}

int LineCounter::LineAt(size_t offset) {
  line_ += static_cast<int>(
      std::count(text_.begin() + static_cast<std::ptrdiff_t>(counted_),
                 text_.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
  counted_ = offset;
  return line_;
}

std::string RepairComment(std::string_view raw_comment) {
  if (!HasDoubleHyphen(raw_comment)) return std::string(raw_comment);
  const CommentContent content{kCommentOpen.size(),
                               raw_comment.size() - kCommentClose.size()};
  const std::vector<size_t> hyphens = OffendingHyphens(raw_comment, content);
  std::string out;
  out.reserve(raw_comment.size() + hyphens.size());
  size_t from = 0;
  for (size_t at : hyphens) {
    out.append(raw_comment.substr(from, at + 1 - from));
    out.push_back(' ');
    from = at + 1;
  }
  out.append(raw_comment.substr(from));
  return out;
}

bool IsXmlDeclaration(std::string_view raw_pi) {
  if (raw_pi.substr(0, 5) != "<?xml" || raw_pi.size() < 6) return false;
  const char next = raw_pi[5];
  return next == ' ' || next == '\t' || next == '\n' || next == '\r' ||
         next == '?';
}

bool IsBareAmpersand(std::string_view raw, size_t at) {
  size_t i = at + 1;
  if (i < raw.size() && raw[i] == '#') {
    ++i;
    const bool hex = i < raw.size() && raw[i] == 'x';
    if (hex) ++i;
    const size_t digits = i;
    while (i < raw.size() && (hex ? IsHexDigit(raw[i]) : IsDigit(raw[i]))) ++i;
    return i == digits || i >= raw.size() || raw[i] != ';';
  }
  if (i >= raw.size() || !IsNameStart(raw[i])) return true;
  while (i < raw.size() && IsNameChar(raw[i])) ++i;
  return i >= raw.size() || raw[i] != ';';
}

bool HasBareAmpersand(std::string_view raw) {
  for (size_t i = raw.find('&'); i != std::string_view::npos;
       i = raw.find('&', i + 1)) {
    if (IsBareAmpersand(raw, i)) return true;
  }
  return false;
}

std::string RepairAmpersands(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0; i < raw.size(); ++i) {
    out += raw[i];
    if (raw[i] == '&' && IsBareAmpersand(raw, i)) out += "amp;";
  }
  return out;
}

namespace {

// Whether `text` starts in an encoding whose bytes are not ASCII's for
// ASCII characters (UTF-16, UTF-32, EBCDIC; XML 1.0 appendix F): the
// tolerances are byte patterns of ASCII-compatible text, so such a file
// gets none (libxml2 decides alone).
bool AsciiIncompatible(std::string_view text) {
  const std::string_view head = text.substr(0, 4);
  if (head.substr(0, 2) == "\xFF\xFE" || head.substr(0, 2) == "\xFE\xFF") {
    return true;
  }
  if (head.find('\0') != std::string_view::npos) return true;
  return head == "\x4C\x6F\xA7\x94";  // EBCDIC "<?xm"
}

// Where the value of the version of `raw_pi` is, when `raw_pi` is an XML
// declaration as XML 1.0 writes one (productions 23-27, 32, 80, 81) but
// for that value, which may be any: version, then optionally encoding and
// standalone, in that order, each quoted. A declaration is tolerated
// (misplaced, or of another version) only then: it is blanked for libxml2
// and, moved to the start and written with version "1.0", it must be one
// libxml2 accepts.
struct VersionValue {
  size_t begin;
  size_t end;
};

std::optional<VersionValue> ParseDeclaration(std::string_view raw_pi) {
  if (raw_pi.substr(0, 5) != "<?xml" || raw_pi.size() < 7 ||
      raw_pi.substr(raw_pi.size() - 2) != "?>") {
    return std::nullopt;
  }
  const std::string_view body = raw_pi.substr(5, raw_pi.size() - 7);
  size_t i = 0;
  const auto spaces = [&] {
    const size_t from = i;
    while (i < body.size() && (body[i] == ' ' || body[i] == '\t' ||
                               body[i] == '\n' || body[i] == '\r')) {
      ++i;
    }
    return i > from;
  };
  // S name Eq quoted-value, the value checked by `valid`; false if absent
  // (nothing consumed) or malformed (*bad set). `value` is where the value
  // was.
  bool bad = false;
  VersionValue value{0, 0};
  const auto pseudo = [&](std::string_view name, auto valid) {
    const size_t start = i;
    if (!spaces() || body.substr(i, name.size()) != name) {
      i = start;
      return false;
    }
    i += name.size();
    spaces();
    if (i >= body.size() || body[i] != '=') return !(bad = true);
    ++i;
    spaces();
    if (i >= body.size() || (body[i] != '"' && body[i] != '\'')) {
      return !(bad = true);
    }
    const size_t close = body.find(body[i], i + 1);
    if (close == std::string_view::npos ||
        !valid(body.substr(i + 1, close - i - 1))) {
      return !(bad = true);
    }
    value = {5 + i + 1, 5 + close};
    i = close + 1;
    return true;
  };
  const auto any = [](std::string_view) { return true; };
  const auto encoding = [](std::string_view v) {
    if (v.empty() || !std::isalpha(static_cast<unsigned char>(v[0]))) {
      return false;
    }
    for (char c : v) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' &&
          c != '_' && c != '-') {
        return false;
      }
    }
    return true;
  };
  const auto standalone = [](std::string_view v) {
    return v == "yes" || v == "no";
  };
  if (!pseudo("version", any)) return std::nullopt;
  const VersionValue version = value;
  pseudo("encoding", encoding);
  pseudo("standalone", standalone);
  spaces();
  if (bad || i != body.size()) return std::nullopt;
  return version;
}

bool IsWellFormedDeclaration(std::string_view raw_pi) {
  return ParseDeclaration(raw_pi).has_value();
}

// The value of `encoding` in a raw XML declaration, or "" when it names
// none.
std::string_view EncodingOf(std::string_view raw_pi) {
  const size_t at = raw_pi.find("encoding");
  if (at == std::string_view::npos) return "";
  const size_t quote = raw_pi.find_first_of("\"'", at);
  if (quote == std::string_view::npos) return "";
  const size_t close = raw_pi.find(raw_pi[quote], quote + 1);
  if (close == std::string_view::npos) return "";
  return raw_pi.substr(quote + 1, close - quote - 1);
}

// Whether an XML declaration names an encoding other than UTF-8 (or
// ASCII): moved to the start of the file, it would relabel the bytes.
bool NamesOtherEncoding(std::string_view raw_pi) {
  if (raw_pi.find("encoding") == std::string_view::npos) return false;
  std::string value;
  for (char c : EncodingOf(raw_pi)) {
    value += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return value != "utf-8" && value != "utf8" && value != "us-ascii" &&
         value != "ascii";
}

// Whether the raw text [begin, end) may be tolerated before the root:
// printable ASCII and white space only, so that the comment it is
// repaired into is well-formed (anything else libxml2 decides on).
bool IsPlainText(std::string_view text, size_t begin, size_t end) {
  for (size_t i = begin; i < end; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80 || (c < 0x20 && c != '\t' && c != '\n' && c != '\r')) {
      return false;
    }
  }
  return true;
}

// A run of text before the root element, tolerated when the root follows
// it (TextBeforeRoot spots are made only then).
struct PrologText {
  size_t begin;  // its first character that is not white space
  size_t end;
  int line;
};

}  // namespace

bool NamesOtherVersion(std::string_view raw_pi) {
  const std::optional<VersionValue> v = ParseDeclaration(raw_pi);
  return v && raw_pi.substr(v->begin, v->end - v->begin) != "1.0";
}

std::string RepairDeclarationVersion(std::string_view raw_pi) {
  const std::optional<VersionValue> v = ParseDeclaration(raw_pi);
  if (!v) return std::string(raw_pi);
  return std::string(raw_pi.substr(0, v->begin)) + "1.0" +
         std::string(raw_pi.substr(v->end));
}

bool HoldsText(std::string_view raw, bool first) {
  if (first && raw.substr(0, kBom.size()) == kBom) raw.remove_prefix(3);
  return raw.find_first_not_of(" \t\r\n") != std::string_view::npos;
}

std::string TextBeforeRootAsComment(std::string_view raw,
                                    std::string_view* lead,
                                    std::string_view* tail) {
  const size_t bom = raw.substr(0, kBom.size()) == kBom ? kBom.size() : 0;
  const size_t begin = std::min(raw.find_first_not_of(" \t\r\n", bom),
                                raw.size());
  const size_t end =
      std::max(begin, std::min(raw.find_last_not_of(" \t\r\n") + 1,
                               raw.size()));
  *lead = raw.substr(0, begin);
  *tail = raw.substr(end);
  return RepairComment("<!--" + std::string(raw.substr(begin, end - begin)) +
                       "-->");
}

SanitizedXml SanitizeForGate(std::string_view text) {
  SanitizedXml out;
  if (AsciiIncompatible(text)) return out;
  LineCounter lines(text);
  const size_t first = text.substr(0, kBom.size()) == kBom ? kBom.size() : 0;
  const auto starts = [&](size_t at, std::string_view s) {
    return text.substr(at, s.size()) == s;
  };
  const auto blank = [&](size_t from, size_t to) {
    for (size_t at = from; at < to; ++at) {
      if (text[at] != '\n' && text[at] != '\r') Blank(text, at, &out);
    }
  };
  bool in_prolog = true;  // before the root element's start tag
  // Text before the root (its spots are made when the root follows), and
  // whether such text is refused (some is not plain, or markup that
  // TinyXML2 refuses after text follows it).
  std::vector<PrologText> prolog_text;
  bool prolog_text_refused = false;
  int depth = 0;  // open elements: text outside the root is never blanked
  size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '<') {
      const size_t end = std::min(text.find('<', i), text.size());
      if (depth > 0) {
        BlankAmpersands(text, i, end, &out, &lines);
      } else if (in_prolog) {
        const size_t core =
            text.find_first_not_of(" \t\r\n", i == 0 ? first : i);
        if (core < end) {
          prolog_text.push_back({core, end, lines.LineAt(core)});
          prolog_text_refused |= !IsPlainText(text, core, end);
        }
      }
      i = end;
    } else if (starts(i, kCommentOpen)) {
      const size_t end = CommentEnd(text, i);
      if (end == std::string_view::npos) break;
      if (const size_t spot = DoubleHyphenAt(text, i, end);
          spot != std::string_view::npos) {
        out.spots.push_back(
            {XmlTolerance::kCommentDoubleHyphen, spot, lines.LineAt(spot)});
        for (size_t at : OffendingHyphens(
                 text, {i + kCommentOpen.size(), end - kCommentClose.size()})) {
          Blank(text, at, &out);
        }
      }
      i = end;
    } else if (starts(i, "<![CDATA[")) {
      const size_t end = text.find("]]>", i);
      if (end == std::string_view::npos) break;
      i = end + 3;
    } else if (starts(i, "<?")) {
      const size_t end = text.find("?>", i + 2);
      if (end == std::string_view::npos) break;
      const std::string_view pi = text.substr(i, end + 2 - i);
      // TinyXML2 reads every `<?...?>` as a declaration, and refuses one
      // after text.
      prolog_text_refused |= !prolog_text.empty();
      const bool misplaced = i != first;
      const bool other_version = NamesOtherVersion(pi);
      if (in_prolog && prolog_text.empty() && IsXmlDeclaration(pi) &&
          IsWellFormedDeclaration(pi) && (misplaced || other_version)) {
        const bool other_encoding = NamesOtherEncoding(pi);
        if (!misplaced || !other_encoding) {
          const int line = lines.LineAt(i);
          if (misplaced) {
            out.spots.push_back({XmlTolerance::kDeclarationNotFirst, i, line});
          }
          if (other_version) {
            out.spots.push_back({XmlTolerance::kDeclarationVersion, i, line});
          }
          if (other_encoding) out.encoding = std::string(EncodingOf(pi));
          blank(i, end + 2);
        }
      }
      i = end + 2;
    } else if (starts(i, "<!")) {
      break;  // a DTD: the gate refuses it, nothing after it is touched
    } else if (starts(i, "</")) {
      const size_t end = text.find('>', i);
      if (end == std::string_view::npos) break;
      if (depth > 0) --depth;
      i = end + 1;
    } else {  // a start tag: attribute values may hold `&`
      if (in_prolog && !prolog_text_refused) {
        for (const PrologText& t : prolog_text) {
          out.spots.push_back({XmlTolerance::kTextBeforeRoot, t.begin, t.line});
          blank(t.begin, t.end);
        }
      }
      in_prolog = false;
      size_t at = i + 1;
      while (at < text.size() && text[at] != '>') {
        if (text[at] != '"' && text[at] != '\'') {
          ++at;
          continue;
        }
        const size_t close = text.find(text[at], at + 1);
        if (close == std::string_view::npos) break;
        BlankAmpersands(text, at + 1, close, &out, &lines);
        at = close + 1;
      }
      if (at >= text.size()) break;
      if (text[at - 1] != '/') ++depth;
      i = at + 1;
    }
  }
  // Text before the root is said when the root comes, after the spots of
  // the comments between them.
  std::stable_sort(out.spots.begin(), out.spots.end(),
                   [](const ToleratedSpot& a, const ToleratedSpot& b) {
                     return a.offset < b.offset;
                   });
  return out;
}

}  // namespace sdfconv
