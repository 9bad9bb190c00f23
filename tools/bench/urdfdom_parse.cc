// The floor of tools/bench/vs_libsdformat.sh's `urdf` job: a process that
// reads a file and hands it to urdfdom's parseURDF, and nothing else.
// sdfconv lets urdfdom decide what is a URDF (as ROS does), and
// libsdformat's URDF load calls the same parseURDF, so neither tool's URDF
// conversion can cost less than that call; this program adds the start of
// a process that loads urdfdom and the reading of the file, which a
// conversion pays too. Its time over libsdformat's is the smallest ratio
// sdfconv could reach. Built by the script against Debian's urdfdom; never
// part of the Bazel build.
//
//   urdfdom_parse FILE    exit 0 when urdfdom accepts FILE, 1 when it does
//                         not, 2 when FILE cannot be read
#include <urdf_parser/urdf_parser.h>

#include <fstream>
#include <sstream>
#include <string>

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) return 2;
  std::ostringstream text;
  text << in.rdbuf();  // an empty file inserts nothing: not an error here
  if (in.bad()) return 2;
  return urdf::parseURDF(text.str()) != nullptr ? 0 : 1;
}
