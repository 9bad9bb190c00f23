// A system library opened when first needed (dlopen), not at every start.
//
// sdfconv needs libxml2 (and the ICU it brings) only for XML that the
// gate's fast check does not vouch for, and urdfdom (with TinyXML and
// console_bridge) only for URDF. Linked, the dynamic loader mapped and
// bound all of them at the start of every run, about 0.7 ms of CPU: a
// quarter of `check` on a small world (docs/benchmarks.md, "The start of
// a run"). Opened here, they cost only the runs that use them.
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

#include <string>

namespace sdfconv {

class DynamicLibrary {
 public:
  // Opens `soname` (RTLD_NOW | RTLD_LOCAL: bound at once, its symbols kept
  // out of the process's global scope).
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

// A table of a library's functions, as filled once from a DynamicLibrary,
// and why it could not be (empty when it was).
template <typename Table>
struct LoadedTable {
  Table functions;
  std::string error;
};

// The table, or nullptr with `*error` (when given) set to its reason.
template <typename Table>
const Table* TableOrError(const LoadedTable<Table>& loaded,
                          std::string* error) {
  if (loaded.error.empty()) return &loaded.functions;
  if (error != nullptr) *error = loaded.error;
  return nullptr;
}

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_DYNAMIC_LIBRARY_H_
