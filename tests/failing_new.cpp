// failing_new.cpp: the C++ allocation of a test program, failing on
// demand, as when memory runs out inside CaDiCaL: after tu_new_budget more
// allocations by operator new, the next tu_new_burst ones throw
// std::bad_alloc (the nothrow forms return NULL), then the budget is -1
// again (never fail); a burst of -1 fails until the budget is set again.
// Linked into test_nomem and tests/fuzz/fuzz_nomem.
#include <cstdlib>
#include <new>

extern "C" {
long tu_new_budget = -1;
long tu_new_burst = -1;
long tu_new_failed = 0; /* allocations refused so far */
}

static void *take(std::size_t size) {
  if (tu_new_budget == 0) {
    tu_new_failed++;
    if (tu_new_burst > 0 && --tu_new_burst == 0)
      tu_new_budget = -1;
    return nullptr;
  }
  if (tu_new_budget > 0)
    tu_new_budget--;
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

// CaDiCaL 1.5.3 is not exception safe: what an operation had allocated
// when operator new threw is linked nowhere and leaks (gridcnf keeps the
// solver itself reachable: solver-glue/cadical_guard.cpp).  LeakSanitizer
// (scripts/test.sh pass 2) reads these suppressions; leaks with no CaDiCaL
// frame are still reported.
extern "C" const char *__lsan_default_suppressions(void) {
  return "leak:CaDiCaL::\n";
}
