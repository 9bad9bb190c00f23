#include "core/document.h"

#include <gtest/gtest.h>

#include "core/testing/test_document.h"

namespace sdfconv {
namespace {

using testing::TestDocument;
using K = ElementKind;

TEST(ScopedName, FromTheWorldOrFromBelowAnElement) {
  TestDocument t("1.8");
  const ElementId w = t.Root(K::kWorld, "w");
  const ElementId arm = t.Add(w, K::kModel, "arm");
  const ElementId gripper = t.Add(arm, K::kModel, "gripper");
  const ElementId finger = t.Add(gripper, K::kLink, "finger");
  const Document& doc = t.doc();
  EXPECT_EQ(doc.ScopedName(finger), "arm::gripper::finger");  // no world
  EXPECT_EQ(doc.ScopedName(w), "");
  EXPECT_EQ(doc.ScopedName(finger, arm), "gripper::finger");
  EXPECT_EQ(doc.ScopedName(finger, arm, "/"), "gripper/finger");
  EXPECT_EQ(doc.ScopedName(arm, arm), "");
}

TEST(ScopedName, AFileOfSeveralWorldsNamesTheWorldFirst) {
  TestDocument t("1.8");
  const ElementId w = t.Root(K::kWorld, "w");
  EXPECT_FALSE(t.doc().HasSeveralWorlds());
  const ElementId v = t.Root(K::kWorld, "v");
  const ElementId arm = t.Add(v, K::kModel, "arm");
  const ElementId link = t.Add(arm, K::kLink, "l");
  const ElementId frame = t.Add(w, K::kFrame, "f");
  const Document& doc = t.doc();
  EXPECT_TRUE(doc.HasSeveralWorlds());
  EXPECT_EQ(doc.roots(), (std::vector<ElementId>{w, v}));
  EXPECT_EQ(doc.root(), w);
  EXPECT_EQ(doc.ScopedName(link), "v::arm::l");
  EXPECT_EQ(doc.ScopedName(frame), "w::f");
  EXPECT_EQ(doc.ScopedName(v), "v");
  EXPECT_EQ(doc.ScopedName(link, arm), "l");
  EXPECT_EQ(doc.ScopedName(link, kNoElement, "/"), "v/arm/l");
}

TEST(ScopedName, JoinsInnermostLast) {
  EXPECT_EQ(JoinScopedName({"finger", "gripper", "arm"}),
            "arm::gripper::finger");
  EXPECT_EQ(JoinScopedName({"finger"}), "finger");
  EXPECT_EQ(JoinScopedName({}), "");
  EXPECT_EQ(JoinScopedName({"l", ""}), "l");  // no outer name: none written
  EXPECT_EQ(JoinScopedName({"b", "a"}, "__"), "a__b");
}

TEST(WrittenAxisCount, ThroughTheLastWrittenAxis) {
  Element joint;
  joint.kind = K::kJoint;
  EXPECT_EQ(WrittenAxisCount(joint), 0u);
  joint.MutableJoint().axes.resize(2);
  EXPECT_EQ(WrittenAxisCount(joint), 2u);
  joint.MutableJoint().axes[1].written = false;
  EXPECT_EQ(WrittenAxisCount(joint), 1u);
  joint.MutableJoint().axes[0].written = false;
  joint.MutableJoint().axes[1].written = true;  // <axis2> alone
  EXPECT_EQ(WrittenAxisCount(joint), 2u);
}

}  // namespace
}  // namespace sdfconv
