// Light or dark, chosen by the person and kept in local storage; light until they choose.
// index.html applies the stored choice before the app loads, with the same key and values.
import { z } from "zod";

export const THEME_STORAGE_KEY = "theme";

const themeSchema = z.enum(["light", "dark"]).catch("light");
export type Theme = z.infer<typeof themeSchema>;

export function readStoredTheme(): Theme {
  return themeSchema.parse(localStorage.getItem(THEME_STORAGE_KEY));
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

export function storeTheme(theme: Theme): void {
  localStorage.setItem(THEME_STORAGE_KEY, theme);
  applyTheme(theme);
}
