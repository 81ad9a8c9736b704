import { defineConfig, mergeConfig } from "vitest/config";
import viteConfig from "./vite.config.ts";

export default defineConfig((env) =>
  mergeConfig(viteConfig(env), {
    test: {
      // happy-dom rather than jsdom: the same tests in about two thirds of the time; the browser's own behaviour is
      // checked by the e2e layer in Chromium.
      environment: "happy-dom",
      include: ["src/**/*.test.{ts,tsx}"],
      setupFiles: ["src/test/setup.ts"],
      restoreMocks: true,
      unstubGlobals: true,
    },
  }),
);
