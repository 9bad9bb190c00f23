// IdTable: element ids found by a key the caller hashes and compares, in
// one flat array (open addressing, linear probing). It stores no key: the
// key of an id is read from the Document, so a name looked up is compared
// with the element's own name, and a table of a million names is one
// allocation of 8 bytes a slot rather than a node per name.
//
// Invariant: at most half the slots are used, so every probe ends at an
// empty slot; Find and Insert cost O(1) expected. Each slot keeps the low
// 32 bits of its hash: its place comes from them (so the table grows
// without the keys), and the bits above the place reject most mismatches
// without reading an element.
//
//   IdTable table(doc.size());
//   const uint64_t h = HashName(scope, name);
//   auto same = [&](ElementId c) { return doc.at(c).name == name; };
//   if (table.Insert(h, id, same) != id) { /* a duplicate */ }
//   ElementId found = table.Find(h, same);
#ifndef SDFCONV_CORE_ID_TABLE_H_
#define SDFCONV_CORE_ID_TABLE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <vector>

#include "core/document.h"

namespace sdfconv {

// A hash of a name in a scope (any id: a model, a parent, a tag's slot).
inline uint64_t HashName(int64_t scope, std::string_view name) {
  uint64_t h = std::hash<std::string_view>()(name) ^
               (static_cast<uint64_t>(scope) * 0x9e3779b97f4a7c15ULL);
  h *= 0xbf58476d1ce4e5b9ULL;
  return h ^ (h >> 31);
}

class IdTable {
 public:
  // Room for `expected` ids; more may be inserted (the table grows).
  explicit IdTable(size_t expected = 0) { Allocate(expected); }

  // The first id inserted under `hash` for which `same(id)`, or kNoElement.
  template <typename Same>
  [[nodiscard]] ElementId Find(uint64_t hash, Same same) const {
    const auto bits = static_cast<uint32_t>(hash);
    for (size_t i = bits & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.id == kNoElement) return kNoElement;
      if (s.bits == bits && same(s.id)) return s.id;
    }
  }

  // Inserts `id` under `hash`, unless an id for which `same(id)` is there
  // already: returns that id, or `id` when it was inserted.
  template <typename Same>
  ElementId Insert(uint64_t hash, ElementId id, Same same) {
    if (2 * (used_ + 1) > slots_.size()) Grow();
    const auto bits = static_cast<uint32_t>(hash);
    for (size_t i = bits & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.id == kNoElement) {
        s = {bits, id};
        ++used_;
        return id;
      }
      if (s.bits == bits && same(s.id)) return s.id;
    }
  }

 private:
  struct Slot {
    uint32_t bits = 0;
    ElementId id = kNoElement;
  };

  void Allocate(size_t expected) {
    size_t n = 16;
    while (n < 2 * expected + 2) n *= 2;
    slots_.assign(n, Slot{});
    mask_ = n - 1;
    used_ = 0;
  }
  void Grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    Allocate(old.size());
    for (const Slot& s : old) {
      if (s.id == kNoElement) continue;
      size_t i = s.bits & mask_;
      while (slots_[i].id != kNoElement) i = (i + 1) & mask_;
      slots_[i] = s;
      ++used_;
    }
  }

  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t used_ = 0;
};

}  // namespace sdfconv

#endif  // SDFCONV_CORE_ID_TABLE_H_
