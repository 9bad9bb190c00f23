// HeapOptional<T>: std::optional's interface, its value kept on the heap.
//
// For the rare, large parts of a widely used struct (a link's inertial, a
// model's or a joint's spec, an include's spec, an automatic-inertia
// collision's solid in core/document.h's Element): an empty one costs one
// pointer instead of sizeof(T), so the many elements that have none stay
// small. Copies are deep; moves move the pointer.
//
// Invariant: `value_` is null exactly when there is no value.
//
//   HeapOptional<Inertial> inertial;
//   if (!inertial) inertial = Inertial{};
//   inertial->mass = 2;
#ifndef SDFCONV_CORE_HEAP_OPTIONAL_H_
#define SDFCONV_CORE_HEAP_OPTIONAL_H_

#include <memory>
#include <optional>
#include <utility>

namespace sdfconv {

template <typename T>
class HeapOptional {
 public:
  HeapOptional() = default;
  HeapOptional(std::nullopt_t) {}  // NOLINT: as std::optional
  HeapOptional(T value)            // NOLINT: as std::optional
      : value_(std::make_unique<T>(std::move(value))) {}
  HeapOptional(const std::optional<T>& value)  // NOLINT: as std::optional
      : value_(value ? std::make_unique<T>(*value) : nullptr) {}
  HeapOptional(const HeapOptional& other)
      : value_(other ? std::make_unique<T>(*other) : nullptr) {}
  HeapOptional(HeapOptional&&) noexcept = default;
  HeapOptional& operator=(const HeapOptional& other) {
    if (this != &other) value_ = other ? std::make_unique<T>(*other) : nullptr;
    return *this;
  }
  HeapOptional& operator=(HeapOptional&&) noexcept = default;
  HeapOptional& operator=(std::nullopt_t) {
    value_.reset();
    return *this;
  }
  HeapOptional& operator=(T value) {
    value_ = std::make_unique<T>(std::move(value));
    return *this;
  }

  [[nodiscard]] bool has_value() const { return value_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return value_.get(); }
  const T* operator->() const { return value_.get(); }
  T& value() { return *value_; }
  const T& value() const { return *value_; }
  [[nodiscard]] T value_or(T otherwise) const {
    return value_ ? *value_ : std::move(otherwise);
  }
  template <typename... Args>
  T& emplace(Args&&... args) {
    value_ = std::make_unique<T>(std::forward<Args>(args)...);
    return *value_;
  }
  void reset() { value_.reset(); }
  // As std::optional<T>: for code that takes one.
  [[nodiscard]] std::optional<T> ToOptional() const {
    return value_ ? std::optional<T>(*value_) : std::nullopt;
  }

 private:
  std::unique_ptr<T> value_;
};

template <typename T>
bool operator==(const HeapOptional<T>& a, std::nullopt_t) {
  return !a;
}
template <typename T>
bool operator!=(const HeapOptional<T>& a, std::nullopt_t) {
  return static_cast<bool>(a);
}

}  // namespace sdfconv

#endif  // SDFCONV_CORE_HEAP_OPTIONAL_H_
