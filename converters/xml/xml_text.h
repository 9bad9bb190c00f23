// XmlText and TextStore: the pieces of an XmlTree's text and the storage
// they view.
//
// Invariants:
//  - An XmlText is a read-only view (a std::string_view) of bytes a
//    TextStore keeps alive: the parsed input, kept whole, or the text an
//    edit wrote. Only the tree and its scanner make one (nothing converts a
//    std::string into it), so a piece can never view a temporary.
//  - A TextStore never moves or frees what it keeps while it, or a copy of
//    it, lives: copies share the kept bytes; each store appends only to a
//    block no copy can see past its own end, so copies never write into
//    bytes another store views.
#ifndef SDFCONV_CONVERTERS_XML_XML_TEXT_H_
#define SDFCONV_CONVERTERS_XML_XML_TEXT_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sdfconv {

class XmlTree;
class XmlTreeBuilder;
class TextStore;

class XmlText : public std::string_view {
 public:
  XmlText() = default;

  // A string literal lives as long as the program.
  template <size_t N>
  static XmlText Literal(const char (&text)[N]) {
    return XmlText(std::string_view(text, N - 1));
  }

 private:
  friend class TextStore;
  friend class XmlTreeBuilder;
  explicit XmlText(std::string_view kept) : std::string_view(kept) {}
};

// An XmlText in 12 bytes (a view takes 16) and 4-byte alignment, for the
// texts every node and element has (XmlNode, XmlElementParts): read as a
// std::string_view, narrowed only from its ends, as a view is.
class __attribute__((packed, aligned(4))) PackedXmlText {
 public:
  PackedXmlText() = default;
  PackedXmlText(XmlText text)  // NOLINT: the same text, packed
      : data_(text.data()), size_(static_cast<uint32_t>(text.size())) {}

  [[nodiscard]] std::string_view view() const { return {data_, size_}; }
  operator std::string_view() const { return view(); }  // NOLINT
  [[nodiscard]] size_t size() const { return size_; }
  [[nodiscard]] bool empty() const { return size_ == 0; }
  [[nodiscard]] char operator[](size_t i) const { return data_[i]; }
  [[nodiscard]] char back() const { return data_[size_ - 1]; }
  template <typename... Args>
  [[nodiscard]] size_t find(Args&&... args) const {
    return view().find(std::forward<Args>(args)...);
  }
  template <typename... Args>
  [[nodiscard]] size_t rfind(Args&&... args) const {
    return view().rfind(std::forward<Args>(args)...);
  }
  template <typename... Args>
  [[nodiscard]] int compare(Args&&... args) const {
    return view().compare(std::forward<Args>(args)...);
  }
  [[nodiscard]] std::string_view substr(
      size_t at, size_t n = std::string_view::npos) const {
    return view().substr(at, n);
  }
  // Drop the first or last `n` characters (at most size()).
  void remove_prefix(size_t n) {
    data_ += n;
    size_ -= static_cast<uint32_t>(n);
  }
  void remove_suffix(size_t n) { size_ -= static_cast<uint32_t>(n); }

 private:
  const char* data_ = nullptr;
  uint32_t size_ = 0;
};

class TextStore {
 public:
  TextStore() = default;
  // A copy shares what is kept and appends to blocks of its own.
  TextStore(const TextStore& other) : owners_(other.owners_) {}
  TextStore& operator=(const TextStore& other) {
    owners_ = other.owners_;
    next_ = nullptr;
    room_ = 0;
    return *this;
  }
  TextStore(TextStore&& other) noexcept
      : owners_(std::move(other.owners_)),
        next_(std::exchange(other.next_, nullptr)),
        room_(std::exchange(other.room_, 0)) {}
  TextStore& operator=(TextStore&& other) noexcept {
    owners_ = std::move(other.owners_);
    next_ = std::exchange(other.next_, nullptr);
    room_ = std::exchange(other.room_, 0);
    return *this;
  }

  // A kept copy of `text`.
  XmlText Keep(std::string_view text) {
    if (text.empty()) return XmlText();
    if (text.size() > room_) {
      if (text.size() >= kBlock / 4) return Own(std::string(text));
      std::shared_ptr<char[]> block(new char[kBlock]);
      next_ = block.get();
      room_ = kBlock;
      owners_.push_back(std::move(block));
    }
    std::memcpy(next_, text.data(), text.size());
    const XmlText kept(std::string_view(next_, text.size()));
    next_ += text.size();
    room_ -= text.size();
    return kept;
  }

  // Keeps `text` itself (no copy of its bytes).
  XmlText Own(std::string text) {
    auto owned = std::make_shared<const std::string>(std::move(text));
    const XmlText kept(*owned);
    owners_.push_back(std::move(owned));
    return kept;
  }

 private:
  static constexpr size_t kBlock = size_t{64} << 10;
  std::vector<std::shared_ptr<const void>> owners_;
  char* next_ = nullptr;  // free bytes of the last block only this store sees
  size_t room_ = 0;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_XML_XML_TEXT_H_
