/* Preloaded (LD_PRELOAD) by library_cli_test.sh: dlopen fails for every
 * file name listed, separated by ':', in SDFCONV_TEST_REFUSE_DLOPEN, as it
 * does on a machine without that library; SDFCONV_TEST_DLOPEN_INSTEAD,
 * "NAME=PATH", opens PATH when NAME is asked for (a stand-in library);
 * any other name goes to the real dlopen. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

static int Refused(const char* file) {
  const char* list = getenv("SDFCONV_TEST_REFUSE_DLOPEN");
  if (file == NULL || list == NULL) return 0;
  const size_t length = strlen(file);
  for (const char* at = list; *at != '\0';) {
    const char* end = strchr(at, ':');
    const size_t n = end != NULL ? (size_t)(end - at) : strlen(at);
    if (n == length && strncmp(at, file, n) == 0) return 1;
    if (end == NULL) break;
    at = end + 1;
  }
  return 0;
}

/* The stand-in for `file` named by SDFCONV_TEST_DLOPEN_INSTEAD, or file. */
static const char* Instead(const char* file) {
  const char* instead = getenv("SDFCONV_TEST_DLOPEN_INSTEAD");
  if (file == NULL || instead == NULL) return file;
  const char* equals = strchr(instead, '=');
  if (equals == NULL) return file;
  const size_t n = (size_t)(equals - instead);
  if (strlen(file) != n || strncmp(instead, file, n) != 0) return file;
  return equals + 1;
}

void* dlopen(const char* file, int mode) {
  typedef void* (*Open)(const char*, int);
  static Open real = NULL;
  if (Refused(file)) return NULL;
  if (real == NULL) real = (Open)dlsym(RTLD_NEXT, "dlopen");
  return real(Instead(file), mode);
}
