// The flags `node` is given when it serves the site: npm start, and every server a benchmark
// starts. A V8 heap setting can only be given on the command line (set from inside the process,
// it no longer changes the heap), so it lives here and not in the server's code.
//
// --max-semi-space-size=8: the young generation stops growing at two 8 MB halves instead of two
// 16 MB ones. Under page load V8 grew it to 32 MB and kept it until idle; capped, the server
// measured 171 MB after the memory bench's load against 185 MB (medians), with as many pages and
// events answered and no more CPU per request (decision 060; 4 MB cost CPU).
//
// --v8-pool-size=1: V8's background work (compiling the embedded database's WebAssembly, JavaScript
// optimisation, the collector's concurrent marking) runs on one thread instead of four. Each of
// those threads kept its own glibc allocator arena, 6-30 MB each, of memory the work had freed:
// on the embedded database the idle server held about 75 MB less with this flag and the
// environment below, answering as many searches and pages (decision 097).
export const serverNodeArgs = ['--max-semi-space-size=8', '--v8-pool-size=1'];

/**
 * The environment the server adds to its own: glibc's allocator keeps at most two arenas (by
 * default up to eight per core), so memory freed on the remaining threads (the thread pool's
 * compression and hashing) goes back to shared arenas instead of staying in one per thread
 * (decision 097). Given as the environment because glibc reads it only as the process starts.
 */
export const serverEnv = { MALLOC_ARENA_MAX: '2' };
