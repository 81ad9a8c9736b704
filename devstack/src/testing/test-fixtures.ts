// The fixtures the test run and the bench put behind the functions' egress settings, so nothing asks the internet:
// a DNS server answering from fixture zones (DNS_SERVERS) and a forward proxy serving fixture websites by host
// (OUTBOUND_HTTP_PROXY). Both are Deno modules of edge-functions/ that the functions' own tests start in-process;
// here each runs as a supervised process.
import { join } from "node:path";
import { denoRuntimeEnv } from "../functions/functions.ts";
import { paths } from "../cli/paths.ts";
import { waitForPort } from "../cli/ports.ts";
import { describeServerExit, startServer } from "../cli/processes.ts";

export interface RunningFixture {
  /** The value for the setting this fixture stands behind. */
  setting: string;
  death: Promise<string>;
  stop(): Promise<void>;
}

/** edge-functions/_shared/dns/testing/fixture-server.ts, for DNS_SERVERS. */
export function startDnsFixture(port: number, log: (line: string) => void): Promise<RunningFixture> {
  return startFixture("DNS fixture", "edge-functions/_shared/dns/testing/fixture-server.ts", port, `127.0.0.1:${port}`, log);
}

/** edge-functions/_shared/explorations/testing/fixture-proxy.ts, for OUTBOUND_HTTP_PROXY. */
export function startProxyFixture(port: number, log: (line: string) => void): Promise<RunningFixture> {
  return startFixture("proxy fixture", "edge-functions/_shared/explorations/testing/fixture-proxy.ts", port, `http://127.0.0.1:${port}`, log);
}

async function startFixture(
  name: string,
  module: string,
  port: number,
  setting: string,
  log: (line: string) => void,
): Promise<RunningFixture> {
  const server = await startServer(
    paths.deno,
    ["run", "--allow-net", "--allow-read", "--config", join(paths.repoRoot, "edge-functions/deno.json"), join(paths.repoRoot, module), "--port", String(port)],
    {
      cwd: paths.repoRoot,
      env: denoRuntimeEnv(),
      stopSignal: "SIGTERM",
      forceSignal: "SIGKILL",
      gracePeriodMs: 5_000,
      onLine: (line) => log(`[${name}] ${line}`),
    },
  );
  const death = server.death.then((exit) => describeServerExit(`The ${name}`, exit));
  let exitReason: string | undefined;
  void death.then((why) => (exitReason = why));
  try {
    // Both answer on TCP, so a TCP connect tells they are ready.
    await waitForPort(port, { timeoutMs: 120_000, failure: () => exitReason });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { setting, death, stop: () => server.stop() };
}
