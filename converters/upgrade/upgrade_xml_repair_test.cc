// The upgrade writes what the XML gate tolerated (docs/xml.md) repaired,
// says each repair once, and keeps every other byte.
#include <string>

#include <gtest/gtest.h>

#include "converters/upgrade/upgrade.h"
#include "converters/upgrade/upgrade_test_util.h"
#include "converters/xml/xml_tree.h"

namespace sdfconv {
namespace {

using upgrade_test::UpgradeTest;
using UpgradeXmlRepairTest = UpgradeTest;

// A file with each tolerated departure, in `version`.
std::string Departures(const std::string& version) {
  return "<!-- run: gz sim -v 4 --help --->\n"
         "  <?xml version=\"1.0\"?>\n"
         "<sdf version=\"" + version + "\">\n"
         "  <model name=\"m\">\n"
         "    <!-- a -- b -->\n"
         "    <link name=\"l\">\n"
         "      <visual name=\"v\"><geometry><mesh><uri>a & b</uri></mesh>"
         "</geometry></visual>\n"
         "    </link>\n"
         "  </model>\n"
         "</sdf>\n";
}

// What the upgrade must write for it (in 1.8), built by hand.
std::string Repaired() {
  return "<?xml version=\"1.0\"?>\n"
         "<!-- run: gz sim -v 4 - -help - -->\n"
         "<sdf version=\"1.8\">\n"
         "  <model name=\"m\">\n"
         "    <!-- a - - b -->\n"
         "    <link name=\"l\">\n"
         "      <visual name=\"v\"><geometry><mesh><uri>a &amp; b</uri>"
         "</mesh></geometry></visual>\n"
         "    </link>\n"
         "  </model>\n"
         "</sdf>\n";
}

void ExpectCleanXml(const std::string& text) {
  Diagnostics again;
  EXPECT_TRUE(XmlTree::Parse(text, "out.sdf", &again).has_value());
  EXPECT_TRUE(again.items().empty()) << text;
}

TEST_F(UpgradeXmlRepairTest, EachDepartureIsRepairedAndSaidOnce) {
  for (const char* version : {"1.6", "1.8"}) {
    SCOPED_TRACE(version);
    const std::string out = Upgrade(Departures(version), /*verify=*/true);
    EXPECT_EQ(out, Repaired());
    EXPECT_TRUE(last_.changed);
    ExpectCleanXml(out);
    EXPECT_EQ(TakeWarning(Code::kXmlCommentDoubleHyphen).source.line, 1);
    EXPECT_EQ(TakeWarning(Code::kXmlDeclarationNotFirst).source.line, 2);
    EXPECT_EQ(TakeWarning(Code::kXmlCommentDoubleHyphen).source.line, 5);
    EXPECT_EQ(TakeWarning(Code::kXmlBareAmpersand).source.line, 7);
  }
}

// gz-sim's reset_detachable_joint.sdf opens with a declaration that lost
// its `<`; Bullet's URDFs declare version "0.0" (here in an SDFormat
// file). The text before the root is written as a comment, the version as
// 1.0, everything else as it was.
TEST_F(UpgradeXmlRepairTest, TextBeforeTheRootAndAnotherVersion) {
  const std::string model =
      "<sdf version=\"1.8\">\n  <model name=\"m\">\n"
      "    <link name=\"l\"/>\n  </model>\n</sdf>\n";
  std::string out = Upgrade(
      "?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + model, /*verify=*/true);
  EXPECT_EQ(out, "<!--?xml version=\"1.0\" encoding=\"UTF-8\"?>-->\n" + model);
  EXPECT_TRUE(last_.changed);
  ExpectCleanXml(out);
  EXPECT_EQ(TakeWarning(Code::kXmlTextBeforeRoot).source.line, 1);
  EXPECT_EQ(Upgrade(out, /*verify=*/true), out);
  EXPECT_FALSE(last_.changed);

  out = Upgrade("<?xml version=\"0.0\" ?>\n" + model, /*verify=*/true);
  EXPECT_EQ(out, "<?xml version=\"1.0\" ?>\n" + model);
  ExpectCleanXml(out);
  EXPECT_EQ(TakeWarning(Code::kXmlDeclarationVersion).source.line, 1);
}

TEST_F(UpgradeXmlRepairTest, RepairedOutputUpgradesToItself) {
  const std::string out = Upgrade(Departures("1.8"));
  while (Remaining() > 0) Take();
  EXPECT_EQ(Upgrade(out, /*verify=*/true), out);
  EXPECT_FALSE(last_.changed);
}

}  // namespace
}  // namespace sdfconv
