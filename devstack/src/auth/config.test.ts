import { describe, expect, it } from "vitest";
import { repoRoot } from "../cli/paths.ts";
import { loadAuthConfig, parseAuthConfig } from "./config.ts";

describe("Auth's settings from config.toml", () => {
  it("the project asks for 8-character passwords and the username hook, as hosted Auth is configured", () => {
    expect(loadAuthConfig(repoRoot)).toEqual({
      minimumPasswordLength: 8,
      beforeUserCreated: { schema: "private", name: "hook_before_user_created" },
    });
  });

  it("without settings, GoTrue's defaults: 6 characters and no hook", () => {
    expect(parseAuthConfig("")).toEqual({ minimumPasswordLength: 6, beforeUserCreated: null });
    expect(parseAuthConfig("[auth]\nenabled = true\n")).toEqual({ minimumPasswordLength: 6, beforeUserCreated: null });
  });

  it("a disabled hook is not called", () => {
    const toml = '[auth.hook.before_user_created]\nenabled = false\nuri = "pg-functions://postgres/public/f"\n';
    expect(parseAuthConfig(toml).beforeUserCreated).toBeNull();
  });

  it("refuses a hook that is not a Postgres function, rather than silently not calling it", () => {
    const toml = '[auth.hook.before_user_created]\nenabled = true\nuri = "https://example.com/hook"\n';
    expect(() => parseAuthConfig(toml)).toThrow(/pg-functions:\/\//);
  });
});
