// XmlTree::RepairTolerances: every departure from well-formedness the parse
// tolerated (xml_leniency.h) written in its repaired form, one warning each.
#include <algorithm>
#include <cassert>
#include <string>
#include <vector>

#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool IsWhitespace(std::string_view s) {
  return s.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

// The line of offset `at` of a raw piece that starts on `line`.
int LineWithin(std::string_view raw, size_t at, int line) {
  if (line <= 0) return line;
  return line + static_cast<int>(std::count(raw.begin(),
                                            raw.begin() +
                                                static_cast<std::ptrdiff_t>(at),
                                            '\n'));
}

}  // namespace

void XmlTree::SayRepair(XmlTolerance kind, NodeId at, int line,
                        std::string_view written, Diagnostics* diags) const {
  SourceLocation where = Locate(at);
  if (line > 0 && OriginIndex(at) < 0) where.line = line;
  diags->Warning(CodeOf(kind), where,
                 std::string(Describe(kind)) + "; written " +
                     std::string(written));
}

int XmlTree::RepairDeclarations(Diagnostics* diags) {
  ++revision_;
  int repairs = 0;
  for (bool again = true; again;) {
    again = false;
    const std::vector<NodeId> kids = Kids(0).ToVector();
    std::string before;  // the raw text of the document before kids[k]
    bool declared = false;  // a declaration stands first
    for (size_t k = 0; k < kids.size() && kids[k] != root_; ++k) {
      const XmlNode& node = nodes_[kids[k]];
      const bool declaration =
          node.type == XmlNodeType::kPi && IsXmlDeclaration(node.raw);
      const bool first = before.empty() || before == kBom;
      if (!declaration || first) {
        declared = declared || (declaration && first);
        before += SerializeNode(kids[k]);
        continue;
      }
      const NodeId decl = kids[k];
      const int line = node.line;
      std::string_view written;
      if (declared || !IsWhitespace(std::string_view(before).substr(
                          before.compare(0, kBom.size(), kBom) == 0
                              ? kBom.size()
                              : 0))) {
        // Out of its place: the indentation before it and the line break
        // after it go with it.
        if (k > 0 && nodes_[kids[k - 1]].type == XmlNodeType::kText) {
          PackedXmlText& prev = nodes_[kids[k - 1]].raw;
          const size_t end = prev.view().find_last_not_of(" \t");
          if (end == std::string_view::npos || prev[end] == '\n') {
            prev.remove_suffix(prev.size() -
                               (end == std::string_view::npos ? 0 : end + 1));
          }
        }
        Detach(decl);
        if (k < Kids(0).size()) {
          XmlNode& next = nodes_[Kids(0)[k]];
          if (next.type == XmlNodeType::kText) {
            if (next.raw.compare(0, 2, "\r\n") == 0) {
              next.raw.remove_prefix(2);
            } else if (next.raw.compare(0, 1, "\n") == 0) {
              next.raw.remove_prefix(1);
            }
          }
        }
        if (declared) {
          written = "without it (a declaration comes first)";
        } else {
          size_t at = 0;
          XmlNode& lead = nodes_[Kids(0)[0]];
          if (lead.type == XmlNodeType::kText &&
              lead.raw.compare(0, kBom.size(), kBom) == 0) {
            lead.raw.remove_prefix(kBom.size());
            InsertAt(0, 0, NewText(kBom));
            at = 1;
          }
          InsertAt(0, at, decl);
          InsertAt(0, at + 1, NewText(newline_));
          written = "at the start of the file";
        }
      } else {  // only whitespace (after a byte order mark) before it
        for (size_t j = 0; j < k; ++j) {
          XmlNode& lead = nodes_[kids[j]];
          if (j == 0 && lead.raw.compare(0, kBom.size(), kBom) == 0) {
            lead.raw.remove_suffix(lead.raw.size() - kBom.size());
          } else {
            lead.raw = XmlText();
          }
        }
        written = "without the whitespace before it";
      }
      SayRepair(XmlTolerance::kDeclarationNotFirst, decl, line, written, diags);
      ++repairs;
      again = true;
      break;
    }
  }
  return repairs;
}

