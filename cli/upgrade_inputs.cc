#include "cli/upgrade_inputs.h"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <tuple>
#include <utility>

#include "cli/output_file.h"

namespace sdfconv {
namespace {

// A file's place, whatever path reaches it: its folder and its name there.
using PlaceId = std::tuple<dev_t, ino_t, std::string>;
using FolderId = std::pair<dev_t, ino_t>;

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

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string Join(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a.back() == '/' ? a + b : a + "/" + b;
}

std::optional<FolderId> IdOfFolder(const Folder& folder) {
  struct stat st;
  if (::fstat(folder.fd(), &st) != 0) return std::nullopt;
  return FolderId{st.st_dev, st.st_ino};
}

// Entry names of the open folder `fd` other than "." and "..", in byte
// order.
bool ListFolder(int fd, std::vector<std::string>* names, std::string* error) {
  const int own = ::dup(fd);
  DIR* d = own < 0 ? nullptr : ::fdopendir(own);
  if (d == nullptr) {
    *error = std::strerror(errno);
    if (own >= 0) ::close(own);
    return false;
  }
  errno = 0;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names->push_back(name);
  }
  const int read_errno = errno;
  ::closedir(d);
  if (read_errno != 0) {
    *error = std::strerror(read_errno);
    return false;
  }
  std::sort(names->begin(), names->end());
  return true;
}

class Collector {
 public:
  Collector(const std::vector<std::string>& skip_dirs, bool whole_tree,
            InputNameFilter take)
      : whole_tree_(whole_tree), take_(take) {
    for (const std::string& dir : skip_dirs) {
      struct stat st;
      if (::stat(dir.c_str(), &st) == 0) skip_.insert({st.st_dev, st.st_ino});
    }
  }

  void AddPath(const std::string& arg) {
    const std::string root = StripTrailingSlashes(arg);
    struct stat st;
    if (::stat(root.c_str(), &st) != 0) {
      result_.usage_errors.push_back("cannot find '" + arg +
                                     "': " + std::strerror(errno));
    } else if (S_ISREG(st.st_mode)) {
      std::string error;
      std::optional<FilePlace> place = PlaceOfPath(root, &error);
      BatchInput input{root, BaseName(root), KindOfName(BaseName(root)), error,
                       {}};
      if (place) {
        const std::optional<FolderId> id = IdOfFolder(place->root);
        if (id && !seen_.insert({id->first, id->second, place->name}).second) {
          return;
        }
        input.place = std::move(*place);
      }
      result_.files.push_back(std::move(input));
    } else if (S_ISDIR(st.st_mode)) {
      Walk(root);
    } else {
      result_.usage_errors.push_back("'" + arg +
                                     "' is neither a file nor a directory");
    }
  }

  CollectedInputs Take() { return std::move(result_); }

 private:
  struct Pending {
    Folder parent;                     // open; null for the walk's root
    std::vector<std::string> folders;  // below the root (a folder: itself last)
    std::string name;                  // a file: its name in `parent`
    InputKind kind = InputKind::kSdf;  // a file's
  };

  void Failed(const std::string& path, const std::string& relative,
              const std::string& error) {
    result_.files.push_back({path, relative, InputKind::kSdf, error, {}});
  }

  // Preorder, entries in byte order, with an explicit stack: no recursion
  // on the depth of the tree. Folders are opened from their parent's
  // descriptor, never by path; those open at once are the ancestors of the
  // entries still pending.
  void Walk(const std::string& root_path) {
    std::string error;
    const std::optional<Folder> root = OpenFolderAt(root_path, &error);
    if (!root) {
      Failed(root_path, "", error);
      return;
    }
    std::vector<Pending> stack = {{Folder(), {}, "", InputKind::kSdf}};
    while (!stack.empty()) {
      Pending item = std::move(stack.back());
      stack.pop_back();
      std::string relative;
      for (const std::string& f : item.folders) relative = Join(relative, f);
      if (!item.name.empty()) {  // a file
        const std::string child = Join(relative, item.name);
        const std::optional<FolderId> id = IdOfFolder(item.parent);
        if (id && !seen_.insert({id->first, id->second, item.name}).second) {
          continue;
        }
        result_.files.push_back(
            {Join(root_path, child), child, item.kind, "",
             FilePlace{*root, item.folders, item.name}});
        continue;
      }
      const std::string path = Join(root_path, relative);
      Folder folder = *root;
      if (item.parent) {
        const int fd =
            ::openat(item.parent.fd(), item.folders.back().c_str(),
                     O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd < 0) {
          Failed(path, relative, "cannot list directory '" + path +
                                     "': " + std::strerror(errno));
          continue;
        }
        folder = Folder(fd);
      }
      const std::optional<FolderId> id = IdOfFolder(folder);
      if (item.parent && id && skip_.count(*id) != 0) continue;
      struct stat folder_st;
      if (!relative.empty() && ::fstat(folder.fd(), &folder_st) == 0) {
        result_.folder_modes[relative] = folder_st.st_mode & 07777;
      }
      std::vector<std::string> names;
      if (!ListFolder(folder.fd(), &names, &error)) {
        Failed(path, relative, "cannot list directory '" + path + "': " + error);
        continue;
      }
      std::vector<Pending> children;
      for (const std::string& name : names) {
        const std::string child = Join(relative, name);
        struct stat st;
        if (::fstatat(folder.fd(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) !=
            0) {
          Failed(Join(root_path, child), child,
                 "cannot examine '" + Join(root_path, child) +
                     "': " + std::strerror(errno));
          continue;
        }
        if (S_ISDIR(st.st_mode)) {
          std::vector<std::string> folders = item.folders;
          folders.push_back(name);
          children.push_back({folder, std::move(folders), "", InputKind::kSdf});
        } else if (S_ISREG(st.st_mode) && take_(name)) {
          children.push_back({folder, item.folders, name, KindOfName(name)});
        } else if (whole_tree_ && S_ISREG(st.st_mode)) {
          children.push_back({folder, item.folders, name, InputKind::kOther});
        } else if (whole_tree_ && S_ISLNK(st.st_mode)) {
          children.push_back({folder, item.folders, name, InputKind::kLink});
        }  // else: not an input (links inside a tree are not followed)
      }
      stack.insert(stack.end(), std::make_move_iterator(children.rbegin()),
                   std::make_move_iterator(children.rend()));
    }
  }

  bool whole_tree_;
  InputNameFilter take_;
  std::set<FolderId> skip_;
  std::set<PlaceId> seen_;
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

std::optional<FilePlace> PlaceOfPath(const std::string& path,
                                     std::string* error) {
  const std::optional<std::string> target = OutputTarget(path, error);
  if (!target) return std::nullopt;
  std::optional<Folder> folder = OpenFolderAt(DirectoryOf(*target), error);
  if (!folder) return std::nullopt;
  return FilePlace{std::move(*folder), {}, BaseName(*target)};
}

CollectedInputs CollectInputs(const std::vector<std::string>& paths,
                              const std::vector<std::string>& skip_dirs,
                              InputNameFilter take, bool whole_tree) {
  Collector collector(skip_dirs, whole_tree, take);
  for (const std::string& path : paths) collector.AddPath(path);
  return collector.Take();
}

}  // namespace sdfconv
