#include "converters/dynamic_library.h"

#include <dlfcn.h>

namespace sdfconv {
namespace {

std::string LoaderError() {
  const char* reason = ::dlerror();
  return reason != nullptr ? reason : "unknown reason";
}

}  // namespace

DynamicLibrary::DynamicLibrary(const char* soname) : soname_(soname) {
  handle_ = ::dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
  if (handle_ == nullptr) {
    error_ = "cannot load " + soname_ + ": " + LoaderError();
  }
}

void* DynamicLibrary::FindAddress(const char* symbol) {
  if (handle_ == nullptr) return nullptr;
  ::dlerror();  // clear a reason left from before
  void* address = ::dlsym(handle_, symbol);
  if (address == nullptr && error_.empty()) {
    error_ = "cannot load " + soname_ + ": no symbol " + symbol + " (" +
             LoaderError() + ")";
  }
  return address;
}

}  // namespace sdfconv
