import { describe, expect, it } from "vitest";
import { checkHealth } from "./health.ts";

describe("checkHealth", () => {
  it("is healthy when every probe passes", async () => {
    const report = await checkHealth({ postgres: async () => {}, spa: async () => {} });
    expect(report).toEqual({ healthy: true, components: { postgres: { up: true }, spa: { up: true } } });
  });

  it("reports a failing or hanging component as down, with why", async () => {
    const report = await checkHealth(
      {
        postgres: async () => {},
        auth: async () => {
          throw new Error("connection refused");
        },
        "functions/api": () => new Promise(() => {}),
      },
      50,
    );
    expect(report).toEqual({
      healthy: false,
      components: {
        postgres: { up: true },
        auth: { up: false, error: "connection refused" },
        "functions/api": { up: false, error: "no answer within 50 ms" },
      },
    });
  });
});
