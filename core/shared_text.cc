#include "core/shared_text.h"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <limits>
#include <new>

namespace sdfconv {

SharedText::SharedText(std::string_view text) {
  if (text.empty()) return;
  if (text.size() >= std::numeric_limits<uint32_t>::max()) {
    throw std::bad_alloc();  // as std::string past its max_size
  }
  // The block's own size at least: constructing it writes all of it,
  // padding included, even for a text of one or two characters.
  void* memory = ::operator new(
      std::max(sizeof(Block), offsetof(Block, text) + text.size() + 1));
  block_ = new (memory) Block{{1}, static_cast<uint32_t>(text.size()), {}};
  std::memcpy(block_->text, text.data(), text.size());
  block_->text[text.size()] = '\0';
}

void SharedText::Release() {
  if (block_ != nullptr &&
      block_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    block_->~Block();
    ::operator delete(block_);
  }
  block_ = nullptr;
}

}  // namespace sdfconv
