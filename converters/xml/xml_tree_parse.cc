// XmlTree::Parse: libxml2 checks the text under the rules of untrusted
// input (and builds nothing), then a scanner cuts the well-formed text into
// the raw pieces of the tree.
#include <iconv.h>
#include <libxml/encoding.h>
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <utility>

#include "converters/xml/standard_input.h"
#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

// ---- The libxml2 gate -------------------------------------------------------

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

// libxml2's structured error handler for this parse. `user` is the parser
// context (libxml2 passes ctxt->userData, which is the context itself).
void OnXmlError(void* user, xmlErrorPtr error) {
  GateState* state = StateOf(user);
  if (state->stopped || error == nullptr) return;
  std::string message = error->message != nullptr ? error->message : "";
  while (!message.empty() &&
         (message.back() == '\n' || message.back() == ' ')) {
    message.pop_back();
  }
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
  void operator()(xmlParserCtxtPtr ctxt) const { xmlFreeParserCtxt(ctxt); }
};

// True when libxml2 finds `text` well-formed under our rules; otherwise
// false with at least one error in `diags`. No tree is built: every
// callback that would build one is unset.
bool PassesGate(std::string_view text, const std::string& path,
                Diagnostics* diags, const XmlLimits& limits) {
  static const bool initialized = (xmlInitParser(), true);  // once, safely
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

  xmlDocPtr doc = xmlCtxtReadMemory(ctxt.get(), text.data(),
                                    static_cast<int>(text.size()),
                                    path.c_str(), /*encoding=*/nullptr,
                                    kParseOptions);
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

// ---- Encodings --------------------------------------------------------------

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

// The encoding= of an XML declaration at the start of ASCII-compatible
// text, or "".
std::string DeclaredEncoding(std::string_view text) {
  size_t start = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") start = 3;
  if (text.substr(start, 5) != "<?xml") return "";
  const size_t end = text.find("?>", start);
  const std::string_view decl = text.substr(start, end - start);
  const size_t at = decl.find("encoding");
  if (at == std::string_view::npos) return "";
  size_t i = decl.find_first_of("\"'", at);
  if (i == std::string_view::npos) return "";
  const size_t close = decl.find(decl[i], i + 1);
  if (close == std::string_view::npos) return "";
  return std::string(decl.substr(i + 1, close - i - 1));
}

// The encoding `text` must be read from when it is not UTF-8 (or ASCII),
// by its first bytes or its declaration; "" for UTF-8.
std::string ForeignEncoding(std::string_view text) {
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  const xmlCharEncoding detected = xmlDetectCharEncoding(
      bytes, static_cast<int>(std::min<size_t>(text.size(), 4)));
  switch (detected) {
    case XML_CHAR_ENCODING_UTF16LE: return "UTF-16LE";
    case XML_CHAR_ENCODING_UTF16BE: return "UTF-16BE";
    case XML_CHAR_ENCODING_UCS4LE: return "UCS-4LE";
    case XML_CHAR_ENCODING_UCS4BE: return "UCS-4BE";
    case XML_CHAR_ENCODING_EBCDIC: return "EBCDIC-US";
    default: break;
  }
  const std::string declared = DeclaredEncoding(text);
  for (const char* same : {"", "UTF-8", "UTF8", "US-ASCII", "ASCII"}) {
    if (EqualsIgnoringCase(declared, same)) return "";
  }
  return declared;
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

// `text` converted by iconv from encoding `from` to `to`, or nothing when
// iconv cannot (an unknown encoding, a character `to` lacks).
std::optional<std::string> Recode(std::string_view text, const char* from,
                                  const char* to) {
  iconv_t cd = iconv_open(to, from);
  if (cd == reinterpret_cast<iconv_t>(-1)) return std::nullopt;
  std::string out(text.size() * 4 + 16, '\0');
  char* in = const_cast<char*>(text.data());
  size_t in_left = text.size();
  char* at = out.data();
  size_t out_left = out.size();
  const size_t n = iconv(cd, &in, &in_left, &at, &out_left);
  iconv_close(cd);
  if (n == static_cast<size_t>(-1) || in_left != 0) return std::nullopt;
  out.resize(out.size() - out_left);
  return out;
}

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

// `text` converted from `encoding` to UTF-8, a byte order mark dropped
// (`*bom` says whether there was one), or nothing when iconv cannot.
std::optional<std::string> ToUtf8(std::string_view text,
                                  const std::string& encoding, bool* bom) {
  std::optional<std::string> out = Recode(text, encoding.c_str(), "UTF-8");
  *bom = out && out->compare(0, kUtf8Bom.size(), kUtf8Bom) == 0;
  if (*bom) out->erase(0, kUtf8Bom.size());
  return out;
}

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool IsNameEnd(char c) {
  return IsSpace(c) || c == '/' || c == '>' || c == '=';
}

}  // namespace

// ---- The scanner ------------------------------------------------------------

// Scans well-formed, DTD-free XML (the gate has checked it) into nodes.
class XmlTreeScanner {
 public:
  XmlTreeScanner(std::string_view text, std::vector<XmlNode>* nodes,
                 std::vector<XmlElementParts>* parts)
      : text_(text), nodes_(nodes), parts_(parts) {}

  // Returns the root element, or kNoNode if the text is not what we expect.
  NodeId Run();

 private:
  // `parent` is the innermost open element (or the document, node 0).
  NodeId Add(XmlNode node, NodeId parent) {
    const auto id = static_cast<NodeId>(nodes_->size());
    node.parent = parent;
    node.index = static_cast<int32_t>(pending_.size() - marks_.back());
    nodes_->push_back(std::move(node));
    pending_.push_back(id);
    return id;
  }
  // Children are gathered in `pending_` while their parent is open, and
  // handed to it in one allocation of the right size when it closes.
  void Open() { marks_.push_back(pending_.size()); }
  void Close(NodeId id) {
    const auto from =
        pending_.begin() + static_cast<std::ptrdiff_t>(marks_.back());
    (*parts_)[(*nodes_)[id].parts].children.assign(from, pending_.end());
    pending_.erase(from, pending_.end());
    marks_.pop_back();
  }
  // Adds raw text [pos_, end) as a node of `type` under `parent`.
  void AddRaw(XmlNodeType type, size_t end, NodeId parent) {
    XmlNode n;
    n.type = type;
    n.line = line_;
    n.raw = Piece(pos_, end);
    Advance(end);
    Add(std::move(n), parent);
  }
  void Advance(size_t to) {
    line_ += static_cast<int>(
        std::count(text_.begin() + static_cast<std::ptrdiff_t>(pos_),
                   text_.begin() + static_cast<std::ptrdiff_t>(to), '\n'));
    pos_ = to;
  }
  // The kept text [from, to).
  XmlText Piece(size_t from, size_t to) const {
    return XmlText(text_.substr(from, to - from));
  }
  bool StartsWith(std::string_view s) const {
    return text_.substr(pos_, s.size()) == s;
  }
  // Parses a start tag at pos_; false if malformed.
  bool StartTag(NodeId parent, std::vector<NodeId>* open);

  std::string_view text_;
  std::vector<XmlNode>* nodes_;
  std::vector<XmlElementParts>* parts_;
  size_t pos_ = 0;
  int line_ = 1;
  std::vector<NodeId> pending_;  // children of the open elements, in order
  std::vector<size_t> marks_;    // where each open element's children start
};

NodeId XmlTreeScanner::Run() {
  std::vector<NodeId> open = {0};
  Open();
  NodeId root = kNoNode;
  while (pos_ < text_.size()) {
    const NodeId parent = open.back();
    if (text_[pos_] != '<') {
      size_t end = text_.find('<', pos_);
      if (end == std::string_view::npos) end = text_.size();
      AddRaw(XmlNodeType::kText, end, parent);
      continue;
    }
    auto until = [&](std::string_view close) {
      const size_t at = text_.find(close, pos_ + 2);
      return at == std::string_view::npos ? at : at + close.size();
    };
    size_t end = std::string_view::npos;
    // Most markup is a start tag: the character after '<' tells it apart
    // from the other kinds without comparing their openings.
    const char next = pos_ + 1 < text_.size() ? text_[pos_ + 1] : '\0';
    if (next != '!' && next != '?' && next != '/') {
      if (parent == 0 && root != kNoNode) return kNoNode;
      if (!StartTag(parent, &open)) return kNoNode;
      if (parent == 0) root = static_cast<NodeId>(nodes_->size()) - 1;
    } else if (StartsWith("<!--")) {
      // Where TinyXML2 ends it too, `--` inside or not (xml_leniency.h).
      if ((end = CommentEnd(text_, pos_)) == std::string_view::npos) {
        return kNoNode;
      }
      AddRaw(XmlNodeType::kComment, end, parent);
    } else if (StartsWith("<![CDATA[")) {
      if ((end = until("]]>")) == std::string_view::npos) return kNoNode;
      AddRaw(XmlNodeType::kCData, end, parent);
    } else if (StartsWith("<?")) {
      if ((end = until("?>")) == std::string_view::npos) return kNoNode;
      AddRaw(XmlNodeType::kPi, end, parent);
    } else if (StartsWith("<!")) {
      return kNoNode;  // a DTD: the gate refuses them
    } else if (StartsWith("</")) {
      end = text_.find('>', pos_);
      if (end == std::string_view::npos || open.size() < 2) return kNoNode;
      (*parts_)[(*nodes_)[parent].parts].end = Piece(pos_, end + 1);
      Advance(end + 1);
      Close(parent);
      open.pop_back();
    } else {
      return kNoNode;  // unreachable: `next` is '!', '?' or '/'
    }
  }
  if (open.size() != 1) return kNoNode;
  Close(0);
  return root;
}

bool XmlTreeScanner::StartTag(NodeId parent, std::vector<NodeId>* open) {
  XmlNode node;
  node.type = XmlNodeType::kElement;
  XmlElementParts n;
  size_t i = pos_ + 1;
  const size_t name_start = i;
  while (i < text_.size() && !IsNameEnd(text_[i])) ++i;
  n.tag = Piece(name_start, i);
  if (n.tag.empty()) return false;
  while (true) {
    const size_t lead_start = i;
    while (i < text_.size() && IsSpace(text_[i])) ++i;
    if (i >= text_.size()) return false;
    if (text_[i] == '>' || text_[i] == '/') {
      n.tail = Piece(lead_start, i);
      n.self_closing = text_[i] == '/';
      i += n.self_closing ? 2 : 1;
      break;
    }
    RawAttribute a;
    a.lead = Piece(lead_start, i);
    const size_t attr_name = i;
    while (i < text_.size() && !IsNameEnd(text_[i])) ++i;
    a.name = Piece(attr_name, i);
    const size_t eq_start = i;
    while (i < text_.size() && text_[i] != '"' && text_[i] != '\'') ++i;
    if (i >= text_.size() || a.name.empty()) return false;
    a.eq = Piece(eq_start, i);
    a.quote = text_[i];
    const size_t value_end = text_.find(a.quote, i + 1);
    if (value_end == std::string_view::npos) return false;
    a.raw = Piece(i + 1, value_end);
    i = value_end + 1;
    n.attributes.push_back(a);
  }
  const bool self_closing = n.self_closing;
  // The line where the start tag ends, as libxml2 counts element lines.
  Advance(i);
  node.line = line_;
  node.parts = static_cast<int32_t>(parts_->size());
  parts_->push_back(std::move(n));
  const NodeId id = Add(node, parent);
  if (!self_closing) {
    open->push_back(id);
    Open();
  }
  return true;
}

// ---- Loading ----------------------------------------------------------------

std::optional<std::string> ReadFileBytes(const std::string& path,
                                         size_t limit, Diagnostics* diags) {
  if (IsStandardInput(path)) return StandardInputBytes(limit, diags);
  // Reads at most limit + 1 bytes (enough to know the file is too big).
  const SourceLocation at{path, 0, ""};
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) {
    diags->Error(Code::kFileRead, at,
                 "cannot open '" + path + "': " + std::strerror(errno));
    return std::nullopt;
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> closer(f, &std::fclose);
  struct stat st {};
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
      static_cast<uint64_t>(st.st_size) > limit) {
    diags->Error(Code::kInputLimitExceeded, at,
                 "file is " + std::to_string(st.st_size) +
                     " bytes; the limit is " + std::to_string(limit));
    return std::nullopt;
  }
  std::string bytes;
  char buffer[1 << 16];
  while (true) {
    const size_t n = std::fread(buffer, 1, sizeof(buffer), f);
    bytes.append(buffer, n);
    if (bytes.size() > limit) {
      diags->Error(Code::kInputLimitExceeded, at,
                   "input is more than " + std::to_string(limit) + " bytes");
      return std::nullopt;
    }
    if (n < sizeof(buffer)) break;
  }
  if (std::ferror(f)) {
    diags->Error(Code::kFileRead, at,
                 "cannot read '" + path + "': " + std::strerror(errno));
    return std::nullopt;
  }
  return bytes;
}

