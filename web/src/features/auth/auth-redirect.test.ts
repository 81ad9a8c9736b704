import { describe, expect, it } from "vitest";
import { readAuthRedirect } from "./auth-redirect";

describe("readAuthRedirect", () => {
  it("reads Auth's message after the first link of a secure email change", () => {
    const hash = "#message=Confirmation+link+accepted.+Please+proceed+to+confirm+link+sent+to+the+other+email&sb=";
    expect(readAuthRedirect(hash)).toEqual({
      title: "Link confirmed",
      description: "Confirmation link accepted. Please proceed to confirm link sent to the other email",
      variant: "default",
      emailChanged: false,
    });
  });

  it("reads a completed email change from the session Auth hands back", () => {
    const hash = "#access_token=eyJ&expires_at=1&expires_in=3600&refresh_token=r&sb=&token_type=bearer&type=email_change";
    expect(readAuthRedirect(hash)).toMatchObject({ title: "Email changed", emailChanged: true });
  });

  it("reads an expired or spent link as an error", () => {
    const hash = "#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=";
    expect(readAuthRedirect(hash)).toMatchObject({
      title: "That link didn't work",
      description: "Email link is invalid or has expired",
      variant: "destructive",
    });
  });

  it("leaves any other fragment alone", () => {
    expect(readAuthRedirect("")).toBeNull();
    expect(readAuthRedirect("#main")).toBeNull();
    expect(readAuthRedirect("#message=not-from-auth")).toBeNull();
  });
});
