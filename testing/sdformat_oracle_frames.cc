// libsdformat oracle, part 3 of 4: collecting and resolving frames. Walks
// the worlds / root model / root light / root actor of a valid sdf::Root
// (world lights and actors, models, links
// with their visuals, collisions, sensors and lights, joints with their axes
// and sensors, frames, nested models) and produces one OracleFrame per
// frame-like element, with its world pose and the link it is attached to.
// See sdformat_oracle_internal.h for how the library is split.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <Eigen/Geometry>
#include <sdf/sdf.hh>

#include "testing/sdformat_oracle.h"
#include "testing/sdformat_oracle_internal.h"

namespace sdfconv::testing::oracle_internal {
namespace {

Eigen::Isometry3d ToEigen(const ignition::math::Pose3d& p) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = Eigen::Quaterniond(p.Rot().W(), p.Rot().X(), p.Rot().Y(),
                                  p.Rot().Z())
                   .normalized()
                   .toRotationMatrix();
  X.translation() = Eigen::Vector3d(p.Pos().X(), p.Pos().Y(), p.Pos().Z());
  return X;
}

Eigen::Vector3d ToEigen(const ignition::math::Vector3d& v) {
  return Eigen::Vector3d(v.X(), v.Y(), v.Z());
}

// libsdformat 12 attaches the frames of a static model to the model frame
// itself ("__model__", or "nested::__model__" seen from an outer scope).
bool IsStaticModelBody(const std::string& body) {
  static const std::string kModel = "__model__";
  return body == kModel ||
         (body.size() > kModel.size() + 2 &&
          body.compare(body.size() - kModel.size() - 2, std::string::npos,
                       "::" + kModel) == 0);
}

// sdf12 picks the first nested model as the implicit canonical "link" of a
// model without links; following that chain to a static model means the
// model frame is attached to the world.
bool AttachesToStaticModel(const sdf::Model& model) {
  if (model.Static()) return true;
  if (model.LinkCount() > 0 || model.ModelCount() == 0) return false;
  const sdf::Model* first = model.ModelByIndex(0);
  return first != nullptr && AttachesToStaticModel(*first);
}

std::string Join(const std::string& scope, const std::string& name) {
  return scope.empty() ? name : scope + "::" + name;
}

class Resolver {
 public:
  explicit Resolver(OracleResult* result) : result_(result) {}

  // X_TF of `pose` in frame `to` (within the pose's own scope). On failure
  // records the errors and returns identity.
  Eigen::Isometry3d Resolve(const sdf::SemanticPose& pose,
                            const std::string& to, const std::string& what) {
    ignition::math::Pose3d X;
    sdf::Errors errors = pose.Resolve(X, to);
    if (!errors.empty()) {
      Record(errors, "resolving the pose of " + what + " relative to '" +
                         (to.empty() ? "<default>" : to) + "'");
      return Eigen::Isometry3d::Identity();
    }
    return ToEigen(X);
  }

  void Record(const sdf::Errors& errors, const std::string& context) {
    for (const sdf::Error& e : errors) {
      OracleError oe = FromSdf(e);
      oe.message = context + ": " + oe.message;
      result_->resolve_errors.push_back(std::move(oe));
    }
  }

  void RecordMessage(const std::string& message) {
    OracleError e;
    e.code = "NONE";
    e.message = message;
    result_->resolve_errors.push_back(std::move(e));
  }

  void Add(std::string name, std::string kind, std::string attached_to,
           const Eigen::Isometry3d& X_WF,
           std::vector<Eigen::Vector3d> axes = {}) {
    OracleFrame f;
    f.name = std::move(name);
    f.kind = std::move(kind);
    f.attached_to = std::move(attached_to);
    f.X_WF = X_WF;
    f.axes = std::move(axes);
    result_->frames.push_back(std::move(f));
  }

