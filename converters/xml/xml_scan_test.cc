// The two scanners build the same tree: plain XML is read as the gate's
// fast check goes (BuildPlainXml), anything else by the lenient scanner
// after libxml2. A namespace declaration on the root element makes a plain
// text go the other way without moving a byte of the rest, so the trees
// of the two texts must match node for node, the declaration aside.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "converters/xml/xml_gate.h"
#include "converters/xml/xml_test_util.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

// A default namespace: the fast check leaves every one to libxml2.
constexpr std::string_view kDeclaration = " xmlns=\"urn:q\"";

// `text` with kDeclaration after the root element's name, or "" when the
// text has no root to put it on.
std::string WithDeclaration(const std::string& text) {
  size_t at = 0;
  while (true) {
    at = text.find('<', at);
    if (at == std::string::npos || at + 1 >= text.size()) return "";
    const char next = text[at + 1];
    if (next != '?' && next != '!') break;
    const std::string_view close = next == '?' ? "?>" : "-->";
    at = text.find(close, at);
    if (at == std::string::npos) return "";
  }
  size_t name_end = at + 1;
  while (name_end < text.size() &&
         std::string_view(" \t\r\n/>").find(text[name_end]) ==
             std::string_view::npos) {
    ++name_end;
  }
  return text.substr(0, name_end) + std::string(kDeclaration) +
         text.substr(name_end);
}

std::string Describe(const XmlTree& tree, NodeId n) {
  return "node " + std::to_string(n) + " <" + std::string(tree.Tag(n)) +
         "> line " + std::to_string(tree.Line(n));
}

// Node for node, in document order: kind, tag, line, attribute pieces and
// raw text; `skip_first` attributes of the root of `b` left out.
void ExpectSameTrees(const XmlTree& a, const XmlTree& b, size_t skip_first,
                     const std::string& text) {
  std::vector<std::pair<NodeId, NodeId>> stack = {{0, 0}};
  int compared = 0;
  while (!stack.empty()) {
    const auto [x, y] = stack.back();
    stack.pop_back();
    ++compared;
    ASSERT_EQ(a.IsElement(x), b.IsElement(y)) << Describe(a, x) << "\n" << text;
    ASSERT_EQ(a.Tag(x), b.Tag(y)) << Describe(a, x) << "\n" << text;
    ASSERT_EQ(a.Line(x), b.Line(y)) << Describe(a, x) << "\n" << text;
    if (x != 0 && !a.IsElement(x)) {
      ASSERT_EQ(a.SerializeNode(x), b.SerializeNode(y)) << Describe(a, x);
    }
    // What the kinds of raw nodes make of their text.
    if (a.IsElement(x)) ASSERT_EQ(a.Text(x), b.Text(y)) << Describe(a, x);
    const auto& attributes_a = a.RawAttributes(x);
    const auto& attributes_b = b.RawAttributes(y);
    const size_t skip = y == b.root() ? skip_first : 0;
    ASSERT_EQ(attributes_a.size() + skip, attributes_b.size())
        << Describe(a, x) << "\n"
        << text;
    for (size_t k = 0; k < attributes_a.size(); ++k) {
      const RawAttribute& p = attributes_a[k];
      const RawAttribute& q = attributes_b[k + skip];
      EXPECT_EQ(p.lead(), q.lead()) << Describe(a, x);
      EXPECT_EQ(p.name(), q.name()) << Describe(a, x);
      EXPECT_EQ(p.eq(), q.eq()) << Describe(a, x);
      EXPECT_EQ(p.quote(), q.quote()) << Describe(a, x);
      EXPECT_EQ(p.raw(), q.raw()) << Describe(a, x);
    }
    const auto& children_a = a.ChildNodes(x);
    const auto& children_b = b.ChildNodes(y);
    ASSERT_EQ(children_a.size(), children_b.size()) << Describe(a, x) << "\n"
                                                    << text;
    for (size_t k = children_a.size(); k-- > 0;) {
      ASSERT_EQ(a.ParentElement(children_a[k]) == kNoNode,
                b.ParentElement(children_b[k]) == kNoNode);
      stack.push_back({children_a[k], children_b[k]});
    }
  }
  EXPECT_EQ(static_cast<size_t>(compared), a.size()) << text;
}

