// The fixture DNS server the test run and the bench put behind DNS_SERVERS, so validation answers from fixture zones
// (edge-functions/_shared/dns/testing/zones.ts) and nothing asks the internet. It is the same Deno module the edge
// functions' own tests start in-process.
import { join } from "node:path";
import { denoRuntimeEnv } from "./functions.ts";
import { paths } from "./paths.ts";
import { waitForPort } from "./ports.ts";
import { describeServerExit, startServer } from "./processes.ts";

const FIXTURE_SERVER = join(paths.repoRoot, "edge-functions/_shared/dns/testing/fixture-server.ts");

export interface RunningDnsFixture {
  /** The value for DNS_SERVERS. */
  servers: string;
  death: Promise<string>;
  stop(): Promise<void>;
}

export async function startDnsFixture(port: number, log: (line: string) => void): Promise<RunningDnsFixture> {
  const server = await startServer(
    paths.deno,
    ["run", "--allow-net", "--config", join(paths.repoRoot, "edge-functions/deno.json"), FIXTURE_SERVER, "--port", String(port)],
    {
      cwd: paths.repoRoot,
      env: denoRuntimeEnv(),
      stopSignal: "SIGTERM",
      forceSignal: "SIGKILL",
      gracePeriodMs: 5_000,
      onLine: (line) => log(`[dns fixture] ${line}`),
    },
  );
  const death = server.death.then((exit) => describeServerExit("The DNS fixture", exit));
  let exitReason: string | undefined;
  void death.then((why) => (exitReason = why));
  try {
    // It answers on TCP as well as UDP, so a TCP connect tells it is ready.
    await waitForPort(port, { timeoutMs: 120_000, failure: () => exitReason });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { servers: `127.0.0.1:${port}`, death, stop: () => server.stop() };
}
