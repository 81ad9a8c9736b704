// The import rules of edge-functions, which deno lint cannot express:
//   - only files named privileged.ts (or privileged-<what>.ts, where one feature has more than one such concern) import
//     the privileged pool (_shared/db/pool.ts), so every query that bypasses RLS sits in a file whose name says so; _shared/db/ itself (the pool and the wrappers that drop to a user's role) is
//     where the pool lives;
//   - _shared never imports hono or anything of the api: domain code knows nothing of HTTP;
//   - a route folder (api/routes/...) never imports another route folder's files;
//   - a feature (a folder of _shared) is reached from outside only through its index.ts, or through its testing/
//     folder from tests; _shared/contracts/ re-exports each feature's contract.ts for the SPA, which bundles contracts
//     alone and must not pull in the server code an index.ts brings;
//   - so a contract (a feature's contract.ts, or a file of _shared/contracts/) imports only zod, other contracts and
//     modules that import nothing but zod.
// Run: deno run --allow-read edge-functions/scripts/check-imports.ts [edge-functions directory]
import { join, normalize, posix, relative, sep } from "node:path";

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

const POOL = "_shared/db/pool.ts";
const PRIVILEGED_FILE = /^privileged(-[a-z]+)*\.ts$/;

// Folders of _shared that are libraries rather than features: anything in them may be imported directly.
const LIBRARIES = new Set(["contracts", "db", "testing"]);

/** The module specifiers a source imports or re-exports, statically or dynamically. */
export function importsOf(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^"'`;]*?\bfrom\s*["']([^"']+)["']/gm,
    /^\s*import\s*["']([^"']+)["']/gm,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.push(match[1]!);
  }
  return found;
}

const isContract = (path: string) =>
  (path.startsWith("_shared/") && posix.basename(path) === "contract.ts") ||
  (path.startsWith("_shared/contracts/") && !path.endsWith(".test.ts"));

const isTestCode = (file: string) => file.endsWith(".test.ts") || file.split("/").includes("testing");

/** The feature a path under _shared belongs to (its first folder), or null for a library or a top-level module. */
function featureOf(path: string): string | null {
  const parts = path.split("/");
  if (parts[0] !== "_shared" || parts.length < 3) return null;
  return LIBRARIES.has(parts[1]!) ? null : parts[1]!;
}

/** The violations in `files`: paths relative to the edge-functions folder, with "/" between folders. */
export function checkImports(files: ReadonlyMap<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    const directory = posix.dirname(file);
    for (const specifier of importsOf(source)) {
      const refuse = (rule: string) => violations.push({ file, specifier, rule });
      const resolved = posix.normalize(posix.join(directory, specifier));
      // A module that imports nothing but zod (billing's price list) is as safe for the SPA to bundle as a contract.
      const relativeContract = specifier.startsWith(".") &&
        (isContract(resolved) || (files.has(resolved) && importsOf(files.get(resolved)!).every((name) => name === "zod")));
      if (isContract(file) && specifier !== "zod" && !relativeContract) {
        refuse("a contract imports only zod and other contracts: the SPA bundles it");
      }
      if (!specifier.startsWith(".")) {
        if (file.startsWith("_shared/") && /^(npm:\/?)?hono(@[^/]*)?(\/|$)/.test(specifier)) {
          refuse("_shared knows nothing of HTTP: it never imports hono");
        }
        continue;
      }
      const target = posix.normalize(posix.join(directory, specifier));
      if (target === POOL && !PRIVILEGED_FILE.test(posix.basename(file)) && !file.startsWith("_shared/db/")) {
        refuse("only a privileged.ts imports the privileged pool");
      }
      if (file.startsWith("_shared/") && target.startsWith("api/")) {
        refuse("_shared knows nothing of HTTP: it never imports the api");
      }
      if (file.startsWith("api/routes/") && target.startsWith("api/routes/") && posix.dirname(target) !== directory) {
        refuse("a route folder never imports another route folder");
      }
      const feature = featureOf(target);
      if (feature && featureOf(file) !== feature) {
        const inside = target.slice(`_shared/${feature}/`.length);
        const allowed = inside === "index.ts" || (inside.startsWith("testing/") && isTestCode(file)) ||
          (inside === "contract.ts" && file.startsWith("_shared/contracts/"));
        if (!allowed) refuse(`a feature is reached through its index.ts: import _shared/${feature}/index.ts`);
      }
    }
  }
  return violations;
}

/** Every .ts file under `root`, keyed by its path relative to root with "/" separators. */
export async function readSources(root: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  async function walk(directory: string) {
    for await (const entry of Deno.readDir(directory)) {
      const path = join(directory, entry.name);
      if (entry.isDirectory && entry.name !== "node_modules") await walk(path);
      else if (entry.isFile && entry.name.endsWith(".ts")) {
        files.set(relative(root, path).split(sep).join("/"), await Deno.readTextFile(path));
      }
    }
  }
  await walk(normalize(root));
  return files;
}

if (import.meta.main) {
  const root = Deno.args[0] ?? new URL("..", import.meta.url).pathname;
  const violations = checkImports(await readSources(root));
  for (const { file, specifier, rule } of violations) console.error(`${file}: imports ${specifier}: ${rule}`);
  if (violations.length > 0) {
    console.error(`${violations.length} import rule violation(s) in ${root}`);
    Deno.exit(1);
  }
  console.log("edge-functions imports follow the rules");
}
