/**
 * The server's entry point as `npm start` runs it: main.ts behind Node's compile cache.
 *
 * The cache keeps each module's type-stripped source and its V8 code, so a start after the first compiles
 * nothing and never loads Node's TypeScript stripper (~18 MB resident for as long as the server runs).
 * It lives in os.tmpdir()/node-compile-cache, or in NODE_COMPILE_CACHE when set; NODE_DISABLE_COMPILE_CACHE=1
 * turns it off, and a directory that cannot be written only means starting without it.
 *
 * This file is JavaScript because a TypeScript entry point would have its types stripped before it ran,
 * loading the stripper anyway.
 */
import { enableCompileCache, flushCompileCache } from 'node:module';

enableCompileCache();
await import('./main.ts');
// Written now, once the server listens, rather than only at exit: a server that is killed leaves it too.
flushCompileCache();
