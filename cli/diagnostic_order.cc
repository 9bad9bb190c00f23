#include "cli/diagnostic_order.h"

#include <algorithm>
#include <unordered_map>

namespace sdfconv {

std::vector<const Diagnostic*> InPrintOrder(const Diagnostics& diags,
                                            const std::string& read_file) {
  std::vector<const Diagnostic*> sorted;
  std::unordered_map<std::string, size_t> file_order;
  if (!read_file.empty()) file_order.emplace(read_file, 0);
  for (const Diagnostic& d : diags.items()) {
    sorted.push_back(&d);
    file_order.emplace(d.source.file, file_order.size());
  }
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](const Diagnostic* a, const Diagnostic* b) {
                     const size_t fa = file_order.at(a->source.file.str());
                     const size_t fb = file_order.at(b->source.file.str());
                     if (fa != fb) return fa < fb;
                     return a->source.line < b->source.line;
                   });
  return sorted;
}

}  // namespace sdfconv
