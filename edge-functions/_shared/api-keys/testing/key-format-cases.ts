// Keys made by the database's key functions, and near misses of them, that the TypeScript format check
// (key-format.test.ts) and the SQL one (supabase/tests/68_api_keys.sql) are both held to.
import cases from "./key-format-cases.json" with { type: "json" };

export const keyFormatCases: readonly { key: string; wellFormed: boolean; hash?: string; why: string }[] = cases;
