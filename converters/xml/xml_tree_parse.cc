// XmlTree::Parse: the gate (xml_gate.h) checks the text under the rules of
// untrusted input, and the raw pieces of the tree are cut from it: plain
// XML by the gate's fast check as it goes, anything else libxml2 accepts
// by the lenient scanner here. Both hand the pieces to XmlTreeBuilder.
#include <iconv.h>
#include <libxml/encoding.h>
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
#include <vector>

#include "converters/xml/standard_input.h"
#include "converters/xml/xml_gate.h"
#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_tree.h"
#include "converters/xml/xml_tree_builder.h"

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
// by its first bytes or its declaration; "" for UTF-8. Only for a text
// libxml2 has accepted (CheckWithLibxml2).
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

// ---- The builder ------------------------------------------------------------

XmlTreeBuilder::XmlTreeBuilder(std::string_view text, XmlTree* tree)
    : text_(text),
      nodes_(&tree->nodes_),
      parts_(&tree->parts_),
      child_array_(&tree->lists_.children),
      attribute_array_(&tree->lists_.attributes),
      // One entry per element: sized to the parts reserved for them.
      child_offsets_(tree->parts_.capacity()),
      attribute_offsets_(tree->parts_.capacity()),
      marks_({0}),
      next_break_(text.find('\n')) {}

// Children are gathered in `pending_` while their parent is open, and
// moved to the children array when it closes.
void XmlTreeBuilder::Close(NodeId id) {
  const auto from =
      pending_.begin() + static_cast<std::ptrdiff_t>(marks_.back());
  const auto parts = static_cast<size_t>((*nodes_)[id].parts);
  Offset(&child_offsets_, parts) = child_array_->size();
  child_array_->insert(child_array_->end(), from, pending_.end());
  (*parts_)[parts].children =
      XmlList<NodeId>::Borrow(nullptr, pending_.end() - from);
  pending_.erase(from, pending_.end());
  marks_.pop_back();
}

NodeId XmlTreeBuilder::EndBeginTag(size_t tail, size_t close,
                                   bool self_closing) {
  tag_.tail = Piece(tail, close);
  tag_.self_closing = self_closing;
  // Its depth and the head of its shortened path (XmlElementParts): the
  // open element at depth kPathEndSegments when it lies deeper, else itself.
  tag_.depth = static_cast<int32_t>(open_.size());
  tag_.head = tag_.depth <= kPathEndSegments
                  ? static_cast<NodeId>(nodes_->size())
                  : open_[kPathEndSegments];
  // The line where the start tag ends, as libxml2 counts element lines.
  Advance(close + (self_closing ? 2 : 1));
  XmlNode node;
  node.type = XmlNodeType::kElement;
  node.line = line_;
  node.parts = static_cast<int32_t>(parts_->size());
  tag_.attributes = XmlList<RawAttribute>::Borrow(
      nullptr, attribute_array_->size() - first_attribute_);
  Offset(&attribute_offsets_, static_cast<size_t>(node.parts)) =
      first_attribute_;
  parts_->push_back(std::move(tag_));
  const NodeId id = Add(node);
  if (open_.size() == 1 && root_ == kNoNode) root_ = id;
  if (!self_closing) {
    open_.push_back(id);
    marks_.push_back(pending_.size());
  }
  return id;
}

void XmlTreeBuilder::EndTag(size_t from, size_t to) {
  const NodeId id = open_.back();
  (*parts_)[(*nodes_)[id].parts].end = Piece(from, to);
  Advance(to);
  Close(id);
  open_.pop_back();
}

// Gives every list its place in the arrays, now that they are whole and
// trimmed to their size (they grew by doubling).
NodeId XmlTreeBuilder::Finish() {
  Close(0);
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
  return root_;
}

// ---- The lenient scanner -------------------------------------------------

namespace {

// Scans well-formed, DTD-free XML that libxml2 has accepted (with the
// departures xml_leniency.h tolerates) into the builder's tree.
class XmlTreeScanner {
 public:
  XmlTreeScanner(std::string_view text, XmlTree* tree)
      : text_(text), build_(text, tree) {}

  // Returns the root element, or kNoNode if the text is not what we expect.
  NodeId Run();

 private:
  bool StartsWith(std::string_view s) const {
    return text_.substr(pos_, s.size()) == s;
  }
  // Adds the raw node [pos_, end) of `type`.
  void AddRaw(XmlNodeType type, size_t end) {
    build_.Raw(type, pos_, end);
    pos_ = end;
  }
  // Scans a start tag at pos_; false if malformed.
  bool StartTag();

