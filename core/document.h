// Document: the in-memory form of one SDFormat file, whatever format it came
// from.
//
// A Document is an arena of Elements in document order (pre-order: a parent
// always comes before its children). Elements refer to each other by index
// (`ElementId`), never by pointer, so nothing here recurses on the input's
// depth: not building, not copying, not destroying.
//
// Elements store what the input *says* (names as written, `relative_to` and
// `attached_to` strings, poses as read); what those names *mean* is worked out
// by the phases in frame_graph.h. Front ends fill a Document; back ends read a
// Document together with its resolved FrameGraph.
//
// Documents of every SDFormat version share these terms; the version
// (`Document::version`) selects the rules the phases apply where versions
// differ (see frame_graph.h). Front ends for older versions express their
// semantics in these terms: //pose/@frame (1.5, 1.6) is `relative_to`, an
// axis in the parent model frame (1.4, or 1.5/1.6 with
// use_parent_model_frame) is `expressed_in = "__model__"`, and the <frame>s
// 1.5/1.6 allow inside links, joints, collisions, ... are kFrame children of
// those elements (docs/legacy.md).
//
// Invariants:
//  - the roots (elements without a parent, `roots()`, in document order;
//    elements[0] is the first) are one kModel for a model file, one kLight
//    or kActor for a file that holds a lone <light> or <actor> (such as
//    Gazebo's `model://sun`; docs/composition.md), or one kWorld per
//    <world> of a world file (SDFormat allows several, and libsdformat
//    reads every one). A root light or actor is placed in the world frame,
//    as a root model is. Each world is a scope of its own and the root of
//    its own frame graphs: nothing in one world names anything in another.
//  - a Document may have no elements at all: a file whose root holds no
//    <world>, <model>, <light> or <actor>, which the schema allows and
//    libsdformat loads (docs/errors_policy.md). `root()` is then kNoElement;
//    code that reaches for the root checks `size()` (or `root()`) first.
//  - for every element e other than the root, e.parent < e's own id, and e is
//    listed in elements[e.parent].children in document order.
#ifndef SDFCONV_CORE_DOCUMENT_H_
#define SDFCONV_CORE_DOCUMENT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostic.h"
#include "core/heap_optional.h"
#include "core/pose.h"
#include "core/shape_inertia.h"

namespace sdfconv {

using ElementId = int32_t;
inline constexpr ElementId kNoElement = -1;

enum class ElementKind : uint8_t {
  kWorld,
  kModel,
  kLink,
  kJoint,
  kFrame,
  kCollision,
  kVisual,
  kSensor,
  kLight,
  // A world's <actor> (or a file's lone one): posed in the world like a
  // light, not a frame others can refer to; its skeleton (<link>s,
  // <joint>s) is not read into the Document.
  kActor,
  // A named element kept only for the sibling-name checks (plugins,
  // grippers, ...): `tag` says what it is.
  kOther,
};

// "world", "model", "link", ... (the XML tag of the kind).
const char* KindName(ElementKind kind);

// True for the elements that define a named frame others can refer to:
// models, links, joints, explicit frames (and the world).
bool DefinesFrame(ElementKind kind);

// The XML element an Element was read from, for back ends that need more
// of the input than the Document holds (geometry, limits, the text they
// edit): which of the XML trees of one read (`tree`, an index the reader
// assigns: converters/xml/xml_sources.h) and which node in it. The core
// never looks inside.
struct NodeRef {
  int32_t tree = -1;
  int32_t node = -1;
  [[nodiscard]] bool valid() const { return tree >= 0 && node >= 0; }
  [[nodiscard]] bool operator==(const NodeRef& o) const {
    return tree == o.tree && node == o.node;
  }
};

// A <pose> as written: the transform from the frame named by `relative_to`
// (//pose/@relative_to from 1.7 on, //pose/@frame in 1.5 and 1.6; empty:
// the element's default frame) to the element's own frame.
//
// Invariant: source() is where the <pose> is written (for an absent one,
// where its owner is). Most poses are their owner's `<pose>` child, whose
// path is the owner's and "/pose": such a pose keeps the owner's location
// (shared: no text of its own) and its line, and builds its path when
// asked, which only a diagnostic does.
struct PoseSpec {
  StoredPose X = StoredPose::Identity();
  std::string relative_to;
  bool present = false;  // a <pose> element was written

