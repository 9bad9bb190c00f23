// Issue 3: the gazebo_models folders that hold both `model-1_4.sdf` and a
// newer `model.sdf` are pairs written by the models' own authors. For each
// pair this test
//  (a) upgrades model-1_4.sdf to 1.8 with UpgradeSdf (verification on) and
//      asserts that it succeeds, and that comments, plugins and the values of
//      <uri>, <mass>, inertia and contact/physics leaves are those of the
//      1.4 input (so no difference below is an upgrade artefact);
//  (b) upgrades the authors' model.sdf too and compares the two 1.8 results:
//      semantically through the core (frames present on one side only,
//      world poses that differ by more than 1e-9, joint axes that differ,
//      attachment that differs), and coarsely as XML (element counts per
//      tag, comments, plugins, leaf values that differ, keyed by element
//      path). <include>s are compared as the include's name and pose (the
//      included files are not read). It prints the differences per pair and one Markdown row per
//      pair (docs/upgrade_pairs.md was written from them).
// The differences are the authors' edits; they are printed, not asserted.
//
// The corpus folder comes from SDFCONV_CORPUS (testing/corpus.h): without a
// corpus the test skips and says so; without gazebo_models/ it fails.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "converters/flat/flat_writer.h"
#include "converters/registry.h"
#include "converters/sdf/value_level.h"
#include "converters/upgrade/upgrade.h"
#include "converters/xml/xml_element.h"
#include "core/diagnostic.h"
#include "core/frame_graph.h"
#include "core/pose.h"
#include "core/resolver.h"
#include "testing/corpus.h"

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

constexpr double kTol = 1e-9;

std::string Slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string Trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return "";
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// Whitespace-separated numbers, if the whole text is numbers.
std::optional<std::vector<double>> Numbers(const std::string& s) {
  std::istringstream in(s);
  std::vector<double> v;
  std::string tok;
  while (in >> tok) {
    char* end = nullptr;
    const double d = std::strtod(tok.c_str(), &end);
    if (end == tok.c_str() || *end != '\0') return std::nullopt;
    v.push_back(d);
  }
  return v;
}

// Same text, or the same numbers within 1e-12.
bool SameValue(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const auto na = Numbers(a), nb = Numbers(b);
  if (!na || !nb || na->size() != nb->size() || na->empty()) return false;
  for (size_t i = 0; i < na->size(); ++i) {
    if (std::abs((*na)[i] - (*nb)[i]) > 1e-12) return false;
  }
  return true;
}

size_t CountOf(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + what.size())) {
    ++n;
  }
  return n;
}

std::string ErrorsOf(const Diagnostics& diags) {
  std::string out;
  for (const Diagnostic& d : diags.items()) {
    if (d.severity == Severity::kError) out += FormatDiagnostic(d) + "; ";
  }
  return out;
}

// ---- Coarse XML view -------------------------------------------------------

struct XmlView {
  std::string version;
  std::map<std::string, int> tag_counts;
  // Leaf element path -> values (in order; paths may repeat).
  std::map<std::string, std::vector<std::string>> leaves;
  size_t comments = 0;
  size_t plugins = 0;
};

std::optional<XmlView> ViewXml(const std::string& text,
                               const std::string& name) {
  Diagnostics diags;
  auto xml = XmlTree::Parse(text, name, &diags);
  if (!xml) return std::nullopt;
  XmlView v;
  v.version = Attribute(RootElement(*xml), "version").value_or("?");
  v.comments = CountOf(text, "<!--");
  std::vector<XmlElement> stack{RootElement(*xml)};
  while (!stack.empty()) {
    const XmlElement e = stack.back();
    stack.pop_back();
    const std::string tag(Tag(e));
    ++v.tag_counts[tag];
    if (tag == "plugin") ++v.plugins;
    const auto kids = ChildElements(e);
    if (kids.empty()) {
      std::string value = Trim(Text(e));
      if (value.empty()) {
        // Leaf without text: its attributes stand for its value.
        for (const auto& a : Attributes(e)) {
          if (a.name != "name") value += a.name + "=" + a.value + " ";
        }
        value = Trim(value);
      }
      v.leaves[Locate(e).path.str()].push_back(value);
    }
    for (auto it = kids.rbegin(); it != kids.rend(); ++it) stack.push_back(*it);
  }
  return v;
}

