#include "converters/include/fuel_cache.h"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

namespace fs = std::filesystem;

TEST(ParseFuelModelUrlTest, ReadsTheModelUrlsGzFuelToolsReads) {
  const auto coke =
      ParseFuelModelUrl("https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke");
  ASSERT_TRUE(coke);
  EXPECT_EQ(coke->host, "fuel.gazebosim.org");
  EXPECT_EQ(coke->owner, "OpenRobotics");
  EXPECT_EQ(coke->name, "Coke");
  EXPECT_FALSE(coke->version);
  EXPECT_EQ(coke->file, "");

  const auto third = ParseFuelModelUrl(
      "  https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke/3/\n");
  ASSERT_TRUE(third);
  EXPECT_EQ(third->version, 3u);

  const auto tip = ParseFuelModelUrl(
      "http://fuel.gazebosim.org/1.0/OpenRobotics/models/Tunnel Tile 5/tip");
  ASSERT_TRUE(tip);
  EXPECT_EQ(tip->name, "Tunnel Tile 5");
  EXPECT_FALSE(tip->version);

  // No API version, repeated slashes, a port, a name percent-encoded (kept
  // as written, as gz-fuel-tools keeps it).
  const auto bare = ParseFuelModelUrl(
      "https://localhost:8000//owner//models//MBARI%20Tethys%20LRAUV//007");
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->host, "localhost:8000");
  EXPECT_EQ(bare->owner, "owner");
  EXPECT_EQ(bare->name, "MBARI%20Tethys%20LRAUV");
  EXPECT_EQ(bare->version, 7u);

  // An owner that looks like an API version when no other is written.
  const auto owner = ParseFuelModelUrl("https://host/1.0/models/arm");
  ASSERT_TRUE(owner);
  EXPECT_EQ(owner->owner, "1.0");

  const auto file = ParseFuelModelUrl(
      "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Radio/4/files/"
      "meshes/Radio.dae");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->name, "Radio");
  EXPECT_EQ(file->version, 4u);
  EXPECT_EQ(file->file, "meshes/Radio.dae");
}

TEST(ParseFuelModelUrlTest, RefusesWhatIsNoModelUrl) {
  for (const char* uri : {
           "model://Coke",
           "file:///models/Coke",
           "https://fuel.gazebosim.org/1.0/OpenRobotics/worlds/Empty",
           "https://fuel.gazebosim.org/1.0/OpenRobotics/models",
           "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke/three",
           "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke/3/meshes/x",
           "https://fuel.gazebosim.org/1.0/Open Robotics/models/Coke",
           "https:///1.0/OpenRobotics/models/Coke",
           "fuel.gazebosim.org/1.0/OpenRobotics/models/Coke",
           "https://fuel.gazebosim.org/1.0/o/models/n/1234567890123456789",
       }) {
    EXPECT_FALSE(ParseFuelModelUrl(uri)) << uri;
  }
}

class FuelCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(::testing::TempDir()) /
            ("fuel_" + std::string(::testing::UnitTest::GetInstance()
                                       ->current_test_info()
                                       ->name()));
    fs::remove_all(root_);
    fs::create_directories(root_);
  }

  // A version folder of a cached model, with a model.config unless told.
  std::string Version(const std::string& cache, const std::string& model,
                      const std::string& version, bool config = true) {
    const fs::path folder = root_ / cache / model / version;
    fs::create_directories(folder);
    if (config) std::ofstream(folder / "model.config") << "<model/>";
    return folder.lexically_normal().string();
  }

  std::vector<FuelCache> Caches(std::initializer_list<const char*> names) {
    std::vector<FuelCache> out;
    for (const char* name : names) {
      out.push_back({(root_ / name).string(), std::string("test ") + name});
    }
    return out;
  }

  FuelLookup Find(const std::string& uri,
                  std::initializer_list<const char*> caches = {"cache"}) {
    const std::optional<FuelModelUrl> url = ParseFuelModelUrl(uri);
    EXPECT_TRUE(url) << uri;
    return url ? FindInFuelCache(*url, Caches(caches)) : FuelLookup{};
  }

  fs::path root_;
};

constexpr char kCoke[] =
    "https://fuel.gazebosim.org/1.0/OpenRobotics/models/Coke";
constexpr char kCokeFolder[] = "fuel.gazebosim.org/openrobotics/models/coke";

TEST_F(FuelCacheTest, TheNewestVersionUnlessOneIsNamed) {
  Version("cache", kCokeFolder, "1");
  const std::string v2 = Version("cache", kCokeFolder, "2");
  const std::string v10 = Version("cache", kCokeFolder, "10");
  Version("cache", kCokeFolder, "11", /*config=*/false);  // not a version
  Version("cache", kCokeFolder, "99abc");                 // not a version
  EXPECT_EQ(Find(kCoke).path, v10);  // by number, not by text
  EXPECT_EQ(Find(std::string(kCoke) + "/tip").path, v10);
  EXPECT_EQ(Find(std::string(kCoke) + "/2").path, v2);
  EXPECT_EQ(Find(std::string(kCoke) + "/02").path, v2);

  const FuelLookup absent = Find(std::string(kCoke) + "/11");
  EXPECT_EQ(absent.path, "");
  EXPECT_NE(absent.error.find(
                "no folder fuel.gazebosim.org/OpenRobotics/models/Coke/11 "),
            std::string::npos);
  EXPECT_NE(absent.error.find((root_ / "cache").string()), std::string::npos);
  EXPECT_NE(absent.error.find(v10), std::string::npos);  // what is there
}

