// `mark_temporary FILE PID`: marks FILE as a temporary that sdfconv's
// process PID wrote (cli/temporary_file.h), for the command-line tests of
// the clean-up of a killed run's temporaries.
#include <sys/xattr.h>

#include <cstdio>
#include <cstring>

#include "cli/temporary_file.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: mark_temporary FILE PID\n");
    return 2;
  }
  if (::setxattr(argv[1], sdfconv::kTemporaryMark, argv[2],
                 std::strlen(argv[2]), 0) != 0) {
    std::perror(argv[1]);
    return 1;
  }
  return 0;
}
