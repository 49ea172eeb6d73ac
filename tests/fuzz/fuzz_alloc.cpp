// fuzz_alloc.cpp: the memory-limited mode of fuzz_nomem: operator new
// (CaDiCaL's allocations) fails once fuzz_new_budget more allocations
// have been made, and every one after that until the budget is set to -1
// again (the default: never).  It calls malloc, so the sanitizers see
// every block; libFuzzer's own allocations happen while the budget is -1.
#include <cstdlib>
#include <new>

extern "C" {
long fuzz_new_budget = -1;
}

static void *take(std::size_t size) {
  if (fuzz_new_budget == 0)
    return nullptr;
  if (fuzz_new_budget > 0)
    fuzz_new_budget--;
  return std::malloc(size ? size : 1);
}

void *operator new(std::size_t size) {
  void *p = take(size);
  if (!p)
    throw std::bad_alloc();
  return p;
}
void *operator new[](std::size_t size) {
  void *p = take(size);
  if (!p)
    throw std::bad_alloc();
  return p;
}
void *operator new(std::size_t size, const std::nothrow_t &) noexcept {
  return take(size);
}
void *operator new[](std::size_t size, const std::nothrow_t &) noexcept {
  return take(size);
}
void operator delete(void *p) noexcept { std::free(p); }
void operator delete[](void *p) noexcept { std::free(p); }
void operator delete(void *p, std::size_t) noexcept { std::free(p); }
void operator delete[](void *p, std::size_t) noexcept { std::free(p); }
void operator delete(void *p, const std::nothrow_t &) noexcept { std::free(p); }
void operator delete[](void *p, const std::nothrow_t &) noexcept {
  std::free(p);
}

// (the same suppressions as tests/fuzz/nomem.supp, for a run without it)
extern "C" const char *__lsan_default_suppressions(void) {
  return "leak:CaDiCaL::\n";
}
