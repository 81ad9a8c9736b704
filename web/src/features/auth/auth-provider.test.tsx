import { render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useAuth } from "./auth-provider";

function Consumer() {
  useAuth();
  return null;
}

describe("useAuth", () => {
  it("refuses to run outside the AuthProvider", () => {
    // React reports the error thrown during render to the console as well; keep the test output clean.
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Consumer />)).toThrow("useAuth must be used within an AuthProvider");
  });
});
