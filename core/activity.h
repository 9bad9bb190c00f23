// Activity: what this process is busy with, for a progress display.
//
// A long operation names its stage with an ActivityScope (a string
// literal: "expanding includes") and counts units of work in it with
// AdvanceActivity(); a display on another thread (cli/activity_line.h)
// reads CurrentActivity() a few times a second. Scopes nest: leaving one
// gives back the enclosing stage and its count.
//
// Invariant: nothing reads the activity to decide anything; it informs
// people only. So it is one process-wide value, written with relaxed
// atomics, costing a store per call; operations running at once (the batch
// upgrade's threads, which draw their own progress) may overwrite each
// other's stage, which changes nothing but the display.
//
//   {
//     ActivityScope scope("expanding includes");
//     for (...) { ...; AdvanceActivity(); }
//   }
#ifndef SDFCONV_CORE_ACTIVITY_H_
#define SDFCONV_CORE_ACTIVITY_H_

#include <cstdint>

namespace sdfconv {

struct ActivitySnapshot {
  const char* stage = nullptr;  // nullptr: no stage named
  uint64_t done = 0;            // units counted in this stage
};

class ActivityScope {
 public:
  // `stage` must outlive the scope (a string literal).
  explicit ActivityScope(const char* stage);
  ~ActivityScope();
  ActivityScope(const ActivityScope&) = delete;
  ActivityScope& operator=(const ActivityScope&) = delete;

 private:
  ActivitySnapshot previous_;
};

// Counts `n` units of work of the current stage.
void AdvanceActivity(uint64_t n = 1);

[[nodiscard]] ActivitySnapshot CurrentActivity();

}  // namespace sdfconv

#endif  // SDFCONV_CORE_ACTIVITY_H_