TEST_F(FuelCacheTest, OwnerAndNameInAnyCaseTheHostAsWritten) {
  const std::string upper =
      Version("cache", "fuel.gazebosim.org/OpenRobotics/models/Coke", "1");
  EXPECT_EQ(Find("https://fuel.gazebosim.org/1.0/openrobotics/models/COKE").path,
            upper);
  // Two spellings of one model: the highest version of both; a tie goes to
  // the first folder in byte order.
  const std::string lower = Version("cache", kCokeFolder, "2");
  EXPECT_EQ(Find(kCoke).path, lower);
  Version("cache", kCokeFolder, "1");
  EXPECT_EQ(Find(std::string(kCoke) + "/1").path, upper);
  // The host is a folder name as written (gz-fuel-tools does not fold it).
  EXPECT_EQ(Find("https://FUEL.gazebosim.org/1.0/OpenRobotics/models/Coke").path,
            "");
  // The word `models` is the folder's name exactly.
  fs::remove_all(root_ / "cache");
  Version("cache", "fuel.gazebosim.org/OpenRobotics/Models/Coke", "1");
  EXPECT_EQ(Find(kCoke).path, "");
}

TEST_F(FuelCacheTest, AHostWithAPortIsTheFolderGzFuelToolsMakes) {
  const std::string v =
      Version("cache", "localhost%3A8000/me/models/arm", "1");
  EXPECT_EQ(Find("http://localhost:8000/1.0/me/models/arm").path, v);
}

TEST_F(FuelCacheTest, AModelFileUrlIsTheFileInTheVersionFolder) {
  const std::string v3 = Version("cache", kCokeFolder, "3");
  std::ofstream(fs::path(v3) / "model.sdf") << "<sdf/>";
  EXPECT_EQ(Find(std::string(kCoke) + "/3/files/model.sdf").path,
            v3 + "/model.sdf");
  EXPECT_EQ(Find(std::string(kCoke) + "/tip/files/model.sdf").path,
            v3 + "/model.sdf");
  const FuelLookup none = Find(std::string(kCoke) + "/3/files/other.sdf");
  EXPECT_EQ(none.path, "");
  EXPECT_NE(none.error.find("has no other.sdf"), std::string::npos);
}

TEST_F(FuelCacheTest, TheFirstCacheThatHoldsTheModelWins) {
  const std::string first = Version("a", kCokeFolder, "1");
  const std::string second = Version("b", kCokeFolder, "5");
  EXPECT_EQ(Find(kCoke, {"a", "b"}).path, first);
  EXPECT_EQ(Find(std::string(kCoke) + "/5", {"a", "b"}).path, second);
  EXPECT_EQ(Find(kCoke, {"missing", "b"}).path, second);
}

TEST_F(FuelCacheTest, AMissingModelNamesWhatWasLookedForAndWhere) {
  const FuelLookup missing = Find(kCoke, {"a", "b"});
  EXPECT_EQ(missing.path, "");
  EXPECT_NE(missing.error.find(
                "fuel.gazebosim.org/OpenRobotics/models/Coke/VERSION"),
            std::string::npos);
  EXPECT_NE(missing.error.find((root_ / "a").string() + " (test a), " +
                               (root_ / "b").string() + " (test b)"),
            std::string::npos);
}

TEST(FuelCachesTest, TheEnvironmentsCacheElseTheDefaults) {
  ::setenv("HOME", "/home/u", 1);
  ::setenv("GZ_FUEL_CACHE_PATH", "/gz", 1);
  ::setenv("IGN_FUEL_CACHE_PATH", "/ign", 1);
  std::vector<FuelCache> caches = FuelCaches();
  ASSERT_EQ(caches.size(), 1u);
  EXPECT_EQ(caches[0].folder, "/gz");
  EXPECT_EQ(caches[0].from, "GZ_FUEL_CACHE_PATH");

  ::setenv("GZ_FUEL_CACHE_PATH", "", 1);  // empty: as if unset
  caches = FuelCaches();
  ASSERT_EQ(caches.size(), 1u);
  EXPECT_EQ(caches[0].folder, "/ign");

  ::unsetenv("GZ_FUEL_CACHE_PATH");
  ::unsetenv("IGN_FUEL_CACHE_PATH");
  caches = FuelCaches();
  ASSERT_EQ(caches.size(), 2u);
  EXPECT_EQ(caches[0].folder, "/home/u/.gz/fuel");
  EXPECT_EQ(caches[1].folder, "/home/u/.ignition/fuel");

  ::unsetenv("HOME");
  EXPECT_TRUE(FuelCaches().empty());
}

}  // namespace
}  // namespace sdfconv
