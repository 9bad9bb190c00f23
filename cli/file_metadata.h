// Giving a new file what the file it replaces had, so that replacing a
// file in place (`upgrade --in-place`) changes its contents only.
//
// CopyMetadata gives `to` the owner and group of `from`, then its
// permission bits (set after the owner: a change of owner clears setuid and
// setgid, which come back only with the owner), then every extended
// attribute it has (POSIX ACLs are the attributes
// `system.posix_acl_access` and `system.posix_acl_default`; SELinux labels
// `security.selinux`), except sdfconv's own temporary mark. When any of
// them cannot be given (not permitted, or the file system cannot hold it),
// it says which and returns false: the caller then leaves the file as it
// was rather than lose them.
#ifndef SDFCONV_CLI_FILE_METADATA_H_
#define SDFCONV_CLI_FILE_METADATA_H_

#include <sys/stat.h>

#include <string>

namespace sdfconv {

// See the file comment. `from` is the open file `from_fd`'s stat.
[[nodiscard]] bool CopyMetadata(int from_fd, const struct stat& from,
                                int to_fd, std::string* error);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_FILE_METADATA_H_
