// The fixture programs devstack runs (the DNS server, the HTTP proxy) share one contract: `--port N` (0: any), a first
// line "listening on 127.0.0.1:PORT", and a clean exit on SIGTERM. Their tests check it with this.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const denoConfig = fileURLToPath(new URL("../../deno.json", import.meta.url));

/**
 * Starts `script` with `permissions` on a port of the OS's choosing, hands its port to `use`, then stops it with
 * SIGTERM and asserts it exited 0.
 */
export async function withFixtureProgram(
  script: URL,
  permissions: string[],
  use: (port: number) => Promise<void>,
): Promise<void> {
  const program = new Deno.Command(Deno.execPath(), {
    args: ["run", ...permissions, "--config", denoConfig, fileURLToPath(script), "--port", "0"],
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const lines = program.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let output = "";
  while (!output.includes("\n")) {
    const { value, done } = await lines.read();
    if (done) break;
    output += value;
  }
  const port = Number(/^listening on 127\.0\.0\.1:(\d+)\n/.exec(output)?.[1]);
  try {
    assert.ok(port > 0, `first line: ${JSON.stringify(output)}`);
    await use(port);
  } finally {
    program.kill("SIGTERM");
    const status = await program.status;
    await lines.cancel();
    assert.equal(status.code, 0);
  }
}