// The last segment's tag of an element path ("/sdf/model[@name="m"]/mass").
std::string LastTag(const std::string& path) {
  std::string last = path.substr(path.rfind('/') + 1);
  return last.substr(0, last.find('['));
}

// Leaf values that must come through an upgrade unchanged.
bool IsPreservedLeaf(const std::string& tag) {
  static const std::set<std::string> kTags = {
      "uri",  "mass", "ixx", "ixy", "ixz", "iyy", "iyz", "izz",
      "max_contacts", "mu", "mu2", "kp", "kd", "min_depth", "max_vel",
      "restitution_coefficient", "threshold", "size", "radius", "length",
      "scale", "static", "self_collide", "damping", "friction", "lower",
      "upper", "effort", "velocity", "update_rate", "cast_shadows"};
  return kTags.count(tag) > 0;
}

std::multiset<std::string> PreservedLeaves(const XmlView& v) {
  std::multiset<std::string> out;
  for (const auto& [path, values] : v.leaves) {
    const std::string tag = LastTag(path);
    if (!IsPreservedLeaf(tag)) continue;
    for (const auto& value : values) out.insert(tag + "=" + value);
  }
  return out;
}

struct LeafDiff {
  std::string path;
  std::string a, b;  // "" with the marker "(absent)" when missing
};

std::vector<LeafDiff> DiffLeaves(const XmlView& a, const XmlView& b) {
  std::vector<LeafDiff> out;
  std::set<std::string> paths;
  for (const auto& [p, _] : a.leaves) paths.insert(p);
  for (const auto& [p, _] : b.leaves) paths.insert(p);
  for (const auto& p : paths) {
    const auto ia = a.leaves.find(p), ib = b.leaves.find(p);
    const std::vector<std::string> none;
    const auto& va = ia == a.leaves.end() ? none : ia->second;
    const auto& vb = ib == b.leaves.end() ? none : ib->second;
    const size_t n = std::max(va.size(), vb.size());
    for (size_t i = 0; i < n; ++i) {
      const std::string x = i < va.size() ? va[i] : "(absent)";
      const std::string y = i < vb.size() ? vb[i] : "(absent)";
      if (!SameValue(x, y)) out.push_back({p, x, y});
    }
  }
  return out;
}

// ---- Semantic view ---------------------------------------------------------

struct Frames {
  std::string root_name;
  std::map<std::string, FlatFrame> by_name;  // root-relative scoped name
};

std::string Relative(const std::string& scoped, const std::string& root) {
  if (scoped == root) return "(root)";
  if (scoped.rfind(root + "::", 0) == 0) return scoped.substr(root.size() + 2);
  return scoped;
}

std::optional<Frames> ReadFrames(const std::string& text,
                                 const std::string& name, std::string* why) {
  // The core does not read <include>d files: each include stands in as a
  // model with its name and pose (as the upgrade's own verification does).
  Diagnostics diags;
  ReadOptions options;
  options.includes = ReadOptions::Includes::kStandIns;
  auto doc = ReadString(text, name, &diags, options);
  // Value-level errors (an invalid inertia, a <script> without a required
  // child) are kept as written by the upgrade and do not move frames.
  bool fatal = !doc;
  for (const Diagnostic& d : diags.items()) {
    fatal = fatal || (d.severity == Severity::kError &&
                      !IsValueLevel(d));
  }
  if (fatal) {
    *why = "read failed: " + ErrorsOf(diags);
    return std::nullopt;
  }
  diags = Diagnostics();
  FrameGraph graph = BuildFrameGraph(*doc, &diags);
  if (diags.HasErrors()) {
    *why = "frame graph failed: " + ErrorsOf(diags);
    return std::nullopt;
  }
  const Resolution res = ResolveAll(*doc, graph);
  Frames f;
  f.root_name = doc->ScopedName(doc->root());
  for (FlatFrame& fr : CollectFlatFrames(*doc, graph, res)) {
    std::string key = Relative(fr.name, f.root_name);
    while (f.by_name.count(key) > 0) key += "'";
    fr.attached_to = Relative(fr.attached_to, f.root_name);
    f.by_name.emplace(key, std::move(fr));
  }
  return f;
}

std::string Fmt(const Pose& p) {
  const Eigen::Vector3d t = p.translation();
  const Eigen::Vector3d r = p.rotation().eulerAngles(2, 1, 0);  // yaw pitch roll
  std::ostringstream s;
  s.precision(6);
  s << "xyz(" << t.x() << " " << t.y() << " " << t.z() << ") ypr(" << r.x()
    << " " << r.y() << " " << r.z() << ")";
  return s.str();
}

