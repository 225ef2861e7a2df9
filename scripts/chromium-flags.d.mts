// Types for scripts/chromium-flags.mjs, which playwright.config.ts imports (the benchmarks, plain
// Node scripts, import it too, so it stays JavaScript).
export declare const chromiumFlags: string[];
export declare const playwrightChromiumFlags: string[];
