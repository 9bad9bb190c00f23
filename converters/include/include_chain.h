// Include chains: which file included which, for the cycle check of every
// tool that follows <include>s (composition, --expand-includes).
//
// Files are compared by FileIdentity, so that two spellings of one file
// (`a.sdf`, `./sub/../a.sdf`, a symlink) are one file. The chains form a
// tree of links: each link is a file and the link of the file that included
// it. Invariant: a link's parent was added before it, so walking up ends.
//
//   IncludeChains chains;
//   const int top = chains.Add(FileIdentity("w.sdf"), "w.sdf", -1);
//   std::string cycle = chains.CycleThrough(top, FileIdentity(f), f);
//   if (cycle.empty()) chains.Add(FileIdentity(f), f, top);
#ifndef SDFCONV_CONVERTERS_INCLUDE_INCLUDE_CHAIN_H_
#define SDFCONV_CONVERTERS_INCLUDE_INCLUDE_CHAIN_H_

#include <string>
#include <vector>

namespace sdfconv {

// An absolute, normalised path naming `file` (symlinks resolved where the
// file exists); `file` itself when the file system cannot say.
[[nodiscard]] std::string FileIdentity(const std::string& file);

class IncludeChains {
 public:
  // Adds the file `identity` (named `shown` in messages), included through
  // link `parent` (-1: the file being read); returns its link.
  int Add(std::string identity, std::string shown, int parent);

  // "a.sdf -> b.sdf -> a.sdf" when the file `identity` (named `shown`) is
  // on the chain that ends at `link`, else "". Linear in the chain.
  [[nodiscard]] std::string CycleThrough(int link, const std::string& identity,
                                         const std::string& shown) const;

 private:
  struct Link {
    std::string identity;
    std::string shown;
    int parent;
  };
  std::vector<Link> links_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CONVERTERS_INCLUDE_INCLUDE_CHAIN_H_