  // Adds the model frame `scoped` (whose world pose is X_WM) and everything
  // inside it. Poses inside the model are resolved relative to "__model__"
  // in the model's own scope and composed with X_WM; a nested model's
  // SemanticPose lives in its parent's scope, so "__model__" there is the
  // parent model frame.
  void AddModel(const sdf::Model& model, const std::string& scoped,
                const Eigen::Isometry3d& X_WM, bool parent_static) {
    const bool is_static = parent_static || model.Static();
    const Eigen::Matrix3d R_WM = X_WM.linear();

    std::string model_attached = "world";
    if (!is_static) {
      auto [link, relative] = model.CanonicalLinkAndRelativeName();
      if (relative.empty()) {
        // A model without links whose (first) nested model is static is
        // attached to that static model frame, i.e. to the world.
        if (!AttachesToStaticModel(model)) {
          RecordMessage("model '" + scoped + "' has no canonical link");
          model_attached = "";
        }
      } else {
        model_attached = Join(scoped, relative);
      }
    }
    Add(scoped, "model", model_attached, X_WM);

    for (uint64_t i = 0; i < model.LinkCount(); ++i) {
      const sdf::Link* link = model.LinkByIndex(i);
      if (!link) continue;
      const std::string link_name = Join(scoped, link->Name());
      const std::string attached = is_static ? "world" : link_name;
      const Eigen::Isometry3d X_WL =
          X_WM * Resolve(link->SemanticPose(), "__model__", link_name);
      Add(link_name, "link", attached, X_WL);
      // Children of a link: default resolve-to frame is the link itself.
      for (uint64_t k = 0; k < link->VisualCount(); ++k) {
        const sdf::Visual* v = link->VisualByIndex(k);
        if (!v) continue;
        const std::string n = Join(link_name, v->Name());
        Add(n, "visual", attached, X_WL * Resolve(v->SemanticPose(), "", n));
      }
      for (uint64_t k = 0; k < link->CollisionCount(); ++k) {
        const sdf::Collision* c = link->CollisionByIndex(k);
        if (!c) continue;
        const std::string n = Join(link_name, c->Name());
        Add(n, "collision", attached,
            X_WL * Resolve(c->SemanticPose(), "", n));
      }
      for (uint64_t k = 0; k < link->SensorCount(); ++k) {
        const sdf::Sensor* s = link->SensorByIndex(k);
        if (!s) continue;
        const std::string n = Join(link_name, s->Name());
        Add(n, "sensor", attached, X_WL * Resolve(s->SemanticPose(), "", n));
      }
      for (uint64_t k = 0; k < link->LightCount(); ++k) {
        const sdf::Light* l = link->LightByIndex(k);
        if (!l) continue;
        const std::string n = Join(link_name, l->Name());
        Add(n, "light", attached, X_WL * Resolve(l->SemanticPose(), "", n));
      }
    }

    for (uint64_t i = 0; i < model.JointCount(); ++i) {
      const sdf::Joint* joint = model.JointByIndex(i);
      if (!joint) continue;
      const std::string joint_name = Join(scoped, joint->Name());
      std::string attached = "world";
      if (!is_static) {
        std::string child;
        sdf::Errors errors = joint->ResolveChildLink(child);
        if (!errors.empty()) {
          Record(errors, "resolving the child link of " + joint_name);
          attached = "";
        } else {
          attached = child == "world" ? child : Join(scoped, child);
        }
      }
      const Eigen::Isometry3d X_WJ =
          X_WM * Resolve(joint->SemanticPose(), "__model__", joint_name);
      std::vector<Eigen::Vector3d> axes;
      for (unsigned int a = 0; a < 2; ++a) {
        const sdf::JointAxis* axis = joint->Axis(a);
        if (!axis) continue;
        ignition::math::Vector3d xyz;
        sdf::Errors errors = axis->ResolveXyz(xyz, "__model__");
        if (!errors.empty()) {
          Record(errors, "resolving axis " + std::to_string(a + 1) + " of " +
                             joint_name);
          continue;
        }
        axes.push_back(R_WM * ToEigen(xyz));
      }
      Add(joint_name, "joint", attached, X_WJ, std::move(axes));
      for (uint64_t k = 0; k < joint->SensorCount(); ++k) {
        const sdf::Sensor* s = joint->SensorByIndex(k);
        if (!s) continue;
        const std::string n = Join(joint_name, s->Name());
        // libsdformat 12.3 gives joint sensors no pose graph ("SemanticPose
        // has invalid pointer to PoseRelativeToGraph"): without relative_to
        // their <pose> is in the joint frame, so compose by hand.
        if (s->PoseRelativeTo().empty()) {
          Add(n, "sensor", attached, X_WJ * ToEigen(s->RawPose()));
        } else {
          Add(n, "sensor", attached,
              X_WM * Resolve(s->SemanticPose(), "__model__", n));
        }
      }
    }

    for (uint64_t i = 0; i < model.FrameCount(); ++i) {
      const sdf::Frame* frame = model.FrameByIndex(i);
      if (!frame) continue;
      const std::string frame_name = Join(scoped, frame->Name());
      std::string attached = "world";
      if (!is_static) {
        std::string body;
        sdf::Errors errors = frame->ResolveAttachedToBody(body);
        if (!errors.empty()) {
          Record(errors, "resolving the attached-to body of " + frame_name);
          attached = "";
        } else {
          attached = body == "world" || IsStaticModelBody(body)
                         ? "world"
                         : Join(scoped, body);
        }
      }
      Add(frame_name, "frame", attached,
          X_WM * Resolve(frame->SemanticPose(), "__model__", frame_name));
    }

    for (uint64_t i = 0; i < model.ModelCount(); ++i) {
      const sdf::Model* nested = model.ModelByIndex(i);
      if (!nested) continue;
      const std::string nested_name = Join(scoped, nested->Name());
      const Eigen::Isometry3d X_WN =
          X_WM * Resolve(nested->SemanticPose(), "__model__", nested_name);
      AddModel(*nested, nested_name, X_WN, is_static);
    }
  }

