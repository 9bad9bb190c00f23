// The departures from well-formedness that are read with a warning
// (xml_leniency.h): where each is said, what the tree holds, how it is
// repaired, and that the safety of the XML layer is unchanged.
#include "converters/xml/xml_leniency.h"

#include <string>

#include <gtest/gtest.h>

#include "converters/diagnostic_test_util.h"
#include "converters/xml/xml_element.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

constexpr char kFile[] = "lenient.sdf";

class XmlLeniencyTest : public DiagnosticTest {
 protected:
  std::optional<XmlTree> Load(std::string_view text, bool lenient = true) {
    XmlLimits limits;
    limits.lenient = lenient;
    return XmlTree::Parse(text, kFile, &diags_, limits);
  }
  // Repairs `tree`, then checks that its text parses with no diagnostic.
  std::string RepairedText(XmlTree* tree) {
    Diagnostics repairs;
    tree->RepairTolerances(0, &repairs);
    repairs_ = repairs.items();
    const std::string text = tree->Serialize();
    Diagnostics again;
    EXPECT_TRUE(XmlTree::Parse(text, kFile, &again).has_value()) << text;
    EXPECT_TRUE(again.items().empty()) << text;
    return text;
  }
  std::vector<Diagnostic> repairs_;
};

TEST_F(XmlLeniencyTest, DoubleHyphenInCommentIsReadAndRepaired) {
  const std::string input =
      "<?xml version=\"1.0\"?>\n"
      "<!--\n  gz topic -t /x --help\n-->\n"
      "<sdf version=\"1.8\">\n"
      "  <model name=\"m\"><!-- ends in a hyphen ---></model>\n"
      "</sdf>\n";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlCommentDoubleHyphen).source.line, 3);
  EXPECT_EQ(TakeWarning(Code::kXmlCommentDoubleHyphen).source.line, 6);
  EXPECT_EQ(tree->Serialize(), input);  // lossless
  const NodeId model = tree->FirstChild(tree->root(), "model");
  ASSERT_NE(model, kNoNode);
  EXPECT_EQ(tree->CommentText(tree->ChildNodes(model)[0]),
            " ends in a hyphen -");
  const std::string out = RepairedText(&*tree);
  EXPECT_EQ(out,
            "<?xml version=\"1.0\"?>\n"
            "<!--\n  gz topic -t /x - -help\n-->\n"
            "<sdf version=\"1.8\">\n"
            "  <model name=\"m\"><!-- ends in a hyphen - --></model>\n"
            "</sdf>\n");
  ASSERT_EQ(repairs_.size(), 2u);
  EXPECT_EQ(repairs_[0].code, Code::kXmlCommentDoubleHyphen);
  EXPECT_EQ(repairs_[0].source.line, 3);
  EXPECT_EQ(repairs_[1].source.line, 6);
}

// A text the gate's fast check reads with no spot holds nothing to
// repair, so the repair does not walk it: nothing said, nothing changed,
// not even the tree's revision. (Built with assertions, as the tests are,
// it walks a copy anyway and checks that there is nothing.) After a change,
// a node made too, it is walked again.
TEST_F(XmlLeniencyTest, APlainTreeIsNotWalkedUntilItChanges) {
  const std::string input =
      "<sdf version=\"1.8\">\n  <model name=\"m\"/>\n</sdf>\n";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  const uint64_t read = tree->revision();
  Diagnostics said;
  EXPECT_EQ(tree->RepairTolerances(0, &said), 0);
  EXPECT_EQ(said.size(), 0u);
  EXPECT_EQ(tree->revision(), read);
  EXPECT_EQ(tree->Serialize(), input);

  const NodeId loose = tree->NewComment(" made -- loose ");
  EXPECT_EQ(tree->RepairTolerances(loose, &said), 1);
  const NodeId model = tree->FirstChild(tree->root(), "model");
  tree->AppendComment(model, " placed -- here ");
  EXPECT_EQ(tree->RepairTolerances(0, &said), 1);
  EXPECT_EQ(said.size(), 2u);
  EXPECT_EQ(tree->Serialize(),
            "<sdf version=\"1.8\">\n  <model name=\"m\"><!-- placed - "
            "- here --></model>\n</sdf>\n");
}

