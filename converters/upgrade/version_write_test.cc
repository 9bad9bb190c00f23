#include <gtest/gtest.h>

#include "converters/upgrade/version_write.h"
