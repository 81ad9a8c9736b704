// Which edge functions a project has and how each is served, read the way the Supabase CLI reads them: every
// supabase/functions/<slug>/index.ts plus every [functions.<slug>] table of supabase/config.toml, whose paths are
// relative to supabase/.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { parse } from "smol-toml";
import { z } from "zod";

// The CLI's rule for function names (pkg/config: funcSlugPattern); it also keeps _shared/ out.
const SLUG = /^[A-Za-z][A-Za-z0-9_-]*$/;

const functionTable = z.object({
  enabled: z.boolean().default(true),
  verify_jwt: z.boolean().default(true),
  entrypoint: z.string().optional(),
  import_map: z.string().optional(),
});

const configFile = z.object({
  functions: z.record(z.string().regex(SLUG, "must be a function slug"), functionTable).default({}),
});

export interface EdgeFunction {
  name: string;
  /** Absolute path of the module that calls Deno.serve. */
  entrypoint: string;
  /** How Deno resolves the function's bare imports, if it declares how. */
  imports: { kind: "config" | "import-map"; path: string } | undefined;
  /** Whether the gateway demands a valid JWT before the function sees a request (OPTIONS excepted). */
  verifyJwt: boolean;
  /** How many Deno processes serve it (instancesOf). */
  instances: number;
}

/** The processes a job's worker function runs as. */
export const WORKER_INSTANCES = 2;

/**
 * How many processes devstack runs a function as. Supabase's edge runtime serves concurrent requests to a function
 * from separate isolates; devstack runs one Deno process per function, except job workers (by name: a function whose
 * name ends in "-worker"), which run as WORKER_INSTANCES processes taking requests in turn. So a job's parallel
 * workers run apart, and a killed one (a crash, an out-of-memory kill) leaves the others working, as on Supabase. The
 * api stays one process: its in-memory caches and tests that read them see one instance.
 */
export function instancesOf(name: string): number {
  return name.endsWith("-worker") ? WORKER_INSTANCES : 1;
}

/** The enabled functions of the Supabase project in projectDir (the folder holding supabase/config.toml). */
export function loadEdgeFunctions(projectDir: string): EdgeFunction[] {
  const supabaseDir = join(projectDir, "supabase");
  const configPath = join(supabaseDir, "config.toml");
  const parsed = configFile.safeParse(parse(readFileSync(configPath, "utf8")));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`${configPath}: ${issues}`);
  }
  const declared = parsed.data.functions;
  const functionsDir = join(supabaseDir, "functions");
  const discovered = existsSync(functionsDir)
    ? readdirSync(functionsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && SLUG.test(entry.name))
        .filter((entry) => existsSync(join(functionsDir, entry.name, "index.ts")))
        .map((entry) => entry.name)
    : [];
  const names = [...new Set([...discovered, ...Object.keys(declared)])].sort();

  return names.flatMap((name) => {
    const table = declared[name] ?? functionTable.parse({});
    if (!table.enabled) return [];
    const entrypoint = table.entrypoint
      ? resolve(supabaseDir, table.entrypoint)
      : join(functionsDir, name, "index.ts");
    if (!existsSync(entrypoint)) {
      throw new Error(`${configPath}: the entrypoint of function ${name}, ${entrypoint}, does not exist`);
    }
    const importMap = table.import_map
      ? resolve(supabaseDir, table.import_map)
      : findDefaultImportMap(join(entrypoint, ".."), functionsDir);
    return [
      {
        name,
        entrypoint,
        imports: importMap ? { kind: importMapKind(importMap), path: importMap } : undefined,
        verifyJwt: table.verify_jwt,
        instances: instancesOf(name),
      },
    ];
  });
}

/** A deno.json(c) is a whole Deno configuration (imports and compiler options); anything else is a bare import map. */
function importMapKind(path: string): "config" | "import-map" {
  return /^deno\.jsonc?$/.test(basename(path)) ? "config" : "import-map";
}

/** The CLI's fallbacks, in its order: deno.json(c) next to the entrypoint, a legacy import_map.json there, then one
 * shared by all functions. */
function findDefaultImportMap(functionDir: string, functionsDir: string): string | undefined {
  const candidates = [
    join(functionDir, "deno.json"),
    join(functionDir, "deno.jsonc"),
    join(functionDir, "import_map.json"),
    join(functionsDir, "import_map.json"),
  ];
  return candidates.find((candidate) => existsSync(candidate));
}
