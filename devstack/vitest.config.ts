// devstack's tests: unit tests (src/**/*.test.ts) need nothing running; contract tests (test/contract) drive a running
// stack named by SUPABASE_URL and the keys. The runner picks one set by directory: `vitest run --root devstack src`.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Some unit tests start a real Deno process; contract tests wait on a real database.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
