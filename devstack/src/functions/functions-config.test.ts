import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../cli/paths.ts";
import { loadEdgeFunctions } from "./functions-config.ts";

const fixture = join(import.meta.dirname, "../../test/fixtures/project");

describe("loadEdgeFunctions", () => {
  const scratch: string[] = [];
  afterEach(() => scratch.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function copyWithConfig(config: string): string {
    const dir = mkdtempSync(join(tmpdir(), "devstack-config-"));
    scratch.push(dir);
    cpSync(fixture, dir, { recursive: true });
    writeFileSync(join(dir, "supabase/config.toml"), config);
    return dir;
  }

  it("serves every function folder and every declared function, except disabled ones and _shared", () => {
    const functions = loadEdgeFunctions(fixture);
    expect(functions.map((fn) => fn.name)).toEqual(["crashing", "echo", "guarded", "outside"]);
  });

  it("leaves the probe worker alone: a long-running process with no index.ts, which the CLI would not deploy either", () => {
    const names = loadEdgeFunctions(repoRoot).map((fn) => fn.name);
    expect(names).toContain("api");
    expect(names).not.toContain("probe-worker");
  });

  it("takes verify_jwt from config.toml, true unless a function's table says otherwise", () => {
    const byName = new Map(loadEdgeFunctions(fixture).map((fn) => [fn.name, fn]));
    expect(byName.get("echo")?.verifyJwt).toBe(false);
    expect(byName.get("guarded")?.verifyJwt).toBe(true);
    expect(byName.get("outside")?.verifyJwt).toBe(true);
  });

  it("resolves entrypoints and import maps relative to supabase/, as the CLI does", () => {
    const byName = new Map(loadEdgeFunctions(fixture).map((fn) => [fn.name, fn]));
    expect(byName.get("outside")).toMatchObject({
      entrypoint: join(fixture, "elsewhere/index.ts"),
      imports: { kind: "import-map", path: join(fixture, "elsewhere/import_map.json") },
    });
    expect(byName.get("guarded")).toMatchObject({
      entrypoint: join(fixture, "supabase/functions/guarded/index.ts"),
      imports: { kind: "config", path: join(fixture, "supabase/functions/guarded/deno.json") },
    });
    expect(byName.get("echo")?.imports).toBeUndefined();
  });

  it("runs a function whose name ends in -worker as two processes, every other function as one", () => {
    const project = copyWithConfig(
      '[functions.echo]\nverify_jwt = false\n\n[functions.echo-worker]\nentrypoint = "functions/echo/index.ts"\n',
    );
    const byName = new Map(loadEdgeFunctions(project).map((fn) => [fn.name, fn.instances]));
    expect([byName.get("echo"), byName.get("echo-worker"), byName.get("guarded")]).toEqual([1, 2, 1]);
  });

  it("names the key and the rule when config.toml is wrong", () => {
    const project = copyWithConfig("[functions.echo]\nverify_jwt = \"no\"\n");
    expect(() => loadEdgeFunctions(project)).toThrow(/functions\.echo\.verify_jwt: .*boolean/);
  });

  it("refuses a declared function whose entrypoint does not exist", () => {
    const project = copyWithConfig('[functions.ghost]\nentrypoint = "../nowhere/index.ts"\n');
    expect(() => loadEdgeFunctions(project)).toThrow(/ghost.*does not exist/);
  });
});
