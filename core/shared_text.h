// SharedText: an immutable string whose copies share it.
//
// A SourceLocation's file name is the same in every location of a file,
// and an element's path is copied into its pose's location, its include's
// and every diagnostic about it. Held as SharedText, a copy is a pointer
// and a count: the text is written once, in one allocation with its
// count, and a location is 24 bytes instead of 72.
//
// Invariant: the text, once made, never changes; an empty text holds no
// allocation; the count is atomic, so copies may cross threads.
//
//   SharedText file = "model.sdf";
//   SourceLocation at{file, 3, "/sdf/model[@name=\"m\"]"};  // shares it
//   std::string_view name = at.file;
#ifndef SDFCONV_CORE_SHARED_TEXT_H_
#define SDFCONV_CORE_SHARED_TEXT_H_

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace sdfconv {

class SharedText {
 public:
  SharedText() = default;
  SharedText(std::string_view text);   // NOLINT: text is text
  SharedText(const std::string& text)  // NOLINT
      : SharedText(std::string_view(text)) {}
  SharedText(const char* text)  // NOLINT
      : SharedText(std::string_view(text)) {}
  SharedText(const SharedText& other) : block_(other.block_) {
    if (block_ != nullptr) block_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  SharedText(SharedText&& other) noexcept : block_(other.block_) {
    other.block_ = nullptr;
  }
  SharedText& operator=(const SharedText& other) {
    SharedText copy(other);
    std::swap(block_, copy.block_);
    return *this;
  }
  SharedText& operator=(SharedText&& other) noexcept {
    std::swap(block_, other.block_);
    return *this;
  }
  ~SharedText() { Release(); }

  [[nodiscard]] std::string_view view() const {
    return block_ == nullptr ? std::string_view()
                             : std::string_view(block_->text, block_->size);
  }
  operator std::string_view() const { return view(); }  // NOLINT
  [[nodiscard]] std::string str() const { return std::string(view()); }
  // NUL-terminated.
  [[nodiscard]] const char* c_str() const {
    return block_ == nullptr ? "" : block_->text;
  }
  [[nodiscard]] bool empty() const { return block_ == nullptr; }
  [[nodiscard]] size_t size() const { return view().size(); }
  [[nodiscard]] char operator[](size_t i) const { return view()[i]; }

  friend bool operator==(const SharedText& a, const SharedText& b) {
    return a.block_ == b.block_ || a.view() == b.view();
  }
  friend bool operator!=(const SharedText& a, const SharedText& b) {
    return !(a == b);
  }
  friend bool operator<(const SharedText& a, const SharedText& b) {
    return a.view() < b.view();
  }
  friend std::string operator+(const SharedText& a, std::string_view b) {
    std::string out(a.view());
    out.append(b);
    return out;
  }
  friend std::string operator+(std::string_view a, const SharedText& b) {
    std::string out(a);
    out.append(b.view());
    return out;
  }
  friend std::ostream& operator<<(std::ostream& out, const SharedText& t) {
    return out << t.view();
  }

 private:
  struct Block {
    std::atomic<uint32_t> refs;
    uint32_t size;
    char text[1];  // size + 1 bytes: the text and a NUL
  };
  void Release();
  Block* block_ = nullptr;
};

}  // namespace sdfconv

#endif  // SDFCONV_CORE_SHARED_TEXT_H_
