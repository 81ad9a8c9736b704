import { describe, expect, it } from "vitest";
import {
  checkBcryptHash,
  checkPasswordStrength,
  hashPassword,
  normalizePhone,
  validateEmail,
  validatePhone,
  verifyPassword,
} from "./credentials.ts";

describe("validateEmail", () => {
  it("answers the address trimmed and lower-cased, as GoTrue stores it", () => {
    expect(validateEmail("  Ada.Lovelace+x@Example.COM ")).toBe("ada.lovelace+x@example.com");
  });

  it.each([
    ["", "An email address is required"],
    ["ada", "Unable to validate email address: invalid format"],
    ["ada@", "Unable to validate email address: invalid format"],
    ["ada @example.com", "Unable to validate email address: invalid format"],
    [`${"a".repeat(250)}@example.com`, "An email address is too long"],
  ])("refuses %j with 400 validation_failed", (email, message) => {
    expect(() => validateEmail(email)).toThrow(
      expect.objectContaining({ status: 400, code: "validation_failed", message }),
    );
  });
});

describe("phone numbers", () => {
  it("are stored without the leading + and spaces", () => {
    expect(normalizePhone("+44 20 7946 0000")).toBe("442079460000");
    expect(validatePhone("+44 20 7946 0000")).toBe("442079460000");
  });

  it("must be E.164", () => {
    expect(() => validatePhone("0123")).toThrow(expect.objectContaining({ code: "validation_failed" }));
    expect(() => validatePhone("+1-555-0100")).toThrow(expect.objectContaining({ code: "validation_failed" }));
  });
});

describe("checkPasswordStrength", () => {
  const minimum = 8;

  it("accepts an unguessable password just over the configured minimum length", () => {
    expect(() => checkPasswordStrength("k7#Vq2!xw", minimum)).not.toThrow();
  });

  it("answers 422 weak_password with the length reason below the configured minimum", () => {
    expect(() => checkPasswordStrength("k7#Vq2!", minimum)).toThrow(
      expect.objectContaining({
        status: 422,
        code: "weak_password",
        message: "Password should be at least 8 characters.",
        extra: { weak_password: { reasons: ["length"] } },
      }),
    );
  });

  it("refuses more than bcrypt's 72 bytes rather than silently ignoring the rest", () => {
    const seventyFourBytes = "é".repeat(37);
    expect(() => checkPasswordStrength(seventyFourBytes, minimum)).toThrow(
      expect.objectContaining({ code: "validation_failed" }),
    );
    expect(() => checkPasswordStrength("ÞäÇÕßÉÑàÍÛÂÖÆÏÈÔÝÁãÊÚÄÐÎØÅÌÓâÜËÒÙÀáÃ", minimum)).not.toThrow();
  });

  it("refuses a common password, as hosted Auth refuses a leaked one: 422 weak_password, reason pwned", () => {
    expect(() => checkPasswordStrength("password", minimum)).toThrow(
      expect.objectContaining({ status: 422, code: "weak_password", extra: { weak_password: { reasons: ["pwned"] } } }),
    );
  });

  it("refuses the owner's own username or email address", () => {
    const owner = { username: "Grace.Hopper", email: "grace@example.com" };
    expect(() => checkPasswordStrength("grace.hopper", minimum, owner)).toThrow(
      expect.objectContaining({ code: "weak_password", message: "Password must not be your username or email address." }),
    );
    expect(() => checkPasswordStrength("GRACE@example.com", minimum, owner)).toThrow(
      expect.objectContaining({ code: "weak_password" }),
    );
  });
});

describe("password hashes", () => {
  it("are bcrypt with cost 10 and verify only the right password", async () => {
    const hash = await hashPassword("correct-horse");
    expect(hash).toMatch(/^\$2[ab]\$10\$/);
    expect(() => checkBcryptHash(hash)).not.toThrow();
    expect(await verifyPassword("correct-horse", hash)).toBe(true);
    expect(await verifyPassword("wrong-horse", hash)).toBe(false);
  });

  it("never verify for a user without a password", async () => {
    expect(await verifyPassword("", "")).toBe(false);
    expect(await verifyPassword("anything", null)).toBe(false);
  });

  it("given by an admin must be bcrypt", () => {
    expect(() => checkBcryptHash("plain-text")).toThrow(expect.objectContaining({ code: "validation_failed" }));
  });
});
