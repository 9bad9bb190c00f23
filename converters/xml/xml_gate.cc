// The gate (xml_gate.h): a fast check of plain XML, and libxml2 for
// everything else.
#include "converters/xml/xml_gate.h"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_namespace_names.h"
#include "converters/xml/xml_tree_builder.h"

namespace sdfconv {
namespace {

// ---- libxml2 ----------------------------------------------------------------

// Never XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR or
// XML_PARSE_XINCLUDE. XML_PARSE_HUGE only lifts libxml2's fixed depth and
// text-size limits; GateState enforces ours.
constexpr int kParseOptions =
    XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_HUGE;

std::string_view AsView(const xmlChar* s) {
  return s == nullptr ? std::string_view()
                      : std::string_view(reinterpret_cast<const char*>(s));
}

// What one check needs in the SAX callbacks (reached via ctxt->_private).
struct GateState {
  const XmlLimits* limits = nullptr;
  const std::string* file = nullptr;
  Diagnostics* diags = nullptr;
  int depth = 0;
  // Set when we stopped the parser ourselves (DTD, depth): libxml2's
  // follow-up errors are not reported.
  bool stopped = false;
  bool reported_error = false;
};

xmlParserCtxtPtr ContextOf(void* ctx) {
  return static_cast<xmlParserCtxtPtr>(ctx);
}

GateState* StateOf(void* ctx) {
  return static_cast<GateState*>(ContextOf(ctx)->_private);
}

int CurrentLine(xmlParserCtxtPtr ctxt) {
  return ctxt->input != nullptr ? ctxt->input->line : 0;
}

void StopWithError(void* ctx, Code code, std::string message) {
  xmlParserCtxtPtr ctxt = ContextOf(ctx);
  GateState* state = StateOf(ctx);
  if (!state->stopped) {
    state->diags->Error(code, {*state->file, CurrentLine(ctxt), ""},
                        std::move(message));
    state->stopped = true;
    state->reported_error = true;
  }
  xmlStopParser(ctxt);
}

// Called by libxml2 at <!DOCTYPE name ...>, before any of its internal
// subset (where entities would be declared) is read.
void RejectDoctype(void* ctx, const xmlChar* name, const xmlChar* /*public_id*/,
                   const xmlChar* /*system_id*/) {
  StopWithError(ctx, Code::kXmlSyntaxError,
                "<!DOCTYPE " + std::string(AsView(name)) +
                    ">: DTDs and entity declarations are not allowed");
}

void StartElement(void* ctx, const xmlChar* localname,
                  const xmlChar* /*prefix*/, const xmlChar* /*uri*/,
                  int /*nb_namespaces*/, const xmlChar** /*namespaces*/,
                  int /*nb_attributes*/, int /*nb_defaulted*/,
                  const xmlChar** /*attributes*/) {
  GateState* state = StateOf(ctx);
  if (++state->depth > state->limits->max_depth) {
    StopWithError(ctx, Code::kInputLimitExceeded,
                  "elements are nested more than " +
                      std::to_string(state->limits->max_depth) +
                      " levels deep (at <" + std::string(AsView(localname)) +
                      ">)");
  }
}

// Nothing to do; set so that libxml2 keeps a comment's text for its
// messages ("Double hyphen within comment: <!-- ...").
void Comment(void* /*ctx*/, const xmlChar* /*value*/) {}

void EndElement(void* ctx, const xmlChar* /*localname*/,
                const xmlChar* /*prefix*/, const xmlChar* /*uri*/) {
  --StateOf(ctx)->depth;
}

// libxml2's message as one line: each run of blanks and line breaks
// becomes one space ("Comment not terminated \n<!-- a\nb\n" quotes the
// comment on lines of its own), none left at either end.
std::string OneLine(std::string_view message) {
  std::string out;
  bool blank = false;
  for (char c : message) {
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

// libxml2's structured error handler for this parse. `user` is the parser
// context (libxml2 passes ctxt->userData, which is the context itself).
void OnXmlError(void* user, xmlErrorPtr error) {
  GateState* state = StateOf(user);
  if (state->stopped || error == nullptr) return;
  std::string message =
      OneLine(error->message != nullptr ? error->message : "");
  if (message.empty()) message = "malformed XML";
  const SourceLocation at{*state->file, error->line, ""};
  if (error->domain == XML_FROM_NAMESPACE) {
    state->diags->Warning(Code::kXmlNamespaceInvalid, at, std::move(message));
  } else if (error->level == XML_ERR_WARNING) {
    state->diags->Warning(Code::kXmlSyntaxError, at, std::move(message));
  } else {
    state->diags->Error(Code::kXmlSyntaxError, at, std::move(message));
    state->reported_error = true;
  }
}

struct ContextDeleter {
  void operator()(xmlParserCtxtPtr ctxt) const {
    xmlFreeParserCtxt(ctxt);
  }
};

// True when libxml2 finds `text` well-formed under our rules; otherwise
// false with at least one error in `diags`. No tree is built: every
// callback that would build one is unset. `encoding`, when not empty, is
// the text's (its declaration was blanked: SanitizedXml::encoding).
bool Libxml2Accepts(std::string_view text, const std::string& path,
                    Diagnostics* diags, const XmlLimits& limits,
                    const std::string& encoding) {
  // Once, before the first parse, and so before any thread parses.
  static const bool initialized = (xmlInitParser(), true);
  (void)initialized;
  std::unique_ptr<xmlParserCtxt, ContextDeleter> ctxt(xmlNewParserCtxt());
  if (ctxt == nullptr || ctxt->sax == nullptr) {
    diags->Error(Code::kFileRead, {path, 0, ""},
                 "cannot create an XML parser (out of memory)");
    return false;
  }
  GateState state;
  state.limits = &limits;
  state.file = &path;
  state.diags = diags;
  ctxt->_private = &state;
  xmlSAXHandler* sax = ctxt->sax;
  sax->internalSubset = &RejectDoctype;
  sax->externalSubset = &RejectDoctype;
  sax->startElementNs = &StartElement;
  sax->endElementNs = &EndElement;
  sax->serror = &OnXmlError;
  sax->startDocument = nullptr;
  sax->endDocument = nullptr;
  sax->characters = nullptr;
  sax->ignorableWhitespace = nullptr;
  sax->cdataBlock = nullptr;
  sax->comment = &Comment;
  sax->processingInstruction = nullptr;
  sax->reference = nullptr;
  sax->startElement = nullptr;
  sax->endElement = nullptr;
  sax->initialized = XML_SAX2_MAGIC;  // so that libxml2 uses `serror`

  xmlDocPtr doc = xmlCtxtReadMemory(
      ctxt.get(), text.data(), static_cast<int>(text.size()), path.c_str(),
      encoding.empty() ? nullptr : encoding.c_str(), kParseOptions);
  if (doc != nullptr) xmlFreeDoc(doc);  // none is built; to be safe
  const bool well_formed = ctxt->wellFormed != 0;
  if (state.stopped) return false;
  if (!well_formed) {
    if (!state.reported_error) {
      diags->Error(Code::kXmlSyntaxError, {path, 0, ""},
                   "not a well-formed XML document");
    }
    return false;
  }
  return true;
}

// The offset of the first start tag of `text` with more than `limit`
// attributes (each `=` outside quoted values counts one), or npos. Linear:
// comments, CDATA sections, processing instructions, declarations and end
// tags are skipped whole. Text in UTF-16 or UTF-32 is scanned with its NUL
// bytes left out (the offsets are then of that copy).
size_t AttributesOverLimit(std::string_view text, size_t limit) {
  size_t i = 0;
  const auto skip_to = [&](std::string_view close) {
    const size_t at = text.find(close, i);
    i = at == std::string_view::npos ? text.size() : at + close.size();
  };
  while ((i = text.find('<', i)) != std::string_view::npos) {
    const size_t tag = i++;
    if (text.compare(tag, 4, "<!--") == 0) {
      skip_to("-->");
    } else if (text.compare(tag, 9, "<![CDATA[") == 0) {
      skip_to("]]>");
    } else if (text.compare(tag, 2, "<?") == 0) {
      skip_to("?>");
    } else if (i < text.size() && (text[i] == '!' || text[i] == '/')) {
      skip_to(">");
    } else {
      size_t count = 0;
      char quote = 0;
      for (; i < text.size(); ++i) {
        const char c = text[i];
        if (quote != 0) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '=') {
          if (++count > limit) return tag;
        } else if (c == '>' || c == '<') {
          break;
        }
      }
    }
  }
  return std::string_view::npos;
}

// ---- Plain XML --------------------------------------------------------------

// What a byte may be in plain XML, outside UTF-8 sequences.
enum ByteClass : uint8_t {
  kNameStart = 1,  // ASCII letter or `_`
  kNameChar = 2,   // kNameStart, digit, `-` or `.`
  kSpace = 4,      // XML's white space
  kPlainText = 8,  // taken as it is in text and values: not < & ] or a control
};

constexpr std::array<uint8_t, 256> MakeByteClasses() {
  std::array<uint8_t, 256> classes{};
  for (int c = 0x20; c < 0x7F; ++c) classes[c] = kPlainText;
  for (const char c : {' ', '\t', '\n', '\r'}) {
    classes[static_cast<unsigned char>(c)] = kSpace | kPlainText;
  }
  classes['<'] = classes['&'] = classes[']'] = 0;
  for (int c = 'a'; c <= 'z'; ++c) classes[c] |= kNameStart | kNameChar;
  for (int c = 'A'; c <= 'Z'; ++c) classes[c] |= kNameStart | kNameChar;
  for (int c = '0'; c <= '9'; ++c) classes[c] |= kNameChar;
  classes['_'] |= kNameStart | kNameChar;
  classes['-'] |= kNameChar;
  classes['.'] |= kNameChar;
  return classes;
}

constexpr std::array<uint8_t, 256> kByteClasses = MakeByteClasses();

// Longer names go to libxml2, which has its own bound on them.
constexpr size_t kMaxPlainName = 1000;
// Elements with more attributes go to libxml2 (the duplicate check here is
// quadratic in them).
constexpr size_t kMaxPlainAttributes = 64;

// Hands nothing on: the check alone.
struct NoTree {
  void Raw(XmlNodeType /*type*/, size_t /*from*/, size_t /*to*/) {}
  void BeginTag(size_t /*from*/, size_t /*to*/) {}
  void Attribute(size_t /*lead*/, size_t /*name*/, size_t /*eq*/,
                 size_t /*quote*/, size_t /*end*/) {}
  void EndBeginTag(size_t /*tail*/, size_t /*close*/, bool /*self_closing*/) {}
  void EndTag(size_t /*from*/, size_t /*to*/) {}
};

// One pass over the text; every method returns false at the first thing
// that is not plain XML. Each piece checked goes to `tree` (NoTree, or an
// XmlTreeBuilder) by its offsets, in order.
template <typename Tree>
class PlainXmlScan {
 public:
  // `spots`, when given under lenient limits, takes the comments that hold
  // `--` (their lines not yet set); without it they are not plain.
  PlainXmlScan(std::string_view text, const XmlLimits& limits, Tree* tree,
               std::vector<ToleratedSpot>* spots)
      : text_(text),
        limits_(limits),
        tree_(*tree),
        spots_(limits.lenient ? spots : nullptr) {}

  bool Run() {
    if (text_.size() > static_cast<size_t>(INT_MAX)) return false;
    if (Ahead("<?xml")) {
      if (!Declaration()) return false;
      tree_.Raw(XmlNodeType::kPi, 0, at_);
    }
    if (!Misc()) return false;
    if (!Element()) return false;
    return Misc() && at_ == text_.size();
  }

 private:
  uint8_t Class(size_t at) const {
    return kByteClasses[static_cast<unsigned char>(text_[at])];
  }
  bool Is(size_t at, uint8_t wanted) const {
    return at < text_.size() && (Class(at) & wanted) != 0;
  }
  bool Ahead(std::string_view s) const {
    return text_.compare(at_, s.size(), s) == 0;
  }
  // Skips white space; whether there was any.
  bool Space() {
    const size_t from = at_;
    while (Is(at_, kSpace)) ++at_;
    return at_ != from;
  }
  // A name at at_, or an empty view.
  std::string_view Name() {
    if (!Is(at_, kNameStart)) return {};
    const size_t from = at_;
    while (Is(at_, kNameChar)) ++at_;
    if (at_ - from > kMaxPlainName) return {};
    return text_.substr(from, at_ - from);
  }
  // The length of the UTF-8 sequence of one XML character at `at` (a byte
  // from 0x80), or 0 if it is none: overlong forms, surrogates, U+FFFE,
  // U+FFFF and anything past U+10FFFF are not.
  size_t Utf8Char(size_t at) const {
    const auto byte = [&](size_t k) -> unsigned {
      return at + k < text_.size() ? static_cast<unsigned char>(text_[at + k])
                                   : 0u;
    };
    const auto tail = [&](size_t k) { return (byte(k) & 0xC0) == 0x80; };
    const unsigned b0 = byte(0);
    if (b0 >= 0xC2 && b0 <= 0xDF) return tail(1) ? 2 : 0;
    if (b0 >= 0xE0 && b0 <= 0xEF) {
      const unsigned b1 = byte(1);
      if (!tail(1) || !tail(2)) return 0;
      if (b0 == 0xE0 && b1 < 0xA0) return 0;                      // overlong
      if (b0 == 0xED && b1 > 0x9F) return 0;                      // surrogate
      if (b0 == 0xEF && b1 == 0xBF && byte(2) >= 0xBE) return 0;  // FFFE/F
      return 3;
    }
    if (b0 >= 0xF0 && b0 <= 0xF4) {
      const unsigned b1 = byte(1);
      if (!tail(1) || !tail(2) || !tail(3)) return 0;
      if (b0 == 0xF0 && b1 < 0x90) return 0;  // overlong
      if (b0 == 0xF4 && b1 > 0x8F) return 0;  // past U+10FFFF
      return 4;
    }
    return 0;
  }
  // Characters up to `close` (not included in what is checked), which must
  // come; at_ ends past it. For CDATA sections.
  bool CharsUntil(std::string_view close) {
    const size_t end = text_.find(close, at_);
    if (end == std::string_view::npos || !CharsTo(end)) return false;
    at_ = end + close.size();
    return true;
  }
  // Characters from at_ up to `end`, where at_ ends.
  bool CharsTo(size_t end) {
    while (at_ < end) {
      if (Class(at_) != 0 || text_[at_] == '<' || text_[at_] == '&' ||
          text_[at_] == ']') {
        ++at_;
      } else if (const size_t n = Utf8Char(at_); n != 0 && at_ + n <= end) {
        at_ += n;
      } else {
        return false;
      }
    }
    return true;
  }
  // A comment at `<!--`: its first `--` must be its end, or (with spots_)
  // it holds `--`, ends at the first `-->` (CommentEnd) and is a spot.
  bool Comment() {
    const size_t start = at_;
    const size_t dashes = text_.find("--", start + 4);
    if (dashes == std::string_view::npos) return false;
    size_t end = dashes + 3;
    if (end > text_.size() || text_[dashes + 2] != '>') {
      if (spots_ == nullptr) return false;
      end = CommentEnd(text_, start);
      if (end == std::string_view::npos) return false;
      spots_->push_back({XmlTolerance::kCommentDoubleHyphen,
                         DoubleHyphenAt(text_, start, end), 0});
    }
    at_ = start + 4;
    if (!CharsTo(end - 3)) return false;
    at_ = end;
    tree_.Raw(XmlNodeType::kComment, start, at_);
    return true;
  }
  // One of the five predefined entities at `&`.
  bool Entity() {
    for (const std::string_view e :
         {"&lt;", "&gt;", "&amp;", "&quot;", "&apos;"}) {
      if (Ahead(e)) {
        at_ += e.size();
        return true;
      }
    }
    return false;
  }
  // Characters up to the next `<` (text, where `]]>` may not occur) or
  // up to the closing `quote` (a value, where `<` may not occur); at_ ends
  // there.
  bool Chars(char quote) {
    while (true) {
      SkipPlain(quote);
      if (at_ >= text_.size()) return quote == 0;
      const char c = text_[at_];
      if (c == '<') return quote == 0;
      if (c == quote && quote != 0) return true;
      if (c == '&') {
        if (!Entity()) return false;
      } else if (c == ']') {
        if (quote == 0 && Ahead("]]>")) return false;
        ++at_;
      } else if (const size_t n = Utf8Char(at_); n != 0) {
        at_ += n;
      } else {
        return false;
      }
    }
  }
  // Moves at_ past the plain text bytes (kPlainText) that are not `quote`.
  void SkipPlain(char quote) {
    while (Is(at_, kPlainText) && text_[at_] != quote) ++at_;
  }
  // Whitespace and comments, before or after the root element.
  bool Misc() {
    while (true) {
      const size_t start = at_;
      if (Space()) tree_.Raw(XmlNodeType::kText, start, at_);
      if (!Ahead("<!--")) return true;
      if (!Comment()) return false;
    }
  }
  // `=` and an opening quote, white space around `=`: the quote, or 0.
  char OpenQuote() {
    Space();
    if (at_ >= text_.size() || text_[at_] != '=') return 0;
    ++at_;
    Space();
    if (at_ >= text_.size()) return 0;
    const char quote = text_[at_];
    if (quote != '"' && quote != '\'') return 0;
    ++at_;
    return quote;
  }
  // The XML declaration at the start: version 1.0, at most encoding UTF-8
  // and a standalone declaration.
  bool Declaration() {
    at_ += 5;
    if (!Space() || Name() != "version" || !Quoted({"1.0"})) return false;
    bool space = Space();
    bool encoding = false;
    bool standalone = false;
    while (space && !Ahead("?>")) {
      const std::string_view name = Name();
      if (name == "encoding" && !encoding && !standalone) {
        encoding = true;
        if (!Quoted({"UTF-8", "utf-8"})) return false;
      } else if (name == "standalone" && !standalone) {
        standalone = true;
        if (!Quoted({"yes", "no"})) return false;
      } else {
        return false;
      }
      space = Space();
    }
    if (!Ahead("?>")) return false;
    at_ += 2;
    return true;
  }
  // `= "one of"` in the declaration.
  bool Quoted(std::initializer_list<std::string_view> allowed) {
    const char quote = OpenQuote();
    if (quote == 0) return false;
    const size_t close = text_.find(quote, at_);
    if (close == std::string_view::npos) return false;
    const std::string_view value = text_.substr(at_, close - at_);
    at_ = close + 1;
    return std::find(allowed.begin(), allowed.end(), value) != allowed.end();
  }
  // A start tag at `<`; pushes its name unless it closes itself.
  bool StartTag() {
    ++at_;
    const std::string_view name = Name();
    if (name.empty()) return false;
    tree_.BeginTag(at_ - name.size(), at_);
    names_.clear();
    while (true) {
      const size_t lead = at_;
      const bool space = Space();
      if (at_ >= text_.size()) return false;
      if (text_[at_] == '>') {
        if (open_.size() >= static_cast<size_t>(limits_.max_depth)) {
          return false;
        }
        tree_.EndBeginTag(lead, at_, false);
        ++at_;
        open_.push_back(name);
        return true;
      }
      if (text_[at_] == '/') {
        if (!Ahead("/>")) return false;
        if (open_.size() >= static_cast<size_t>(limits_.max_depth)) {
          return false;
        }
        tree_.EndBeginTag(lead, at_, true);
        at_ += 2;
        return true;
      }
      if (!space || !ReadAttribute(lead)) return false;
    }
  }
  // An attribute of the tag begun, at its name; `lead` is where the white
  // space before it starts. Out of the tag's loop, which most tags (with
  // no attribute) take alone.
  [[gnu::noinline]] bool ReadAttribute(size_t lead) {
    const size_t name_at = at_;
    std::string_view attribute = Name();
    if (attribute.empty()) return false;
    const bool declaration = attribute.compare(0, 5, "xmlns") == 0;
    if (declaration) {  // only `xmlns:prefix`, the prefix plain
      if (attribute.size() != 5 || !Ahead(":")) return false;
      ++at_;
      if (!IsPlainPrefix(Name())) return false;
      attribute = text_.substr(name_at, at_ - name_at);
      if (!declared_ && HasPrefixedElement()) return false;
      declared_ = true;
    }
    if (names_.size() >= kMaxPlainAttributes ||
        names_.size() >= limits_.max_attributes) {
      return false;
    }
    if (std::find(names_.begin(), names_.end(), attribute) != names_.end()) {
      return false;
    }
    names_.push_back(attribute);
    const size_t eq_at = at_;
    const char quote = OpenQuote();
    if (quote == 0) return false;
    const size_t quote_at = at_ - 1;
    if (!Chars(quote)) return false;
    if (declaration &&
        !IsPlainNamespaceName(text_.substr(quote_at + 1, at_ - quote_at - 1))) {
      return false;
    }
    ++at_;
    tree_.Attribute(lead, name_at, eq_at, quote_at, at_);
    return true;
  }
  // Whether an element name of the text, outside comments and CDATA
  // sections, has a prefix (`<p:`, `</p:`): a text that declares
  // namespaces often uses them (xacro's leftovers), and is then not plain.
  // Looked for once, at the first declaration, so that such a text goes
  // to libxml2 at once rather than at the end of a scan.
  [[gnu::noinline]] bool HasPrefixedElement() const {
    const auto past = [&](size_t from, std::string_view close) {
      const size_t end = text_.find(close, from);
      return end == std::string_view::npos ? text_.size() : end + close.size();
    };
    for (size_t at = text_.find('<'); at != std::string_view::npos;
         at = text_.find('<', at)) {
      if (text_.compare(at, 4, "<!--") == 0) {
        at = past(at + 4, "-->");
      } else if (text_.compare(at, 9, "<![CDATA[") == 0) {
        at = past(at + 9, "]]>");
      } else {
        size_t end = at + 1;
        if (end < text_.size() && text_[end] == '/') ++end;
        const size_t name = end;
        while (end < text_.size() && (Class(end) & kNameChar) != 0) ++end;
        if (end > name && end < text_.size() && text_[end] == ':') return true;
        at = end;
      }
    }
    return false;
  }
  // An end tag at `</`, closing the innermost element.
  bool EndTag() {
    const size_t start = at_;
    at_ += 2;
    if (open_.empty() || Name() != open_.back()) return false;
    Space();
    if (at_ >= text_.size() || text_[at_] != '>') return false;
    ++at_;
    open_.pop_back();
    tree_.EndTag(start, at_);
    return true;
  }
  // The root element and everything in it, without recursion.
  bool Element() {
    if (at_ >= text_.size() || text_[at_] != '<' || !StartTag()) return false;
    while (!open_.empty()) {
      const size_t start = at_;
      if (!Chars(0) || at_ >= text_.size()) return false;
      if (at_ != start) tree_.Raw(XmlNodeType::kText, start, at_);
      const char next = at_ + 1 < text_.size() ? text_[at_ + 1] : '\0';
      if (next == '/') {
        if (!EndTag()) return false;
      } else if (next == '!') {
        if (Ahead("<!--")) {
          if (!Comment()) return false;
        } else if (Ahead("<![CDATA[")) {
          const size_t cdata = at_;
          at_ += 9;
          if (!CharsUntil("]]>")) return false;
          tree_.Raw(XmlNodeType::kCData, cdata, at_);
        } else {
          return false;
        }
      } else if (!StartTag()) {
        return false;
      }
    }
    return true;
  }

  std::string_view text_;
  const XmlLimits& limits_;
  Tree& tree_;
  size_t at_ = 0;
  std::vector<std::string_view> open_;   // names of the open elements
  std::vector<std::string_view> names_;  // attributes of the current tag
  bool declared_ = false;                // a namespace declaration was read
  std::vector<ToleratedSpot>* spots_;
};

// Runs the scan; on success sets the lines of the spots it added.
template <typename Tree>
bool ScanPlainXml(std::string_view text, const XmlLimits& limits, Tree* tree,
                  std::vector<ToleratedSpot>* spots) {
  const size_t known = spots == nullptr ? 0 : spots->size();
  if (!PlainXmlScan<Tree>(text, limits, tree, spots).Run()) {
    if (spots != nullptr) spots->resize(known);
    return false;
  }
  if (spots != nullptr && spots->size() > known) {
    LineCounter lines(text);
    for (size_t k = known; k < spots->size(); ++k) {
      (*spots)[k].line = lines.LineAt((*spots)[k].offset);
    }
  }
  return true;
}

}  // namespace

bool IsPlainXml(std::string_view text, const XmlLimits& limits,
                std::vector<ToleratedSpot>* spots) {
  NoTree none;
  return ScanPlainXml(text, limits, &none, spots);
}

bool BuildPlainXml(std::string_view text, const XmlLimits& limits,
                   XmlTreeBuilder* builder, std::vector<ToleratedSpot>* spots) {
  return ScanPlainXml(text, limits, builder, spots);
}

void SayTolerated(const std::vector<ToleratedSpot>& spots,
                  const std::string& path, Diagnostics* diags,
                  const XmlLimits& limits) {
  for (const ToleratedSpot& spot : spots) {
    const SourceLocation at{path, spot.line, ""};
    std::string message(Describe(spot.kind));
    if (limits.lenient) {
      diags->Warning(CodeOf(spot.kind), at, message + "; tolerated");
    } else {
      diags->Error(CodeOf(spot.kind), at, std::move(message));
    }
  }
}

bool CheckWithLibxml2(std::string_view text, const std::string& path,
                      Diagnostics* diags, const XmlLimits& limits) {
  // The departures TinyXML2 accepts are shown to libxml2 made well-formed
  // (the same length and lines), and said.
  const SanitizedXml lenient = SanitizeForGate(text);
  SayTolerated(lenient.spots, path, diags, limits);
  const std::string_view gate_text =
      lenient.spots.empty() ? text : std::string_view(lenient.text);
  {
    // Text in UTF-16 or UTF-32 is scanned without its NUL bytes.
    std::string narrow;
    std::string_view scanned = gate_text;
    if (scanned.substr(0, 4).find('\0') != std::string_view::npos) {
      narrow.reserve(scanned.size());
      for (char c : scanned) {
        if (c != '\0') narrow += c;
      }
      scanned = narrow;
    }
    const size_t wide = AttributesOverLimit(scanned, limits.max_attributes);
    if (wide != std::string_view::npos) {
      const int line =
          1 + static_cast<int>(std::count(
                  scanned.begin(),
                  scanned.begin() + static_cast<std::ptrdiff_t>(wide), '\n'));
      diags->Error(Code::kInputLimitExceeded, {path, line, ""},
                   "an element has more than " +
                       std::to_string(limits.max_attributes) +
                       " attributes (attributes; `--limit attributes=N` "
                       "sets it, docs/limits.md); nothing is read past it");
      return false;
    }
  }
  if (!Libxml2Accepts(gate_text, path, diags, limits, lenient.encoding)) {
    return false;
  }
  return limits.lenient || lenient.spots.empty();
}

}  // namespace sdfconv
