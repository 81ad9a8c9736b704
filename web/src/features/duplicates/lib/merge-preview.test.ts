import { describe, expect, it } from "vitest";
import { duplicateRecord } from "@/test/duplicates";
import { mergePreview, pickableFields, pickedFields, valuesOf } from "./merge-preview";

const kept = duplicateRecord({ id: 1, firstName: "Ann", lastName: null, company: "  ", notes: "Met at the fair", updatedAt: "2026-11-01T00:00:00.000Z" });
const older = duplicateRecord({ id: 2, firstName: "Annie", lastName: "Old", company: "Acme", notes: "Met at the fair", updatedAt: "2026-11-02T00:00:00.000Z" });
const newer = duplicateRecord({ id: 3, firstName: null, lastName: "Lee", company: null, notes: "Prefers mail", updatedAt: "2026-11-03T00:00:00.000Z" });

describe("the merge preview", () => {
  it("fills the kept record's empty fields from the merged ones, newest first, and keeps its non-empty ones", () => {
    const { fields } = mergePreview(kept, [older, newer]);
    expect(fields.firstName).toBe("Ann");
    expect(fields.lastName).toBe("Lee");
    expect(fields.company).toBe("Acme");
  });

  it("joins the notes, kept first, dropping repeats", () => {
    expect(mergePreview(kept, [older, newer]).fields.notes).toBe("Met at the fair\nPrefers mail");
    expect(mergePreview(duplicateRecord({ notes: null }), [duplicateRecord({ id: 9, notes: " " })]).fields.notes).toBeNull();
  });

  it("uses a picked value over the kept one", () => {
    expect(mergePreview(kept, [older, newer], { firstName: "Annie" }).fields.firstName).toBe("Annie");
  });

  it("moves a record in the default list to the newest merged record's other list", () => {
    const general = { id: 1, name: "General" };
    const inGeneral = duplicateRecord({ id: 1, list: general });
    const leads = duplicateRecord({ id: 2, list: { id: 2, name: "Leads" }, updatedAt: "2026-11-02T00:00:00.000Z" });
    const fair = duplicateRecord({ id: 3, list: { id: 3, name: "Fair" }, updatedAt: "2026-11-03T00:00:00.000Z" });
    expect(mergePreview(inGeneral, [leads, fair]).list).toEqual({ id: 3, name: "Fair" });
    expect(mergePreview(inGeneral, [duplicateRecord({ id: 2, list: general })]).list).toEqual(general);
    expect(mergePreview(leads, [fair]).list).toEqual({ id: 2, name: "Leads" });
  });

  it("offers the conflicting fields besides notes to pick, with their distinct values", () => {
    expect(pickableFields(kept, [older, newer])).toEqual(["firstName", "lastName"]);
    expect(valuesOf([kept, older, newer], "firstName")).toEqual(["Ann", "Annie"]);
  });

  it("sends only the picks that differ from the fill rule", () => {
    expect(pickedFields(kept, [older, newer], { firstName: "Ann", lastName: "Lee" })).toBeUndefined();
    expect(pickedFields(kept, [older, newer], { firstName: "Annie", lastName: "Lee" })).toEqual({ firstName: "Annie" });
  });
});