  [[nodiscard]] SourceLocation source() const;
  void set_source(SourceLocation at);
  // The `<pose>` child, at `line`, of the element located at `owner`: the
  // owner's location with the path extended by "/pose".
  void set_source_below(SourceLocation owner, int line);

 private:
  bool owner_child_ = false;  // source(): `at_`'s `<pose>` child
  int32_t line_ = 0;          // its line, when owner_child_
  SourceLocation at_;
};

// //axis/mimic or //axis2/mimic (SDFormat 1.11 on), as written: this axis
// (the follower) moves as
//   follower = multiplier * (leader - reference) + offset,
// the leader being the axis `axis` ("axis" or "axis2"; anything else is
// invalid) of the joint named `joint` in the follower's scope (a sibling, or
// `m::j` below it). What the names mean is the core's (FrameGraph::mimic).
struct JointMimic {
  std::string joint;
  std::string axis = "axis";
  double multiplier = 1.0;
  double offset = 0.0;
  double reference = 0.0;
  SourceLocation source;  // the <mimic>
};

// One joint axis (<axis> or <axis2>): xyz expressed in `expressed_in`
// (empty: the joint frame; "__model__": the joint's model frame).
struct JointAxis {
  Eigen::Vector3d xyz = Eigen::Vector3d::UnitZ();
  std::string expressed_in;
  SourceLocation source;  // the <xyz> or <axis>; for a default, the joint
  // False for an axis the file does not write: the front end supplies every
  // axis the joint's type has, absent ones with their version's default
  // (xyz 0 0 1, in the frame that version puts axes in).
  bool written = true;
  std::optional<JointMimic> mimic = std::nullopt;  // a written axis's <mimic>
};

// What //inertial/@auto (SDFormat 1.11) computes a link's inertia from,
// beside the solids of its collisions (CollisionSolid).
struct AutoInertia {
  // //inertial/mass as written: the computed inertia is scaled to it (the
  // density scaled uniformly).
  std::optional<double> mass;
  // //inertial/density: the density of each collision without its own.
  std::optional<double> density;
};

struct Inertial {
  PoseSpec pose;  // relative to the link frame
  double mass = 1.0;
  Eigen::Matrix3d inertia = Eigen::Matrix3d::Identity();  // about the CoM
  // Set when //inertial/@auto is true. The front end then leaves pose, mass
  // and inertia at their defaults; ResolveAutoInertials
  // (core/auto_inertia.h) replaces them by the values computed from the
  // link's collisions, once the frames resolve.
  std::optional<AutoInertia> automatic;
};

// //collision/density and //inertial/density by default: water, kg/m^3
// (libsdformat's Collision::DensityDefault).
inline constexpr double kDefaultDensity = 1000.0;

// A collision as the solid it stands for in automatic inertia.
struct CollisionSolid {
  Shape shape;
  std::optional<double> density;  // //collision/density as written
};

// A model written as an <include> (SDFormat 1.4 on): what the including file
// says beyond the model's name, pose and placement frame (which are the
// Element's own, the placement frame in its ModelSpec). Front ends read an
// <include> as a kModel Element with this set and no content; composition
// (converters/include) fills in the included model's content and sets
// `file`. An include of a light or actor file in a world becomes that
// kLight or kActor, with this set.
struct IncludeSpec {
  std::string uri;                // //include/uri as written
  std::optional<bool> is_static;  // //include/static: unset, true or false
  std::string file;               // the file the model was read from
  SourceLocation source;          // the <include>
  NodeRef node;                   // the <include>
  // Set on the elements that stand for an include whose file is not read
  // (converters/include/include_stand_ins.h): a proof that covers what the
  // including file says, whatever the included file holds.
  bool stand_in = false;
  // //include/@merge (merge-include, SDFormat 1.9 in a model, 1.10 in a
  // world): the included model's content goes into the including scope
  // (converters/include/merge_include.h). After composition the model is
  // gone and its proxy frame, a kFrame, carries this IncludeSpec.
  bool merge = false;
};

// What a <joint> says beyond its name and pose (Element::joint).
struct JointSpec {
  std::string type;          // "revolute", "fixed", ...
  std::string parent_frame;  // <parent> as written
  std::string child_frame;   // <child> as written
  SourceLocation parent_source;
  SourceLocation child_source;
  // Before 1.8, where <parent> and <child> name links: whether an end that
  // names no link may name another frame in scope, as 1.8 reads it and
  // libsdformat reads every file (a later feature, said with
  // LATER_VERSION_FEATURE). The reader sets it from its dialect; false is
  // the version's letter (--strict).
  bool frame_ends_later = false;
  // <axis>, then <axis2>: every axis the type has (revolute, prismatic,
  // continuous and screw one; universal, revolute2 and gearbox two), plus
  // any the file writes beyond that.
  std::vector<JointAxis> axes;
};

// What a <model> says beyond its name and pose (Element::model).
struct ModelSpec {
  bool is_static = false;
  std::string canonical_link;  // as written; empty: the default rule
  std::string placement_frame;
  // The SDFormat version of the file a model was read from, when it was
  // included from a file of another version; empty: its parent's. The
  // rules of that version apply to everything in the model (ElementVersions).
  std::string version;
};

// The small fields come first, packed: a read document holds one Element
// per frame-like element, a million for a large model.
struct Element {
  ElementKind kind = ElementKind::kOther;
  bool has_name = false;
  ElementId parent = kNoElement;
  // For an element a merge-include put into its scope (and the include's
  // own additions): the proxy frame of the innermost merge-include that
  // brought it, a sibling before it (IncludeSpec::merge). kNoElement for
  // every other element.
  ElementId merged_by = kNoElement;
  NodeRef node;      // the XML element it was read from (for an included
                     // model: its <model> in the included file)
  std::string tag;   // XML element name as written
  std::string name;  // the name attribute as written
  std::vector<ElementId> children;
  PoseSpec pose;
  SourceLocation source;

