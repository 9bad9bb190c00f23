#include "converters/xml/xml_gate.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "converters/xml/xml_test_util.h"
#include "core/diagnostic.h"

namespace sdfconv {
namespace {

// The gate's invariant for one text: plain means libxml2 accepts it
// without a word. Returns a message when it does not hold, else "".
std::string InvariantBroken(const std::string& text,
                            const XmlLimits& limits = {}) {
  if (!IsPlainXml(text, limits)) return "";
  Diagnostics diags;
  const bool accepted = CheckWithLibxml2(text, "t.xml", &diags, limits);
  if (accepted && diags.items().empty()) return "";
  std::string why = accepted ? "accepted with" : "refused with";
  for (const Diagnostic& d : diags.items()) why += " [" + d.message + "]";
  return "plain, but libxml2 " + why + ": " + text;
}

TEST(XmlGateTest, PlainXmlIsSaidPlain) {
  for (const std::string& text : std::vector<std::string>{
           "<r/>",
           "<r></r>",
           "<?xml version=\"1.0\"?><r/>",
           "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<r/>",
           "<?xml version = \"1.0\" encoding=\"UTF-8\"?>\n<r/>\n",
           "<!-- a --><r/><!---->\n<!-- b -->",
           "<r a=\"1\" b='2' c = \"x &lt; y &amp;&gt;&quot;&apos;\"/>",
           "<sdf version=\"1.8\">\n  <model name=\"m\">\n    <link "
           "name=\"l\"/>\n  </model>\n</sdf>",
           "<r>text ]] ] > ]></r>",
           "<r><![CDATA[ <not> & markup ]] ]]></r>",
           "<r>caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80</r>",
           "<r a=\"\xC3\xA9 ]]>\"/>",
           "<r\n>\r\n<a.b-c_d\t/></r\t>",
           "<r><!-- -> - <x> & --></r>",
       }) {
    EXPECT_TRUE(IsPlainXml(text, {})) << text;
    EXPECT_EQ(InvariantBroken(text), "");
  }
}

TEST(XmlGateTest, EverythingElseGoesToLibxml2) {
  for (const std::string& text : std::vector<std::string>{
           "",
           "   ",
           "text",
           " <?xml version=\"1.0\"?><r/>",
           "<?xml version=\"1.1\"?><r/>",
           "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r/>",
           "<?xml version=\"1.0\"encoding=\"UTF-8\"?><r/>",
           "\xEF\xBB\xBF<r/>",
           "<!DOCTYPE r><r/>",
           "<?pi x?><r/>",
           "<r><?pi x?></r>",
           "<r/><r/>",
           "<r/>text",
           "<r>",
           "<r></s>",
           "<r a=\"1\" a=\"2\"/>",
           "<r a=\"1\"b=\"2\"/>",
           "<r a=1/>",
           "<r a=\"<\"/>",
           "<r a=\"&foo;\"/>",
           "<r>&#65;</r>",
           "<r>a & b</r>",
           "<r>]]></r>",
           "<r><!-- a -- b --></r>",
           "<r><!-- a ---></r>",
           "<x:r/>",
           "<r xmlns=\"urn:a\"/>",
           "<r xml:lang=\"en\"/>",
           "<1r/>",
           "< r/>",
           "<r / >",
           "<r>\x01</r>",
           "<r>\xC0\x80</r>",
           "<r>\xED\xA0\x80</r>",
           "<r>\xEF\xBF\xBE</r>",
           "<r>\xF4\x90\x80\x80</r>",
           "<r>\xC3</r>",
           std::string("<r>\0</r>", 8),
       }) {
    EXPECT_FALSE(IsPlainXml(text, {})) << text;
  }
}

TEST(XmlGateTest, LimitsAreLeftToLibxml2) {
  XmlLimits limits;
  limits.max_depth = 2;
  EXPECT_TRUE(IsPlainXml("<a><b/></a>", limits));
  EXPECT_TRUE(IsPlainXml("<a><b></b></a>", limits));
  EXPECT_FALSE(IsPlainXml("<a><b><c/></b></a>", limits));
  Diagnostics diags;
  EXPECT_FALSE(XmlTree::Parse("<a><b><c/></b></a>", "t.xml", &diags, limits));
  ASSERT_FALSE(diags.items().empty());
  EXPECT_EQ(diags.items()[0].code, Code::kInputLimitExceeded);

  limits = XmlLimits{};
  limits.max_attributes = 2;
  EXPECT_TRUE(IsPlainXml("<a x=\"1\" y=\"2\"/>", limits));
  EXPECT_FALSE(IsPlainXml("<a x=\"1\" y=\"2\" z=\"3\"/>", limits));
  diags = Diagnostics();
  EXPECT_FALSE(
      XmlTree::Parse("<a x=\"1\" y=\"2\" z=\"3\"/>", "t.xml", &diags, limits));
  ASSERT_FALSE(diags.items().empty());
  EXPECT_EQ(diags.items()[0].code, Code::kInputLimitExceeded);
}

// Documents with every construct the fast check knows, and some it
// leaves to libxml2; every change of one byte to one of these bytes, every
// deletion of one byte and every doubling of one must keep the invariant.
TEST(XmlGateTest, EveryOneByteChangeKeepsTheInvariant) {
  const std::vector<std::string> seeds = {
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      "<!-- c -->\n<sdf version='1.8'>\n <model name=\"a&amp;b\">"
      "<link name=\"l\"><pose>1 2 3 0 0 0</pose></link>\n"
      "  <![CDATA[x]]y]]><!---->\n </model>\n</sdf>\n<!-- e -->",
      "<r a=\"\xC3\xA9\" b='&lt;&gt;&quot;&apos;'>\xE2\x82\xAC\xF0\x9F\x98\x80"
      "]] ]><x/><y\tz=\"1\"\n/></r>",
  };
  const std::string bytes =
      std::string("<>/!?-=\"'&;[]: \t\nax1._\xC3\xA9\xBF\x80\xF0", 27) +
      std::string(1, '\0');
  int plain = 0;
  int variants = 0;
  for (const std::string& seed : seeds) {
    ASSERT_TRUE(IsPlainXml(seed, {})) << seed;
    for (size_t at = 0; at < seed.size(); ++at) {
      std::vector<std::string> texts;
      for (const char b : bytes) {
        std::string t = seed;
        t[at] = b;
        texts.push_back(t);
        t = seed;
        t.insert(at, 1, b);
        texts.push_back(t);
      }
      texts.push_back(std::string(seed).erase(at, 1));
      texts.push_back(std::string(seed).insert(at, seed.substr(at, 2)));
      for (const std::string& t : texts) {
        ++variants;
        if (IsPlainXml(t, {})) ++plain;
        const std::string broken = InvariantBroken(t);
        ASSERT_EQ(broken, "");
      }
    }
  }
  // Both verdicts occur often, or the test proves little.
  EXPECT_GT(plain, variants / 10);
  EXPECT_LT(plain, variants * 9 / 10);
}

// Long runs of text and of an attribute's value are checked 16 bytes at
// a time: every byte value at every place of such runs gets the verdict
// of the byte alone, and keeps the invariant.
TEST(XmlGateTest, EveryByteAtEveryPlaceOfLongRuns) {
  constexpr size_t kRun = 40;
  int plain = 0;
  for (int value = 0; value < 256; ++value) {
    const char x = static_cast<char>(value);
    // Plain alone: printable ASCII but the markup, or tab, LF and CR.
    const bool printable =
        value >= 0x20 && value <= 0x7E && x != '<' && x != '&';
    const bool white = x == '\t' || x == '\n' || x == '\r';
    for (size_t at = 0; at <= kRun; ++at) {
      const std::string run =
          std::string(at, 'v') + x + std::string(kRun - at, 'v');
      const std::string in_text = "<r>" + run + "</r>";
      const std::string in_value = "<r a=\"" + run + "\"/>";
      EXPECT_EQ(IsPlainXml(in_text, {}), printable || white)
          << "byte " << value << " at " << at << " of the text";
      EXPECT_EQ(IsPlainXml(in_value, {}), (printable && x != '"') || white)
          << "byte " << value << " at " << at << " of the value";
      plain += IsPlainXml(in_text, {});
      ASSERT_EQ(InvariantBroken(in_text), "");
      ASSERT_EQ(InvariantBroken(in_value), "");
    }
  }
  EXPECT_GT(plain, 90 * static_cast<int>(kRun));
}

// Real files: the invariant holds on each, and the fast check takes most
// of them (real SDFormat and URDF is mostly plain).
TEST(XmlGateTest, CorpusFilesKeepTheInvariant) {
  const auto files = CorpusXmlFiles();
  if (files.empty()) return;
  int plain = 0;
  for (const auto& [path, text] : files) {
    if (IsPlainXml(text, {})) ++plain;
    EXPECT_EQ(InvariantBroken(text), "") << path;
  }
  std::printf("%d of %zu corpus files are plain XML\n", plain, files.size());
  EXPECT_GT(files.size(), 300u);
  EXPECT_GT(plain, static_cast<int>(files.size()) / 2);
}

}  // namespace
}  // namespace sdfconv
