// The system's xxHash (Debian: libxxhash-dev), found through pkg-config.
#include <xxhash.h>
