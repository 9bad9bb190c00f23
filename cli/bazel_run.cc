#include "cli/bazel_run.h"

#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace sdfconv {
namespace {

std::optional<std::string> CurrentDirectory() {
  char buffer[PATH_MAX];
  if (::getcwd(buffer, sizeof buffer) == nullptr) return std::nullopt;
  return std::string(buffer);
}

std::optional<std::string> OwnExecutable() {
  char buffer[PATH_MAX];
  const ssize_t n = ::readlink("/proc/self/exe", buffer, sizeof buffer);
  if (n <= 0 || static_cast<size_t>(n) >= sizeof buffer) return std::nullopt;
  return std::string(buffer, static_cast<size_t>(n));
}

}  // namespace

bool InOwnRunfiles(const std::string& cwd, const std::string& executable) {
  const std::string runfiles = executable + ".runfiles";
  return cwd.compare(0, runfiles.size(), runfiles) == 0 &&
         (cwd.size() == runfiles.size() || cwd[runfiles.size()] == '/');
}

std::optional<std::string> EnterBuildWorkingDirectory() {
  const char* dir = std::getenv("BUILD_WORKING_DIRECTORY");
  if (dir == nullptr || *dir == '\0') return std::nullopt;
  const std::optional<std::string> cwd = CurrentDirectory();
  const std::optional<std::string> executable = OwnExecutable();
  if (!cwd || !executable || !InOwnRunfiles(*cwd, *executable)) {
    return std::nullopt;
  }
  if (::chdir(dir) == 0) return std::nullopt;
  return "cannot enter BUILD_WORKING_DIRECTORY '" + std::string(dir) +
         "', where `bazel run` was started: " + std::strerror(errno);
}

}  // namespace sdfconv
