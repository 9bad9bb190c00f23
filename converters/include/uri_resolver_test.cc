#include "converters/include/uri_resolver.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

class UriResolverTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) /
            ("uri_" + std::string(::testing::UnitTest::GetInstance()
                                      ->current_test_info()
                                      ->name()));
    fs::remove_all(root_);
    fs::create_directories(root_);
    for (const char* v : kModelPathVariables) ::unsetenv(v);
  }
  void TearDown() override {
    for (const char* v : kModelPathVariables) ::unsetenv(v);
  }

  std::string Write(const std::string& relative, const std::string& text = "x") {
    const fs::path p = root_ / relative;
    fs::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.lexically_normal().string();
  }

  ResolvedUri Resolve(const std::string& uri, const IncludeSearch& search = {}) {
    return ResolveIncludeUri(uri, (root_ / "world.sdf").string(), search,
                             [](std::string_view v) {
                               return v == "1.4" || v == "1.6" || v == "1.8";
                             });
  }

  fs::path root_;
};

TEST_F(UriResolverTest, RelativeFilesAreFoundNextToTheIncludingFile) {
  const std::string file = Write("parts/arm.sdf");
  EXPECT_EQ(Resolve("parts/arm.sdf").file, file);
  EXPECT_EQ(Resolve("file://parts/arm.sdf").file, file);
  EXPECT_EQ(Resolve("  parts/../parts/arm.sdf\n").file, file);
  EXPECT_EQ(Resolve("file://" + file).file, file);  // absolute
}

// A file named without a folder (`<stdin>`, `world.sdf`) includes relative
// to the working directory, and says so when nothing is there.
TEST_F(UriResolverTest, AFileWithoutFolderIncludesFromTheWorkingDirectory) {
  const std::string file = Write("parts/arm.sdf");
  const fs::path cwd = fs::current_path();
  fs::current_path(root_);
  const auto supported = [](std::string_view v) { return v == "1.8"; };
  const ResolvedUri found =
      ResolveIncludeUri("parts/arm.sdf", "<stdin>", {}, supported);
  const ResolvedUri missing =
      ResolveIncludeUri("parts/leg.sdf", "<stdin>", {}, supported);
  fs::current_path(cwd);
  EXPECT_EQ(fs::path(found.file).lexically_normal(),
            fs::path("parts/arm.sdf").lexically_normal());
  EXPECT_TRUE(fs::equivalent(root_ / found.file, file));
  EXPECT_NE(missing.error.find("not found in the working directory"),
            std::string::npos)
      << missing.error;
}

TEST_F(UriResolverTest, RelativeFilesFallBackToTheSearchFolders) {
  const std::string file = Write("lib/test_model/model.sdf");
  Write("lib/test_model/model.config",
        "<model><sdf version='1.6'>model.sdf</sdf></model>");
  IncludeSearch search;
  search.model_paths = {(root_ / "lib").string()};
  EXPECT_EQ(Resolve("test_model", search).file, file);
  EXPECT_NE(Resolve("test_model").error.find("not found next to"),
            std::string::npos);
}

TEST_F(UriResolverTest, ModelUrisSearchModelPathsThenTheEnvironment) {
  const std::string first = Write("a/box/box.sdf");
  const std::string second = Write("b/box/box.sdf");
  const std::string env_only = Write("env/cone/cone.sdf");
  IncludeSearch search;
  search.model_paths = {(root_ / "a").string(), (root_ / "b").string()};
  ::setenv("GAZEBO_MODEL_PATH", (":" + (root_ / "env").string()).c_str(), 1);
  EXPECT_EQ(Resolve("model://box/box.sdf", search).file, first);
  EXPECT_EQ(Resolve("model://cone/cone.sdf", search).file, env_only);
  search.use_environment = false;
  EXPECT_TRUE(Resolve("model://cone/cone.sdf", search).file.empty());
  std::reverse(search.model_paths.begin(), search.model_paths.end());
  EXPECT_EQ(Resolve("model://box/box.sdf", search).file, second);
}

TEST_F(UriResolverTest, EnvironmentVariablesAreSearchedInOrder) {
  const std::string sdf_path = Write("s/m/m.sdf");
  Write("g/m/m.sdf");
  ::setenv("GAZEBO_MODEL_PATH", (root_ / "g").c_str(), 1);
  ::setenv("SDF_PATH", (root_ / "s").c_str(), 1);
  EXPECT_EQ(Resolve("model://m/m.sdf").file, sdf_path);
  IncludeSearch search;
  EXPECT_EQ(SearchFolders(search),
            (std::vector<std::string>{(root_ / "s").string(),
                                      (root_ / "g").string()}));
}

TEST_F(UriResolverTest, AModelFolderGivesItsHighestSupportedSdf) {
  Write("m/arm/model.config", R"(<?xml version="1.0"?>
<model>
  <name>arm</name>
  <sdf version="1.4">model-1_4.sdf</sdf>
  <sdf version="1.8">model.sdf</sdf>
  <sdf version="1.9">model-1_9.sdf</sdf>
  <sdf version="1.6">model-1_6.sdf</sdf>
</model>)");
  Write("m/arm/model-1_4.sdf");
  const std::string newest = Write("m/arm/model.sdf");
  Write("m/arm/model-1_9.sdf");
  Write("m/arm/model-1_6.sdf");
  IncludeSearch search;
  search.model_paths = {(root_ / "m").string()};
  EXPECT_EQ(Resolve("model://arm", search).file, newest);
  EXPECT_EQ(Resolve("file://m/arm", search).file, newest);
}

