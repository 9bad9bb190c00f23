#include "cli/interrupt.h"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <mutex>

namespace sdfconv {
namespace {

// Set from a signal handler: must be lock-free to be async-signal-safe.
static_assert(std::atomic<bool>::is_always_lock_free);
std::atomic<bool> g_stop{false};

constexpr char kMessage[] =
    "\nsdfconv: interrupted; finishing the files in progress "
    "(at most 10 s; interrupt again to quit at once)\n";

// How long the files in flight may take after the first signal.
constexpr unsigned kGraceSeconds = 10;

// sigaction(2) and write(2) are async-signal-safe.
// errno is kept for the code the signal interrupted.
void OnSignal(int) {
  const int saved_errno = errno;
  g_stop.store(true);
  struct sigaction default_action = {};
  default_action.sa_handler = SIG_DFL;
  ::sigaction(SIGINT, &default_action, nullptr);
  ::sigaction(SIGTERM, &default_action, nullptr);
  // The deadline: SIGALRM's default action ends the process.
  ::sigaction(SIGALRM, &default_action, nullptr);
  ::alarm(kGraceSeconds);
  // A short or failed write is harmless.
  const ssize_t ignored = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  (void)ignored;
  errno = saved_errno;
}

void Install() {
  struct sigaction action = {};
  action.sa_handler = OnSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  ::sigaction(SIGINT, &action, nullptr);
  ::sigaction(SIGTERM, &action, nullptr);
}

}  // namespace

const std::atomic<bool>& StopOnSignals() {
  static std::once_flag once;
  std::call_once(once, Install);
  return g_stop;
}

}  // namespace sdfconv
