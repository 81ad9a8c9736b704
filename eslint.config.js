// ESLint for the Node-side TypeScript: the SPA (web/) and the local stack (devstack/). Deno code (edge-functions/,
// devstack/deno/, devstack/bench/) is checked by `deno lint` instead. Run by `npm test`'s lint layer.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The web app's import boundaries. A feature is reached from outside its folder only through its index.ts, so its
 * files can move and change behind that face; the UI kit stays generic, so any screen can use it.
 */
const webBoundaries = {
  files: ["web/src/**/*.{ts,tsx}"],
  plugins: { boundaries },
  settings: {
    // Absolute, so the config works from any working directory (the lint test runs it from web/).
    "boundaries/root-path": import.meta.dirname,
    "import/resolver": { typescript: { project: `${import.meta.dirname}/web/tsconfig.json` } },
    "boundaries/elements": [
      { type: "feature", pattern: "web/src/features/*", capture: ["feature"] },
      { type: "ui", pattern: "web/src/components/ui" },
      // Named so that their imports are checked too (the rules above only look at files of a known element).
      { type: "layout", pattern: "web/src/components/layout" },
      { type: "routes", pattern: "web/src/routes" },
      { type: "app", pattern: "web/src/app" },
      { type: "lib", pattern: "web/src/lib" },
      { type: "test-support", pattern: "web/src/test" },
    ],
  },
  rules: {
    "boundaries/dependencies": [
      "error",
      {
        default: "allow",
        policies: [
          {
            from: { element: { type: "ui" } },
            disallow: { to: { element: { type: "feature" } } },
            message: "components/ui is the generic kit: it imports no feature",
          },
          {
            // Another feature's (or a screen's) import of a feature file other than its index.ts; a feature's own
            // files import each other freely.
            disallow: { to: { element: { type: "feature", fileInternalPath: "!index.ts" } } },
            message: "import a feature through its index.ts, not its internal files",
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: ["**/node_modules/**", "**/dist/**", "web/dist/**", "devstack/deno/**", "devstack/bench/**", "devstack/test/fixtures/**"],
  },
  {
    files: ["web/**/*.{ts,tsx}", "devstack/**/*.{ts,mjs}", "eslint.config.js"],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // Named but unused on purpose: `_` prefixes and a caught error nobody reads.
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    extends: [jsxA11y.flatConfigs.recommended],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    // The two classic hook rules; the React Compiler's stricter set would flag patterns this app uses on purpose
    // (a ref holding the latest props for a debounced effect).
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // A region that scrolls sideways (a wide table on a phone) takes focus so the keyboard can scroll it.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"], allowExpressionValues: true }],
    },
  },
  webBoundaries,
);
