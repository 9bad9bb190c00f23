#include "core/activity.h"

#include <atomic>

namespace sdfconv {
namespace {

std::atomic<const char*> g_stage{nullptr};
std::atomic<uint64_t> g_done{0};

}  // namespace

ActivityScope::ActivityScope(const char* stage) : previous_(CurrentActivity()) {
  g_stage.store(stage, std::memory_order_relaxed);
  g_done.store(0, std::memory_order_relaxed);
}

ActivityScope::~ActivityScope() {
  g_stage.store(previous_.stage, std::memory_order_relaxed);
  g_done.store(previous_.done, std::memory_order_relaxed);
}

void AdvanceActivity(uint64_t n) {
  g_done.fetch_add(n, std::memory_order_relaxed);
}

ActivitySnapshot CurrentActivity() {
  return {g_stage.load(std::memory_order_relaxed),
          g_done.load(std::memory_order_relaxed)};
}

}  // namespace sdfconv
