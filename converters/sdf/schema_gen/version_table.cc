#include "converters/sdf/schema_gen/version_table.h"

#include <algorithm>
#include <map>
#include <optional>
#include <utility>

#include "converters/sdf/schema_gen/statement_line.h"
#include "core/document.h"

namespace sdfconv::schema_gen {
namespace {

const char kHeader[] =
    "# The SDFormat element reference of one version, in schema_gen's table\n"
    "# form (docs/schema_deltas.md): Debian's sdformat-sdf descriptions\n"
    "# (/usr/share/sdformat12/<version>/*.sdf) as schema_gen reads them.\n"
    "# Written by tools/schema_tables.sh, checked against the installed\n"
    "# descriptions by //converters/sdf/schema_gen:version_table_test.\n";

// A name written as a token of its own.
bool IsToken(const std::string& name) {
  return !name.empty() && name[0] != '#' &&
         name.find_first_of(" \t\r\n\"=") == std::string::npos;
}

class Writer {
 public:
  Writer(const DescriptionSet& set, size_t index, std::string* out)
      : set_(set), v_(set.versions[index]), out_(*out) {}

  std::vector<std::string> Write() {
    out_ = kHeader;
    out_ += "table " + Name(v_.version) + " root=" + std::to_string(v_.root) +
            "\n";
    const std::string prefix = v_.version + "/";
    for (const std::string& m : set_.missing_includes) {
      const size_t colon = m.find(": ", prefix.size());
      if (m.compare(0, prefix.size(), prefix) != 0 ||
          colon == std::string::npos) {
        continue;
      }
      out_ += "missing " + Name(m.substr(prefix.size(), colon - prefix.size())) +
              " " + Name(m.substr(colon + 2)) + "\n";
    }
    for (size_t i = 0; i < v_.elements.size(); ++i) Element(i);
    if (!errors_.empty()) out_.clear();
    return errors_;
  }

 private:
  std::string Name(const std::string& name) {
    if (!IsToken(name)) {
      errors_.push_back(v_.version + ": '" + name + "' is not a name");
    }
    return name;
  }

  std::string Field(const char* key, const std::string& value) {
    const std::optional<std::string> quoted = Quote(value);
    if (!quoted) {
      errors_.push_back(v_.version + ": " + key + "='" + value +
                        "' cannot be written");
      return "";
    }
    return std::string(" ") + key + "=" + *quoted;
  }

  std::string Optional(const char* key,
                       const std::optional<std::string>& value) {
    return value ? Field(key, *value) : "";
  }

  void Element(size_t i) {
    const DescElement& e = v_.elements[i];
    out_ += "element " + std::to_string(i) + " " + Name(e.name) +
            Field("required", e.required) +
            (e.type.empty() ? "" : Field("type", e.type)) +
            Optional("default", e.default_value) + Optional("min", e.min) +
            Optional("max", e.max) + (e.copy_data ? " copy_data=1" : "") +
            (e.source.empty() ? "" : Field("source", e.source)) + "\n";
    for (const DescAttribute& a : e.attributes) {
      out_ += "  attribute " + Name(a.name) + Field("type", a.type) +
              " required=" + (a.required ? "1" : "0") +
              Field("default", a.default_value) + Optional("min", a.min) +
              Optional("max", a.max) + "\n";
    }
    for (const DescChild& c : e.children) {
      out_ += "  child " + std::to_string(c.element) +
              Field("required", c.required) + "  # " +
              v_.elements[c.element].name + "\n";
    }
  }

  const DescriptionSet& set_;
  const DescVersion& v_;
  std::string& out_;
  std::vector<std::string> errors_;
};

using Fields = std::map<std::string, std::string>;

class Parser {
 public:
  Parser(const std::string& file, DescriptionSet* set)
      : file_(file), set_(*set) {}

  void Parse(std::string_view text) {
    const std::vector<std::string_view> lines = Lines(text);
    for (size_t i = 0; i < lines.size(); ++i) {
      where_ = file_ + ":" + std::to_string(i + 1);
      Line(lines[i]);
    }
    where_ = file_;
    if (!saw_table_) return Error("no `table VERSION root=N` statement");
    if (v_.root >= v_.elements.size()) Error("root is no element");
    for (const auto& [child, where] : child_lines_) {
      if (child >= v_.elements.size()) {
        set_.errors.push_back(where + ": no element " + std::to_string(child));
      }
    }
    set_.versions.push_back(std::move(v_));
  }

 private:
  void Error(const std::string& what) {
    set_.errors.push_back(where_ + ": " + what);
  }

  // The key=value tokens from `first` on; false (reported) for another
  // token or a key not in `keys`.
  bool ReadFields(const std::vector<std::string>& tokens, size_t first,
                  const std::vector<std::string>& keys, Fields* fields) {
    for (size_t i = first; i < tokens.size(); ++i) {
      const size_t eq = tokens[i].find('=');
      const std::string key = tokens[i].substr(0, eq);
      if (eq == std::string::npos ||
          std::find(keys.begin(), keys.end(), key) == keys.end()) {
        Error("unexpected '" + tokens[i] + "'");
        return false;
      }
      if (!fields->emplace(key, tokens[i].substr(eq + 1)).second) {
        Error("'" + key + "' given twice");
        return false;
      }
    }
    return true;
  }

