import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

/** Joins class names, letting a later Tailwind class override an earlier one (callers' classes win over variants). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
