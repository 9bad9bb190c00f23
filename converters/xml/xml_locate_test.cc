// Where things are: element paths, lines and the sources built nodes
// stand for (XmlTree::Locate, Line, LocatedBelowParent, SetOrigin).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "converters/xml/xml_test_util.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

TEST(XmlTreeLocateTest, LocateNamesLineAndPath) {
  const XmlTree tree =
      MustParse("<sdf>\n<model name='m'>\n  <link name='l'/>\n</model></sdf>");
  const NodeId link =
      tree.FirstChild(tree.FirstChild(tree.root(), "model"), "link");
  const SourceLocation at = tree.Locate(link);
  EXPECT_EQ(at.line, 3);
  EXPECT_EQ(at.path, "/sdf/model[@name=\"m\"]/link[@name=\"l\"]");
}

// Paths are made from the path located before (PathMemo): whatever the
// order, the tree or the edits in between, each is the element's own.
TEST(XmlTreeLocateTest, PathsHoldAcrossOrderTreesEditsAndCopies) {
  XmlTree a = MustParse(
      "<sdf><model name='m'><link name='l'><visual name='v'/></link>"
      "<link name='k'/></model><world name='w'/></sdf>");
  const XmlTree b =
      MustParse("<sdf><model name='m'><link name='z'/></model></sdf>");
  const NodeId model = a.FirstChild(a.root(), "model");
  const NodeId l = a.FirstChild(model, "link");
  const NodeId v = a.FirstChild(l, "visual");
  const NodeId k = a.NextSibling(l, "link");
  const NodeId w = a.FirstChild(a.root(), "world");
  const NodeId z = b.FirstChild(b.FirstChild(b.root(), "model"), "link");
  const std::string m_path = R"(/sdf/model[@name="m"])";
  for (int round = 0; round < 2; ++round) {  // the second with a warm memo
    EXPECT_EQ(a.Locate(v).path,
              m_path + R"(/link[@name="l"]/visual[@name="v"])");
    EXPECT_EQ(b.Locate(z).path, m_path + R"(/link[@name="z"])");
    EXPECT_EQ(a.Locate(k).path, m_path + R"(/link[@name="k"])");
    EXPECT_EQ(a.Locate(l).path, m_path + R"(/link[@name="l"])");
    EXPECT_EQ(a.Locate(w).path, R"(/sdf/world[@name="w"])");
    EXPECT_EQ(a.Locate(model).path, m_path);
    EXPECT_EQ(a.Locate(v).path,
              m_path + R"(/link[@name="l"]/visual[@name="v"])");
  }
  // A copy is another tree: editing it leaves the original's paths alone.
  XmlTree copy = a;
  copy.SetAttribute(l, "name", "renamed&");
  EXPECT_EQ(copy.Locate(v).path,
            m_path + R"(/link[@name="renamed&"]/visual[@name="v"])");
  EXPECT_EQ(a.Locate(v).path, m_path + R"(/link[@name="l"]/visual[@name="v"])");
  a.RenameElement(model, "world");
  a.SetAttribute(model, "name", "x");
  EXPECT_EQ(a.Locate(v).path,
            R"(/sdf/world[@name="x"]/link[@name="l"]/visual[@name="v"])");
  EXPECT_EQ(copy.Locate(k).path, m_path + R"(/link[@name="k"])");
}

// At kFullPathDepth segments the path is whole; one more and it is cut.
TEST(XmlTreeLocateTest, PathsAtTheDepthWherePathsAreCut) {
  std::string text;
  for (int i = 0; i <= kFullPathDepth; ++i) {
    text += "<e name='" + std::to_string(i) + "'>";
  }
  for (int i = 0; i <= kFullPathDepth; ++i) text += "</e>";
  const XmlTree tree = MustParse(text);
  std::vector<NodeId> chain = {tree.root()};  // the outermost <e>
  while (chain.size() <= kFullPathDepth) {
    chain.push_back(tree.FirstChild(chain.back(), "e"));
  }
  auto segments = [](int from, int to) {
    std::string out;
    for (int i = from; i < to; ++i) {
      out += "/e[@name=\"" + std::to_string(i) + "\"]";
    }
    return out;
  };
  const std::string whole = segments(0, kFullPathDepth);
  const std::string cut = segments(0, kPathEndSegments) + "/...(1 levels)" +
                          segments(kPathEndSegments + 1, kFullPathDepth + 1);
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(tree.Locate(chain[kFullPathDepth - 1]).path, whole);
    EXPECT_EQ(tree.Locate(chain[kFullPathDepth]).path, cut);
    EXPECT_EQ(tree.Locate(chain[2]).path, segments(0, 3));
  }
}

