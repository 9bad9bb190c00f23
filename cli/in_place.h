// Replacing an input of `sdfconv upgrade --in-place` with its upgrade,
// where it is, so that nothing but its contents changes and nothing else is
// ever written.
//
// ReplaceInPlace works in the input's folder (file_place.h), on the file
// OpenRegularFile read there, in this order:
//  1. A file with more than one name (hard links) is refused
//     (FILE_HARD_LINKED): a new file under this name would leave the others
//     on the old one. FILE.bak as a second name of the file is no such
//     name: it is the backup a killed run made.
//  2. The new text is written to a temporary in the same folder
//     (temporary_file.h) that gets everything the input has: owner, group,
//     permission bits, extended attributes and ACLs (file_metadata.h);
//     what cannot be given fails the file (FILE_METADATA_UNKEPT).
//  3. With a backup, FILE.bak is the input itself: a second name of its
//     inode, so it keeps everything the input has. An existing FILE.bak is
//     accepted only when it is a regular file that is the input itself (a
//     second name: what a run killed after making it leaves) or holds
//     exactly the input's bytes; anything else (a link, another file)
//     fails the file (BACKUP_CONFLICT).
//  4. The input must still be what was read (StillTheSame: inode, size,
//     modification time, bytes), else FILE_CHANGED and nothing is replaced.
//  5. The temporary and the input are exchanged in one atomic step; when
//     what was exchanged out is not the input (it changed in the instant
//     since 4), the two are exchanged back and the file fails
//     (FILE_CHANGED). Where the file system cannot exchange, the temporary
//     is renamed over the input right after step 4.
// On any failure a backup made by this call is removed and the input is as
// it was. The folder is synced after the replacement.
#ifndef SDFCONV_CLI_IN_PLACE_H_
#define SDFCONV_CLI_IN_PLACE_H_

#include <optional>
#include <string>
#include <string_view>

#include "cli/file_place.h"
#include "core/diagnostic.h"

namespace sdfconv {

// A test's hook, called between steps 3 and 4 (to change the input
// reliably, not by timing). Null in the product.
using BeforeReplaceHook = void (*)(const Folder& folder,
                                   const std::string& name);
void SetBeforeReplaceHook(BeforeReplaceHook hook);

// Why FILE.bak beside `name` (read as `input`) would fail step 3 (a
// BACKUP_CONFLICT), or nothing when it would not; for --check to say so.
std::optional<std::string> BackupConflict(const Folder& folder,
                                          const std::string& name,
                                          const OpenedFile& input);

// Replaces the file `name` in `folder`, read as `input`, with `text`, as
// the file comment says. On failure, false with the code and message of
// why (`*code`, `*error`).
[[nodiscard]] bool ReplaceInPlace(const Folder& folder, const std::string& name,
                                  const OpenedFile& input,
                                  std::string_view text, bool backup,
                                  Code* code, std::string* error);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_IN_PLACE_H_
