#include "core/id_table.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace sdfconv {
namespace {

// Names kept outside the table, as a Document keeps them.
struct Names {
  std::vector<std::string> of;  // by id
  auto Same(const std::string& name) const {
    return [this, name](ElementId c) { return of[c] == name; };
  }
};

TEST(IdTableTest, FindsWhatWasInsertedAndNothingElse) {
  Names names;
  IdTable table;  // grows from its smallest size
  for (int i = 0; i < 100000; ++i) {
    names.of.push_back("f_" + std::to_string(i));
    const ElementId id = static_cast<ElementId>(i);
    ASSERT_EQ(
        table.Insert(HashName(7, names.of[id]), id, names.Same(names.of[id])),
        id);
  }
  for (int i = 0; i < 100000; ++i) {
    const std::string name = "f_" + std::to_string(i);
    ASSERT_EQ(table.Find(HashName(7, name), names.Same(name)), i);
    EXPECT_EQ(table.Find(HashName(8, name), names.Same(name)), kNoElement);
  }
  EXPECT_EQ(table.Find(HashName(7, "f_100000"), names.Same("f_100000")),
            kNoElement);
}

TEST(IdTableTest, ADuplicateGivesTheFirst) {
  Names names;
  names.of = {"a", "b", "a", "a"};
  IdTable table(names.of.size());
  EXPECT_EQ(table.Insert(HashName(0, "a"), 0, names.Same("a")), 0);
  EXPECT_EQ(table.Insert(HashName(0, "b"), 1, names.Same("b")), 1);
  EXPECT_EQ(table.Insert(HashName(0, "a"), 2, names.Same("a")), 0);
  EXPECT_EQ(table.Insert(HashName(0, "a"), 3, names.Same("a")), 0);
  EXPECT_EQ(table.Find(HashName(0, "a"), names.Same("a")), 0);
}

// Every key under one hash: the equality alone tells them apart, through
// growth and long probes.
TEST(IdTableTest, KeysOfOneHashStayApart) {
  Names names;
  IdTable table(1);
  for (int i = 0; i < 500; ++i) {
    names.of.push_back(std::to_string(i));
    ASSERT_EQ(table.Insert(42, i, names.Same(names.of[i])), i);
  }
  for (int i = 0; i < 500; ++i) {
    ASSERT_EQ(table.Find(42, names.Same(std::to_string(i))), i);
  }
  EXPECT_EQ(table.Find(42, names.Same("x")), kNoElement);
  EXPECT_EQ(table.Find(43, names.Same("1")), kNoElement);
}

}  // namespace
}  // namespace sdfconv
