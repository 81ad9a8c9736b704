import assert from "node:assert/strict";
// @ts-types="@types/dns-packet"
import * as dnsPacket from "dns-packet";
import { Buffer } from "node:buffer";
import { decodeResponse, encodeQuery, looksLikeAnswerTo, MalformedResponseError, randomQueryId } from "./wire.ts";

function response(packet: dnsPacket.Packet): Uint8Array {
  return new Uint8Array(dnsPacket.encode({ type: "response", ...packet }));
}

const question = { type: "MX", name: "mailscout-demo.test", class: "IN" } as const;
const expected = { id: 4242, name: "mailscout-demo.test", type: "MX" } as const;

Deno.test("encodeQuery asks one recursive IN question under the given id", () => {
  const decoded = dnsPacket.decode(Buffer.from(encodeQuery("gmail.com", "AAAA", 7)));
  assert.equal(decoded.id, 7);
  assert.equal(decoded.flag_qr, false);
  assert.equal(decoded.flag_rd, true);
  assert.deepEqual(decoded.questions, [{ name: "gmail.com", type: "AAAA", class: "IN" }]);
});

Deno.test("decodeResponse reads the response code from the header's low four bits", () => {
  for (
    const [code, rcode] of [[0, "NOERROR"], [2, "SERVFAIL"], [3, "NXDOMAIN"], [5, "REFUSED"], [9, "RCODE_9"]] as const
  ) {
    const bytes = response({ id: 4242, flags: code, questions: [question] });
    assert.equal(decodeResponse(bytes, expected).rcode, rcode);
  }
});

Deno.test("decodeResponse keeps answers, authorities and the truncation bit", () => {
  const bytes = response({
    id: 4242,
    flags: dnsPacket.TRUNCATED_RESPONSE,
    questions: [question],
    answers: [{ type: "MX", name: "mailscout-demo.test", ttl: 60, data: { preference: 10, exchange: "mx1.test" } }],
  });
  const decoded = decodeResponse(bytes, expected);
  assert.equal(decoded.truncated, true);
  assert.deepEqual(decoded.answers.map((answer) => answer.type), ["MX"]);
});

Deno.test("decodeResponse matches the question without regard to case or the trailing dot", () => {
  const bytes = response({ id: 4242, questions: [{ ...question, name: "MailScout-Demo.TEST." }] });
  assert.equal(decodeResponse(bytes, expected).rcode, "NOERROR");
});

Deno.test("decodeResponse refuses answers to another id, question, type or to no question at all", () => {
  const cases: [string, dnsPacket.Packet][] = [
    ["another id", { id: 1, questions: [question] }],
    ["another name", { id: 4242, questions: [{ ...question, name: "evil.test" }] }],
    ["another type", { id: 4242, questions: [{ ...question, type: "A" }] }],
    ["no question", { id: 4242, questions: [] }],
    ["two questions", { id: 4242, questions: [question, question] }],
  ];
  for (const [label, packet] of cases) {
    assert.throws(() => decodeResponse(response(packet), expected), MalformedResponseError, label);
  }
});

Deno.test("decodeResponse refuses a query echoed back and bytes that don't decode", () => {
  const echoed = new Uint8Array(dnsPacket.encode({ type: "query", id: 4242, questions: [question] }));
  assert.throws(() => decodeResponse(echoed, expected), /a query came back/);
  const cut = response({ id: 4242, questions: [question] }).subarray(0, 20);
  assert.throws(() => decodeResponse(cut, expected), MalformedResponseError);
});

Deno.test("looksLikeAnswerTo checks the id and the QR bit without decoding", () => {
  const answer = response({ id: 4242, questions: [question] });
  assert.equal(looksLikeAnswerTo(answer, 4242), true);
  assert.equal(looksLikeAnswerTo(answer, 4243), false);
  assert.equal(looksLikeAnswerTo(encodeQuery("x.test", "MX", 4242), 4242), false);
  assert.equal(looksLikeAnswerTo(answer.subarray(0, 11), 4242), false);
});

Deno.test("randomQueryId gives 16-bit ids that vary", () => {
  const ids = new Set(Array.from({ length: 64 }, randomQueryId));
  assert.ok([...ids].every((id) => Number.isInteger(id) && id >= 0 && id <= 0xffff));
  assert.ok(ids.size > 1);
});
