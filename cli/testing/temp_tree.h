// Small file-tree helpers for the cli/ tests: fresh directories under
// TEST_TMPDIR, writing and reading whole files, listing a tree, and making
// permission bits bind a test process that runs as root.
//
//   const std::string dir = MakeTempDir("mirror");
//   WriteFile(dir + "/in/a/model.sdf", FakeSdf("1.6"));
//   EXPECT_EQ(ListTree(dir + "/out"), (std::vector<std::string>{...}));
#ifndef SDFCONV_CLI_TESTING_TEMP_TREE_H_
#define SDFCONV_CLI_TESTING_TEMP_TREE_H_

#include <map>
#include <string>
#include <vector>

namespace sdfconv::testing {

// A new, empty directory under TEST_TMPDIR whose name starts with `name`.
std::string MakeTempDir(const std::string& name);

// Writes `text` to `path`, creating its directories. Aborts the test
// program on failure (a broken fixture, not a finding).
void WriteFile(const std::string& path, const std::string& text);

// The whole file, or "<missing>" when it cannot be read.
std::string ReadFile(const std::string& path);

bool Exists(const std::string& path);

// Every entry under `dir`, relative to it and sorted; directories end in
// '/': {"a/", "a/model.sdf", "b.world"}. Symbolic links are not followed.
std::vector<std::string> ListTree(const std::string& dir);

// Every regular file under `dir` with its contents, by relative path.
std::map<std::string, std::string> Snapshot(const std::string& dir);

// While alive, the calling thread (and the threads it starts) is subject to
// permission bits even as root: CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH
// leave its effective capabilities, and come back at the end.
class ScopedPermissionChecks {
 public:
  ScopedPermissionChecks();
  ~ScopedPermissionChecks();
  ScopedPermissionChecks(const ScopedPermissionChecks&) = delete;
  ScopedPermissionChecks& operator=(const ScopedPermissionChecks&) = delete;

 private:
  bool dropped_ = false;
  unsigned saved_[2] = {0, 0};
};

// True when a new file can be created in `dir` (probe, then removed).
bool CanCreateIn(const std::string& dir);

}  // namespace sdfconv::testing

#endif  // SDFCONV_CLI_TESTING_TEMP_TREE_H_
