#include "cli/graphviz.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <functional>
#include <thread>

extern char** environ;

namespace sdfconv {
namespace {

// Closes what it holds when it goes out of scope.
struct Fd {
  int fd = -1;
  ~Fd() { Close(); }
  void Close() {
    if (fd >= 0) ::close(fd);
    fd = -1;
  }
};

// Writes all of `text` to `fd` (stops at the first error) and closes it.
void WriteAll(Fd* fd, const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd->fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  fd->Close();
}

// Reads `out` and `err` to their ends, whichever has data first.
void ReadBoth(Fd* out, Fd* err, std::string* out_text, std::string* err_text) {
  char buffer[1 << 16];
  while (out->fd >= 0 || err->fd >= 0) {
    pollfd fds[2] = {{out->fd, POLLIN, 0}, {err->fd, POLLIN, 0}};
    if (::poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || fds[i].revents == 0) continue;
      Fd* fd = i == 0 ? out : err;
      const ssize_t n = ::read(fd->fd, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        fd->Close();
        continue;
      }
      (i == 0 ? out_text : err_text)->append(buffer, static_cast<size_t>(n));
    }
  }
}

// SIGPIPE ignored for the lifetime of the object, then restored.
class IgnoreSigpipe {
 public:
  IgnoreSigpipe() {
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &previous_);
  }
  ~IgnoreSigpipe() { ::sigaction(SIGPIPE, &previous_, nullptr); }

 private:
  struct sigaction previous_ {};
};

}  // namespace

std::optional<std::string> RenderSvg(const std::string& dot_text,
                                     std::string* error,
                                     const std::string& program) {
  int in[2], out[2], err[2];
  if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0 ||
      ::pipe2(err, O_CLOEXEC) != 0) {
    *error = std::string("cannot create a pipe: ") + std::strerror(errno);
    return std::nullopt;
  }
  Fd in_read{in[0]}, in_write{in[1]}, out_read{out[0]}, out_write{out[1]},
      err_read{err[0]}, err_write{err[1]};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_read.fd, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out_write.fd, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err_write.fd, STDERR_FILENO);
  std::string format = "-Tsvg";
  char* argv[] = {const_cast<char*>(program.c_str()), format.data(), nullptr};
  pid_t pid = 0;
  const IgnoreSigpipe ignore_sigpipe;
  const int spawned =
      ::posix_spawnp(&pid, program.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    *error = spawned == ENOENT
                 ? "Graphviz's `" + program +
                       "` is not installed (on Debian: apt-get install "
                       "graphviz); --format dot writes the graph without it"
                 : "cannot run `" + program + "`: " + std::strerror(spawned);
    return std::nullopt;
  }
  in_read.Close();
  out_write.Close();
  err_write.Close();
  std::thread writer(WriteAll, &in_write, std::cref(dot_text));
  std::string svg, messages;
  ReadBoth(&out_read, &err_read, &svg, &messages);
  writer.join();
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFSIGNALED(status)) {
    *error = "`" + program + "` was killed by signal " +
             std::to_string(WTERMSIG(status));
    return std::nullopt;
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    while (!messages.empty() && messages.back() == '\n') messages.pop_back();
    *error = "`" + program + " -Tsvg` failed (exit " +
             std::to_string(WEXITSTATUS(status)) + ")" +
             (messages.empty() ? "" : ": " + messages);
    return std::nullopt;
  }
  return svg;
}

}  // namespace sdfconv