// Where LocatedBelowParent holds, an element's location is its parent's
// with its own line and "/tag": readers build it from the parent's.
TEST(XmlTreeLocateTest, LocatedBelowParentOnlyWherePathsExtend) {
  std::string text = "<sdf>\n<model name='m'>\n";
  for (int i = 0; i <= kFullPathDepth; ++i) text += "<e>\n";
  for (int i = 0; i <= kFullPathDepth; ++i) text += "</e>";
  text += "<pose name='p'/>\n<pose/></model></sdf>";
  XmlTree tree = MustParse(text);
  const NodeId model = tree.FirstChild(tree.root(), "model");
  std::vector<NodeId> below;
  for (NodeId e = tree.FirstChild(model, "e"); e != kNoNode;
       e = tree.FirstChild(e, "e")) {
    below.push_back(e);
  }
  const NodeId named = tree.FirstChild(model, "pose");
  const NodeId pose = tree.NextSibling(named, "pose");
  below.push_back(pose);
  int held = 0;
  for (const NodeId id : below) {
    if (!tree.LocatedBelowParent(id)) continue;
    ++held;
    const SourceLocation at = tree.Locate(id);
    const SourceLocation parent = tree.Locate(tree.ParentElement(id));
    EXPECT_EQ(at.file, parent.file);
    EXPECT_EQ(at.line, tree.Line(id));
    EXPECT_EQ(at.path, parent.path + "/" + std::string(tree.Tag(id)));
  }
  // The <e>s at depths 3 to kFullPathDepth, not those whose paths are
  // cut; the unnamed <pose>.
  EXPECT_EQ(held, kFullPathDepth - 2 + 1);
  EXPECT_TRUE(tree.LocatedBelowParent(below[kFullPathDepth - 3]));
  EXPECT_FALSE(tree.LocatedBelowParent(below[kFullPathDepth - 2]));
  EXPECT_TRUE(tree.LocatedBelowParent(pose));
  EXPECT_FALSE(tree.LocatedBelowParent(named));
  EXPECT_FALSE(tree.LocatedBelowParent(tree.root()));
  tree.SetOrigin(pose, {"other.urdf", 9, "/robot"});
  EXPECT_FALSE(tree.LocatedBelowParent(pose));
}

// ---- Located, built, written -------------------------------------------------

// libxml2 counts an element's line where its start tag ends; so does the tree.
TEST(XmlTreeLocationTest, LineIsWhereTheStartTagEnds) {
  const XmlTree tree = MustParse("<sdf>\n<model\n  name='m'\n  >\n</model></sdf>");
  EXPECT_EQ(tree.Locate(tree.FirstChild(tree.root())).line, 4);
}

// Lines are counted 16 bytes at a time: random documents with line breaks
// in text, comments, values and between attributes, at every distance
// from each other and from the end, give each element the line where its
// start tag ends.
TEST(XmlTreeLocationTest, LinesCountedInEveryPlace) {
  std::mt19937 random(5);
  auto breaks = [&](size_t most) {
    std::string out;
    for (size_t n = random() % (most + 1); n > 0; --n) {
      out += random() % 3 == 0 ? "\n" : std::string(random() % 20, ' ');
    }
    return out;
  };
  for (int document = 0; document < 300; ++document) {
    std::string text = "<r>";
    std::vector<int> expected;  // by element, in document order
    const int elements = 1 + static_cast<int>(random() % 12);
    for (int k = 0; k < elements; ++k) {
      text += breaks(4);
      if (random() % 4 == 0) text += "<!--" + breaks(3) + "-->";
      text += "<e" + std::string(1 + random() % 2, ' ') + "a=\"" + breaks(3) +
              "\"" + breaks(2) + (random() % 2 ? " " : "\n") + "b='x" +
              breaks(2) + "'" + breaks(2) + "/>";
      expected.push_back(
          1 + static_cast<int>(std::count(text.begin(), text.end(), '\n')));
    }
    text += breaks(3) + "</r>" + breaks(2);
    const XmlTree tree = MustParse(text);
    const std::vector<NodeId> found = tree.Children(tree.root(), "e");
    ASSERT_EQ(found.size(), expected.size()) << text;
    for (size_t k = 0; k < found.size(); ++k) {
      ASSERT_EQ(tree.Line(found[k]), expected[k]) << "element " << k << "\n"
                                                  << text;
    }
  }
}

