#include "converters/xml/xml_document.h"

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

namespace sdfconv {
namespace {

// Never XML_PARSE_NOENT, XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR or
// XML_PARSE_XINCLUDE. XML_PARSE_HUGE only lifts libxml2's fixed depth and
// text-size limits; ParseState enforces ours.
constexpr int kParseOptions =
    XML_PARSE_NONET | XML_PARSE_BIG_LINES | XML_PARSE_HUGE;

std::string_view AsView(const xmlChar* s) {
  return s == nullptr ? std::string_view()
                      : std::string_view(reinterpret_cast<const char*>(s));
}

// What one parse needs in the SAX callbacks (reached via ctxt->_private).
struct ParseState {
  const XmlLimits* limits = nullptr;
  const std::string* file = nullptr;
  Diagnostics* diags = nullptr;
  int depth = 0;
  // Set when we stopped the parser ourselves (DTD, depth): the parse result
  // is discarded and libxml2's follow-up errors are not reported.
  bool stopped = false;
  bool reported_error = false;
};

xmlParserCtxtPtr ContextOf(void* ctx) {
  return static_cast<xmlParserCtxtPtr>(ctx);
}

ParseState* StateOf(void* ctx) {
  return static_cast<ParseState*>(ContextOf(ctx)->_private);
}

int CurrentLine(xmlParserCtxtPtr ctxt) {
  return ctxt->input != nullptr ? ctxt->input->line : 0;
}

void StopWithError(void* ctx, Code code, std::string message) {
  xmlParserCtxtPtr ctxt = ContextOf(ctx);
  ParseState* state = StateOf(ctx);
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

void StartElement(void* ctx, const xmlChar* localname, const xmlChar* prefix,
                  const xmlChar* uri, int nb_namespaces,
                  const xmlChar** namespaces, int nb_attributes,
                  int nb_defaulted, const xmlChar** attributes) {
  ParseState* state = StateOf(ctx);
  if (++state->depth > state->limits->max_depth) {
    StopWithError(ctx, Code::kInputLimitExceeded,
                  "elements are nested more than " +
                      std::to_string(state->limits->max_depth) +
                      " levels deep (at <" + std::string(AsView(localname)) +
                      ">)");
    return;
  }
  xmlSAX2StartElementNs(ctx, localname, prefix, uri, nb_namespaces, namespaces,
                        nb_attributes, nb_defaulted, attributes);
  // libxml2 keeps element lines in 16 bits (XML_PARSE_BIG_LINES only helps
  // text nodes); keep the full line until IndexElements() takes it over.
  xmlNodePtr element = ContextOf(ctx)->node;
  if (element != nullptr && element->_private == nullptr) {
    element->_private = reinterpret_cast<void*>(
        static_cast<intptr_t>(CurrentLine(ContextOf(ctx))));
  }
}

void EndElement(void* ctx, const xmlChar* localname, const xmlChar* prefix,
                const xmlChar* uri) {
  --StateOf(ctx)->depth;
  xmlSAX2EndElementNs(ctx, localname, prefix, uri);
}

// libxml2's structured error handler for this parse. `user` is the parser
// context (libxml2 passes ctxt->userData, which is the context itself).
void OnXmlError(void* user, xmlErrorPtr error) {
  ParseState* state = StateOf(user);
  if (state->stopped || error == nullptr) return;
  std::string message = error->message != nullptr ? error->message : "";
  while (!message.empty() &&
         (message.back() == '\n' || message.back() == ' ')) {
    message.pop_back();
  }
  if (message.empty()) message = "malformed XML";
  const SourceLocation at{*state->file, error->line, ""};
  if (error->level == XML_ERR_WARNING || error->domain == XML_FROM_NAMESPACE) {
    state->diags->Warning(Code::kXmlSyntaxError, at, std::move(message));
  } else {
    state->diags->Error(Code::kXmlSyntaxError, at, std::move(message));
    state->reported_error = true;
  }
}

struct ContextDeleter {
  void operator()(xmlParserCtxtPtr ctxt) const { xmlFreeParserCtxt(ctxt); }
};


bool IsElement(const xmlNode* node) {
  return node != nullptr && node->type == XML_ELEMENT_NODE;
}

// Tag(element) == tag, without building the string.
bool TagIs(const xmlNode* element, std::string_view tag) {
  if (tag.empty()) return true;
  const std::string_view name = AsView(element->name);
  if (element->ns == nullptr || element->ns->prefix == nullptr) {
    return name == tag;
  }
  const std::string_view prefix = AsView(element->ns->prefix);
  return tag.size() == prefix.size() + 1 + name.size() &&
         tag.substr(0, prefix.size()) == prefix && tag[prefix.size()] == ':' &&
         tag.substr(prefix.size() + 1) == name;
}

// "link[@name=\"l\"]"
void AppendSegment(const xmlNode* element, std::string* out) {
  out->push_back('/');
  *out += Tag(element);
  if (const std::optional<std::string> name = Attribute(element, "name")) {
    *out += "[@name=\"";
    *out += *name;
    *out += "\"]";
  }
}

// The segments of `element` and its `count` - 1 nearest ancestors (fewer at
// the root), outermost first.
void AppendSegmentsUpTo(const xmlNode* element, int count, std::string* out) {
  std::vector<const xmlNode*> chain;
  for (const xmlNode* n = element; IsElement(n) && count > 0;
       n = n->parent, --count) {
    chain.push_back(n);
  }
  for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
    AppendSegment(*it, out);
  }
}

}  // namespace

void XmlDocument::DocDeleter::operator()(xmlDoc* doc) const {
  xmlFreeDoc(doc);
}

XmlDocument::XmlDocument(std::unique_ptr<xmlDoc, DocDeleter> doc,
                         std::string file)
    : doc_(std::move(doc)), file_(std::move(file)) {}

XmlDocument::XmlDocument(XmlDocument&&) noexcept = default;
XmlDocument& XmlDocument::operator=(XmlDocument&&) noexcept = default;
XmlDocument::~XmlDocument() = default;

std::optional<std::string> ReadFileBytes(const std::string& path,
                                         size_t limit, Diagnostics* diags) {
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

std::optional<XmlDocument> XmlDocument::LoadFile(const std::string& path,
                                                 Diagnostics* diags,
                                                 const XmlLimits& limits) {
  std::optional<std::string> bytes = ReadFileBytes(path, limits.max_bytes, diags);
  if (!bytes) return std::nullopt;
  return LoadString(*bytes, path, diags, limits);
}

std::optional<XmlDocument> XmlDocument::LoadString(std::string_view text,
                                                   const std::string& path,
                                                   Diagnostics* diags,
                                                   const XmlLimits& limits) {
  const size_t max_bytes =
      std::min(limits.max_bytes, static_cast<size_t>(INT_MAX));
  if (text.size() > max_bytes) {
    diags->Error(Code::kInputLimitExceeded, {path, 0, ""},
                 "input is " + std::to_string(text.size()) +
                     " bytes; the limit is " + std::to_string(max_bytes));
    return std::nullopt;
  }
  static const bool initialized = (xmlInitParser(), true);  // once, safely
  (void)initialized;
  std::unique_ptr<xmlParserCtxt, ContextDeleter> ctxt(xmlNewParserCtxt());
  if (ctxt == nullptr || ctxt->sax == nullptr) {
    diags->Error(Code::kFileRead, {path, 0, ""},
                 "cannot create an XML parser (out of memory)");
    return std::nullopt;
  }
  ParseState state;
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
  sax->initialized = XML_SAX2_MAGIC;  // so that libxml2 uses `serror`

  std::unique_ptr<xmlDoc, DocDeleter> doc(xmlCtxtReadMemory(
      ctxt.get(), text.data(), static_cast<int>(text.size()), path.c_str(),
      /*encoding=*/nullptr, kParseOptions));
  const bool well_formed = ctxt->wellFormed != 0;
  ctxt.reset();
  if (state.stopped) return std::nullopt;
  if (doc == nullptr || !well_formed || xmlDocGetRootElement(doc.get()) ==
                                            nullptr) {
    if (!state.reported_error) {
      diags->Error(Code::kXmlSyntaxError, {path, 0, ""},
                   "not a well-formed XML document");
    }
    return std::nullopt;
  }
  XmlDocument result(std::move(doc), path);
  result.IndexElements();
  return result;
}

const xmlNode* XmlDocument::root() const {
  return xmlDocGetRootElement(doc_.get());
}

// One pre-order walk over all elements, without recursion: down to the first
// child, else across to the next sibling, else up until an ancestor has one.
void XmlDocument::IndexElements() {
  xmlNode* root_element = xmlDocGetRootElement(doc_.get());
  xmlNode* node = root_element;
  int depth = 1;
  while (node != nullptr) {
    NodeInfo info;
    info.line = static_cast<int>(reinterpret_cast<intptr_t>(node->_private));
    info.depth = depth;
    info.head = depth <= kPathEndSegments ? node : InfoOf(node->parent)->head;
    info_.push_back(info);
    node->_private = reinterpret_cast<void*>(static_cast<intptr_t>(
        info_.size()));

    if (xmlNode* child = const_cast<xmlNode*>(FirstChildElement(node))) {
      node = child;
      ++depth;
      continue;
    }
    while (node != root_element && NextSiblingElement(node) == nullptr) {
      node = node->parent;
      --depth;
    }
    node = node == root_element
               ? nullptr
               : const_cast<xmlNode*>(NextSiblingElement(node));
  }
}

const XmlDocument::NodeInfo* XmlDocument::InfoOf(
    const xmlNode* element) const {
  if (!IsElement(element) || element->doc != doc_.get()) return nullptr;
  const auto index = reinterpret_cast<intptr_t>(element->_private);
  if (index <= 0 || static_cast<size_t>(index) > info_.size()) return nullptr;
  return &info_[index - 1];
}

int XmlDocument::Line(const xmlNode* element) const {
  if (const NodeInfo* info = InfoOf(element)) return info->line;
  if (element == nullptr) return 0;
  const long line = xmlGetLineNo(element);
  return line > 0 && line <= INT_MAX ? static_cast<int>(line) : 0;
}

int XmlDocument::Depth(const xmlNode* element) const {
  if (const NodeInfo* info = InfoOf(element)) return info->depth;
  int depth = 0;
  for (const xmlNode* n = element; IsElement(n); n = n->parent) ++depth;
  return depth;
}

std::string XmlDocument::ElementPath(const xmlNode* element) const {
  std::string path;
  const NodeInfo* info = InfoOf(element);
  if (info == nullptr || info->depth <= kFullPathDepth) {
    AppendSegmentsUpTo(element, INT_MAX, &path);
    return path;
  }
  AppendSegmentsUpTo(info->head, kPathEndSegments, &path);
  const int elided = info->depth - 2 * kPathEndSegments;
  path += "/...(" + std::to_string(elided) + " levels)";
  AppendSegmentsUpTo(element, kPathEndSegments, &path);
  return path;
}

SourceLocation XmlDocument::Locate(const xmlNode* element) const {
  return {file_, Line(element), ElementPath(element)};
}

std::string Tag(const xmlNode* element) {
  std::string tag;
  if (element->ns != nullptr && element->ns->prefix != nullptr) {
    tag = std::string(AsView(element->ns->prefix)) + ":";
  }
  tag += AsView(element->name);
  return tag;
}

bool IsNamespaced(const xmlNode* element) {
  // An undeclared prefix leaves no xmlNs; libxml2 keeps "prefix:name".
  return (element->ns != nullptr && element->ns->prefix != nullptr) ||
         AsView(element->name).find(':') != std::string_view::npos;
}

std::optional<std::string> Attribute(const xmlNode* element,
                                     std::string_view name) {
  for (const xmlAttr* a = element->properties; a != nullptr; a = a->next) {
    if (a->ns != nullptr || AsView(a->name) != name) continue;
    std::string value;
    for (const xmlNode* c = a->children; c != nullptr; c = c->next) {
      value += AsView(c->content);
    }
    return value;
  }
  return std::nullopt;
}

std::vector<XmlAttribute> Attributes(const xmlNode* element) {
  std::vector<XmlAttribute> attributes;
  for (const xmlAttr* a = element->properties; a != nullptr; a = a->next) {
    XmlAttribute out;
    if (a->ns != nullptr && a->ns->prefix != nullptr) {
      out.name = std::string(AsView(a->ns->prefix)) + ":";
    }
    out.name += AsView(a->name);
    // An undeclared prefix leaves no xmlNs; libxml2 keeps "prefix:name".
    out.namespaced = out.name.find(':') != std::string::npos;
    for (const xmlNode* c = a->children; c != nullptr; c = c->next) {
      out.value += AsView(c->content);
    }
    attributes.push_back(std::move(out));
  }
  return attributes;
}

std::string Text(const xmlNode* element) {
  std::string text;
  for (const xmlNode* c = element->children; c != nullptr; c = c->next) {
    if (c->type == XML_TEXT_NODE || c->type == XML_CDATA_SECTION_NODE) {
      text += AsView(c->content);
    }
  }
  return text;
}

std::vector<const xmlNode*> ChildElements(const xmlNode* element) {
  std::vector<const xmlNode*> children;
  for (const xmlNode* c = FirstChildElement(element); c != nullptr;
       c = NextSiblingElement(c)) {
    children.push_back(c);
  }
  return children;
}

const xmlNode* FirstChildElement(const xmlNode* element, std::string_view tag) {
  for (const xmlNode* c = element->children; c != nullptr; c = c->next) {
    if (IsElement(c) && TagIs(c, tag)) return c;
  }
  return nullptr;
}

const xmlNode* NextSiblingElement(const xmlNode* element,
                                  std::string_view tag) {
  for (const xmlNode* c = element->next; c != nullptr; c = c->next) {
    if (IsElement(c) && TagIs(c, tag)) return c;
  }
  return nullptr;
}

const xmlNode* ParentElement(const xmlNode* element) {
  const xmlNode* parent = element->parent;
  return IsElement(parent) ? parent : nullptr;
}

}  // namespace sdfconv
