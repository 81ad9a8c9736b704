// Reads how many tests passed and failed from each runner's own report, so the summary counts tests, not commands.
import { readFileSync } from "node:fs";

export interface Counts {
  passed: number;
  failed: number;
  failedSteps: string[];
}

const counts = (passed: number, failed: number): Counts => ({ passed, failed, failedSteps: [] });

/** vitest's JSON reporter (Jest's format). */
export function countVitest(file: string): Counts {
  const report = JSON.parse(readFileSync(file, "utf8")) as { numPassedTests: number; numFailedTests: number };
  return counts(report.numPassedTests, report.numFailedTests);
}

/** deno test's JUnit report: the totals are attributes of the root element. */
export function countJUnit(file: string): Counts {
  const xml = readFileSync(file, "utf8");
  const root = /<testsuites\b([^>]*)>/.exec(xml)?.[1];
  if (root === undefined) throw new Error(`${file} is not a JUnit report`);
  const attribute = (name: string) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(root)?.[1] ?? 0);
  const failed = attribute("failures") + attribute("errors");
  return counts(attribute("tests") - failed - attribute("skipped"), failed);
}

/** pg_prove --verbose echoes every TAP line; count the test points (a file that dies before its plan counts once). */
export function countPgProve(file: string): Counts {
  const output = readFileSync(`${file}.out`, "utf8");
  const passed = output.match(/^\s*ok \d+/gm)?.length ?? 0;
  const failed = output.match(/^\s*not ok \d+/gm)?.length ?? 0;
  const crashed = /^Result: FAIL/m.test(output) && failed === 0 ? 1 : 0;
  return counts(passed, failed + crashed);
}

/** Playwright's JSON reporter: unexpected results are failures, flaky ones too (retries are off). */
export function countPlaywright(file: string): Counts {
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  return counts(report.stats.expected, report.stats.unexpected + report.stats.flaky);
}
