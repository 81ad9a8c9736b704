// The cases the email key is held to, in TypeScript (email-key.test.ts) and in SQL (the api layer's duplicates test).
import cases from "./email-key-cases.json" with { type: "json" };

export const emailKeyCases: readonly { email: string; key: string; why: string }[] = cases;