TEST_F(XmlLeniencyTest, LinesAfterASanitizedSpotStayRight) {
  // libxml2 reads a copy with the spots blanked: its lines must not move.
  auto tree = Load("<!--\n-- a\n-->\n  <?xml version='1.0'\n?>\n<r>\n</x>\n");
  EXPECT_FALSE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlCommentDoubleHyphen).source.line, 2);
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 4);
  const Diagnostic mismatch = TakeError(Code::kXmlSyntaxError);
  EXPECT_EQ(mismatch.source.line, 7);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlLeniencyTest, DeclarationAfterACommentMovesToTheStart) {
  const std::string input =
      "<!-- licence -->\n  <?xml version='1.0'?>\n<sdf version=\"1.5\"/>\n";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 2);
  EXPECT_EQ(tree->Serialize(), input);
  EXPECT_EQ(RepairedText(&*tree),
            "<?xml version='1.0'?>\n<!-- licence -->\n<sdf version=\"1.5\"/>\n");
  ASSERT_EQ(repairs_.size(), 1u);
  EXPECT_EQ(repairs_[0].code, Code::kXmlDeclarationNotFirst);
  EXPECT_EQ(repairs_[0].source.line, 2);
}

TEST_F(XmlLeniencyTest, WhitespaceBeforeTheDeclarationIsDropped) {
  auto tree = Load("\n <?xml version=\"1.0\" ?>\n<sdf version=\"1.6\"/>");
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 2);
  EXPECT_EQ(RepairedText(&*tree),
            "<?xml version=\"1.0\" ?>\n<sdf version=\"1.6\"/>");
  ASSERT_EQ(repairs_.size(), 1u);
}

TEST_F(XmlLeniencyTest, AByteOrderMarkStaysFirst) {
  auto tree = Load("\xEF\xBB\xBF\n<?xml version=\"1.0\"?>\n<r/>");
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 2);
  EXPECT_EQ(RepairedText(&*tree), "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<r/>");
  // A mark directly before the declaration is where XML allows it.
  EXPECT_TRUE(Load("\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<r/>").has_value());
}

TEST_F(XmlLeniencyTest, ASecondDeclarationIsDropped) {
  auto tree = Load("<?xml version=\"1.0\"?>\n<?xml version=\"1.0\"?>\n<r/>");
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 2);
  EXPECT_EQ(RepairedText(&*tree), "<?xml version=\"1.0\"?>\n<r/>");
}

// Found by //converters/xml:xml_tree_fuzz: a misplaced declaration is
// tolerated only when it is one, so that moved to the start it parses.
TEST_F(XmlLeniencyTest, AMalformedMisplacedDeclarationStaysRefused) {
  for (const std::string decl :
       {std::string("<?xml ve\x01\0\0\x02rsion=\"1.0\" ?>", 26),
        std::string("<?xml encoding='UTF-8' version='1.0'?>"),
        std::string("<?xml version=2.0?>"),
        std::string("<?xml version='1.0' standalone='maybe'?>"),
        std::string("<?xml version='1.0' junk?>")}) {
    EXPECT_FALSE(Load(" " + decl + "\n<r/>").has_value()) << decl;
    EXPECT_EQ(TakeError(Code::kXmlSyntaxError).source.line, 1) << decl;
    while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
  }
  // Every part XML allows, spaced as it allows.
  auto tree = Load(
      " <?xml version = \"1.0\"  encoding='utf-8' standalone=\"no\" ?>\n"
      "<r/>");
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 1);
}

TEST_F(XmlLeniencyTest, ADeclarationInsideTheRootStaysRefused) {
  // TinyXML2 refuses it too.
  EXPECT_FALSE(Load("<r>\n<?xml version=\"1.0\"?>\n</r>").has_value());
  EXPECT_EQ(TakeError(Code::kXmlSyntaxError).source.line, 2);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlLeniencyTest, BareAmpersandIsReadAsTheCharacter) {
  const std::string input =
      "<model name='a & b'>\n<description>rail &\ncurtain &amp; &#65;"
      "</description>\n</model>";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlBareAmpersand).source.line, 1);
  EXPECT_EQ(TakeWarning(Code::kXmlBareAmpersand).source.line, 2);
  EXPECT_EQ(tree->Attribute(tree->root(), "name"), "a & b");
  const NodeId description = tree->FirstChild(tree->root(), "description");
  EXPECT_EQ(tree->Text(description), "rail &\ncurtain & A");
  EXPECT_EQ(RepairedText(&*tree),
            "<model name='a &amp; b'>\n<description>rail &amp;\ncurtain "
            "&amp; &#65;</description>\n</model>");
  ASSERT_EQ(repairs_.size(), 2u);
  EXPECT_EQ(repairs_[0].source.line, 1);
  EXPECT_EQ(repairs_[1].source.line, 2);
}

