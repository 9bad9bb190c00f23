// json_get FILE POINTER...: parses FILE as one JSON document (strictly:
// anything else in it, before or after, is an error) and prints the value
// at each JSON pointer (RFC 6901) on its own line, strings bare, others as
// JSON. Exit 1 when FILE is not exactly one JSON document or a pointer
// names nothing. For the command-line tests, which need no python.
//   json_get out.json /files/0/outcome /files/0/diagnostics/0/line
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: json_get FILE POINTER...\n";
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json doc;
  try {
    doc = nlohmann::json::parse(text.str());
    for (int i = 2; i < argc; ++i) {
      const nlohmann::json& value = doc.at(nlohmann::json::json_pointer(argv[i]));
      std::cout << (value.is_string() ? value.get<std::string>() : value.dump())
                << '\n';
    }
  } catch (const nlohmann::json::exception& e) {
    std::cerr << "json_get: " << argv[1] << ": " << e.what() << '\n';
    return 1;
  }
  return 0;
}