  // kModel: set by the SDF reader for every <model> (for an <include>, when
  // it has a <placement_frame>) and wherever a field of it is written, which
  // includes `version` on an included light or actor and on what a
  // merge-include merges; unset otherwise.
  HeapOptional<ModelSpec> model;
  // The model's spec, or an empty one (not static, no canonical link, no
  // placement frame, no version) when unset: readers never test `model`
  // first.
  [[nodiscard]] const ModelSpec& Model() const;
  // The spec, created empty first when unset: for the code that fills it.
  ModelSpec& MutableModel();
  HeapOptional<IncludeSpec> include;  // set for a model (light, actor)
                                      // from an <include>

  // kFrame. A frame's parent is a model or the world, or, in SDFormat 1.5
  // and 1.6 only, a link, joint, collision, visual, sensor or light.
  std::string attached_to;

  // kJoint: set by the front ends for every joint; unset for other kinds.
  HeapOptional<JointSpec> joint;
  // The joint's spec, or an empty one (no type, no axes) when unset:
  // readers never test `joint` first.
  [[nodiscard]] const JointSpec& Joint() const;
  // The spec, created empty first when unset: for the code that fills it.
  JointSpec& MutableJoint();

  // kLink
  HeapOptional<Inertial> inertial;

  // kCollision of a link whose inertia is automatic (Inertial::automatic);
  // unset for every other collision.
  HeapOptional<CollisionSolid> solid;
};

// Where an element's name and placement are decided: the <include> for an
// included model (its instance name, pose and placement frame are the
// include's), else the element itself. An included model's own `source` is
// its <model> in the included file.
inline const SourceLocation& PlacementSource(const Element& e) {
  return e.include ? e.include->source : e.source;
}

// Between the names of a scoped name: "arm::gripper::finger".
inline constexpr std::string_view kScopeSeparator = "::";

// `world` and `__x__` (4 characters or more): the names SDFormat reserves
// from 1.7 on (004); from 1.8 on a name may not hold kScopeSeparator either
// (003). The core's name phase checks it, the converters' repairs keep to it.
inline bool IsReservedName(std::string_view name) {
  if (name == "world") return true;
  return name.size() >= 4 && name.substr(0, 2) == "__" &&
         name.substr(name.size() - 2) == "__";
}

// `names`, innermost first, joined outermost first by `separator`:
// {"finger", "gripper", "arm"} -> "arm::gripper::finger". Every scoped name
// is built here.
[[nodiscard]] std::string JoinScopedName(
    const std::vector<std::string_view>& innermost_first,
    std::string_view separator = kScopeSeparator);

// The joint's axes through the last one its file writes (<axis2> alone
// counts two): the axes a reader that supplies no defaults, as libsdformat's
// Joint, reports.
inline size_t WrittenAxisCount(const Element& joint) {
  const std::vector<JointAxis>& axes = joint.Joint().axes;
  size_t n = axes.size();
  while (n > 0 && !axes[n - 1].written) --n;
  return n;
}

struct Document {
  std::string file;     // path as given, for messages
  std::string version;  // "1.7", "1.8", ...
  std::vector<Element> elements;

