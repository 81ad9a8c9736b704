// A spreadsheet runs a cell that starts with = + - @, tab or carriage return as a formula (OWASP, "CSV Injection"),
// so the export prefixes such cells with a single quote, and the import takes that quote off again: a file exported
// here imports back with the values as they were.
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function restoreCell(value: string): string {
  return value.replace(NEUTRALISED, "");
}
