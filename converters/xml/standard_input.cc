#include "converters/xml/standard_input.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <mutex>

namespace sdfconv {
namespace {

// What reading standard input once gave: its bytes, or the read's error.
struct StandardInput {
  std::string bytes;
  int error = 0;         // errno of a failed read, 0 when read to its end
  bool too_long = false;  // stopped after `read_limit` + 1 bytes
  size_t read_limit = 0;
};

// Reads file descriptor 0 to its end, or to just past `limit` bytes.
StandardInput ReadAll(size_t limit) {
  StandardInput in;
  in.read_limit = limit;
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof(buffer));
    if (n < 0) {
      if (errno == EINTR) continue;
      in.error = errno;
      return in;
    }
    if (n == 0) return in;
    in.bytes.append(buffer, static_cast<size_t>(n));
    if (in.bytes.size() > limit) {
      in.too_long = true;
      in.bytes.clear();
      return in;
    }
  }
}

}  // namespace

std::optional<std::string> StandardInputBytes(size_t limit,
                                              Diagnostics* diags) {
  static std::once_flag once;
  static StandardInput in;
  std::call_once(once, [limit] { in = ReadAll(limit); });
  const SourceLocation at{kStandardInputName, 0, ""};
  if (in.error != 0) {
    diags->Error(Code::kFileRead, at,
                 std::string("cannot read standard input: ") +
                     std::strerror(in.error));
    return std::nullopt;
  }
  if (in.too_long || in.bytes.size() > limit) {
    diags->Error(Code::kInputLimitExceeded, at,
                 "standard input is more than " +
                     std::to_string(std::min(limit, in.read_limit)) +
                     " bytes");
    return std::nullopt;
  }
  return in.bytes;
}

}  // namespace sdfconv
