// The main of a fuzz target (LLVMFuzzerTestOneInput) built without
// libFuzzer: the test suite's smoke run of every target, and the replay of
// a reproducer. tools/fuzz.sh builds the same targets with libFuzzer and
// the sanitizers for real fuzzing (docs/reliability.md).
//
// For every file named (folders are walked), the target runs on the file
// as it is and on kVariants deterministic variants of it (cut short, a byte
// changed, a piece deleted, a piece doubled), until `--seconds` have
// passed. A crash is the process's crash; otherwise it prints what it ran
// and exits 0.
//
//   usage: TARGET [--seconds S] [--ext .sdf,.urdf] PATH...
//   A PATH of the form @corpus/SUB is SUB of the real-world corpus
//   ($SDFCONV_CORPUS); it is skipped, saying so, when that is not set.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

constexpr int kVariants = 16;

bool Wanted(const std::filesystem::path& file,
            const std::vector<std::string>& extensions) {
  if (extensions.empty()) return true;
  for (const std::string& ext : extensions) {
    if (file.extension() == ext) return true;
  }
  return false;
}

std::vector<std::string> Split(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) {
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

std::string ReadBytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void Run(const std::string& bytes) {
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()),
                         bytes.size());
}

// Variant `k` of `seed`, the same on every run (a small LCG seeded by k).
std::string Variant(const std::string& seed, int k) {
  if (seed.empty()) return seed;
  uint64_t state = 0x9E3779B97F4A7C15ull * static_cast<uint64_t>(k + 1);
  auto next = [&state](size_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<size_t>((state >> 33) % bound);
  };
  std::string out = seed;
  const size_t at = next(out.size());
  const size_t len = 1 + next(std::min<size_t>(64, out.size() - at));
  switch (k % 4) {
    case 0:
      out.resize(at);
      break;
    case 1:
      out[at] = static_cast<char>("<>/\"'&=\n 0-9.e"[next(15)]);
      break;
    case 2:
      out.erase(at, len);
      break;
    default:
      out.insert(at, out.substr(at, len));
      break;
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 20;
  std::vector<std::string> extensions;
  std::vector<std::filesystem::path> roots;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else if (arg == "--ext" && i + 1 < argc) {
      extensions = Split(argv[++i]);
    } else if (arg.rfind("@corpus", 0) == 0) {
      const char* corpus = std::getenv("SDFCONV_CORPUS");
      if (corpus == nullptr || *corpus == '\0') {
        std::printf("note: no corpus (SDFCONV_CORPUS); %s skipped\n",
                    arg.c_str());
        continue;
      }
      roots.push_back(std::string(corpus) + arg.substr(7));
    } else {
      roots.push_back(arg);
    }
  }
  std::vector<std::filesystem::path> files;
  for (const auto& root : roots) {
    std::error_code error;
    if (std::filesystem::is_regular_file(root, error)) {
      files.push_back(root);
      continue;
    }
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(root, error)) {
      if (entry.is_regular_file() && Wanted(entry.path(), extensions)) {
        files.push_back(entry.path());
      }
    }
  }
  std::sort(files.begin(), files.end());
  const auto end = std::chrono::steady_clock::now() +
                   std::chrono::duration<double>(seconds);
  long runs = 0;
  size_t seeds = 0;
  // Every seed as it is first, then the variants, round by round.
  for (int k = -1; k < kVariants; ++k) {
    for (const auto& file : files) {
      if (std::chrono::steady_clock::now() > end) break;
      const std::string bytes = ReadBytes(file);
      Run(k < 0 ? bytes : Variant(bytes, k));
      ++runs;
      if (k < 0) ++seeds;
    }
  }
  std::printf("%ld runs: %zu of %zu seeds, up to %d variants each\n", runs,
              seeds, files.size(), kVariants);
  return 0;
}
