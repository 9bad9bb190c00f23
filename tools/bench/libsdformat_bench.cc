// The libsdformat side of tools/bench/vs_libsdformat.sh: the same jobs as
// sdfconv's commands, done with libsdformat's public API, so that both
// tools are timed on the same work. Built by the script against whichever
// libsdformat pkg-config finds (Debian's 12, or a newer one built from
// source); never part of the Bazel build, never linked into sdfconv.
//
//   libsdformat_bench load FILE    Root::Load (SDFormat or URDF); exit 1 on
//                                  any error
//   libsdformat_bench flat FILE    load, then every frame's pose in the
//                                  world (or root model) frame, one line
//                                  each ("name x y z qw qx qy qz")
//   libsdformat_bench print FILE   load, then the file as libsdformat
//                                  writes it (what `gz sdf -p` prints)
#include <cstdio>
#include <string>

#include <sdf/sdf.hh>

#if SDF_MAJOR_VERSION >= 13
using Pose = gz::math::Pose3d;
#else
using Pose = ignition::math::Pose3d;
#endif

namespace {

int failures = 0;

// The pose of `semantic` relative to `to`, or identity (counted) when it
// does not resolve.
Pose Resolve(const sdf::SemanticPose& semantic, const std::string& to) {
  Pose X;
  if (!semantic.Resolve(X, to).empty()) ++failures;
  return X;
}

void Print(const std::string& name, const Pose& X) {
  std::printf("%s %.17g %.17g %.17g %.17g %.17g %.17g %.17g\n", name.c_str(),
              X.Pos().X(), X.Pos().Y(), X.Pos().Z(), X.Rot().W(), X.Rot().X(),
              X.Rot().Y(), X.Rot().Z());
}

// Every frame of `model` (whose frame is X_WM), nested models included.
// Iterative: a deep nesting must not exhaust the stack.
void Frames(const sdf::Model& root, const Pose& X_WRoot,
            const std::string& root_name) {
  struct Pending {
    const sdf::Model* model;
    Pose X_WM;
    std::string name;
  };
  std::vector<Pending> stack = {{&root, X_WRoot, root_name}};
  while (!stack.empty()) {
    const Pending p = stack.back();
    stack.pop_back();
    const sdf::Model& model = *p.model;
    Print(p.name, p.X_WM);
    for (uint64_t i = 0; i < model.LinkCount(); ++i) {
      const sdf::Link& link = *model.LinkByIndex(i);
      const Pose X_WL = p.X_WM * Resolve(link.SemanticPose(), "__model__");
      const std::string name = p.name + "::" + link.Name();
      Print(name, X_WL);
      for (uint64_t v = 0; v < link.VisualCount(); ++v) {
        const sdf::Visual& visual = *link.VisualByIndex(v);
        Print(name + "::" + visual.Name(),
              X_WL * Resolve(visual.SemanticPose(), link.Name()));
      }
      for (uint64_t c = 0; c < link.CollisionCount(); ++c) {
        const sdf::Collision& collision = *link.CollisionByIndex(c);
        Print(name + "::" + collision.Name(),
              X_WL * Resolve(collision.SemanticPose(), link.Name()));
      }
    }
    for (uint64_t i = 0; i < model.JointCount(); ++i) {
      const sdf::Joint& joint = *model.JointByIndex(i);
      Print(p.name + "::" + joint.Name(),
            p.X_WM * Resolve(joint.SemanticPose(), "__model__"));
    }
    for (uint64_t i = 0; i < model.FrameCount(); ++i) {
      const sdf::Frame& frame = *model.FrameByIndex(i);
      Print(p.name + "::" + frame.Name(),
            p.X_WM * Resolve(frame.SemanticPose(), "__model__"));
    }
    for (uint64_t i = 0; i < model.ModelCount(); ++i) {
      const sdf::Model& nested = *model.ModelByIndex(i);
      stack.push_back({&nested,
                       p.X_WM * Resolve(nested.SemanticPose(), "__model__"),
                       p.name + "::" + nested.Name()});
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s load|flat|print FILE\n", argv[0]);
    return 2;
  }
  const std::string mode = argv[1];
  sdf::Root root;
  const sdf::Errors errors = root.Load(argv[2]);
  if (!errors.empty()) {
    std::fprintf(stderr, "%s: %zu errors, the first: %s\n", argv[2],
                 errors.size(), errors.front().Message().c_str());
    return 1;
  }
  if (mode == "print") {
    const std::string text = root.Element()->ToString("");
    std::fwrite(text.data(), 1, text.size(), stdout);
  } else if (mode == "flat") {
    for (uint64_t w = 0; w < root.WorldCount(); ++w) {
      const sdf::World& world = *root.WorldByIndex(w);
      for (uint64_t i = 0; i < world.ModelCount(); ++i) {
        const sdf::Model& model = *world.ModelByIndex(i);
        Frames(model, Resolve(model.SemanticPose(), "world"), model.Name());
      }
      for (uint64_t i = 0; i < world.FrameCount(); ++i) {
        const sdf::Frame& frame = *world.FrameByIndex(i);
        Print(frame.Name(), Resolve(frame.SemanticPose(), "world"));
      }
    }
    if (const sdf::Model* model = root.Model()) {
      Frames(*model, Pose(), model->Name());
    }
  }
  return failures == 0 ? 0 : 1;
}
