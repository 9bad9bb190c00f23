// FuzzInputFile: a fuzz target's input as a file, for the code under test
// that reads paths (the registry, the conversions).
//
// Invariant: one file per process and extension, in a folder of this
// process (under $TEST_TMPDIR or /tmp), rewritten for every input; nothing
// else is written.
#ifndef SDFCONV_TESTING_FUZZ_FUZZ_INPUT_H_
#define SDFCONV_TESTING_FUZZ_FUZZ_INPUT_H_

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace sdfconv::fuzz {

// The path of a file holding `data`, named input`extension`.
inline std::string FuzzInputFile(const uint8_t* data, size_t size,
                                 const std::string& extension) {
  static const std::string dir = [] {
    const char* base = std::getenv("TEST_TMPDIR");
    const std::string d = std::string(base != nullptr ? base : "/tmp") +
                          "/sdfconv_fuzz." + std::to_string(::getpid());
    std::filesystem::create_directories(d);
    return d;
  }();
  const std::string path = dir + "/input" + extension;
  std::ofstream(path, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data),
             static_cast<std::streamsize>(size));
  return path;
}

}  // namespace sdfconv::fuzz

#endif  // SDFCONV_TESTING_FUZZ_FUZZ_INPUT_H_
