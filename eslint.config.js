import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Rules are errors or off, never warnings.
export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "bench/results/", "coverage/"] },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      "no-console": ["error", { allow: ["error"] }],
    },
  },
  {
    files: ["**/*.{js,mjs}", "scripts/**", "bench/**", "tests/**"],
    rules: { "no-console": "off" },
  },
);
