// XmlTree::Parse: the gate (xml_gate.h) checks the text under the rules of
// untrusted input, then a scanner cuts the well-formed text into the raw
// pieces of the tree.
#include <iconv.h>
#include <libxml/encoding.h>
#include <sys/stat.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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
#include "converters/xml/xml_gate.h"
#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

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
// The children and attributes of every element go to the tree's list
// arrays (XmlList::Borrow), which take their final place at the end.
class XmlTreeScanner {
 public:
  XmlTreeScanner(std::string_view text, XmlTree* tree)
      : text_(text),
        nodes_(&tree->nodes_),
        parts_(&tree->parts_),
        child_array_(&tree->lists_.children),
        attribute_array_(&tree->lists_.attributes),
        // One entry per element: sized to the parts reserved for them.
        child_offsets_(tree->parts_.capacity()),
        attribute_offsets_(tree->parts_.capacity()) {}

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
  // moved to the children array when it closes.
  void Open() { marks_.push_back(pending_.size()); }
  void Close(NodeId id) {
    const auto from =
        pending_.begin() + static_cast<std::ptrdiff_t>(marks_.back());
    const int32_t parts = (*nodes_)[id].parts;
    Offset(&child_offsets_, parts) = child_array_->size();
    child_array_->insert(child_array_->end(), from, pending_.end());
    (*parts_)[parts].children =
        XmlList<NodeId>::Borrow(nullptr, pending_.end() - from);
    pending_.erase(from, pending_.end());
    marks_.pop_back();
  }
  static size_t& Offset(std::vector<size_t>* offsets, int32_t parts) {
    if (offsets->size() <= static_cast<size_t>(parts)) {
      offsets->resize(static_cast<size_t>(parts) + 1);
    }
    return (*offsets)[static_cast<size_t>(parts)];
  }
  // Gives every list its place in the arrays, now that they are whole and
  // trimmed to their size (they grew by doubling).
  void Settle() {
    child_array_->shrink_to_fit();
    attribute_array_->shrink_to_fit();
    for (size_t p = 0; p < parts_->size(); ++p) {
      XmlElementParts& parts = (*parts_)[p];
      if (!parts.children.empty()) {
        parts.children = XmlList<NodeId>::Borrow(
            child_array_->data() + child_offsets_[p], parts.children.size());
      }
      if (!parts.attributes.empty()) {
        parts.attributes = XmlList<RawAttribute>::Borrow(
            attribute_array_->data() + attribute_offsets_[p],
            parts.attributes.size());
      }
    }
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
    line_ += LineBreaks(pos_, to);
    pos_ = to;
  }
  // The line breaks in [from, to): 16 bytes at a time with SSE2 wherever
  // 16 bytes of the text remain (bytes past `to` are masked out), the
  // rest one at a time.
  int LineBreaks(size_t from, size_t to) const {
    int n = 0;
#if defined(__SSE2__)
    const __m128i lf = _mm_set1_epi8('\n');
    while (from < to && from + 16 <= text_.size()) {
      const __m128i b = _mm_loadu_si128(
          reinterpret_cast<const __m128i*>(text_.data() + from));
      auto breaks =
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(b, lf)));
      if (to - from < 16) breaks &= (1u << (to - from)) - 1;
      if (breaks != 0) n += __builtin_popcount(breaks);
      from += 16;
    }
    if (from >= to) return n;
#endif
    return n + static_cast<int>(std::count(
                   text_.begin() + static_cast<std::ptrdiff_t>(from),
                   text_.begin() + static_cast<std::ptrdiff_t>(to), '\n'));
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
  std::vector<NodeId>* child_array_;
  std::vector<RawAttribute>* attribute_array_;
  // Where each element's lists start in the arrays, by parts index.
  std::vector<size_t> child_offsets_;
  std::vector<size_t> attribute_offsets_;
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
  Settle();
  return root;
}

bool XmlTreeScanner::StartTag(NodeId parent, std::vector<NodeId>* open) {
  XmlNode node;
  node.type = XmlNodeType::kElement;
  XmlElementParts n;
  const size_t first_attribute = attribute_array_->size();
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
    const size_t name_at = i;
    while (i < text_.size() && !IsNameEnd(text_[i])) ++i;
    const size_t eq_at = i;
    while (i < text_.size() && text_[i] != '"' && text_[i] != '\'') ++i;
    if (i >= text_.size() || eq_at == name_at) return false;
    const size_t value_end = text_.find(text_[i], i + 1);
    if (value_end == std::string_view::npos) return false;
    attribute_array_->push_back(
        RawAttribute(Piece(lead_start, value_end + 1),
                     static_cast<uint32_t>(name_at - lead_start),
                     static_cast<uint32_t>(eq_at - name_at),
                     static_cast<uint32_t>(i - eq_at)));
    i = value_end + 1;
  }
  const bool self_closing = n.self_closing;
  // The line where the start tag ends, as libxml2 counts element lines.
  Advance(i);
  node.line = line_;
  node.parts = static_cast<int32_t>(parts_->size());
  n.attributes = XmlList<RawAttribute>::Borrow(
      nullptr, attribute_array_->size() - first_attribute);
  Offset(&attribute_offsets_, node.parts) = first_attribute;
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
  // A regular file is read into storage of its size: no copy as it grows,
  // nothing unused.
  if (S_ISREG(st.st_mode)) bytes.reserve(static_cast<size_t>(st.st_size));
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
  std::optional<std::string> bytes =
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
  // libxml2, or the fast check of plain XML, decides (xml_gate.h); the
  // tree is scanned from `text`.
  if (!PassesGate(text, path, diags, limits)) return std::nullopt;
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
  tree.lists_.children.reserve(tree.nodes_.capacity());
  tree.root_ = XmlTreeScanner(text, &tree).Run();
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
