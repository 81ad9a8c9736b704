// The import boundaries are enforced by the repository's ESLint config; these lint files that exist only in memory,
// placed where a real one would be, and expect the boundaries rule to speak up (or not).
import { resolve } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const repoRoot = resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: repoRoot });

async function boundaryErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${repoRoot}/${path}` });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "boundaries/dependencies")
    .map((message) => message.message);
}

// The first lint loads the whole config with its TypeScript resolver: seconds on a busy machine, past vitest's 5 s
// default, which would make the verdict depend on the load rather than on the rules.
describe("import boundaries", { timeout: 120_000 }, () => {
  it("refuse a feature reaching into another feature's internal files", async () => {
    const errors = await boundaryErrors(
      "web/src/features/pricing/reaches-in.ts",
      'import { CONTACTS_PAGE_SIZE } from "@/features/contacts/contacts-view";\nexport const size = CONTACTS_PAGE_SIZE;\n',
    );
    expect(errors).toEqual(["import a feature through its index.ts, not its internal files"]);
  });

  it("refuse a screen reaching into a feature's internal files by a relative path", async () => {
    const errors = await boundaryErrors(
      "web/src/routes/reaches-in.ts",
      'import { CONTACTS_PAGE_SIZE } from "../features/contacts/contacts-view";\nexport const size = CONTACTS_PAGE_SIZE;\n',
    );
    expect(errors).toEqual(["import a feature through its index.ts, not its internal files"]);
  });

  it("refuse the UI kit importing any feature, even through its index.ts", async () => {
    const errors = await boundaryErrors(
      "web/src/components/ui/knows-auth.ts",
      'import { useAuth } from "@/features/auth";\nexport const hook = useAuth;\n',
    );
    expect(errors).toEqual(["components/ui is the generic kit: it imports no feature"]);
  });

  it("let a feature use another feature's index.ts and its own files", async () => {
    const errors = await boundaryErrors(
      "web/src/features/contacts/uses-auth.ts",
      'import { useAuth } from "@/features/auth";\nimport { CONTACTS_PAGE_SIZE } from "./contacts-view";\n' +
        "export const both = [useAuth, CONTACTS_PAGE_SIZE];\n",
    );
    expect(errors).toEqual([]);
  });
});
