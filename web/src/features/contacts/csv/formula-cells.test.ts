import { describe, expect, it } from "vitest";
import { neutraliseCell, restoreCell } from "./formula-cells";

describe("neutraliseCell", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+1 555 0100", "'+1 555 0100"],
    ["-2+3", "'-2+3"],
    ["@cmd", "'@cmd"],
    ["\tindent", "'\tindent"],
    ["\rreturn", "'\rreturn"],
    ["ann@acme.test", "ann@acme.test"],
    ["a=b", "a=b"],
    [" =trimmed? no", " =trimmed? no"],
    ["'already", "'already"],
    ["", ""],
  ])("%j becomes %j and back", (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
    expect(restoreCell(neutraliseCell(value))).toBe(value);
  });
});

describe("restoreCell", () => {
  it.each([
    ["'=1+1", "=1+1"],
    ["'+1 555", "+1 555"],
    ["'quoted", "'quoted"],
    ["''=x", "''=x"],
    ["plain", "plain"],
  ])("%j reads as %j", (value, expected) => {
    expect(restoreCell(value)).toBe(expected);
  });
});
