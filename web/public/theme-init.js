// Runs before the app so a dark theme never flashes light on load. A file, not an inline script, so the
// Content-Security-Policy can allow scripts from 'self' only. The key and values are the ones
// src/features/theme/theme.ts writes; anything else (or no storage at all) means the default, light.
try {
  if (localStorage.getItem("theme") === "dark") {
    document.documentElement.classList.add("dark");
    document.documentElement.style.colorScheme = "dark";
  }
} catch {
  // No storage (a privacy mode, a sandbox): the default theme.
}