  [[nodiscard]] const Element& at(ElementId id) const { return elements[id]; }
  [[nodiscard]] Element& at(ElementId id) { return elements[id]; }
  // The first root (the only one but in a file of several worlds).
  [[nodiscard]] ElementId root() const { return elements.empty() ? kNoElement : 0; }
  // Every root, in document order: one, or one per world.
  [[nodiscard]] const std::vector<ElementId>& roots() const { return roots_; }
  // True for a file of more than one <world>: outputs then name each
  // element with its world's name first (ScopedName).
  [[nodiscard]] bool HasSeveralWorlds() const { return roots_.size() > 1; }
  [[nodiscard]] size_t size() const { return elements.size(); }

  // Appends a child of `parent` (kNoElement for a root); returns its id.
  ElementId Add(ElementId parent, Element e);

  // The scoped name used in outputs: "m::l::visual" (root model included;
  // for a world, its direct children start the name; in a file of several
  // worlds, the world's name does: "w::m::l::visual", and a world's own
  // scoped name is its name). With `below`, the name inside that element
  // ("l::visual" below m); with `separator`, joined by it instead of "::"
  // (URDF export's flattened names).
  [[nodiscard]] std::string ScopedName(
      ElementId id, ElementId below = kNoElement,
      std::string_view separator = kScopeSeparator) const;

  // True when the version is at least major.minor (e.g. AtLeast(1, 8)).
  [[nodiscard]] bool AtLeast(int major, int minor) const;

 private:
  std::vector<ElementId> roots_;  // kept by Add
};

// An SDFormat version as a comparable number: major * 1000 + minor
// ("1.8" -> 1008); 0 when `version` is not "MAJOR.MINOR" (digits only,
// whitespace around allowed). The one parser of version numbers.
int VersionNumber(const std::string& version);
constexpr int VersionNumber(int major, int minor) {
  return major * 1000 + minor;
}

// Per element, the VersionNumber whose rules apply to it: the root's
// `Document::version`, or that of the nearest enclosing model (itself
// included) that has its own `ModelSpec::version`. Linear.
std::vector<int> ElementVersions(const Document& doc);

}  // namespace sdfconv

#endif  // SDFCONV_CORE_DOCUMENT_H_