  std::string_view text_;
  XmlTreeBuilder build_;
  size_t pos_ = 0;
};

NodeId XmlTreeScanner::Run() {
  while (pos_ < text_.size()) {
    if (text_[pos_] != '<') {
      size_t end = text_.find('<', pos_);
      if (end == std::string_view::npos) end = text_.size();
      AddRaw(XmlNodeType::kText, end);
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
      if (build_.depth() == 0 && build_.root() != kNoNode) return kNoNode;
      if (!StartTag()) return kNoNode;
    } else if (StartsWith("<!--")) {
      // Where TinyXML2 ends it too, `--` inside or not (xml_leniency.h).
      if ((end = CommentEnd(text_, pos_)) == std::string_view::npos) {
        return kNoNode;
      }
      AddRaw(XmlNodeType::kComment, end);
    } else if (StartsWith("<![CDATA[")) {
      if ((end = until("]]>")) == std::string_view::npos) return kNoNode;
      AddRaw(XmlNodeType::kCData, end);
    } else if (StartsWith("<?")) {
      if ((end = until("?>")) == std::string_view::npos) return kNoNode;
      AddRaw(XmlNodeType::kPi, end);
    } else if (StartsWith("<!")) {
      return kNoNode;  // a DTD: the gate refuses them
    } else if (StartsWith("</")) {
      end = text_.find('>', pos_);
      if (end == std::string_view::npos || build_.depth() == 0) {
        return kNoNode;
      }
      build_.EndTag(pos_, end + 1);
      pos_ = end + 1;
    } else {
      return kNoNode;  // unreachable: `next` is '!', '?' or '/'
    }
  }
  if (build_.depth() != 0) return kNoNode;
  return build_.Finish();
}

bool XmlTreeScanner::StartTag() {
  size_t i = pos_ + 1;
  const size_t name_start = i;
  while (i < text_.size() && !IsNameEnd(text_[i])) ++i;
  if (i == name_start) return false;
  build_.BeginTag(name_start, i);
  while (true) {
    const size_t lead_start = i;
    while (i < text_.size() && IsSpace(text_[i])) ++i;
    if (i >= text_.size()) return false;
    if (text_[i] == '>' || text_[i] == '/') {
      const bool self_closing = text_[i] == '/';
      build_.EndBeginTag(lead_start, i, self_closing);
      pos_ = i + (self_closing ? 2 : 1);
      return true;
    }
    const size_t name_at = i;
    while (i < text_.size() && !IsNameEnd(text_[i])) ++i;
    const size_t eq_at = i;
    while (i < text_.size() && text_[i] != '"' && text_[i] != '\'') ++i;
    if (i >= text_.size() || eq_at == name_at) return false;
    const size_t value_end = text_.find(text_[i], i + 1);
    if (value_end == std::string_view::npos) return false;
    build_.Attribute(lead_start, name_at, eq_at, i, value_end + 1);
    i = value_end + 1;
  }
}

}  // namespace

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
  // Every node but the document starts at a '<' that opens no end tag, or
  // is the text before a '<' (an end tag's too) or at the end: at most one
  // per '<' of the first kind and one per '<', plus 2. Reserving that once
  // spares the scanners every reallocation.
  const auto start = [](std::string_view text, XmlTree* tree) {
    size_t opening = 0;
    size_t angles = 0;
    for (size_t at = text.find('<'); at != std::string_view::npos;
         at = text.find('<', at + 1)) {
      ++angles;
      if (at + 1 >= text.size() || text[at + 1] != '/') ++opening;
    }
    tree->nodes_.reserve(opening + angles + 2);
    tree->parts_.reserve(opening + 1);
    XmlNode document;
    document.type = XmlNodeType::kDocument;
    tree->AddWithParts(document, {});
    tree->lists_.children.reserve(tree->nodes_.capacity());
  };
  // The gate decides (xml_gate.h). Plain XML is read into the tree as the
  // fast check goes, in one pass over the text (with a warning for each
  // comment that holds `--`); any other text is scanned after libxml2 has
  // accepted it.
  XmlTree tree;
  tree.file_ = path;
  text = tree.text_.Own(std::move(input));
  start(text, &tree);
  std::vector<ToleratedSpot> spots;
  bool clean = false;  // plain, with no tolerated spot
  if (XmlTreeBuilder plain(text, &tree);
      BuildPlainXml(text, limits, &plain, &spots)) {
    SayTolerated(spots, path, diags, limits);
    tree.root_ = plain.Finish();
    clean = spots.empty();
  } else {
    if (!CheckWithLibxml2(text, path, diags, limits)) return std::nullopt;
    XmlTree lenient;  // without the plain scan's nodes
    lenient.file_ = path;
    if (const std::string encoding = ForeignEncoding(text); !encoding.empty()) {
      std::optional<std::string> utf8 = ToUtf8(text, encoding, &lenient.bom_);
      if (!utf8) {
        diags->Error(Code::kXmlSyntaxError, {path, 0, ""},
                     "cannot read the text as " + encoding);
        return std::nullopt;
      }
      // The input goes with `tree`, below.
      text = lenient.text_.Own(std::move(*utf8));
      lenient.encoding_ = encoding;
    } else {
      lenient.text_ = std::move(tree.text_);
    }
    tree = std::move(lenient);
    start(text, &tree);
    tree.root_ = XmlTreeScanner(text, &tree).Run();
  }
  if (tree.root_ == kNoNode || !tree.Reads(text)) {
    diags->Error(Code::kXmlSyntaxError, {path, 0, ""},
                 "the XML is well-formed but sdfconv cannot read it "
                 "losslessly");
    return std::nullopt;
  }
  tree.LearnLayout(text);
  tree.paths_valid_ = true;  // the builder set each element's depth and head
  // The gate's invariant (xml_gate.h): libxml2 reads a plain text with no
  // error but its spots', so there is nothing to repair.
  if (clean) tree.nothing_to_repair_at_ = tree.revision_;
  return tree;
}

std::optional<std::string> XmlTree::SerializeAsRead() const {
  if (encoding_.empty()) return Serialize();
  return Recode(bom_ ? std::string(kUtf8Bom) + Serialize() : Serialize(),
                "UTF-8", encoding_.c_str());
}

}  // namespace sdfconv