// Whether `text` is plain and read the same both ways; false when the
// test does not apply (not plain, or no lenient twin).
bool ReadsTheSameBothWays(const std::string& text) {
  std::vector<ToleratedSpot> spots;
  if (!IsPlainXml(text, {}, &spots)) return false;
  const std::string twin = WithDeclaration(text);
  if (twin.empty() || IsPlainXml(twin, {}, &spots)) return false;
  Diagnostics said_plain;
  Diagnostics said_lenient;
  const std::optional<XmlTree> plain =
      XmlTree::Parse(text, "t.sdf", &said_plain);
  const std::optional<XmlTree> lenient =
      XmlTree::Parse(twin, "t.sdf", &said_lenient);
  EXPECT_TRUE(plain.has_value()) << text;
  EXPECT_TRUE(lenient.has_value()) << twin;
  if (!plain || !lenient) return false;
  // The same warnings too (comments that hold `--`), at the same lines.
  EXPECT_EQ(Said(said_plain), Said(said_lenient)) << text;
  EXPECT_EQ(plain->Serialize(), text);
  ExpectSameTrees(*plain, *lenient, 1, text);
  return true;
}

TEST(XmlScanTest, ConstructsReadTheSameBothWays) {
  int compared = 0;
  for (const std::string& text : std::vector<std::string>{
           "<r/>",
           "<r></r>",
           "<?xml version=\"1.0\"?>\n<r/>\n",
           "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<r/>",
           "<!-- a -->\n<r>\n</r>\n<!---->\n<!-- b -->\n",
           "<r a=\"1\" b='2' c = \"x &lt; y &amp;&gt;&quot;&apos;\"/>",
           "<r\n>\r\n<a.b-c_d\t/></r\t>",
           "<r>text ]] ] > ]><![CDATA[ <not> & ]] ]]>tail<!-- c --></r>",
           "<r>caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80</r>",
           "<sdf version=\"1.8\">\n  <model name=\"m\">\n    <link "
           "name=\"l\">\n      <pose>1 2 3 0 0 0</pose>\n    </link>\n"
           "  </model>\n</sdf>\n",
           "<r\n  a\n  =\n  'x\ny'\n  b='2'\n/>",
           "<!-- gz topic --help -->\n<r>\n<!-- a ---></r>\n",
           "<r>\n<!-- - -- --- -->x<!---->\n<!----->\n</r>",
       }) {
    EXPECT_TRUE(ReadsTheSameBothWays(text)) << text;
    ++compared;
  }
  EXPECT_EQ(compared, 13);
}

// Random documents of every construct the fast check takes.
TEST(XmlScanTest, RandomDocumentsReadTheSameBothWays) {
  std::mt19937 random(3);
  const std::vector<std::string> spaces = {"",   " ",    "\n",
                                           "\t", "\r\n", "  \n  "};
  auto space = [&] { return spaces[random() % spaces.size()]; };
  const std::vector<std::string> texts = {
      "x", "1 2 3", "a &amp; b", "]]", "\xC3\xA9", "", "&lt;"};
  int compared = 0;
  for (int document = 0; document < 500; ++document) {
    std::string text = random() % 2 ? "<?xml version=\"1.0\"?>" : "";
    text += space() + (random() % 3 == 0 ? "<!-- c -->" : "") + space();
    text += random() % 5 == 0 ? "<!-- --c -->" + space() : "";
    text += "<r>";
    std::vector<std::string> open;
    for (int k = 0; k < 30; ++k) {
      const unsigned what = random() % 7;
      if (what == 0 && !open.empty()) {
        text += "</" + open.back() + space() + ">";
        open.pop_back();
        continue;
      }
      if (what == 1) {
        text += texts[random() % texts.size()];
      } else if (what == 2) {
        text += random() % 3 ? "<!--" + space() + "-->"
                             : "<!-- a --" + space() + "-->";
      } else if (what == 3) {
        text += "<![CDATA[" + space() + "<x>]]>";
      } else {
        const std::string tag = "e" + std::to_string(random() % 3);
        text += "<" + tag;
        for (unsigned a = random() % 3; a > 0; --a) {
          text += (space().empty() ? " " : "\n") + std::string(1, 'a' + a) +
                  space() + "=" + space() + (a % 2 ? "\"v" : "'v") + space() +
                  (a % 2 ? "\"" : "'");
        }
        text += space();
        if (random() % 2) {
          text += "/>";
        } else {
          text += ">";
          open.push_back(tag);
        }
      }
      text += space();
    }
    while (!open.empty()) {
      text += "</" + open.back() + ">";
      open.pop_back();
    }
    text += "</r>" + space();
    compared += ReadsTheSameBothWays(text);
  }
  EXPECT_GT(compared, 450);
}

TEST(XmlScanTest, CorpusFilesReadTheSameBothWays) {
  const auto files = CorpusXmlFiles();
  if (files.empty()) return;
  int compared = 0;
  for (const auto& [path, bytes] : files)
    compared += ReadsTheSameBothWays(bytes);
  std::printf("%d corpus files read the same both ways\n", compared);
  EXPECT_GT(compared, 300);
}

}  // namespace
}  // namespace sdfconv