std::string Fmt(const Eigen::Vector3d& v) {
  std::ostringstream s;
  s.precision(6);
  s << "(" << v.x() << " " << v.y() << " " << v.z() << ")";
  return s.str();
}

struct FrameDiffs {
  std::vector<std::string> only_ours, only_theirs, pose, axis, attach, kind;
  bool root_pose_changed = false;
};

FrameDiffs DiffFrames(const Frames& ours, const Frames& theirs) {
  FrameDiffs d;
  for (const auto& [n, a] : ours.by_name) {
    const auto it = theirs.by_name.find(n);
    if (it == theirs.by_name.end()) {
      d.only_ours.push_back(n + " [" + a.kind + "]");
      continue;
    }
    const FlatFrame& b = it->second;
    if (a.kind != b.kind) d.kind.push_back(n + ": " + a.kind + " -> " + b.kind);
    if (a.attached_to != b.attached_to) {
      d.attach.push_back(n + ": " + a.attached_to + " -> " + b.attached_to);
    }
    if (PoseDistance(a.X_WF, b.X_WF) > kTol) {
      d.pose.push_back(n + ": " + Fmt(a.X_WF) + " -> " + Fmt(b.X_WF));
      if (n == "(root)") d.root_pose_changed = true;
    }
    if (a.axes_W.size() != b.axes_W.size()) {
      d.axis.push_back(n + ": " + std::to_string(a.axes_W.size()) + " axes -> " +
                       std::to_string(b.axes_W.size()));
    } else {
      for (size_t i = 0; i < a.axes_W.size(); ++i) {
        if ((a.axes_W[i] - b.axes_W[i]).norm() > kTol) {
          d.axis.push_back(n + " axis" + (i ? "2" : "") + ": " +
                           Fmt(a.axes_W[i]) + " -> " + Fmt(b.axes_W[i]));
        }
      }
    }
  }
  for (const auto& [n, b] : theirs.by_name) {
    if (ours.by_name.count(n) == 0) d.only_theirs.push_back(n + " [" + b.kind + "]");
  }
  return d;
}

// ---- Printing --------------------------------------------------------------

constexpr size_t kMaxLines = 25;

void PrintList(std::ostream& out, const std::string& title,
               const std::vector<std::string>& items) {
  if (items.empty()) return;
  out << "  " << title << " (" << items.size() << "):\n";
  for (size_t i = 0; i < items.size() && i < kMaxLines; ++i) {
    out << "    " << items[i] << "\n";
  }
  if (items.size() > kMaxLines) {
    out << "    ... " << items.size() - kMaxLines << " more\n";
  }
}

std::string Join(const std::set<std::string>& s, size_t max = 6) {
  std::string out;
  size_t n = 0;
  for (const auto& x : s) {
    if (n == max) {
      out += ", ...";
      break;
    }
    out += (n++ ? ", " : "") + x;
  }
  return out;
}

// Pairs whose model-1_4.sdf is invalid in its own version, why, and the
// error the upgrade must give (a listed file that upgrades fails the test).
struct Known {
  Code code;
  const char* reason;
};
const std::map<std::string, Known>& KnownInvalid() {
  static const auto* const kKnown = new std::map<std::string, Known>{
      // None since value-level errors (an invalid link inertia in create
      // and simple_arm, a <script> without <uri> in pr2) are kept as
      // written instead of refused (docs/upgrade.md).
  };
  return *kKnown;
}

// ---- The test --------------------------------------------------------------

