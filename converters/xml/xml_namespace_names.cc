#include "converters/xml/xml_namespace_names.h"

#include <cstddef>

namespace sdfconv {

bool IsPlainPrefix(std::string_view prefix) {
  if (prefix.empty()) return false;
  if (prefix.size() < 3) return true;
  const auto lower = [](char c) {
    return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  };
  return !(lower(prefix[0]) == 'x' && lower(prefix[1]) == 'm' &&
           lower(prefix[2]) == 'l');
}

bool IsPlainNamespaceName(std::string_view uri) {
  if (uri == "http://www.w3.org/XML/1998/namespace" ||
      uri == "http://www.w3.org/2000/xmlns/") {
    return false;
  }
  const auto alpha = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  };
  const auto digit = [](char c) { return c >= '0' && c <= '9'; };
  // unreserved, or a sub-delimiter but `&` and `'`
  const auto plain = [&](char c) {
    return alpha(c) || digit(c) ||
           std::string_view("-._~!$()*+,;=").find(c) !=
               std::string_view::npos;
  };
  const auto pchar = [&](char c) { return plain(c) || c == ':' || c == '@'; };
  size_t i = 0;
  const auto run = [&](auto&& allowed) {
    while (i < uri.size() && allowed(uri[i])) ++i;
  };
  if (uri.empty() || !alpha(uri[0])) return false;
  run([&](char c) {
    return alpha(c) || digit(c) || c == '+' || c == '-' || c == '.';
  });
  if (i >= uri.size() || uri[i] != ':') return false;
  ++i;
  if (i >= uri.size()) return false;
  if (uri.compare(i, 2, "//") == 0) {
    i += 2;
    // A host that starts with a digit may be read as an IPv4 address,
    // which libxml2 2.9's parser gets wrong in a way that happens to
    // accept such hosts; a fixed one would refuse `1.2.3.4x`. Such
    // names go to libxml2, whichever it is.
    const size_t host = i;
    if (i < uri.size() && digit(uri[i])) return false;
    run(plain);
    if (i == host) return false;
    if (i < uri.size() && uri[i] == ':') {  // a port: 1 to 5 digits
      const size_t port = ++i;
      run(digit);
      if (i == port || i - port > 5) return false;
    }
    if (i < uri.size() && uri[i] != '/' && uri[i] != '?' && uri[i] != '#') {
      return false;
    }
  }
  run([&](char c) { return pchar(c) || c == '/'; });  // the path
  if (i < uri.size() && uri[i] == '?') {
    ++i;
    run([&](char c) { return pchar(c) || c == '/' || c == '?'; });
  }
  if (i < uri.size() && uri[i] == '#') {
    ++i;
    run([&](char c) { return pchar(c) || c == '/' || c == '?'; });
  }
  return i == uri.size();
}

}  // namespace sdfconv
