// A system library opened when first needed (dlopen), not at every start.
//
// sdfconv needs libxml2 (and the ICU it brings) only for XML that the
// gate's fast check does not vouch for, and urdfdom (with TinyXML and
// console_bridge) only for URDF. Linked, the dynamic loader mapped and
// bound all of them at the start of every run, about 0.7 ms of CPU: a
// third of `check` on a small model (docs/benchmarks.md, "The start of a
// run"). Opened here, they cost only the runs that use them.
//
// Invariant: a DynamicLibrary either opened its library (error() empty
// after the constructor) or holds nothing and error() says why; Find gives
// a symbol's address only from an opened library, and records a miss in
// error(). A library once opened is never closed (no dlclose, even when
// the DynamicLibrary is destroyed), so the addresses Find gave stay valid
// for the life of the process.
//
//   DynamicLibrary library("libxml2.so.2");
//   auto* stop = library.Find<decltype(xmlStopParser)>("xmlStopParser");
//   if (!library.error().empty()) ...  // not loaded, or a symbol missing
#ifndef SDFCONV_CONVERTERS_DYNAMIC_LIBRARY_H_
#define SDFCONV_CONVERTERS_DYNAMIC_LIBRARY_H_

#include <atomic>
#include <mutex>
#include <string>

namespace sdfconv {

class DynamicLibrary {
 public:
  // Opens `soname` (RTLD_LAZY | RTLD_LOCAL: its symbols kept out of the
  // process's global scope, and its calls to the libraries it brings bound
  // when first made). Bound at once, every function of those libraries
  // was looked up whatever the run used: the shared libstdc++ that urdfdom
  // brings has 1,037 of them, and libxml2's ICU more. What sdfconv calls
  // is looked up by Find, so a library without one of those functions is
  // still an error() here; only libraries that miss each other's
  // functions (a broken install) would stop the run at the call, as they
  // would any program Debian builds without BIND_NOW.
  explicit DynamicLibrary(const char* soname);
  DynamicLibrary(const DynamicLibrary&) = delete;
  DynamicLibrary& operator=(const DynamicLibrary&) = delete;

  // The address of `symbol` in the library or the libraries it needs, as a
  // `Function*`; nullptr (and error() set) when the library is not open or
  // has no such symbol. `Function` must be the symbol's declared type
  // (decltype of the declaration in the library's own header).
  template <typename Function>
  [[nodiscard]] Function* Find(const char* symbol) {
    return reinterpret_cast<Function*>(FindAddress(symbol));
  }

  // Empty when the library is open and every symbol asked for was found;
  // else one line: "cannot load libxml2.so.2: <the loader's reason>".
  [[nodiscard]] const std::string& error() const { return error_; }

 private:
  void* FindAddress(const char* symbol);

  void* handle_ = nullptr;
  std::string soname_;
  std::string error_;
};

// A library's table of functions, filled by `load` at the first call of
// Get that succeeds. A failed load is not kept: the next call tries again,
// since a library can fail to load for want of memory (under `ulimit -v`),
// not only because it is missing. Thread-safe (the batch reads files on
// several threads); once loaded, Get costs one atomic load.
template <typename Table>
class LazyTable {
 public:
  // Fills the table, or returns why it cannot (DynamicLibrary::error()).
  using Load = std::string (*)(Table*);

  explicit LazyTable(Load load) : load_(load) {}
  LazyTable(const LazyTable&) = delete;
  LazyTable& operator=(const LazyTable&) = delete;

  // The table, or nullptr with `*error` (when given) set to the reason.
  const Table* Get(std::string* error) {
    if (const Table* ready = ready_.load(std::memory_order_acquire)) {
      return ready;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    if (const Table* ready = ready_.load(std::memory_order_relaxed)) {
      return ready;
    }
    const std::string reason = load_(&table_);
    if (!reason.empty()) {
      if (error != nullptr) *error = reason;
      return nullptr;
    }
    ready_.store(&table_, std::memory_order_release);
    return &table_;
  }

 private:
  Load load_;
  std::mutex mutex_;
  Table table_;
  std::atomic<const Table*> ready_{nullptr};
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_DYNAMIC_LIBRARY_H_