std::optional<XmlTree> XmlTree::Load(const std::string& path,
                                     Diagnostics* diags,
                                     const XmlLimits& limits) {
  const std::optional<std::string> bytes =
      ReadFileBytes(path, limits.max_bytes, diags);
  if (!bytes) return std::nullopt;
  return ParseOwned(std::move(*bytes), path, diags, limits);
}

std::optional<XmlTree> XmlTree::Parse(std::string_view text,
                                      const std::string& path,
                                      Diagnostics* diags,
                                      const XmlLimits& limits) {
  return ParseOwned(std::string(text), path, diags, limits);
}

std::optional<XmlTree> XmlTree::ParseOwned(std::string input,
                                           const std::string& path,
                                           Diagnostics* diags,
                                           const XmlLimits& limits) {
  std::string_view text = input;
  const size_t max_bytes =
      std::min(limits.max_bytes, static_cast<size_t>(INT_MAX));
  if (text.size() > max_bytes) {
    diags->Error(Code::kInputLimitExceeded, {path, 0, ""},
                 "input is " + std::to_string(text.size()) +
                     " bytes; the limit is " + std::to_string(max_bytes));
    return std::nullopt;
  }
  // The departures TinyXML2 accepts are shown to libxml2 made well-formed
  // (the same length and lines), and said; the tree is scanned from `text`.
  const SanitizedXml lenient = SanitizeForGate(text);
  for (const ToleratedSpot& spot : lenient.spots) {
    const SourceLocation at{path, spot.line, ""};
    std::string message(Describe(spot.kind));
    if (limits.lenient) {
      diags->Warning(CodeOf(spot.kind), at, message + "; tolerated");
    } else {
      diags->Error(CodeOf(spot.kind), at, std::move(message));
    }
  }
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
      return std::nullopt;
    }
  }
  if (!PassesGate(gate_text, path, diags, limits)) return std::nullopt;
  if (!limits.lenient && !lenient.spots.empty()) return std::nullopt;
  XmlTree tree;
  tree.file_ = path;
  if (const std::string encoding = ForeignEncoding(text); !encoding.empty()) {
    std::optional<std::string> utf8 = ToUtf8(text, encoding, &tree.bom_);
    if (!utf8) {
      diags->Error(Code::kXmlSyntaxError, {path, 0, ""},
                   "cannot read the text as " + encoding);
      return std::nullopt;
    }
    text = tree.text_.Own(std::move(*utf8));
    tree.encoding_ = encoding;
  } else {
    text = tree.text_.Own(std::move(input));
  }
  // Every node but the document starts at a '<' that opens no end tag, or
  // is the text before a '<' (an end tag's too) or at the end: at most one
  // per '<' of the first kind and one per '<', plus 2. Reserving that once
  // spares the scanner every reallocation.
  size_t opening = 0;
  size_t angles = 0;
  for (size_t at = text.find('<'); at != std::string_view::npos;
       at = text.find('<', at + 1)) {
    ++angles;
    if (at + 1 >= text.size() || text[at + 1] != '/') ++opening;
  }
  tree.nodes_.reserve(opening + angles + 2);
  tree.parts_.reserve(opening + 1);
  XmlNode document;
  document.type = XmlNodeType::kDocument;
  tree.AddWithParts(document, {});
  tree.root_ = XmlTreeScanner(text, &tree.nodes_, &tree.parts_).Run();
  if (tree.root_ == kNoNode || !tree.Reads(text)) {
    diags->Error(Code::kXmlSyntaxError, {path, 0, ""},
                 "the XML is well-formed but sdfconv cannot read it "
                 "losslessly");
    return std::nullopt;
  }
  tree.LearnLayout(text);
  tree.IndexPaths();
  return tree;
}

std::optional<std::string> XmlTree::SerializeAsRead() const {
  if (encoding_.empty()) return Serialize();
  return Recode(bom_ ? std::string(kUtf8Bom) + Serialize() : Serialize(),
                "UTF-8", encoding_.c_str());
}

}  // namespace sdfconv
