#include "converters/sdf/schema_gen/delta.h"

#include <algorithm>
#include <initializer_list>
#include <utility>

#include "converters/sdf/schema_gen/statement_line.h"

namespace sdfconv::schema_gen {
namespace {

bool OneOf(const std::string& value, std::initializer_list<const char*> set) {
  return std::any_of(set.begin(), set.end(),
                     [&value](const char* s) { return value == s; });
}

bool IsElementRequired(const std::string& r) {
  return OneOf(r, {"0", "1", "*", "+", "-1"});
}

bool IsAttributeRequired(const std::string& r) { return OneOf(r, {"0", "1"}); }

// A name in a path: no separators, no quotes.
bool IsName(const std::string& name) {
  return !name.empty() && name.find_first_of("/@=\"#") == std::string::npos;
}

class Parser {
 public:
  explicit Parser(std::string file) : file_(std::move(file)) {
    out_.delta.file = file_;
  }

  DeltaParse Parse(std::string_view text) {
    const std::vector<std::string_view> lines = Lines(text);
    for (size_t i = 0; i < lines.size(); ++i) {
      Line(lines[i], static_cast<int>(i + 1));
    }
    if (!saw_version_) {
      out_.errors.push_back(file_ + ": no `version V from BASE` statement");
    }
    return std::move(out_);
  }

 private:
  void Error(const std::string& where, const std::string& what) {
    out_.errors.push_back(where + ": " + what);
  }

  void Line(std::string_view line, int number) {
    const std::string where = file_ + ":" + std::to_string(number);
    std::string error;
    std::vector<std::string> tokens = Tokenize(line, &error);
    if (!error.empty()) return Error(where, error);
    if (tokens.empty()) return;
    if (tokens[0] == "version") return Version(tokens, where);
    if (!saw_version_) {
      return Error(where, "the first statement must be `version V from BASE`");
    }
    DeltaOp op;
    op.where = where;
    if (!Verb(tokens[0], &op.verb)) {
      return Error(where, "unknown operation '" + tokens[0] +
                              "' (add, remove, rename, set)");
    }
    if (tokens.size() < 2 || !Target(tokens[1], &op.target)) {
      return Error(where, "expected PATH or PATH@ATTRIBUTE after " + tokens[0]);
    }
    size_t next = 2;
    if (op.verb == DeltaVerb::kRename) {
      if (tokens.size() < 3 || !IsName(tokens[2])) {
        return Error(where, "rename needs a new name");
      }
      op.new_name = tokens[next++];
    }
    for (; next < tokens.size(); ++next) {
      const size_t eq = tokens[next].find('=');
      if (eq == std::string::npos || eq == 0) {
        return Error(where, "expected key=value, found '" + tokens[next] + "'");
      }
      const std::string key = tokens[next].substr(0, eq);
      if (!op.fields.emplace(key, tokens[next].substr(eq + 1)).second) {
        return Error(where, "'" + key + "' given twice");
      }
    }
    if (const std::string why = Check(op); !why.empty()) {
      return Error(where, why);
    }
    for (const char* key : {"is", "like"}) {
      const auto it = op.fields.find(key);
      if (it == op.fields.end()) continue;
      DeltaTarget other;
      if (!Target(it->second, &other) || other.attribute || other.path.empty()) {
        return Error(where, std::string(key) + "= needs an element's PATH");
      }
      op.other = std::move(other.path);
    }
    out_.delta.ops.push_back(std::move(op));
  }

  void Version(const std::vector<std::string>& tokens,
               const std::string& where) {
    if (saw_version_) return Error(where, "a second version statement");
    if (tokens.size() != 4 || tokens[2] != "from") {
      return Error(where, "expected `version V from BASE`");
    }
    saw_version_ = true;
    out_.delta.version = tokens[1];
    out_.delta.base = tokens[3];
  }

  static bool Verb(const std::string& word, DeltaVerb* verb) {
    static const std::pair<const char*, DeltaVerb> kVerbs[] = {
        {"add", DeltaVerb::kAdd},
        {"remove", DeltaVerb::kRemove},
        {"rename", DeltaVerb::kRename},
        {"set", DeltaVerb::kSet}};
    for (const auto& [name, v] : kVerbs) {
      if (word == name) {
        *verb = v;
        return true;
      }
    }
    return false;
  }

  // "a/b/c", "a/b@x" or "@x".
  static bool Target(const std::string& token, DeltaTarget* target) {
    std::string path = token;
    if (const size_t at = token.find('@'); at != std::string::npos) {
      target->attribute = token.substr(at + 1);
      if (!IsName(*target->attribute)) return false;
      path = token.substr(0, at);
    }
    if (path.empty()) return target->attribute.has_value();
    size_t start = 0;
    while (start <= path.size()) {
      size_t slash = path.find('/', start);
      if (slash == std::string::npos) slash = path.size();
      target->path.push_back(path.substr(start, slash - start));
      if (!IsName(target->path.back())) return false;
      start = slash + 1;
    }
    return true;
  }

  // Why `op`'s fields do not suit its verb, or "".
  static std::string Check(const DeltaOp& op) {
    const bool attribute = op.target.attribute.has_value();
    const bool root = op.target.path.empty() && !attribute;
    const auto& f = op.fields;
    const auto has = [&f](const char* key) { return f.count(key) > 0; };
    const auto only = [&f](std::initializer_list<const char*> keys) {
      for (const auto& [key, value] : f) {
        if (!OneOf(key, keys)) return "'" + key + "' does not belong here";
      }
      return std::string();
    };
    switch (op.verb) {
      case DeltaVerb::kAdd:
        if (attribute) {
          if (!has("type") || !has("required") || !has("default")) {
            return "an attribute needs type, required and default";
          }
          if (!IsAttributeRequired(f.at("required"))) {
            return "an attribute's required is 0 or 1";
          }
          return only({"type", "required", "default", "min", "max"});
        }
        if (root) return "add needs a PATH";
        if (!has("required") || !IsElementRequired(f.at("required"))) {
          return "add needs required=0, 1, *, + or -1";
        }
        if (has("is") || has("like")) {
          if (has("is") && has("like")) return "is= and like= exclude each other";
          return only({"required", "is", "like"});
        }
        if (has("type") != has("default")) {
          return "type= and default= go together";
        }
        if ((has("min") || has("max")) && !has("type")) {
          return "min= and max= need type=";
        }
        return only({"required", "type", "default", "min", "max"});
      case DeltaVerb::kRemove:
        if (root) return "the root cannot be removed";
        return only({});
      case DeltaVerb::kRename:
        if (root) return "the root cannot be renamed";
        return only({});
      case DeltaVerb::kSet:
        if (f.empty()) return "set needs required=, default=, min= or max=";
        if (has("required")) {
          if (root) return "the root has no required";
          if (attribute ? !IsAttributeRequired(f.at("required"))
                        : !IsElementRequired(f.at("required"))) {
            return "'" + f.at("required") + "' is not a required value here";
          }
        }
        return only({"required", "default", "min", "max"});
    }
    return "";
  }

  std::string file_;
  DeltaParse out_;
  bool saw_version_ = false;
};

}  // namespace

DeltaParse ParseDelta(std::string_view text, const std::string& file) {
  return Parser(file).Parse(text);
}

std::string DescribeTarget(const DeltaTarget& target) {
  std::string out;
  for (const std::string& name : target.path) {
    out += (out.empty() ? "" : "/") + name;
  }
  if (target.attribute) out += "@" + *target.attribute;
  return out.empty() ? "(root)" : out;
}

}  // namespace sdfconv::schema_gen
