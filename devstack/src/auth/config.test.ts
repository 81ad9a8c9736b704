import { describe, expect, it } from "vitest";
import { repoRoot } from "../cli/paths.ts";
import { loadAuthConfig, parseAuthConfig } from "./config.ts";

describe("Auth's settings from config.toml", () => {
  it("the project asks for 8-character passwords and the username hook, as hosted Auth is configured", () => {
    expect(loadAuthConfig(repoRoot)).toEqual({
      minimumPasswordLength: 8,
      beforeUserCreated: { schema: "private", name: "hook_before_user_created" },
      email: expect.objectContaining({ secureEmailChange: true }),
    });
  });

  it("without settings, GoTrue's defaults: 6 characters and no hook", () => {
    for (const toml of ["", "[auth]\nenabled = true\n"]) {
      expect(parseAuthConfig(toml)).toMatchObject({ minimumPasswordLength: 6, beforeUserCreated: null });
    }
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

describe("Auth's mailer settings from config.toml", () => {
  it("reads [auth.email] double_confirm_changes, otp_expiry and max_frequency", () => {
    const config = `[auth.email]\ndouble_confirm_changes = false\notp_expiry = 600\nmax_frequency = "1m30s"\n`;
    expect(parseAuthConfig(config).email).toEqual({
      secureEmailChange: false,
      otpExpirySeconds: 600,
      maxFrequencySeconds: 90,
    });
  });

  it("takes GoTrue's defaults where the file says nothing: secure change on, an hour, a minute", () => {
    expect(parseAuthConfig(`project_id = "x"\n`).email).toEqual({
      secureEmailChange: true,
      otpExpirySeconds: 3600,
      maxFrequencySeconds: 60,
    });
  });

  it("refuses a duration it cannot read, naming the key", () => {
    expect(() => parseAuthConfig(`[auth.email]\nmax_frequency = "soon"\n`)).toThrow(/max_frequency/);
  });
});
