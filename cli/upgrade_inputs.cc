#include "cli/upgrade_inputs.h"

#include <dirent.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <utility>

namespace sdfconv {
namespace {

// A file's identity, whatever path reaches it.
using FileId = std::pair<dev_t, ino_t>;

FileId IdOf(const struct stat& st) { return {st.st_dev, st.st_ino}; }

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string StripTrailingSlashes(std::string path) {
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string Join(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a.back() == '/' ? a + b : a + "/" + b;
}

// Entry names of `dir` other than "." and "..", in byte order.
bool ListDirectory(const std::string& dir, std::vector<std::string>* names,
                   std::string* error) {
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) {
    *error = "cannot list directory '" + dir + "': " + std::strerror(errno);
    return false;
  }
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names->push_back(name);
  }
  ::closedir(d);
  std::sort(names->begin(), names->end());
  return true;
}

class Collector {
 public:
  Collector(const std::vector<std::string>& skip_dirs, InputNameFilter take)
      : take_(take) {
    for (const std::string& dir : skip_dirs) {
      struct stat st;
      if (::stat(dir.c_str(), &st) == 0) skip_.insert(IdOf(st));
    }
  }

  void AddPath(const std::string& arg) {
    const std::string root = StripTrailingSlashes(arg);
    struct stat st;
    if (::stat(root.c_str(), &st) != 0) {
      result_.usage_errors.push_back("cannot find '" + arg +
                                     "': " + std::strerror(errno));
    } else if (S_ISREG(st.st_mode)) {
      AddFile(root, BaseName(root), st);
    } else if (S_ISDIR(st.st_mode)) {
      Walk(root);
    } else {
      result_.usage_errors.push_back("'" + arg +
                                     "' is neither a file nor a directory");
    }
  }

  CollectedInputs Take() { return std::move(result_); }

 private:
  void AddFile(const std::string& path, const std::string& relative,
               const struct stat& st) {
    if (!seen_.insert(IdOf(st)).second) return;
    result_.files.push_back({path, relative, KindOfName(BaseName(path)), ""});
  }

  // Preorder, entries in byte order, with an explicit stack: no recursion
  // on the depth of the tree.
  void Walk(const std::string& root) {
    struct Pending {
      std::string relative;
      bool is_dir;
    };
    std::vector<Pending> stack = {{"", true}};
    while (!stack.empty()) {
      const Pending item = std::move(stack.back());
      stack.pop_back();
      const std::string path = Join(root, item.relative);
      if (!item.is_dir) {
        struct stat st;
        if (::stat(path.c_str(), &st) == 0) AddFile(path, item.relative, st);
        continue;
      }
      std::vector<std::string> names;
      std::string error;
      if (!ListDirectory(path, &names, &error)) {
        result_.files.push_back({path, item.relative, InputKind::kSdf, error});
        continue;
      }
      std::vector<Pending> children;
      for (const std::string& name : names) {
        const std::string child = Join(item.relative, name);
        struct stat st;
        if (::lstat(Join(root, child).c_str(), &st) != 0) continue;
        if (S_ISDIR(st.st_mode) && skip_.count(IdOf(st)) == 0) {
          children.push_back({child, true});
        } else if (S_ISREG(st.st_mode) && take_(name)) {
          children.push_back({child, false});
        }
      }
      stack.insert(stack.end(), children.rbegin(), children.rend());
    }
  }

  InputNameFilter take_;
  std::set<FileId> skip_;
  std::set<FileId> seen_;
  CollectedInputs result_;
};

}  // namespace

bool IsUpgradeInputName(const std::string& name) {
  return name == "model.config" || EndsWith(name, ".sdf") ||
         EndsWith(name, ".world");
}

InputKind KindOfName(const std::string& name) {
  return name == "model.config" ? InputKind::kModelConfig : InputKind::kSdf;
}

CollectedInputs CollectInputs(const std::vector<std::string>& paths,
                              const std::vector<std::string>& skip_dirs,
                              InputNameFilter take) {
  Collector collector(skip_dirs, take);
  for (const std::string& path : paths) collector.AddPath(path);
  return collector.Take();
}

}  // namespace sdfconv
