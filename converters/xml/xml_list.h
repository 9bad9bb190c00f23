// XmlList<T>: the children and attribute lists of an XmlTree's elements, a
// vector of trivially copyable values in 16 bytes.
//
// A parsed tree holds the lists of all its elements in two arrays of its
// own (one allocation each, in place of one per element); such a list
// borrows its part of the array and owns nothing. The first change that
// grows a borrowed list copies it to storage of its own, as a vector does
// when it outgrows its capacity; a copy of a list always owns its storage.
//
// Invariants:
//  - `capacity_ == 0` while the list owns no storage (empty, or borrowed);
//    otherwise `data_` holds `capacity_` values it owns, and frees them.
//  - The values move only when the list itself grows (push_back, insert
//    past capacity): iterators and references into one list survive every
//    change to any other list, and to the tree's node arrays, as those of a
//    std::vector do.
#ifndef SDFCONV_CONVERTERS_XML_XML_LIST_H_
#define SDFCONV_CONVERTERS_XML_XML_LIST_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

namespace sdfconv {

template <typename T>
class XmlList {
  static_assert(std::is_trivially_copyable_v<T>,
                "XmlList copies its values as bytes");

 public:
  using value_type = T;
  using iterator = T*;
  using const_iterator = const T*;
  using reverse_iterator = std::reverse_iterator<T*>;
  using const_reverse_iterator = std::reverse_iterator<const T*>;

  XmlList() = default;
  // A list that borrows `size` values at `data`, which must outlive it
  // (a parsed tree's arrays).
  static XmlList Borrow(T* data, size_t size) {
    XmlList list;
    list.data_ = data;
    list.size_ = static_cast<uint32_t>(size);
    return list;
  }
  XmlList(const XmlList& other) { CopyFrom(other); }
  XmlList& operator=(const XmlList& other) {
    if (this != &other) {
      Free();
      CopyFrom(other);
    }
    return *this;
  }
  XmlList(XmlList&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  XmlList& operator=(XmlList&& other) noexcept {
    if (this != &other) {
      Free();
      data_ = std::exchange(other.data_, nullptr);
      size_ = std::exchange(other.size_, 0);
      capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
  }
  ~XmlList() { Free(); }

  [[nodiscard]] size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }
  reverse_iterator rbegin() { return reverse_iterator(end()); }
  reverse_iterator rend() { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const {
    return const_reverse_iterator(end());
  }
  const_reverse_iterator rend() const {
    return const_reverse_iterator(begin());
  }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T& front() { return data_[0]; }
  const T& front() const { return data_[0]; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  // The values as a vector of their own.
  [[nodiscard]] std::vector<T> ToVector() const {
    return std::vector<T>(begin(), end());
  }

  void clear() { size_ = 0; }
  void push_back(const T& value) { insert(end(), value); }
  T* insert(const T* at, const T& value) {
    const size_t index = static_cast<size_t>(at - data_);
    const T copy = value;            // `value` may be one of ours
    if (size_ >= capacity_) Grow();  // full, or borrowed
    std::memmove(static_cast<void*>(data_ + index + 1), data_ + index,
                 (size_ - index) * sizeof(T));
    std::memcpy(static_cast<void*>(data_ + index), &copy, sizeof(T));
    ++size_;
    return data_ + index;
  }
  T* erase(const T* at) { return erase(at, at + 1); }
  T* erase(const T* first, const T* last) {
    if (first == last) return const_cast<T*>(first);
    const size_t from = static_cast<size_t>(first - data_);
    const size_t to = static_cast<size_t>(last - data_);
    std::memmove(static_cast<void*>(data_ + from), data_ + to,
                 (size_ - to) * sizeof(T));
    size_ -= static_cast<uint32_t>(to - from);
    return data_ + from;
  }

 private:
  // Owned storage for twice the values (at least 4), the values copied.
  void Grow() {
    const uint32_t capacity = std::max<uint32_t>(4, size_ * 2);
    T* data = static_cast<T*>(::operator new(capacity * sizeof(T)));
    if (size_ > 0)
      std::memcpy(static_cast<void*>(data), data_, size_ * sizeof(T));
    Free();
    data_ = data;
    capacity_ = capacity;
  }
  void CopyFrom(const XmlList& other) {
    data_ = nullptr;
    size_ = 0;
    capacity_ = 0;
    if (other.size_ == 0) return;
    data_ = static_cast<T*>(::operator new(other.size_ * sizeof(T)));
    std::memcpy(static_cast<void*>(data_), other.data_,
                other.size_ * sizeof(T));
    size_ = other.size_;
    capacity_ = other.size_;
  }
  void Free() {
    if (capacity_ > 0) ::operator delete(data_);
  }

  T* data_ = nullptr;
  uint32_t size_ = 0;
  uint32_t capacity_ = 0;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_LIST_H_
