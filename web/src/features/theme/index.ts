// The theme feature's public face.
export { ThemeToggle } from "./theme-toggle";
