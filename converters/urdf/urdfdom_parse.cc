#include "converters/urdf/urdfdom_parse.h"

#include <console_bridge/console.h>
#include <urdf_parser/urdf_parser.h>

#include <algorithm>
#include <cctype>
#include <exception>
#include <iterator>
#include <mutex>
#include <new>
#include <utility>

#include "converters/xml/xml_write.h"

namespace sdfconv {
namespace {

// Collects what urdfdom says through console_bridge while installed.
class Collector final : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level,
           const char* /*filename*/, int /*line*/) override {
    if (level == console_bridge::CONSOLE_BRIDGE_LOG_ERROR) {
      errors.push_back(text);
    } else if (level == console_bridge::CONSOLE_BRIDGE_LOG_WARN) {
      warnings.push_back(text);
    }
  }
  std::vector<std::string> errors;
  std::vector<std::string> warnings;
};

// Installs a Collector (and the WARN log level) for one scope.
class ConsoleCapture {
 public:
  explicit ConsoleCapture(Collector* collector)
      : lock_(Mutex()), level_(console_bridge::getLogLevel()) {
    console_bridge::useOutputHandler(collector);
    console_bridge::setLogLevel(console_bridge::CONSOLE_BRIDGE_LOG_WARN);
  }
  ~ConsoleCapture() {
    console_bridge::setLogLevel(level_);
    console_bridge::restorePreviousOutputHandler();
  }
  ConsoleCapture(const ConsoleCapture&) = delete;
  ConsoleCapture& operator=(const ConsoleCapture&) = delete;

 private:
  static std::mutex& Mutex() {
    static std::mutex mutex;
    return mutex;
  }
  std::lock_guard<std::mutex> lock_;
  console_bridge::LogLevel level_;
};

int MaxDepth(const XmlTree& xml) {
  int deepest = 0;
  for (NodeId id = 0; id < static_cast<NodeId>(xml.size()); ++id) {
    if (xml.IsElement(id)) deepest = std::max(deepest, xml.Depth(id));
  }
  return deepest;
}

// Breaks the shared_ptr links between urdfdom's links (parent -> children),
// so that destroying the model is flat, and cycles urdfdom accepted do not
// leak.
void Unlink(urdf::ModelInterface* model) {
  for (auto& [name, link] : model->links_) {
    link->child_links.clear();
    link->child_joints.clear();
    link->parent_joint.reset();
  }
}

std::string Join(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& line : lines) {
    if (!out.empty()) out += "; ";
    out += line;
  }
  return out;
}

// ---- Locating messages ----------------------------------------------------

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool Has(std::string_view text, std::string_view word) {
  return text.find(word) != std::string_view::npos;
}

// The names a urdfdom message quotes: "[name]" or "'name'", in order.
std::vector<std::string> QuotedNames(std::string_view message) {
  std::vector<std::string> names;
  for (size_t i = 0; i < message.size(); ++i) {
    const char open = message[i];
    if (open != '[' && open != '\'') continue;
    const char close = open == '[' ? ']' : '\'';
    const size_t end = message.find(close, i + 1);
    if (end == std::string_view::npos) break;
    names.emplace_back(message.substr(i + 1, end - i - 1));
    i = end;
  }
  return names;
}

// The `occurrence`-th child `tag` of the robot named `name` (any name when
// `name` is null: the first one without a name attribute).
XmlElement Named(XmlElement robot, std::string_view tag,
                     const std::string* name, int occurrence = 0) {
  for (XmlElement e = FirstChildElement(robot, tag); e;
       e = NextSiblingElement(e, tag)) {
    const std::optional<std::string> n = Attribute(e, "name");
    const bool match = !name ? !n.has_value() : n == *name;
    if (match && occurrence-- == 0) return e;
  }
  return {};
}

XmlElement SubjectOf(XmlElement robot, const std::string& message) {
  const std::string lower = Lower(message);
  const std::vector<std::string> names = QuotedNames(message);
  if (Has(lower, "no name given for the link")) {
    return Named(robot, "link", nullptr);
  }
  if (Has(lower, "unnamed joint")) return Named(robot, "joint", nullptr);
  if (Has(lower, "two root links") && names.size() >= 2) {
    return Named(robot, "link", &names[1]);
  }
  if (Has(lower, "not unique") && !names.empty()) {
    for (const char* tag : {"link", "joint", "material"}) {
      if (Has(lower, tag)) return Named(robot, tag, &names[0], 1);
    }
  }
  for (const std::string& name : names) {
    if (Has(lower, "joint")) {
      if (XmlElement joint = Named(robot, "joint", &name)) return joint;
    }
    if (Has(lower, "link")) {
      if (XmlElement link = Named(robot, "link", &name)) return link;
    }
    if (XmlElement material = Named(robot, "material", &name)) {
      return material;
    }
  }
  return {};
}

