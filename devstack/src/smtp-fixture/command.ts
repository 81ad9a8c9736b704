// `node devstack/bin/mailscout.mjs smtp-fixture [--port 2525] [--control-port 2526]`: the fixture SMTP server alone,
// until Ctrl-C, for a probe worker started by hand (README, "Try it without the internet").
import { parseArgs } from "node:util";
import { z } from "zod";
import { startSmtpFixture } from "./index.ts";

const USAGE = "usage: mailscout smtp-fixture [--port 2525] [--control-port 2526]";
const portSchema = z.coerce.number({ error: "a port is a number" }).int().min(1).max(65_535);
const optionsSchema = z.object({ port: portSchema.default(2525), "control-port": portSchema.default(2526) });

/** The command's options, or what is wrong with them. */
export function smtpFixtureOptions(args: string[]): { smtpPort: number; controlPort: number } | { error: string } {
  let values: unknown;
  try {
    values = parseArgs({ args, options: { port: { type: "string" }, "control-port": { type: "string" } } }).values;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const parsed = optionsSchema.safeParse(values);
  if (!parsed.success) return { error: z.prettifyError(parsed.error) };
  return { smtpPort: parsed.data.port, controlPort: parsed.data["control-port"] };
}

export async function runSmtpFixture(args: string[], log: (line: string) => void): Promise<number> {
  const options = smtpFixtureOptions(args);
  if ("error" in options) {
    console.error(`${options.error}\n${USAGE}`);
    return 2;
  }
  const fixture = await startSmtpFixture({ ...options, log });
  log(`The SMTP fixture is listening on ${fixture.target} (transcripts at ${fixture.controlUrl}/_fake/transcripts).`);
  log("Point a probe worker at it with:");
  log(`  SMTP_PROBE_TARGET=${fixture.target}`);
  log(`  SMTP_PROBE_CA_FILE=${fixture.caFile}`);
  log("Press Ctrl-C to stop.");
  await new Promise<void>((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => resolve());
  });
  await fixture.stop();
  log("Stopped.");
  return 0;
}
