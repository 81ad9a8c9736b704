// Reading replies: whole and split across reads, multi-line, the loose spacing servers send, enhanced status codes,
// and the bounds that keep a misbehaving server from making the probe hold its output.
import assert from "node:assert/strict";
import { SMTP_REPLY_TEXT_MAX } from "./contract.ts";
import {
  type ByteSource,
  MAX_LINE_BYTES,
  MAX_REPLY_LINES,
  parseReply,
  ReplyReader,
  SmtpConnectionClosed,
  SmtpProtocolError,
} from "./reply.ts";

/** The bytes of `text`, handed out in reads of the given sizes (the rest in one read), then end of stream. */
function source(text: string, sizes: number[] = []): ByteSource {
  let bytes = new TextEncoder().encode(text);
  const plan = [...sizes];
  return {
    read(into) {
      if (bytes.length === 0) return Promise.resolve(null);
      const count = Math.min(plan.shift() ?? bytes.length, bytes.length, into.length);
      into.set(bytes.subarray(0, count));
      bytes = bytes.subarray(count);
      return Promise.resolve(count);
    },
  };
}

Deno.test("reply: a one-line reply with an enhanced code", () => {
  assert.deepEqual(parseReply(["550 5.1.1 <nobody@mailbox.test>: User unknown"]), {
    code: 550,
    enhancedCode: "5.1.1",
    text: "<nobody@mailbox.test>: User unknown",
    lines: ["<nobody@mailbox.test>: User unknown"],
  });
});

Deno.test("reply: a multi-line reply joins its lines, each line's enhanced code taken off", () => {
  const reply = parseReply([
    "550-5.1.1 The email account that you tried to reach does not exist. Please try",
    "550-5.1.1 double-checking the recipient's email address for typos or",
    "550 5.1.1 unnecessary spaces.",
  ]);
  assert.equal(reply.code, 550);
  assert.equal(reply.enhancedCode, "5.1.1");
  assert.equal(
    reply.text,
    "The email account that you tried to reach does not exist. Please try double-checking the recipient's email " +
      "address for typos or unnecessary spaces.",
  );
});

Deno.test("reply: odd spacing: the bare code, trailing blanks, no space after the code, runs of spaces", () => {
  assert.deepEqual(parseReply(["250"]), { code: 250, enhancedCode: null, text: "", lines: [""] });
  assert.equal(parseReply(["250 ok   "]).text, "ok");
  assert.equal(parseReply(["250ok"]).text, "ok");
  assert.equal(parseReply(["250-first  line", "250   last\tline"]).text, "first line last line");
});

Deno.test("reply: an enhanced code of another class than the reply's is text, not a code", () => {
  const reply = parseReply(["550 2.1.5 odd but seen"]);
  assert.equal(reply.enhancedCode, null);
  assert.equal(reply.text, "2.1.5 odd but seen");
});

Deno.test("reply: enhanced codes are normalised and need a boundary after them", () => {
  assert.equal(parseReply(["451 4.07.01 Greylisted"]).enhancedCode, "4.7.1");
  assert.equal(parseReply(["250 2.1.5text"]).enhancedCode, null);
});

Deno.test("reply: the text is capped at SMTP_REPLY_TEXT_MAX", () => {
  const reply = parseReply(Array.from({ length: 20 }, (_, i) => `250${i === 19 ? " " : "-"}${"x".repeat(100)}`));
  assert.equal(reply.text.length, SMTP_REPLY_TEXT_MAX);
  assert.equal(reply.lines.length, 20);
});

Deno.test("reply: lines that are not replies, and codes outside 2xx-5xx, are protocol errors", () => {
  assert.throws(() => parseReply(["hello there"]), SmtpProtocolError);
  assert.throws(() => parseReply(["25 short"]), SmtpProtocolError);
  assert.throws(() => parseReply(["199 too low"]), SmtpProtocolError);
  assert.throws(() => parseReply(["600 too high"]), SmtpProtocolError);
  assert.throws(() => parseReply([]), SmtpProtocolError);
});

Deno.test("reader: replies one after another, split across reads at every point, CRLF or bare LF", async () => {
  const stream = "220 mx ESMTP\r\n250-mx greets you\r\n250-PIPELINING\n250 STARTTLS\r\n221 2.0.0 Bye\r\n";
  for (let size = 1; size <= 7; size++) {
    const reader = new ReplyReader(source(stream, Array(200).fill(size)));
    assert.equal((await reader.readReply()).code, 220);
    assert.deepEqual((await reader.readReply()).lines, ["mx greets you", "PIPELINING", "STARTTLS"]);
    const bye = await reader.readReply();
    assert.deepEqual([bye.code, bye.enhancedCode, bye.text], [221, "2.0.0", "Bye"]);
    assert.equal(reader.buffered, 0);
  }
});

Deno.test("reader: what came after a reply waits in the buffer", async () => {
  const reader = new ReplyReader(source("220 ready\r\n250 injected\r\n"));
  await reader.readReply();
  assert.equal(reader.buffered, "250 injected\r\n".length);
});

Deno.test("reader: the connection closing mid-reply is SmtpConnectionClosed", async () => {
  await assert.rejects(new ReplyReader(source("250-first\r\n250-sec")).readReply(), SmtpConnectionClosed);
  await assert.rejects(new ReplyReader(source("")).readReply(), SmtpConnectionClosed);
});

Deno.test("reader: an endless line or an endless reply is a protocol error", async () => {
  await assert.rejects(new ReplyReader(source("250 " + "x".repeat(MAX_LINE_BYTES * 3))).readReply(), SmtpProtocolError);
  const endless = Array.from({ length: MAX_REPLY_LINES + 1 }, () => "250-more\r\n").join("") + "250 end\r\n";
  await assert.rejects(new ReplyReader(source(endless)).readReply(), SmtpProtocolError);
});