// The child of `subject` the messages talk about, if any.
XmlElement Refine(XmlElement subject,
                      const std::vector<std::string>& messages) {
  struct Clue {
    const char* word;
    const char* child;
  };
  static constexpr Clue kJointClues[] = {
      {"limit", "limit"},          {"safety", "safety_controller"},
      {"calibration", "calibration"}, {"mimic", "mimic"},
      {"dynamics", "dynamics"},    {"damping", "dynamics"},
      {"friction", "dynamics"},    {"origin", "origin"},
      {"axis", "axis"},            {"child link", "child"},
      {"parent link", "parent"}};
  static constexpr Clue kLinkClues[] = {
      {"inertia", "inertial"}, {"mass", "inertial"}, {"visual", "visual"},
      {"material", "visual"},  {"collision", "collision"}};
  const bool is_joint = Tag(subject) == "joint";
  const Clue* first = is_joint ? kJointClues : kLinkClues;
  const Clue* last = first + (is_joint ? std::size(kJointClues)
                                       : std::size(kLinkClues));
  for (const std::string& message : messages) {
    const std::string lower = Lower(message);
    for (const Clue* clue = first; clue != last; ++clue) {
      if (!Has(lower, clue->word)) continue;
      if (XmlElement child = FirstChildElement(subject, clue->child)) {
        return child;
      }
    }
  }
  return subject;
}

}  // namespace

SourceLocation LocateUrdfdomMessages(const XmlTree& xml,
                                     const std::vector<std::string>& messages) {
  XmlElement robot = RootElement(xml);
  for (const std::string& message : messages) {
    XmlElement subject = SubjectOf(robot, message);
    if (!subject) continue;
    const std::string tag(Tag(subject));
    if (tag == "link" || tag == "joint") subject = Refine(subject, messages);
    return Locate(subject);
  }
  return Locate(robot);
}

namespace {

// Whether TinyXML reads `text`, the document `xml` holds, as it reads
// WriteNormalizedXml(xml): the conditions UrdfdomText states.
bool TinyXmlReadsAsNormalized(const XmlTree& xml, std::string_view text) {
  // No byte from 0x80, `&` or carriage return.
  const bool plain = std::none_of(text.begin(), text.end(), [](char c) {
    return static_cast<unsigned char>(c) >= 0x80 || c == '&' || c == '\r';
  });
  if (!plain) return false;
  if (text.find("<![CDATA[") != std::string_view::npos) return false;
  for (NodeId id = 0; id < static_cast<NodeId>(xml.size()); ++id) {
    for (const RawAttribute& a : xml.RawAttributes(id)) {
      if (a.raw().find_first_of("\t\n") != std::string_view::npos) {
        return false;
      }
    }
  }
  return true;
}

}  // namespace

std::string UrdfdomText(const XmlTree& xml) {
  if (!xml.transcoded()) {
    std::string text = xml.Serialize();
    if (TinyXmlReadsAsNormalized(xml, text)) return text;
  }
  return WriteNormalizedXml(xml);
}

std::shared_ptr<const urdf::ModelInterface> ParseWithUrdfdom(
    const XmlTree& xml, Diagnostics* diags) {
  if (MaxDepth(xml) > kUrdfdomMaxDepth) {
    diags->Error(Code::kInputLimitExceeded, Locate(RootElement(xml)),
                 "a URDF nested deeper than " +
                     std::to_string(kUrdfdomMaxDepth) +
                     " elements is refused: urdfdom's XML parser would "
                     "recurse that deep");
    return {};
  }
  const std::string text = UrdfdomText(xml);
  Collector collector;
  urdf::ModelInterfaceSharedPtr model;
  {
    ConsoleCapture capture(&collector);
    try {
      model = urdf::parseURDF(text);
    } catch (const std::bad_alloc&) {
      throw;  // the command's OUT_OF_MEMORY: no fault of the URDF
    } catch (const std::exception& e) {
      collector.errors.push_back(e.what());
      model.reset();
    }
  }
  std::vector<std::string> warnings;  // urdfdom may say a thing twice
  for (const std::string& warning : collector.warnings) {
    if (std::find(warnings.begin(), warnings.end(), warning) ==
        warnings.end()) {
      warnings.push_back(warning);
    }
  }
  for (const std::string& warning : warnings) {
    diags->Warning(kUrdfInvalid, LocateUrdfdomMessages(xml, {warning}),
                   "urdfdom: " + warning);
  }
  if (!model) {
    if (collector.errors.empty()) {
      collector.errors.push_back("the URDF was rejected without a reason");
    }
    diags->Error(kUrdfInvalid, LocateUrdfdomMessages(xml, collector.errors),
                 "urdfdom rejects this URDF: " + Join(collector.errors));
    return {};
  }
  if (!collector.errors.empty()) {
    // urdfdom ignores some of its own errors (a link it cannot read fully
    // is kept with what it read), and so does ROS.
    diags->Warning(kUrdfInvalid, LocateUrdfdomMessages(xml, collector.errors),
                   "urdfdom reports errors but accepts this URDF, as ROS "
                   "does; what it could not read is left out: " +
                       Join(collector.errors));
  }
  urdf::ModelInterface* raw = model.get();
  return std::shared_ptr<const urdf::ModelInterface>(
      raw, [owner = std::move(model)](urdf::ModelInterface* m) mutable {
        Unlink(m);
        owner.reset();
      });
}

}  // namespace sdfconv
