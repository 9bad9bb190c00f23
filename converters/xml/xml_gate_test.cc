#include "converters/xml/xml_gate.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "converters/xml/xml_leniency.h"
#include "converters/xml/xml_test_util.h"
#include "core/diagnostic.h"

namespace sdfconv {
namespace {

// The gate's invariant for one text (xml_gate.h): plain means libxml2
// accepts it with exactly the warnings of the spots, none when they are
// not asked for. Returns a message when it does not hold, else "".
std::string InvariantBroken(const std::string& text,
                            const XmlLimits& limits = {}) {
  for (const bool ask : {false, true}) {
    std::vector<ToleratedSpot> spots;
    if (!IsPlainXml(text, limits, ask ? &spots : nullptr)) continue;
    Diagnostics expected;
    SayTolerated(spots, "t.xml", &expected, limits);
    Diagnostics diags;
    const bool accepted = CheckWithLibxml2(text, "t.xml", &diags, limits);
    if (accepted && Said(diags) == Said(expected)) continue;
    return std::string("plain (spots ") + (ask ? "asked" : "not asked") +
           "), but libxml2 " + (accepted ? "accepted" : "refused") +
           " saying:\n" + Said(diags) + "where the spots say:\n" +
           Said(expected) + "for: " + text;
  }
  return "";
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
           // Namespace declarations with a plain prefix and URI (xacro's
           // output declares some on every robot).
           "<robot name=\"r\" xmlns:xacro=\"http://ros.org/wiki/xacro\"/>",
           "<r xmlns:s='http://playerstage.sourceforge.net/gazebo/xmlschema/"
           "#sensor' xmlns:q=\"urn:q:x\"><a xmlns:q=\"urn:other\"/></r>",
           "<r xmlns:a=\"https://h.example:8080/p/a_b-c.d~e?x=1;y=(2)#f/g?\"/>",
           "<r xmlns:a=\"tag:a@b.c,2001:x!$*+\" xmlns:b=\"a:/\"/>",
       }) {
    EXPECT_TRUE(IsPlainXml(text, {})) << text;
    EXPECT_EQ(InvariantBroken(text), "");
  }
}

// Comments that hold `--` are plain when their spots are asked for under
// lenient limits, with the spots SanitizeForGate finds; else they go to
// libxml2.
TEST(XmlGateTest, CommentsHoldingDoubleHyphensAreSpots) {
  for (const std::string& text : std::vector<std::string>{
           "<r><!-- a -- b --></r>",
           "<r><!-- a ---></r>",
           "<!-- gz topic -t /x --help -->\n<r>\n<!----- --->\n</r>",
           "<?xml version=\"1.0\"?>\n<r/>\n<!-- ---- -->\n<!-- \xC3\xA9 -- -->",
       }) {
    std::vector<ToleratedSpot> spots;
    ASSERT_TRUE(IsPlainXml(text, {}, &spots)) << text;
    EXPECT_FALSE(IsPlainXml(text, {})) << text;
    const SanitizedXml sanitized = SanitizeForGate(text);
    ASSERT_EQ(spots.size(), sanitized.spots.size()) << text;
    for (size_t k = 0; k < spots.size(); ++k) {
      EXPECT_EQ(spots[k].kind, XmlTolerance::kCommentDoubleHyphen);
      EXPECT_EQ(spots[k].offset, sanitized.spots[k].offset) << text;
      EXPECT_EQ(spots[k].line, sanitized.spots[k].line) << text;
    }
    EXPECT_EQ(InvariantBroken(text), "");
    XmlLimits strict;
    strict.lenient = false;
    EXPECT_FALSE(IsPlainXml(text, strict, &spots)) << text;
    EXPECT_EQ(InvariantBroken(text, strict), "");
  }
  std::vector<ToleratedSpot> spots;
  ASSERT_TRUE(IsPlainXml("\n\n<r>\n<!-- a -- -->\n<!-- b --></r>\n<!----->", {},
                         &spots));
  ASSERT_EQ(spots.size(), 2u);
  EXPECT_EQ(spots[0].offset, 13u);
  EXPECT_EQ(spots[0].line, 4);
  EXPECT_EQ(spots[1].offset, 39u);
  EXPECT_EQ(spots[1].line, 6);
  // A text that is not plain for another reason adds no spot.
  spots.clear();
  EXPECT_FALSE(IsPlainXml("<r><!-- a -- --><?pi?></r>", {}, &spots));
  EXPECT_TRUE(spots.empty());
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
           "<r xmlns:a=\"\"/>",
           "<r xmlns:xml=\"http://www.w3.org/XML/1998/namespace\"/>",
           "<r xmlns:xmlns=\"urn:a\"/>",
           "<r xmlns:XmLp=\"urn:a\"/>",
           "<r xmlns:a=\"http://www.w3.org/2000/xmlns/\"/>",
           "<r xmlns:a=\"http://www.w3.org/XML/1998/namespace\"/>",
           "<r xmlns:a=\"relative/path\"/>",
           "<r xmlns:a=\"urn:a b\"/>",
           "<r xmlns:a=\"http://h:x/\"/>",
           "<r xmlns:a=\"http://h:/\"/>",
           "<r xmlns:a=\"http://h:123456/\"/>",
           "<r xmlns:a=\"http:///p\"/>",
           "<r xmlns:a=\"http://1.2.3.4/\"/>",
           "<r xmlns:a=\"http://1.2.3.4x/\"/>",
           "<r xmlns:a=\"http://u@h/\"/>",
           "<r xmlns:a=\"http://h/%20\"/>",
           "<r xmlns:a=\"http://h/&amp;\"/>",
           "<r xmlns:a=\"http://h/#a#b\"/>",
           "<r xmlns:a=\"urn:\"/>",
           "<r xmlns:a:b=\"urn:a\"/>",
           "<r xmlns:=\"urn:a\"/>",
           "<r xmlnsa=\"urn:a\"/>",
           "<r xmlns:a=\"urn:a\" xmlns:a=\"urn:a\"/>",
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
      "<!-- a -- b -->\n<r><!-- c ---><!---->x<!-- -\xC3\xA9- --></r>",
      "<r xmlns:x=\"http://h.org:80/p?q#f\"><a xmlns:y='urn:y'/></r>",
  };
  const std::string bytes =
      std::string("<>/!?-=\"'&;[]: \t\nax1._\xC3\xA9\xBF\x80\xF0#%@~+X", 33) +
      std::string(1, '\0');
  int plain = 0;
  int variants = 0;
  for (const std::string& seed : seeds) {
    std::vector<ToleratedSpot> spots;
    ASSERT_TRUE(IsPlainXml(seed, {}, &spots)) << seed;
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
        std::vector<ToleratedSpot> variant_spots;
        if (IsPlainXml(t, {}, &variant_spots)) ++plain;
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
    std::vector<ToleratedSpot> spots;
    if (IsPlainXml(text, {}, &spots)) ++plain;
    EXPECT_EQ(InvariantBroken(text), "") << path;
  }
  std::printf("%d of %zu corpus files are plain XML\n", plain, files.size());
  EXPECT_GT(files.size(), 300u);
  EXPECT_GT(plain, static_cast<int>(files.size()) / 2);
}

}  // namespace
}  // namespace sdfconv
