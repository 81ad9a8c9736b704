// The conversation client's guards, against scripted servers: it can't be made to send mail or a second command
// line, it refuses bytes smuggled in before the TLS handshake, and every failure to talk is an SmtpHostFailure.
import assert from "node:assert/strict";
import { parseTarget } from "./mx-targets.ts";
import { type ConversationOptions, SmtpConversation, SmtpHostFailure, SmtpStepTimeout } from "./smtp-client.ts";
import { makeTestCertificates } from "./testing/certificates.ts";
import { type ScriptedSmtpOptions, startScriptedSmtp } from "./testing/scripted-smtp.ts";

/** Runs `test` with a scripted server; answers every command the server received. */
async function withServer(
  options: ScriptedSmtpOptions,
  test: (open: (more?: Partial<ConversationOptions>) => Promise<SmtpConversation>) => Promise<void>,
): Promise<string[]> {
  const server = startScriptedSmtp(options);
  try {
    await test((more) =>
      SmtpConversation.open({
        endpoint: parseTarget(server.target),
        serverName: "mx1.mailscout-demo.test",
        helo: "probe.mailscout.test",
        stepTimeoutMs: 5_000,
        signal: new AbortController().signal,
        ...more,
      })
    );
    return server.commands();
  } finally {
    await server.stop();
  }
}

Deno.test("client: DATA, BDAT and a command with a line break are never sent", async () => {
  const commands = await withServer({}, async (open) => {
    const conversation = await open();
    await assert.rejects(conversation.send("DATA"), /never sends mail/);
    await assert.rejects(conversation.send("bdat 10 LAST"), /never sends mail/);
    await assert.rejects(conversation.send("RCPT TO:<a@b.test>\r\nDATA"), /one line/);
    await conversation.quit();
  });
  assert.deepEqual(commands, ["EHLO probe.mailscout.test", "QUIT"]);
});

Deno.test("client: the EHLO keywords are kept, the server's name line left out", async () => {
  await withServer({}, async (open) => {
    const conversation = await open();
    assert.deepEqual([...conversation.extensions], ["PIPELINING", "SIZE", "8BITMIME"]);
    assert.equal(conversation.tls, "none");
    await conversation.quit();
  });
});

Deno.test("client: bytes sent with STARTTLS's 220, before the handshake, end the conversation", async () => {
  const { certPem, keyPem } = await makeTestCertificates(["mx1.mailscout-demo.test"]);
  const reply = (command: string) => (command === "STARTTLS" ? "220 2.0.0 Ready\r\n250 2.1.5 injected" : undefined);
  await withServer({ tls: { certPem, keyPem }, reply }, async (open) => {
    await assert.rejects(open(), (error) => error instanceof SmtpHostFailure && /before the TLS handshake/.test(error.message));
  });
});

Deno.test("client: a refusing greeting is a host failure carrying the server's reply", async () => {
  await withServer({ greeting: "554-5.7.1 No SMTP service\r\n554 5.7.1 for you" }, async (open) => {
    await assert.rejects(open(), (error) => {
      assert.ok(error instanceof SmtpHostFailure);
      assert.deepEqual([error.reply?.code, error.reply?.enhancedCode, error.reply?.text], [554, "5.7.1", "No SMTP service for you"]);
      return true;
    });
  });
});

Deno.test("client: a silent greeting ends with the step timeout, a closed one at once", async () => {
  await withServer({ greeting: { stall: true } }, async (open) => {
    await assert.rejects(open({ stepTimeoutMs: 100 }), SmtpStepTimeout);
  });
  await withServer({ greeting: { close: true } }, async (open) => {
    await assert.rejects(open(), (error) => error instanceof SmtpHostFailure && !(error instanceof SmtpStepTimeout));
  });
});

Deno.test("client: nothing listening is a host failure", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = listener.addr.port;
  listener.close();
  await assert.rejects(
    SmtpConversation.open({
      endpoint: { hostname: "127.0.0.1", port },
      serverName: "mx1.mailscout-demo.test",
      helo: "probe.mailscout.test",
      stepTimeoutMs: 5_000,
      signal: new AbortController().signal,
    }),
    SmtpHostFailure,
  );
});