  // libsdformat 12 keeps actors out of the pose graph (sdf::Actor has no
  // SemanticPose): its raw <pose> is the actor's pose in the world, as
  // Gazebo takes it. A relative_to other than the world's is not resolved
  // by libsdformat, and said so.
  void AddActor(const sdf::Actor& actor, const std::string& scope = "") {
    const std::string& relative_to = actor.PoseRelativeTo();
    if (!relative_to.empty() && relative_to != "world") {
      RecordMessage("actor '" + actor.Name() + "': relative_to '" +
                    relative_to + "' is not resolved by libsdformat 12 (raw "
                    "pose used)");
    }
    Add(Join(scope, actor.Name()), "actor", "world", ToEigen(actor.RawPose()));
  }

  // The frames of `world`, named below `scope`: the world's name in a file
  // of several worlds (as sdfconv's flat output names them), else "".
  void AddWorld(const sdf::World& world, const std::string& scope) {
    for (uint64_t i = 0; i < world.FrameCount(); ++i) {
      const sdf::Frame* frame = world.FrameByIndex(i);
      if (!frame) continue;
      std::string body;
      sdf::Errors errors = frame->ResolveAttachedToBody(body);
      if (!errors.empty()) {
        Record(errors, "resolving the attached-to body of " + frame->Name());
      }
      // World-scope bodies are already scoped ("m::link") or "world". A
      // frame attached (through other frames) to a static model resolves to
      // that model's frame ("s::__model__") in libsdformat 12; report it as
      // "world" like the static model's own links.
      std::string attached = body;
      if (IsStaticModelBody(attached)) {
        attached = "world";
      } else if (attached != "world") {
        const std::string model_name = attached.substr(0, attached.find("::"));
        const sdf::Model* m = world.ModelByName(model_name);
        if (m && m->Static()) attached = "world";
      }
      if (!attached.empty() && attached != "world") {
        attached = Join(scope, attached);
      }
      Add(Join(scope, frame->Name()), "frame", attached,
          Resolve(frame->SemanticPose(), "world", frame->Name()));
    }
    for (uint64_t i = 0; i < world.LightCount(); ++i) {
      const sdf::Light* light = world.LightByIndex(i);
      if (!light) continue;
      Add(Join(scope, light->Name()), "light", "world",
          Resolve(light->SemanticPose(), "world", light->Name()));
    }
    for (uint64_t i = 0; i < world.ActorCount(); ++i) {
      const sdf::Actor* actor = world.ActorByIndex(i);
      if (actor) AddActor(*actor, scope);
    }
    for (uint64_t i = 0; i < world.ModelCount(); ++i) {
      const sdf::Model* model = world.ModelByIndex(i);
      if (!model) continue;
      const Eigen::Isometry3d X_WM =
          Resolve(model->SemanticPose(), "world", model->Name());
      AddModel(*model, Join(scope, model->Name()), X_WM, false);
    }
  }

 private:
  OracleResult* result_;
};

}  // namespace

void CollectFrames(const sdf::Root& root, OracleResult* result) {
  Resolver resolver(result);
  for (uint64_t w = 0; w < root.WorldCount(); ++w) {
    const sdf::World* world = root.WorldByIndex(w);
    if (world) {
      resolver.AddWorld(*world, root.WorldCount() > 1 ? world->Name() : "");
    }
  }
  if (const sdf::Model* model = root.Model()) {
    // The root model is placed in "world" by its own <pose>. libsdformat 12
    // puts it under a "__root__" vertex and resolving its SemanticPose with
    // the default frame gives X_root_model: the raw <pose> (relative_to is
    // meaningless at the top level), except that with
    // //model/@placement_frame the <pose> places that frame, and the model
    // frame follows. Falls back to the raw pose if that resolution fails.
    Eigen::Isometry3d X_WM = ToEigen(model->RawPose());
    ignition::math::Pose3d X;
    sdf::Errors errors = model->SemanticPose().Resolve(X);
    if (errors.empty()) {
      X_WM = ToEigen(X);
    } else {
      resolver.Record(errors, "resolving the root model pose (raw pose used)");
    }
    resolver.AddModel(*model, model->Name(), X_WM, false);
  }
  if (const sdf::Light* light = root.Light()) {
    resolver.Add(light->Name(), "light", "world", ToEigen(light->RawPose()));
  }
  if (const sdf::Actor* actor = root.Actor()) resolver.AddActor(*actor);
}

}  // namespace sdfconv::testing::oracle_internal
