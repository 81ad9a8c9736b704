#!/usr/bin/env node
// Entry point of the npm scripts (start, test, db:reset, bench). Plain JavaScript without dependencies, because on a
// fresh clone nothing is installed yet: it installs the npm dependencies when they are missing or older than
// package-lock.json, then runs devstack's TypeScript CLI under tsx, passing signals on and its exit code back.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { constants } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const lockFile = join(root, "package-lock.json");
// npm rewrites this copy of the lock at the end of every install, so it dates the installed tree.
const installedLock = join(root, "node_modules/.package-lock.json");

/** @param {string} file */
const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : undefined);
const installed = mtime(installedLock);
if (installed === undefined || installed < (mtime(lockFile) ?? 0)) {
  // Not `npm ci`: npm 11 writes only this platform's optional packages (Deno's and the Supabase CLI's native
  // binaries) into the lock, and `npm ci` then refuses the lock as out of sync. `npm install` installs the locked
  // versions just the same.
  console.log("Installing npm dependencies (npm install)...");
  const npm = spawnSync("npm", ["install"], { cwd: root, stdio: "inherit" });
  if (npm.status !== 0) process.exit(npm.status ?? 1);
}

const cli = spawn(process.execPath, ["--import", "tsx", join(root, "devstack/src/cli/cli.ts"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
// A terminal's Ctrl-C reaches both processes; a kill aimed at this one must reach the CLI too. The CLI stops what it
// started and exits, and this process follows with its exit code.
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM", "SIGHUP"])) process.on(signal, () => cli.kill(signal));
cli.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