int XmlTree::RepairDeclarationVersion(Diagnostics* diags) {
  const XmlList<NodeId>& kids = Kids(0);
  for (size_t k = 0; k < kids.size() && kids[k] != root_; ++k) {
    const NodeId n = kids[k];
    const XmlNode& node = nodes_[n];
    if (node.type != XmlNodeType::kPi || !IsXmlDeclaration(node.raw)) continue;
    if (!NamesOtherVersion(node.raw)) return 0;
    SayRepair(XmlTolerance::kDeclarationVersion, n, node.line,
              "with version \"1.0\"", diags);
    nodes_[n].raw = Keep(sdfconv::RepairDeclarationVersion(node.raw));
    return 1;
  }
  return 0;
}

int XmlTree::RepairTextBeforeRoot(NodeId n, Diagnostics* diags) {
  const XmlNode& node = nodes_[n];
  if (node.type != XmlNodeType::kText || node.parent != 0 ||
      root_ == kNoNode || IndexInParent(n) > IndexInParent(root_)) {
    return 0;
  }
  const bool first = IndexInParent(n) == 0;
  const std::string_view raw = node.raw.view();
  if (!HoldsText(raw, first)) return 0;
  const size_t bom =
      first && raw.substr(0, kBom.size()) == kBom ? kBom.size() : 0;
  SayRepair(XmlTolerance::kTextBeforeRoot, n,
            LineWithin(raw, raw.find_first_not_of(" \t\r\n", bom),
                       node.line),
            "as a comment", diags);
  // The text node keeps the white space before it; a comment and the
  // white space after it follow.
  std::string_view lead;
  std::string_view tail;
  const std::string comment = TextBeforeRootAsComment(raw, &lead, &tail);
  const size_t at = IndexInParent(n);
  const NodeId after = tail.empty() ? kNoNode : NewText(tail);
  const NodeId made = NewText(comment);
  nodes_[made].type = XmlNodeType::kComment;
  nodes_[n].raw = Keep(lead);
  InsertAt(0, at + 1, made);
  if (after != kNoNode) InsertAt(0, at + 2, after);
  return 1;
}

int XmlTree::RepairTolerances(NodeId id, Diagnostics* diags) {
  if (revision_ == nothing_to_repair_at_) {
#ifndef NDEBUG  // the tests build without NDEBUG: every tree they repair
    XmlTree walked = *this;
    walked.nothing_to_repair_at_ = kNever;
    Diagnostics said;
    assert(walked.RepairTolerances(id, &said) == 0 && said.size() == 0);
#endif
    return 0;
  }
  ++revision_;
  int repairs = 0;
  if (id == 0) {
    repairs += RepairDeclarations(diags);
    repairs += RepairDeclarationVersion(diags);  // the one left first
  }
  std::vector<NodeId> stack = {id};
  while (!stack.empty()) {
    const NodeId n = stack.back();
    stack.pop_back();
    XmlNode& node = nodes_[n];
    if (const int text = RepairTextBeforeRoot(n, diags); text > 0) {
      repairs += text;
    } else if (node.type == XmlNodeType::kComment &&
               HasDoubleHyphen(node.raw)) {
      // Said where the parse says it (DoubleHyphenAt).
      const size_t at = DoubleHyphenAt(node.raw, 0, node.raw.size());
      SayRepair(XmlTolerance::kCommentDoubleHyphen, n,
                LineWithin(node.raw, at == std::string::npos ? 0 : at,
                           node.line),
                "with '- -'", diags);
      nodes_[n].raw = Keep(RepairComment(nodes_[n].raw));
      ++repairs;
    } else if (node.type == XmlNodeType::kText && HasBareAmpersand(node.raw)) {
      size_t at = node.raw.find('&');
      while (!IsBareAmpersand(node.raw, at)) at = node.raw.find('&', at + 1);
      SayRepair(XmlTolerance::kBareAmpersand, n,
                LineWithin(node.raw, at, node.line), "as '&amp;'", diags);
      nodes_[n].raw = Keep(RepairAmpersands(nodes_[n].raw));
      ++revision_;
      ++repairs;
    } else if (node.type == XmlNodeType::kElement) {
      for (RawAttribute& a : Parts(n).attributes) {
        if (!HasBareAmpersand(a.raw())) continue;
        SayRepair(XmlTolerance::kBareAmpersand, n, 0,
                  "as '&amp;' in attribute '" + std::string(a.name()) + "'",
                  diags);
        a = KeepAttribute(a.lead(), a.name(), a.eq(), a.quote(),
                          RepairAmpersands(a.raw()));
        ++revision_;
        ++repairs;
      }
    }
    const XmlList<NodeId>& kids = ChildNodes(n);
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
  }
  return repairs;
}

}  // namespace sdfconv