TEST_F(XmlLeniencyTest, WhatIsNoBareAmpersand) {
  EXPECT_FALSE(IsBareAmpersand("&amp;", 0));
  EXPECT_FALSE(IsBareAmpersand("&#x4e2d;", 0));
  EXPECT_FALSE(IsBareAmpersand("&undefined;", 0));  // libxml2 refuses it
  EXPECT_TRUE(IsBareAmpersand("&", 0));
  EXPECT_TRUE(IsBareAmpersand("& b;", 0));
  EXPECT_TRUE(IsBareAmpersand("&amp", 0));
  EXPECT_TRUE(IsBareAmpersand("&#;", 0));
  EXPECT_TRUE(IsBareAmpersand("&#x;", 0));
}

TEST_F(XmlLeniencyTest, AmpersandsInCommentsAndCDataAreNoDeparture) {
  EXPECT_TRUE(Load("<r><!-- a & b --><![CDATA[c & d]]></r>").has_value());
}

TEST_F(XmlLeniencyTest, StrictRefusesEachTolerance) {
  EXPECT_FALSE(Load("<!-- a -- b -->\n<r/>", /*lenient=*/false).has_value());
  EXPECT_EQ(TakeError(Code::kXmlCommentDoubleHyphen).source.line, 1);
  EXPECT_FALSE(
      Load("\n<?xml version=\"1.0\"?><r/>", /*lenient=*/false).has_value());
  EXPECT_EQ(TakeError(Code::kXmlDeclarationNotFirst).source.line, 2);
  EXPECT_FALSE(Load("<r>\n&</r>", /*lenient=*/false).has_value());
  EXPECT_EQ(TakeError(Code::kXmlBareAmpersand).source.line, 2);
  EXPECT_FALSE(Load("<?xml version=\"0.0\"?>\n<r/>", /*lenient=*/false)
                   .has_value());
  EXPECT_EQ(TakeError(Code::kXmlDeclarationVersion).source.line, 1);
  EXPECT_FALSE(Load("\n?xml?>\n<r/>", /*lenient=*/false).has_value());
  EXPECT_EQ(TakeError(Code::kXmlTextBeforeRoot).source.line, 2);
}

TEST_F(XmlLeniencyTest, WhatStaysRefused) {
  // Each of these TinyXML2 reads, and no real file we found holds.
  for (const char* text : {
           "<r name='a<b'/>",             // `<` in an attribute value
           "<r/>\ntrailing text",         // text after the root
           "<r/>\n<s/>",                  // a second root element
           "<r/>\n</r>",                  // an end tag after the root
           "<r>&undefined;</r>",          // an undefined entity
           "<!DOCTYPE r>\n<!-- -- -->\n<r/>",  // a DTD, leniency or not
           "<r/>\n&\n",                  // a bare `&` after the root
           // A misplaced declaration naming another encoding: moved to
           // the start, it would relabel the bytes read as UTF-8.
           "\n<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<r/>",
       }) {
    EXPECT_FALSE(Load(text).has_value()) << text;
    EXPECT_GE(Remaining(), 1u) << text;
    while (Remaining() > 0) {
      const Diagnostic d = Take();
      EXPECT_TRUE(d.code == Code::kXmlSyntaxError ||
                  (d.code == Code::kXmlCommentDoubleHyphen &&
                   d.severity == Severity::kWarning))
          << text << ": " << CodeName(d.code);
    }
  }
}

// Bullet's pybullet_data URDFs declare version "0.0"; TinyXML2 reads
// any declaration, libxml2 refuses it. Read by XML 1.0's rules, with a
// warning; written as version "1.0".
TEST_F(XmlLeniencyTest, ADeclarationOfAnotherVersionIsRead) {
  const std::string input =
      "<?xml version=\"0.0\" ?>\n<robot name=\"plane\">\n</robot>\n";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationVersion).source.line, 1);
  EXPECT_EQ(tree->Serialize(), input);
  EXPECT_EQ(tree->Attribute(tree->root(), "name"), "plane");
  EXPECT_EQ(RepairedText(&*tree),
            "<?xml version=\"1.0\" ?>\n<robot name=\"plane\">\n</robot>\n");
  ASSERT_EQ(repairs_.size(), 1u);
  EXPECT_EQ(repairs_[0].code, Code::kXmlDeclarationVersion);
  EXPECT_EQ(repairs_[0].source.line, 1);
  // Any value, 1.1 too (libxml2 alone would only warn under another
  // code), with the rest of the declaration as XML writes it.
  for (const char* decl : {"<?xml version='2.0' encoding='UTF-8'?>",
                           "<?xml version=\"1.1\" standalone=\"yes\"?>",
                           "<?xml version=\"\"?>", "<?xml version='abc'?>"}) {
    auto other = Load(std::string(decl) + "\n<r/>");
    ASSERT_TRUE(other.has_value()) << decl;
    EXPECT_EQ(TakeWarning(Code::kXmlDeclarationVersion).source.line, 1)
        << decl;
    RepairedText(&*other);
    EXPECT_EQ(repairs_.size(), 1u) << decl;
  }
  // 1.0 is no departure.
  EXPECT_TRUE(Load("<?xml version=\"1.0\"?>\n<r>\n&#65;</r>").has_value());
}

