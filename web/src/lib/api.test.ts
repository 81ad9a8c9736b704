import { describe, expect, it } from "vitest";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { act, renderHook, waitFor } from "@testing-library/react";
import { ApiError, apiFetch, messageOf, needsCreditsOf } from "./api";
import { dismissNeedsCredits, useNeedsCredits } from "./needs-credits";
import { getSessionId } from "./session-id";

describe("apiFetch", () => {
  it("throws 'status: body' with the server's message kept for toasts", async () => {
    mockNetwork({ "POST /api/register": () => json({ message: "Username already taken" }, { status: 409 }) });

    const error = await apiFetch("/api/register", { method: "POST", body: {} }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('409: {"message":"Username already taken"}');
    expect((error as ApiError).status).toBe(409);
    expect(messageOf(error, "fallback")).toBe("Username already taken");
  });

  it("uses the status text when the body is empty, and the fallback message when there is no server message", async () => {
    mockNetwork({ "GET /api/user": () => new Response(null, { status: 502, statusText: "Bad Gateway" }) });

    const error = await apiFetch("/api/user").catch((caught: unknown) => caught);

    expect((error as Error).message).toBe("502: Bad Gateway");
    expect(messageOf(error, "Invalid credentials. Please try again.")).toBe("Invalid credentials. Please try again.");
  });

  it("sends JSON, with the session's bearer token once someone is signed in", async () => {
    const fetchMock = mockNetwork({ "POST /api/login": () => json({ ok: true }) });

    await apiFetch("/api/login", { method: "POST", body: { username: "demo", password: "secret" } });
    const token = storeSessionFor(demoUser);
    await apiFetch("/api/login", { method: "POST", body: { username: "demo", password: "secret" } });

    const [anonymous, signedIn] = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers));
    expect(anonymous?.get("Authorization")).toBeNull();
    expect(anonymous?.get("Content-Type")).toBe("application/json");
    expect(signedIn?.get("Authorization")).toBe(`Bearer ${token}`);
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"username":"demo","password":"secret"}');
  });

  it("carries this browser's anonymous session id on every call, whoever calls", async () => {
    const fetchMock = mockNetwork({ "GET /api/contacts": () => json([]), "POST /api/validate-email": () => json({}) });

    await apiFetch("/api/contacts");
    await apiFetch("/api/validate-email", { method: "POST", body: { email: "ann@acme.test" } });

    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get("X-Session-ID"));
    expect(sent).toEqual([getSessionId(), getSessionId()]);
    expect(getSessionId()).toMatch(/^[A-Za-z0-9_-]{21}$/);
  });

  it("reports a 402 for want of credits to the one listener, whichever call got it, and nothing else", async () => {
    const refusal = { message: "You have no validations left.", needsCredits: true, balance: 0 };
    mockNetwork({
      "POST /api/scrape-domain": () => json(refusal, { status: 402 }),
      "POST /api/contacts": () => json({ message: "Payment required by a proxy" }, { status: 402 }),
    });
    const { result } = renderHook(() => useNeedsCredits());

    const other = await apiFetch("/api/contacts", { method: "POST", body: {} }).catch((caught: unknown) => caught);
    expect(needsCreditsOf(other)).toBeUndefined();
    expect(result.current).toBeNull();

    const error = await apiFetch("/api/scrape-domain", { method: "POST", body: {} }).catch((caught: unknown) => caught);
    expect(needsCreditsOf(error)).toEqual(refusal);
    await waitFor(() => expect(result.current).toEqual(refusal));
    act(() => dismissNeedsCredits());
    expect(result.current).toBeNull();
  });
});
