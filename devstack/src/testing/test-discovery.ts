// Which of edge-functions' test files each layer runs, found by file name and folder instead of listed in the runner,
// so a new function's or module's tests run without anyone editing the runner. A test file that no layer takes fails
// the run before anything starts, instead of silently never running.
//
// The convention, by folder (Supabase's: a folder whose name starts with "_" is shared code, not a function):
// - unit: test files under `edge-functions/_*/` (e.g. `_shared/`): modules tested on their own, nothing running;
// - api: test files under a function's folder (e.g. `edge-functions/api/`): they call the function on the running
//   stack (a test there that needs nothing running is fine; it only gets the stack's addresses in its environment);
// - fuzz: `*.fuzz.ts` files under a function's folder; their own suffix keeps them out of api;
// - lint: test files under `edge-functions/scripts/`, the checks of the code itself (its import rules), which are not
//   a function.
// Anything else (a test file directly in `edge-functions/`, a fuzz file under `_shared/`) is found but not run.
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

export interface EdgeFunctionTests {
  /** Every test and fuzz file found, as paths relative to the given root's parent (e.g. `edge-functions/api/x.test.ts`). */
  found: string[];
  unit: string[];
  api: string[];
  fuzz: string[];
  lint: string[];
}

/** The names `deno test <folder>` itself treats as tests (`x.test.ts`, `x_test.ts`, `test.ts`, and the JS and TSX
 * spellings), so that nothing Deno would have run when handed a folder is missed now that it is handed files. */
const TEST_FILE = /(^|[._])test\.(ts|tsx|mts|js|mjs|jsx)$/;
const FUZZ_FILE = /\.fuzz\.ts$/;
const SCRIPTS_FOLDER = "scripts";

/** Finds the test files under `dir` (edge-functions) and sorts them into layers by the convention above. */
export function discoverEdgeFunctionTests(dir: string): EdgeFunctionTests {
  const base = join(dir, "..");
  const found = sourceFiles(dir)
    .filter((file) => TEST_FILE.test(baseName(file)) || FUZZ_FILE.test(file))
    .map((file) => relative(base, join(dir, file)).split(sep).join("/"))
    .sort();
  const tests: EdgeFunctionTests = { found, unit: [], api: [], fuzz: [], lint: [] };
  for (const file of found) {
    // [edge-functions, top folder, ..., name]: a file directly in edge-functions has no top folder.
    const parts = file.split("/");
    if (parts.length < 3) continue;
    const shared = parts[1]!.startsWith("_");
    if (parts[1] === SCRIPTS_FOLDER) {
      if (!FUZZ_FILE.test(file)) tests.lint.push(file);
    } else if (FUZZ_FILE.test(file)) {
      if (!shared) tests.fuzz.push(file);
    } else {
      (shared ? tests.unit : tests.api).push(file);
    }
  }
  return tests;
}

/** The found files that none of the layers' file lists contain. */
export function notRunByAnyLayer(found: readonly string[], layers: readonly (readonly string[])[]): string[] {
  const run = new Set(layers.flat());
  return found.filter((file) => !run.has(file));
}

/** Paths relative to `dir`, without installed packages and hidden folders (editor and tool state). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(sep).some((part) => part === "node_modules" || part.startsWith(".")));
}

function baseName(file: string): string {
  return file.slice(file.lastIndexOf(sep) + 1);
}
