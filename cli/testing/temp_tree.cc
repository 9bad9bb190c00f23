#include "cli/testing/temp_tree.h"

#include <dirent.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace sdfconv::testing {
namespace {

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "temp_tree: %s\n", what.c_str());
  std::abort();
}

void MakeParents(const std::string& path) {
  for (size_t slash = path.find('/', 1); slash != std::string::npos;
       slash = path.find('/', slash + 1)) {
    ::mkdir(path.substr(0, slash).c_str(), 0755);
  }
}

void ListInto(const std::string& root, const std::string& relative,
              std::vector<std::string>* entries) {
  const std::string dir = relative.empty() ? root : root + "/" + relative;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return;
  std::vector<std::string> names;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  ::closedir(d);
  for (const std::string& name : names) {
    const std::string child = relative.empty() ? name : relative + "/" + name;
    struct stat st;
    if (::lstat((root + "/" + child).c_str(), &st) != 0) continue;
    if (S_ISDIR(st.st_mode)) {
      entries->push_back(child + "/");
      ListInto(root, child, entries);
    } else {
      entries->push_back(child);
    }
  }
}

constexpr unsigned kDacMask =
    CAP_TO_MASK(CAP_DAC_OVERRIDE) | CAP_TO_MASK(CAP_DAC_READ_SEARCH);
static_assert(CAP_TO_INDEX(CAP_DAC_OVERRIDE) == 0 &&
              CAP_TO_INDEX(CAP_DAC_READ_SEARCH) == 0);

bool GetCaps(__user_cap_data_struct data[2]) {
  __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
  return ::syscall(SYS_capget, &header, data) == 0;
}

bool SetCaps(__user_cap_data_struct data[2]) {
  __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
  return ::syscall(SYS_capset, &header, data) == 0;
}

}  // namespace

std::string MakeTempDir(const std::string& name) {
  const char* base = std::getenv("TEST_TMPDIR");
  std::string templ = std::string(base ? base : "/tmp") + "/" + name + ".XXXXXX";
  if (::mkdtemp(templ.data()) == nullptr) Die("cannot create " + templ);
  return templ;
}

void WriteFile(const std::string& path, const std::string& text) {
  MakeParents(path);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) Die("cannot write " + path);
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return "<missing>";
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

bool Exists(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0;
}

std::vector<std::string> ListTree(const std::string& dir) {
  std::vector<std::string> entries;
  ListInto(dir, "", &entries);
  std::sort(entries.begin(), entries.end());
  return entries;
}

std::map<std::string, std::string> Snapshot(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const std::string& entry : ListTree(dir)) {
    if (entry.back() != '/') files[entry] = ReadFile(dir + "/" + entry);
  }
  return files;
}

ScopedPermissionChecks::ScopedPermissionChecks() {
  __user_cap_data_struct data[2] = {};
  if (!GetCaps(data) || (data[0].effective & kDacMask) == 0) return;
  saved_[0] = data[0].effective;
  saved_[1] = data[1].effective;
  data[0].effective &= ~kDacMask;
  dropped_ = SetCaps(data);
}

ScopedPermissionChecks::~ScopedPermissionChecks() {
  if (!dropped_) return;
  __user_cap_data_struct data[2] = {};
  if (!GetCaps(data)) return;
  data[0].effective = saved_[0];
  data[1].effective = saved_[1];
  SetCaps(data);
}

bool CanCreateIn(const std::string& dir) {
  const std::string probe = dir + "/.probe";
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) return false;
  ::close(fd);
  ::unlink(probe.c_str());
  return true;
}

}  // namespace sdfconv::testing
