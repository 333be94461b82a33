#ifndef HECKEL_SIGNAL_CLEANUP_H
#define HECKEL_SIGNAL_CLEANUP_H
// What `heckel` removes when SIGINT, SIGTERM or SIGHUP ends it: the spill folder (its partition
// files `old-N` and `new-N` for N < partitions, then the folder) and the partial output file. The
// handler uses only async-signal-safe calls (unlink, rmdir, write, _exit): it builds the partition
// names itself, so no list of paths is kept or walked while it may be changing.

#ifdef __cplusplus
extern "C" {
#endif

// Installs the handlers: remove what is set, write "heckel: interrupted by SIG...\n" to stderr,
// exit with status 2. Call once, first thing. O(1).
void heckel_cleanup_install(void);

// The spill folder and its partition count (NULL: none). Paths longer than 4000 bytes are not
// kept (the handler then leaves them). O(path).
void heckel_cleanup_set_folder(const char *root, int partitions);

// The partial output file (NULL: none). O(path).
void heckel_cleanup_set_partial(const char *path);

// Holds (1) the three signals: from then on the handler only records them, whichever thread they
// reach. The output's commit holds them for good, so a run either ends interrupted with its
// output untouched or finishes with it complete. Letting go (0) acts on a signal recorded
// meanwhile (a failed commit). O(1).
void heckel_cleanup_hold(int hold);

#ifdef __cplusplus
}
#endif

#endif
