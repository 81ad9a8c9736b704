import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { repoRoot } from "../cli/paths.ts";
import { discoverEdgeFunctionTests, notRunByAnyLayer } from "./test-discovery.ts";

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** An edge-functions folder holding the given files (empty), inside a throw-away directory. */
function edgeFunctions(files: string[]): string {
  const tree = mkdtempSync(join(tmpdir(), "test-discovery-"));
  trees.push(tree);
  const dir = join(tree, "edge-functions");
  for (const file of files) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), "");
  }
  return dir;
}

describe("discoverEdgeFunctionTests", () => {
  it("puts shared modules' tests in unit, functions' tests in api, fuzz files in fuzz and scripts' tests in lint", () => {
    const dir = edgeFunctions([
      "_shared/env.test.ts",
      "_shared/dns/testing/fixture-server.test.ts",
      "_shared/dns/client.ts",
      "_helpers/clock.test.ts",
      "api/lib/caller.test.ts",
      "api/routes/contacts/contacts.test.ts",
      "api/fuzz/api.fuzz.ts",
      "api/fuzz/world.ts",
      "billing/index.ts",
      "billing/charge.test.ts",
      "scripts/check-imports.test.ts",
    ]);
    expect(discoverEdgeFunctionTests(dir)).toEqual({
      found: [
        "edge-functions/_helpers/clock.test.ts",
        "edge-functions/_shared/dns/testing/fixture-server.test.ts",
        "edge-functions/_shared/env.test.ts",
        "edge-functions/api/fuzz/api.fuzz.ts",
        "edge-functions/api/lib/caller.test.ts",
        "edge-functions/api/routes/contacts/contacts.test.ts",
        "edge-functions/billing/charge.test.ts",
        "edge-functions/scripts/check-imports.test.ts",
      ],
      unit: [
        "edge-functions/_helpers/clock.test.ts",
        "edge-functions/_shared/dns/testing/fixture-server.test.ts",
        "edge-functions/_shared/env.test.ts",
      ],
      api: [
        "edge-functions/api/lib/caller.test.ts",
        "edge-functions/api/routes/contacts/contacts.test.ts",
        "edge-functions/billing/charge.test.ts",
      ],
      fuzz: ["edge-functions/api/fuzz/api.fuzz.ts"],
      lint: ["edge-functions/scripts/check-imports.test.ts"],
    });
  });

  it("finds every name deno test treats as a test, and skips installed packages and hidden folders", () => {
    const dir = edgeFunctions([
      "_shared/a_test.ts",
      "_shared/test.ts",
      "_shared/b.test.tsx",
      "_shared/c.test.mjs",
      "_shared/latest.ts",
      "_shared/contest.ts",
      "node_modules/some-package/index.test.ts",
      "api/.cache/old.test.ts",
    ]);
    const tests = discoverEdgeFunctionTests(dir);
    expect(tests.found).toEqual([
      "edge-functions/_shared/a_test.ts",
      "edge-functions/_shared/b.test.tsx",
      "edge-functions/_shared/c.test.mjs",
      "edge-functions/_shared/test.ts",
    ]);
    expect(tests.unit).toEqual(tests.found);
  });

  it("leaves a test file outside the folder convention in no layer, so the run reports it as not run", () => {
    const dir = edgeFunctions(["stray.test.ts", "_shared/misplaced.fuzz.ts", "_shared/ok.test.ts", "api/api.fuzz.ts"]);
    const tests = discoverEdgeFunctionTests(dir);
    expect(notRunByAnyLayer(tests.found, [tests.unit, tests.api, tests.fuzz])).toEqual([
      "edge-functions/_shared/misplaced.fuzz.ts",
      "edge-functions/stray.test.ts",
    ]);
  });
});

describe("notRunByAnyLayer", () => {
  it("names the found files that no layer's list holds, and nothing when every file is run once or more", () => {
    const found = ["edge-functions/_shared/a.test.ts", "edge-functions/api/b.test.ts", "edge-functions/api/c.fuzz.ts"];
    expect(notRunByAnyLayer(found, [["edge-functions/_shared/a.test.ts"], []])).toEqual([
      "edge-functions/api/b.test.ts",
      "edge-functions/api/c.fuzz.ts",
    ]);
    expect(notRunByAnyLayer(found, [found, ["edge-functions/api/b.test.ts"]])).toEqual([]);
  });
});

describe("this repository's edge functions", () => {
  it("has every test file in a layer, and the API fuzz file in fuzz, not api", () => {
    const tests = discoverEdgeFunctionTests(join(repoRoot, "edge-functions"));
    expect(notRunByAnyLayer(tests.found, [tests.unit, tests.api, tests.fuzz, tests.lint])).toEqual([]);
    expect(tests.lint).toContain("edge-functions/scripts/check-imports.test.ts");
    expect(tests.api).not.toContain("edge-functions/scripts/check-imports.test.ts");
    expect(tests.unit.length).toBeGreaterThan(0);
    expect(tests.api.length).toBeGreaterThan(0);
    expect(tests.fuzz).toContain("edge-functions/api/fuzz/api.fuzz.ts");
    expect(tests.api).not.toContain("edge-functions/api/fuzz/api.fuzz.ts");
  });
});