  static std::optional<std::string> Get(const Fields& f, const char* key) {
    const auto it = f.find(key);
    if (it == f.end()) return std::nullopt;
    return it->second;
  }

  // Whether `tokens` has `count` positional tokens before its fields and
  // `fields` holds every key of `needed`; reported when not.
  bool Has(const std::vector<std::string>& tokens, size_t count,
           const Fields& fields, const std::vector<const char*>& needed) {
    if (tokens.size() < count) {
      Error(tokens[0] + " needs " + std::to_string(count - 1) + " names");
      return false;
    }
    for (const char* key : needed) {
      if (fields.count(key) == 0) {
        Error(tokens[0] + " needs " + key + "=");
        return false;
      }
    }
    return true;
  }

  void Line(std::string_view line) {
    std::string error;
    const std::vector<std::string> tokens = Tokenize(line, &error);
    if (!error.empty()) return Error(error);
    if (tokens.empty()) return;
    const std::string& word = tokens[0];
    if (word == "table") return Table(tokens);
    if (!saw_table_) return Error("the first statement must be `table`");
    if (word == "missing") return Missing(tokens);
    if (word == "element") return Element(tokens);
    if (v_.elements.empty()) return Error(word + " before any element");
    if (word == "attribute") return Attribute(tokens);
    if (word == "child") return Child(tokens);
    Error("unknown statement '" + word + "'");
  }

  void Table(const std::vector<std::string>& tokens) {
    Fields f;
    if (saw_table_) return Error("a second table statement");
    if (tokens.size() < 2 || !ReadFields(tokens, 2, {"root"}, &f) ||
        !Has(tokens, 2, f, {"root"})) {
      return Error("expected `table VERSION root=N`");
    }
    saw_table_ = true;
    v_.version = tokens[1];
    v_.root = Index(f["root"]);
  }

  void Missing(const std::vector<std::string>& tokens) {
    if (tokens.size() != 3) return Error("expected `missing FILE:LINE FILE`");
    set_.missing_includes.push_back(v_.version + "/" + tokens[1] + ": " +
                                    tokens[2]);
  }

  void Element(const std::vector<std::string>& tokens) {
    Fields f;
    if (!ReadFields(tokens, 3,
                    {"required", "type", "default", "min", "max", "copy_data",
                     "source"},
                    &f) ||
        !Has(tokens, 3, f, {"required"})) {
      return;
    }
    if (Index(tokens[1]) != v_.elements.size()) {
      return Error("element " + tokens[1] + " out of order");
    }
    DescElement& e = v_.elements.emplace_back();
    e.name = tokens[2];
    e.required = f["required"];
    e.type = Get(f, "type").value_or("");
    e.default_value = Get(f, "default");
    e.min = Get(f, "min");
    e.max = Get(f, "max");
    e.copy_data = Get(f, "copy_data") == "1";
    e.source = Get(f, "source").value_or("");
  }

  void Attribute(const std::vector<std::string>& tokens) {
    Fields f;
    if (!ReadFields(tokens, 2, {"type", "required", "default", "min", "max"},
                    &f) ||
        !Has(tokens, 2, f, {"type", "required", "default"})) {
      return;
    }
    DescAttribute& a = v_.elements.back().attributes.emplace_back();
    a.name = tokens[1];
    a.type = f["type"];
    a.required = f["required"] == "1";
    a.default_value = f["default"];
    a.min = Get(f, "min");
    a.max = Get(f, "max");
  }

  void Child(const std::vector<std::string>& tokens) {
    Fields f;
    if (!ReadFields(tokens, 2, {"required"}, &f) ||
        !Has(tokens, 2, f, {"required"})) {
      return;
    }
    const size_t child = Index(tokens[1]);
    child_lines_.emplace_back(child, where_);
    v_.elements.back().children.push_back({child, f["required"]});
  }

  // A decimal index; reported and SIZE_MAX when not one.
  size_t Index(const std::string& text) {
    if (text.empty() || text.size() > 9 ||
        text.find_first_not_of("0123456789") != std::string::npos) {
      Error("'" + text + "' is not an index");
      return static_cast<size_t>(-1);
    }
    return std::stoul(text);
  }

  const std::string& file_;
  DescriptionSet& set_;
  DescVersion v_;
  std::string where_;
  bool saw_table_ = false;
  std::vector<std::pair<size_t, std::string>> child_lines_;
};

}  // namespace

std::vector<std::string> WriteVersionTable(const DescriptionSet& set,
                                           size_t index, std::string* out) {
  return Writer(set, index, out).Write();
}

DescriptionSet ParseVersionTables(const std::vector<std::string>& texts,
                                  const std::vector<std::string>& files) {
  DescriptionSet set;
  for (size_t i = 0; i < texts.size() && i < files.size(); ++i) {
    Parser(files[i], &set).Parse(texts[i]);
  }
  std::stable_sort(set.versions.begin(), set.versions.end(),
                   [](const DescVersion& a, const DescVersion& b) {
                     return VersionNumber(a.version) < VersionNumber(b.version);
                   });
  // "1.8/sensor.sdf:70: navsat.sdf": in the order of the versions too.
  std::stable_sort(set.missing_includes.begin(), set.missing_includes.end(),
                   [](const std::string& a, const std::string& b) {
                     return VersionNumber(a.substr(0, a.find('/'))) <
                            VersionNumber(b.substr(0, b.find('/')));
                   });
  return set;
}

}  // namespace sdfconv::schema_gen