// A created element stands for its origin; one without is located at its
// nearest located ancestor, with its own path.
TEST(XmlTreeLocationTest, CreatedElementsCarryTheirOrigin) {
  XmlTree tree = XmlTree::Build("robot.sdf", "sdf", {"robot.urdf", 1, "/robot"});
  const NodeId model =
      tree.AppendElement(tree.root(), "model", {"robot.urdf", 1, "/robot"});
  const NodeId link = tree.AppendElement(
      model, "link", {"robot.urdf", 7, "/robot/link[@name=\"a\"]"});
  tree.SetAttribute(link, "name", "a");
  const NodeId pose = tree.AppendElement(link, "pose");
  EXPECT_EQ(tree.Locate(link).line, 7);
  EXPECT_EQ(tree.Locate(link).path, "/robot/link[@name=\"a\"]");
  EXPECT_EQ(tree.Locate(pose).file, "robot.urdf");
  EXPECT_EQ(tree.Locate(pose).line, 7);

  XmlTree parsed = MustParse("<sdf>\n  <axis>\n  </axis>\n</sdf>");
  const NodeId axis = parsed.FirstChild(parsed.root());
  const NodeId xyz = parsed.NewElement("xyz", "0 0 1");
  parsed.InsertLine(axis, xyz);
  EXPECT_EQ(parsed.Locate(xyz).line, 2);
  EXPECT_EQ(parsed.Locate(xyz).path, "/sdf/axis/xyz");
  // Origins travel with imported nodes, clones and copies of the tree.
  const NodeId imported = parsed.Import(tree, model);
  EXPECT_EQ(parsed.Locate(imported).file, "robot.urdf");
  const NodeId clone = tree.Clone(link, true);
  EXPECT_EQ(tree.Locate(clone).path, "/robot/link[@name=\"a\"]");
  const XmlTree copy = tree;
  EXPECT_EQ(copy.Locate(link).line, 7);
  EXPECT_EQ(copy.Locate(model).line, tree.Locate(model).line);
}

TEST(XmlTreeLocationTest, ValuesSurviveEscaping) {
  XmlTree tree = XmlTree::Build("t.sdf", "sdf");
  const NodeId e = tree.AppendElement(tree.root(), "e");
  const std::string value = "a<b>&\"c'\nd\te\rf";
  tree.SetAttribute(e, "v", value);
  tree.SetText(e, "x\r\ny & <z>");
  EXPECT_EQ(tree.Attribute(e, "v"), value);
  EXPECT_EQ(tree.Text(e), "x\r\ny & <z>");
  Diagnostics diags;
  const auto again = XmlTree::Parse(tree.Serialize(), "t.sdf", &diags);
  ASSERT_TRUE(again.has_value());
  const NodeId e2 = again->FirstChild(again->root());
  EXPECT_EQ(again->Attribute(e2, "v"), value);
  EXPECT_EQ(again->Text(e2), "x\r\ny & <z>");
}

// XML 1.0 end-of-line handling and attribute-value normalisation.
TEST(XmlTreeLocationTest, LineEndsAndAttributeWhitespace) {
  const XmlTree tree = MustParse("<r a='x\r\ny\tz&#10;'>1\r\n2\r3</r>");
  EXPECT_EQ(tree.Attribute(tree.root(), "a"), "x y z\n");
  EXPECT_EQ(tree.Text(tree.root()), "1\n2\n3");
}

// A UTF-16 document is read as UTF-8 text.
TEST(XmlTreeLocationTest, OtherEncodingsAreReadAsUtf8) {
  const std::string utf8 =
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<sdf name=\"\xC3\xA9\"/>";
  std::string utf16 = "\xFF\xFE";
  for (size_t i = 0; i < utf8.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(utf8[i]);
    if (c == 0xC3) {  // U+00E9
      utf16 += '\xE9';
      utf16 += '\0';
      ++i;
      continue;
    }
    utf16 += static_cast<char>(c);
    utf16 += '\0';
  }
  Diagnostics diags;
  const auto tree = XmlTree::Parse(utf16, "t.sdf", &diags);
  ASSERT_TRUE(tree.has_value()) << diags.size();
  EXPECT_TRUE(tree->transcoded());
  EXPECT_EQ(tree->Attribute(tree->root(), "name"), "\xC3\xA9");
  const std::string latin1 =
      "<?xml version='1.0' encoding='ISO-8859-1'?><sdf name='\xE9'/>";
  const auto tree2 = XmlTree::Parse(latin1, "t.sdf", &diags);
  ASSERT_TRUE(tree2.has_value());
  EXPECT_EQ(tree2->Attribute(tree2->root(), "name"), "\xC3\xA9");
  // Written back in its own encoding: byte for byte when untouched, and
  // nothing when an edit brings a character ISO-8859-1 lacks.
  EXPECT_EQ(tree2->encoding(), "ISO-8859-1");
  EXPECT_EQ(tree2->SerializeAsRead(), latin1);
  XmlTree edited = *tree2;
  edited.SetAttribute(edited.root(), "name", "\xE2\x82\xAC");  // U+20AC
  EXPECT_FALSE(edited.SerializeAsRead().has_value());
  EXPECT_EQ(tree->encoding(), "UTF-16LE");
  EXPECT_EQ(tree->SerializeAsRead(), utf16);  // its byte order mark too
  EXPECT_EQ(tree->Serialize().compare(0, 5, "<?xml"), 0);  // none in UTF-8
}

}  // namespace
}  // namespace sdfconv
