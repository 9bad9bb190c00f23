#include "cli/diagnostic_docs.h"

namespace sdfconv {

std::string_view CodeDocumentation(Code code) {
  const std::string_view name = CodeName(code);
  for (size_t i = 0; i < internal::kCodeDocRowCount; ++i) {
    if (name == internal::kCodeDocRows[i].code) {
      return internal::kCodeDocRows[i].markdown;
    }
  }
  return {};
}

std::string PlainDocText(std::string_view markdown) {
  std::string text;
  text.reserve(markdown.size());
  for (char c : markdown) {
    if (c != '`') text += c;
  }
  return text;
}

std::string FirstSentence(std::string_view text) {
  const size_t end = text.find(". ");
  if (end == std::string_view::npos) return std::string(text);
  return std::string(text.substr(0, end + 1));
}

}  // namespace sdfconv