TEST(UpgradePairs, OursOfTheOldFileVersusTheAuthorsNewerFile) {
  const std::string dir = testing::RequireCorpusFolder("gazebo_models");
  if (dir.empty()) return;

  std::vector<fs::path> folders;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.is_directory() && fs::exists(e.path() / "model-1_4.sdf") &&
        fs::exists(e.path() / "model.sdf")) {
      folders.push_back(e.path());
    }
  }
  std::sort(folders.begin(), folders.end());
  ASSERT_FALSE(folders.empty()) << "no pairs under " << dir;

  std::ostringstream rows;
  rows << "| pair | newer | frames only in 1.4 / only in newer | poses | "
          "axes | XML: tags changed | leaf values changed (tags) | "
          "comments | plugins | ours kept 1.4 |\n"
       << "|---|---|---|---|---|---|---|---|---|---|\n";
  int pairs = 0, authors_not_upgraded = 0, identical = 0, refused = 0;

  for (const fs::path& folder : folders) {
    const std::string name = folder.filename().string();
    SCOPED_TRACE(name);
    const std::string old_text = Slurp(folder / "model-1_4.sdf");
    const std::string new_text = Slurp(folder / "model.sdf");
    ++pairs;

    // (a) Our upgrade of the 1.4 file: must succeed, with proof.
    const UpgradeResult ours = UpgradeSdf(old_text, name + "/model-1_4.sdf");
    const auto listed = KnownInvalid().find(name);
    if (listed != KnownInvalid().end()) {
      // Invalid in its own version: the upgrade must refuse it, as listed.
      bool has_code = false;
      for (const Diagnostic& d : ours.diagnostics.items()) {
        has_code = has_code || d.code == listed->second.code;
      }
      EXPECT_FALSE(ours.ok()) << "listed as invalid but upgrades now";
      EXPECT_TRUE(has_code) << "expected " << CodeName(listed->second.code)
                            << ", got: " << ErrorsOf(ours.diagnostics);
      ++refused;
      std::cout << "=== " << name << ": model-1_4.sdf is refused, as listed ("
                << listed->second.reason << "): " << ErrorsOf(ours.diagnostics)
                << "\n";
      rows << "| " << name << " | — | not compared: model-1_4.sdf is invalid "
              "in 1.4 (" << CodeName(listed->second.code) << "), refused | "
              "| | | | | | refused, as listed |\n";
      continue;
    }
    if (!ours.ok()) {
      ADD_FAILURE() << "our upgrade of model-1_4.sdf failed: "
                    << ErrorsOf(ours.diagnostics);
      continue;
    }
    const std::string ours_text = ours.changed ? ours.output : old_text;
    const auto old_view = ViewXml(old_text, "model-1_4.sdf");
    const auto ours_view = ViewXml(ours_text, "ours");
    ASSERT_TRUE(old_view && ours_view);
    EXPECT_EQ(ours_view->version, "1.8");
    EXPECT_EQ(old_view->comments, ours_view->comments);
    EXPECT_EQ(old_view->plugins, ours_view->plugins);
    // Leaves that no rule rewrites keep their values (as a multiset of
    // tag=value: a repair may rename or move the element holding them).
    const size_t upgrade_leaf_changes = DiffLeaves(*old_view, *ours_view).size();
    EXPECT_EQ(PreservedLeaves(*old_view), PreservedLeaves(*ours_view));
    size_t repairs = 0;
    for (const Diagnostic& d : ours.diagnostics.items()) {
      repairs += d.severity == Severity::kWarning &&
                         d.message.rfind("kept as written: ", 0) != 0
                     ? 1
                     : 0;
    }
    std::string why;
    const auto ours_frames = ReadFrames(ours_text, "ours", &why);
    if (!ours_frames) {
      ADD_FAILURE() << "our 1.8 output: " << why;
      continue;
    }

    // (b) The authors' newer file, upgraded too.
    const auto new_view = ViewXml(new_text, "model.sdf");
    std::cout << "=== " << name << ": model-1_4.sdf -> ours (1.8)"
              << (ours.changed ? "" : " [unchanged]")
              << " vs model.sdf (" << (new_view ? new_view->version : "?")
              << ") -> 1.8\n";
    std::cout << "  our upgrade: verified; " << upgrade_leaf_changes
              << " leaf values or paths rewritten by the rules, " << repairs
              << " repairs (renames), comments "
              << old_view->comments << "=" << ours_view->comments
              << ", plugins " << old_view->plugins << "="
              << ours_view->plugins << "\n";
    const UpgradeResult theirs = UpgradeSdf(new_text, name + "/model.sdf");
    if (!theirs.ok() || !new_view) {
      ++authors_not_upgraded;
      std::cout << "  the authors' model.sdf does not upgrade: "
                << ErrorsOf(theirs.diagnostics) << "\n";
      rows << "| " << name << " | " << (new_view ? new_view->version : "?")
           << " | newer file not comparable: does not upgrade (invalid in "
              "its own version) | | | | | | | yes |\n";
      continue;
    }
    const std::string theirs_text = theirs.changed ? theirs.output : new_text;
    const auto theirs_view = ViewXml(theirs_text, "theirs");
    const auto theirs_frames = ReadFrames(theirs_text, "theirs", &why);
    if (!theirs_view || !theirs_frames) {
      ADD_FAILURE() << "their 1.8 output: " << why;
      continue;
    }

    // Semantic comparison.
    const FrameDiffs fd = DiffFrames(*ours_frames, *theirs_frames);
    if (ours_frames->root_name != theirs_frames->root_name) {
      std::cout << "  root model renamed: " << ours_frames->root_name << " -> "
                << theirs_frames->root_name << "\n";
    }
    PrintList(std::cout, "frames only in ours (1.4)", fd.only_ours);
    PrintList(std::cout, "frames only in theirs (newer)", fd.only_theirs);
    PrintList(std::cout, "kinds that differ", fd.kind);
    PrintList(std::cout, "attachment that differs", fd.attach);
    PrintList(std::cout, "world poses that differ (ours -> theirs)", fd.pose);
    PrintList(std::cout, "joint axes that differ (ours -> theirs)", fd.axis);

    // Coarse XML comparison.
    std::vector<std::string> tag_lines;
    std::set<std::string> tags_changed;
    {
      std::set<std::string> tags;
      for (const auto& [t, _] : ours_view->tag_counts) tags.insert(t);
      for (const auto& [t, _] : theirs_view->tag_counts) tags.insert(t);
      for (const auto& t : tags) {
        const auto a = ours_view->tag_counts.find(t);
        const auto b = theirs_view->tag_counts.find(t);
        const int na = a == ours_view->tag_counts.end() ? 0 : a->second;
        const int nb = b == theirs_view->tag_counts.end() ? 0 : b->second;
        if (na != nb) {
          tag_lines.push_back(t + ": " + std::to_string(na) + " -> " +
                              std::to_string(nb));
          tags_changed.insert(t + " " + std::to_string(na) + "→" +
                              std::to_string(nb));
        }
      }
    }
    PrintList(std::cout, "element counts that differ", tag_lines);
    std::vector<std::string> leaf_lines;
    std::set<std::string> leaf_tags;
    for (const LeafDiff& ld : DiffLeaves(*ours_view, *theirs_view)) {
      leaf_lines.push_back(ld.path + ": '" + ld.a + "' -> '" + ld.b + "'");
      leaf_tags.insert(LastTag(ld.path));
    }
    PrintList(std::cout, "leaf values that differ (ours -> theirs)", leaf_lines);
    if (ours_view->comments != theirs_view->comments) {
      std::cout << "  comments: " << ours_view->comments << " -> "
                << theirs_view->comments << "\n";
    }
    if (ours_view->plugins != theirs_view->plugins) {
      std::cout << "  plugins: " << ours_view->plugins << " -> "
                << theirs_view->plugins << "\n";
    }
    const bool same = fd.only_ours.empty() && fd.only_theirs.empty() &&
                      fd.pose.empty() && fd.axis.empty() && fd.kind.empty() &&
                      fd.attach.empty() && tag_lines.empty() &&
                      leaf_lines.empty() &&
                      ours_view->comments == theirs_view->comments;
    if (same) {
      ++identical;
      std::cout << "  no difference\n";
    }

    std::set<std::string> only_a(fd.only_ours.begin(), fd.only_ours.end());
    std::set<std::string> only_b(fd.only_theirs.begin(), fd.only_theirs.end());
    rows << "| " << name << " | " << new_view->version << " | "
         << (only_a.empty() && only_b.empty()
                 ? "—"
                 : "−" + std::to_string(only_a.size()) + " / +" +
                       std::to_string(only_b.size()))
         << " | " << (fd.pose.empty() ? "—" : std::to_string(fd.pose.size()) +
                                                  (fd.root_pose_changed
                                                       ? " (root moved)"
                                                       : ""))
         << " | " << (fd.axis.empty() ? "—" : std::to_string(fd.axis.size()))
         << " | " << (tags_changed.empty() ? "—" : Join(tags_changed))
         << " | "
         << (leaf_lines.empty() ? "—"
                                : std::to_string(leaf_lines.size()) + " (" +
                                      Join(leaf_tags) + ")")
         << " | " << ours_view->comments << "→" << theirs_view->comments
         << " | " << ours_view->plugins << "→" << theirs_view->plugins
         << " | yes |\n";
  }

  std::cout << "\n" << pairs << " pairs; " << identical
            << " with no difference; " << authors_not_upgraded
            << " whose newer file does not upgrade; " << refused
            << " whose 1.4 file is refused as listed\n\n"
            << rows.str() << std::flush;
}

}  // namespace
}  // namespace sdfconv
