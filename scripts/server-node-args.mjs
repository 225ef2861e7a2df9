// The flags `node` is given when it serves the site: npm start, and every server a benchmark
// starts. A V8 heap setting can only be given on the command line (set from inside the process,
// it no longer changes the heap), so it lives here and not in the server's code.
//
// --max-semi-space-size=8: the young generation stops growing at two 8 MB halves instead of two
// 16 MB ones. Under page load V8 grew it to 32 MB and kept it until idle; capped, the server
// measured 171 MB after the memory bench's load against 185 MB (medians), with as many pages and
// events answered and no more CPU per request (decision 060; 4 MB cost CPU).
export const serverNodeArgs = ['--max-semi-space-size=8'];