// libxml2 is told the encoding that the blanked declaration names: the
// text is still read in it, and written back in it.
TEST_F(XmlLeniencyTest, ADeclarationOfAnotherVersionKeepsItsEncoding) {
  const std::string input =
      "<?xml version=\"0.0\" encoding=\"ISO-8859-1\"?>\n<r a=\"caf\xE9\"/>\n";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationVersion).source.line, 1);
  EXPECT_EQ(tree->Attribute(tree->root(), "a"), "caf\xC3\xA9");
  Diagnostics repairs;
  tree->RepairTolerances(0, &repairs);
  EXPECT_EQ(tree->SerializeAsRead(),
            "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
            "<r a=\"caf\xE9\"/>\n");
  // Bytes that are no text in the encoding it names stay refused.
  EXPECT_FALSE(Load("<?xml version=\"0.0\" encoding=\"UTF-16\"?>\n<r/>\n")
                   .has_value());
  EXPECT_GE(Remaining(), 1u);
  while (Remaining() > 0) Take();
}

TEST_F(XmlLeniencyTest, AMisplacedDeclarationOfAnotherVersion) {
  auto tree = Load("<!-- c -->\n<?xml version=\"0.0\"?>\n<r/>\n");
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 2);
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationVersion).source.line, 2);
  EXPECT_EQ(RepairedText(&*tree),
            "<?xml version=\"1.0\"?>\n<!-- c -->\n<r/>\n");
  ASSERT_EQ(repairs_.size(), 2u);
  EXPECT_EQ(repairs_[0].code, Code::kXmlDeclarationNotFirst);
  EXPECT_EQ(repairs_[1].code, Code::kXmlDeclarationVersion);
}

// gz-sim's test/worlds/reset_detachable_joint.sdf opens with a declaration
// that lost its `<`. TinyXML2 keeps text before the root as a text node
// no reader uses; so is it read here, with a warning, and written as a
// comment.
TEST_F(XmlLeniencyTest, TextBeforeTheRootIsReadAndWrittenAsAComment) {
  const std::string input =
      "?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sdf version=\"1.9\">\n"
      "  <model name=\"m\"/>\n</sdf>\n";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlTextBeforeRoot).source.line, 1);
  EXPECT_EQ(tree->Serialize(), input);
  EXPECT_EQ(tree->Attribute(tree->root(), "version"), "1.9");
  EXPECT_NE(tree->FirstChild(tree->root(), "model"), kNoNode);
  EXPECT_EQ(RepairedText(&*tree),
            "<!--?xml version=\"1.0\" encoding=\"UTF-8\"?>-->\n"
            "<sdf version=\"1.9\">\n  <model name=\"m\"/>\n</sdf>\n");
  ASSERT_EQ(repairs_.size(), 1u);
  EXPECT_EQ(repairs_[0].code, Code::kXmlTextBeforeRoot);
  EXPECT_EQ(repairs_[0].source.line, 1);
  // Repaired once: the comment is a comment.
  Diagnostics again;
  EXPECT_EQ(tree->RepairTolerances(0, &again), 0);
  EXPECT_EQ(again.size(), 0u);
}

// Every run of text before the root, after a declaration, between
// comments, after a byte order mark; `&`, `>`, `]]>` and `--` in it; each
// said at its first character.
TEST_F(XmlLeniencyTest, TextBeforeTheRootAnywhereInTheProlog) {
  const std::string input =
      "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n"
      "  a & b > c ]]> d -- e -\n"
      "<!-- f -- g -->\n"
      "\n  h\n"
      "<r/>\n";
  auto tree = Load(input);
  ASSERT_TRUE(tree.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlTextBeforeRoot).source.line, 2);
  EXPECT_EQ(TakeWarning(Code::kXmlCommentDoubleHyphen).source.line, 3);
  EXPECT_EQ(TakeWarning(Code::kXmlTextBeforeRoot).source.line, 5);
  EXPECT_EQ(tree->Serialize(), input);
  EXPECT_EQ(RepairedText(&*tree),
            "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n"
            "  <!--a & b > c ]]> d - - e - -->\n"
            "<!-- f - - g -->\n"
            "\n  <!--h-->\n"
            "<r/>\n");
  ASSERT_EQ(repairs_.size(), 3u);
  EXPECT_EQ(repairs_[0].code, Code::kXmlTextBeforeRoot);
  EXPECT_EQ(repairs_[0].source.line, 2);
  EXPECT_EQ(repairs_[2].code, Code::kXmlTextBeforeRoot);
  EXPECT_EQ(repairs_[2].source.line, 5);
  // Right after the byte order mark.
  auto marked = Load("\xEF\xBB\xBFstray\n<r/>");
  ASSERT_TRUE(marked.has_value());
  EXPECT_EQ(TakeWarning(Code::kXmlTextBeforeRoot).source.line, 1);
  EXPECT_EQ(RepairedText(&*marked), "\xEF\xBB\xBF<!--stray-->\n<r/>");
}

