import { describe, expect, it } from "vitest";
import { emailColumnByContent, emailColumnByHeader, guessMapping, looksLikeHeader } from "./columns";

describe("emailColumnByHeader", () => {
  it("finds a header containing email, e-mail or mail, preferring email over a looser mail", () => {
    expect(emailColumnByHeader(["Name", "Work Email"])).toBe(1);
    expect(emailColumnByHeader(["E-Mail", "Name"])).toBe(0);
    expect(emailColumnByHeader(["Mailbox", "Email Address"])).toBe(1);
    expect(emailColumnByHeader(["Name", "Mail"])).toBe(1);
    expect(emailColumnByHeader(["Name", "Company"])).toBeNull();
  });
});

describe("emailColumnByContent", () => {
  it("takes the column whose cells most often hold an @", () => {
    expect(emailColumnByContent([["Ann", "ann@acme.test", "@ann"], ["Bob", "bob@beta.test", "bob"]])).toBe(1);
    expect(emailColumnByContent([["Ann", "Lee"]])).toBeNull();
  });
});

describe("looksLikeHeader", () => {
  it("says yes to text names above rows of addresses", () => {
    expect(looksLikeHeader(["Email", "First Name"], [["ann@acme.test", "Ann"]])).toBe(true);
    expect(looksLikeHeader(["contact"], [["ann@acme.test"]])).toBe(true);
  });

  it("says no when the first row is already data", () => {
    expect(looksLikeHeader(["ann@acme.test", "Ann"], [["bob@beta.test", "Bob"]])).toBe(false);
    expect(looksLikeHeader(["ann@acme.test"], [])).toBe(false);
    // A number or a date is data, not a column's name.
    expect(looksLikeHeader(["Ann", "2024-01-05"], [["Bob", "bob@beta.test"]])).toBe(false);
    expect(looksLikeHeader(["", ""], [["ann@acme.test", "Ann"]])).toBe(false);
  });
});

describe("guessMapping", () => {
  it("maps the email by header and the optional fields by their usual names", () => {
    const header = ["First_Name", "Last Name", "E-mail", "Mobile Phone", "Phone", "Job Title", "Company", "Notes"];
    expect(guessMapping(header, [])).toEqual({
      email: 2,
      firstName: 0,
      lastName: 1,
      mobileNumber: 3,
      phoneNumber: 4,
      jobTitle: 5,
      company: 6,
    });
  });

  it("falls back to the cells when no header names an email, and maps nothing else without a header", () => {
    expect(guessMapping(["Name", "Contact"], [["Ann", "ann@acme.test"]])).toEqual({ email: 1 });
    expect(guessMapping(null, [["Ann", "ann@acme.test"]])).toEqual({ email: 1 });
    expect(guessMapping(null, [["Ann", "Lee"]])).toEqual({ email: null });
  });
});
