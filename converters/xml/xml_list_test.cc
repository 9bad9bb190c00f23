#include "converters/xml/xml_list.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace sdfconv {
namespace {

std::vector<int32_t> Values(const XmlList<int32_t>& list) {
  return list.ToVector();
}

TEST(XmlListTest, GrowsLikeAVector) {
  XmlList<int32_t> list;
  EXPECT_TRUE(list.empty());
  for (int32_t i = 0; i < 100; ++i) list.push_back(i);
  ASSERT_EQ(list.size(), 100u);
  for (int32_t i = 0; i < 100; ++i) EXPECT_EQ(list[i], i);
  EXPECT_EQ(list.front(), 0);
  EXPECT_EQ(list.back(), 99);
  EXPECT_EQ(std::vector<int32_t>(list.rbegin(), list.rend()).front(), 99);
}

TEST(XmlListTest, BorrowedValuesAreReadInPlaceAndCopiedOnGrowth) {
  std::vector<int32_t> array = {1, 2, 3, 4};
  XmlList<int32_t> list = XmlList<int32_t>::Borrow(array.data() + 1, 2);
  EXPECT_EQ(list.begin(), array.data() + 1);
  EXPECT_EQ(Values(list), (std::vector<int32_t>{2, 3}));
  // Growing copies: the array is left as it was.
  list.push_back(9);
  EXPECT_NE(list.begin(), array.data() + 1);
  EXPECT_EQ(Values(list), (std::vector<int32_t>{2, 3, 9}));
  EXPECT_EQ(array, (std::vector<int32_t>{1, 2, 3, 4}));
}

TEST(XmlListTest, ACopyOwnsItsValues) {
  std::vector<int32_t> array = {5, 6, 7};
  const XmlList<int32_t> borrowed = XmlList<int32_t>::Borrow(array.data(), 3);
  XmlList<int32_t> copy = borrowed;
  EXPECT_NE(copy.begin(), array.data());
  copy[0] = 50;
  EXPECT_EQ(array[0], 5);
  XmlList<int32_t> assigned;
  assigned.push_back(1);
  assigned = copy;
  EXPECT_EQ(Values(assigned), (std::vector<int32_t>{50, 6, 7}));
  XmlList<int32_t> moved = std::move(assigned);
  EXPECT_EQ(Values(moved), (std::vector<int32_t>{50, 6, 7}));
  EXPECT_TRUE(assigned.empty());  // NOLINT(bugprone-use-after-move)
}

// Values move only when their own list grows: the tree's parts array may
// reallocate (moving the lists) while an iteration over one list runs.
TEST(XmlListTest, MovingTheListDoesNotMoveItsValues) {
  std::vector<int32_t> array = {1, 2};
  std::vector<XmlList<int32_t>> lists(2);
  for (int32_t i = 0; i < 3; ++i) lists[0].push_back(i);
  lists[1] = XmlList<int32_t>::Borrow(array.data(), 2);
  const int32_t* owned = lists[0].begin();
  for (int i = 0; i < 1000; ++i) lists.emplace_back();
  EXPECT_EQ(lists[0].begin(), owned);
  EXPECT_EQ(lists[1].begin(), array.data());
  EXPECT_EQ(Values(lists[0]), (std::vector<int32_t>{0, 1, 2}));
}

// insert and erase agree with std::vector over random edits, on a list
// that starts borrowed.
TEST(XmlListTest, EditsMatchAVector) {
  std::mt19937 random(7);
  std::vector<int32_t> array(20);
  for (int32_t i = 0; i < 20; ++i) array[i] = i;
  XmlList<int32_t> list = XmlList<int32_t>::Borrow(array.data(), array.size());
  std::vector<int32_t> expected = array;
  for (int step = 0; step < 2000; ++step) {
    const size_t at = expected.empty() ? 0 : random() % (expected.size() + 1);
    switch (random() % 4) {
      case 0:
      case 1:
        expected.insert(expected.begin() + static_cast<std::ptrdiff_t>(at),
                        step);
        list.insert(list.begin() + at, step);
        break;
      case 2:
        if (at < expected.size()) {
          expected.erase(expected.begin() + static_cast<std::ptrdiff_t>(at));
          list.erase(list.begin() + at);
        }
        break;
      default: {
        const size_t to = std::min(expected.size(), at + random() % 3);
        if (at <= to) {
          expected.erase(expected.begin() + static_cast<std::ptrdiff_t>(at),
                         expected.begin() + static_cast<std::ptrdiff_t>(to));
          list.erase(list.begin() + at, list.begin() + to);
        }
      }
    }
    ASSERT_EQ(Values(list), expected) << "step " << step;
  }
  // An element inserted from the list itself, across a growth.
  XmlList<int32_t> self;
  self.push_back(42);
  for (int i = 0; i < 10; ++i) self.insert(self.begin(), self.back());
  EXPECT_EQ(Values(self), std::vector<int32_t>(11, 42));
}

}  // namespace
}  // namespace sdfconv