// What TinyXML2 refuses stays refused: a declaration or any processing
// instruction after text (TinyXML2 takes every `<?` for a declaration, and
// allows one only before anything else), text after the root. And what
// could not be written as a comment: characters other than printable
// ASCII and white space (TinyXML2 reads them; no real file has them).
TEST_F(XmlLeniencyTest, TextBeforeTheRootWithinTinyXml2sBounds) {
  for (const std::string text : {
           std::string("stray\n<?xml version=\"1.0\"?>\n<r/>"),
           std::string("<?xml version=\"1.0\"?>stray<?pi x?>\n<r/>"),
           std::string("stray\n<!-- c -->\n<?xml version=\"1.0\"?>\n<r/>"),
           std::string("stray\n"),                       // no root
           std::string("caf\xC3\xA9\n<r/>"),             // not ASCII
           std::string("a \x01 b\n<r/>"),                 // a control
           std::string("<r/>\ntrailing\n<!-- c -->"),    // after the root
       }) {
    EXPECT_FALSE(Load(text).has_value()) << text;
    EXPECT_GE(Remaining(), 1u) << text;
    while (Remaining() > 0) {
      const Diagnostic d = Take();
      EXPECT_EQ(d.code, Code::kXmlSyntaxError) << text << ": " << d.message;
    }
  }
}

// UTF-16 (as UTF-32 and EBCDIC) is not ASCII-compatible: the tolerances,
// byte patterns, do not apply, and libxml2 alone decides. A well-formed
// file reads without a warning; an undefined entity stays refused.
TEST_F(XmlLeniencyTest, NoToleranceInUtf16) {
  const auto utf16le = [](std::string_view ascii) {
    std::string out = "\xFF\xFE";
    for (char c : ascii) {
      out += c;
      out += '\0';
    }
    return out;
  };
  EXPECT_TRUE(Load(utf16le("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"
                           "<r a=\"&lt;\">&#x41; &amp;</r>\n"))
                  .has_value());
  EXPECT_FALSE(Load(utf16le("<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n"
                            "<r a=\"m&undefined;x\"/>\n"))
                   .has_value());
  EXPECT_GE(Remaining(), 1u);
  while (Remaining() > 0) TakeError(Code::kXmlSyntaxError);
}

TEST_F(XmlLeniencyTest, SanitizedCopyKeepsLengthAndLineBreaks) {
  const std::string text =
      "\r\n<?xml\nversion='1.0'?>\n<!-- -- -->\n<r a='&'>& &amp;</r>";
  const SanitizedXml s = SanitizeForGate(text);
  ASSERT_EQ(s.text.size(), text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' || text[i] == '\r') EXPECT_EQ(s.text[i], text[i]);
  }
  EXPECT_EQ(s.text,
            "\r\n     \n" + std::string(15, ' ') + "\n<!--  - -->\n<r a=' '>  &amp;</r>");
  ASSERT_EQ(s.spots.size(), 4u);
  EXPECT_EQ(s.spots[0].kind, XmlTolerance::kDeclarationNotFirst);
  EXPECT_EQ(s.spots[0].line, 2);
  EXPECT_EQ(s.spots[1].kind, XmlTolerance::kCommentDoubleHyphen);
  EXPECT_EQ(s.spots[1].line, 4);
  EXPECT_EQ(s.spots[2].kind, XmlTolerance::kBareAmpersand);
  EXPECT_EQ(s.spots[3].kind, XmlTolerance::kBareAmpersand);
  EXPECT_EQ(s.spots[3].line, 5);
  EXPECT_TRUE(SanitizeForGate("<r>well &lt; formed</r>").text.empty());
}

}  // namespace
}  // namespace sdfconv