// What reading could block on or never end is refused before it is opened,
// with what it is.
TEST_F(UriResolverTest, SpecialFilesAreNotRegularFiles) {
  const std::string fifo = (root_ / "pipe.sdf").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const ResolvedUri pipe = Resolve("pipe.sdf");
  EXPECT_TRUE(pipe.file.empty());
  EXPECT_NE(pipe.error.find("is a FIFO, not a regular file"), std::string::npos)
      << pipe.error;
  for (const char* special : {"/proc/kmsg", "/proc/self/status",
                              "/sys/kernel/notes", "/dev/zero"}) {
    if (::access(special, F_OK) != 0) continue;
    const ResolvedUri r = Resolve(std::string("file://") + special);
    EXPECT_TRUE(r.file.empty()) << special;
    EXPECT_NE(r.error.find("not a regular file"), std::string::npos)
        << r.error;
  }
  // A model folder whose manifest names a FIFO.
  Write("m/piped/model.config",
        "<model><sdf version='1.6'>model.sdf</sdf></model>");
  ASSERT_EQ(::mkfifo((root_ / "m/piped/model.sdf").c_str(), 0600), 0);
  IncludeSearch search;
  search.model_paths = {(root_ / "m").string()};
  EXPECT_NE(Resolve("model://piped", search).error.find("a FIFO"),
            std::string::npos);
}

TEST_F(UriResolverTest, ProblemsSayWhatWasSearched) {
  IncludeSearch search;
  search.model_paths = {(root_ / "nowhere").string()};
  const ResolvedUri missing = Resolve("model://ghost", search);
  EXPECT_TRUE(missing.file.empty());
  EXPECT_NE(missing.error.find("cannot resolve model://ghost"),
            std::string::npos);
  EXPECT_NE(missing.error.find((root_ / "nowhere").string()),
            std::string::npos);

  Write("m/bare/model.sdf");
  search.model_paths = {(root_ / "m").string()};
  EXPECT_NE(Resolve("model://bare", search).error.find("has no model.config"),
            std::string::npos);

  Write("m/future/model.config",
        "<model><sdf version='1.10'>model.sdf</sdf></model>");
  EXPECT_NE(Resolve("model://future", search)
                .error.find("no <sdf> file of a version sdfconv reads "
                            "(listed: 1.10)"),
            std::string::npos);

  EXPECT_NE(Resolve("https://fuel.gazebosim.org/x").error.find("URI is neither"),
            std::string::npos);
  EXPECT_NE(Resolve("").error.find("empty"), std::string::npos);
  EXPECT_NE(Resolve("file://").error.find("no path after file://"),
            std::string::npos);
  Write("m/arm/model.sdf");
  EXPECT_NE(Resolve("model://arm/meshes/x.sdf", search)
                .error.find("the model folder " + (root_ / "m/arm").string() +
                            " has no meshes/x.sdf"),
            std::string::npos);
}

// A Fuel model URL is its version folder in the Fuel cache, read as a
// model folder (its model.config picks the file); a model file URL is that
// file. Never the user's home: HOME and the cache are the test's.
TEST_F(UriResolverTest, FuelUrlsAreFoundInTheFuelCache) {
  ::setenv("HOME", root_.c_str(), 1);
  ::unsetenv("IGN_FUEL_CACHE_PATH");
  ::setenv("GZ_FUEL_CACHE_PATH", (root_ / "fuel").c_str(), 1);
  const std::string config =
      "<model><sdf version='1.6'>model.sdf</sdf></model>";
  Write("fuel/fuel.gazebosim.org/openrobotics/models/coke/1/model.config",
        config);
  Write("fuel/fuel.gazebosim.org/openrobotics/models/coke/1/model.sdf");
  Write("fuel/fuel.gazebosim.org/openrobotics/models/coke/2/model.config",
        config);
  const std::string newest =
      Write("fuel/fuel.gazebosim.org/openrobotics/models/coke/2/model.sdf");
  const std::string uri =
      "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke";
  EXPECT_EQ(Resolve(uri).file, newest);
  EXPECT_EQ(Resolve(uri + "/1/files/model.sdf").file,
            (root_ / "fuel/fuel.gazebosim.org/openrobotics/models/coke/1/"
                     "model.sdf")
                .string());

  const ResolvedUri missing = Resolve(uri + "/3");
  EXPECT_EQ(missing.file, "");
  EXPECT_EQ(missing.error.find("cannot resolve " + uri + "/3: not in the Fuel "
                               "cache"),
            0u);
  EXPECT_NE(missing.error.find((root_ / "fuel").string() +
                               " (GZ_FUEL_CACHE_PATH)"),
            std::string::npos);
  EXPECT_NE(missing.error.find("gz fuel download -u '" + uri + "/3'"),
            std::string::npos);

  // Without the environment, no Fuel cache either.
  IncludeSearch alone;
  alone.use_environment = false;
  EXPECT_EQ(Resolve(uri, alone).file, "");
  ::unsetenv("GZ_FUEL_CACHE_PATH");
}

}  // namespace
}  // namespace sdfconv
