// What a screen may show of a secret: that it is set and, for a long enough value, its last four characters, which is
// enough for a person to recognise which key they entered. A short value shown that way would be mostly shown, so it
// is masked whole.

export const MASK = "••••";
/** Values shorter than this are masked whole: four characters would be half of them or more. */
export const SHOWN_FROM_LENGTH = 8;

export function masked(value: string): string {
  return value.length < SHOWN_FROM_LENGTH ? MASK : `${MASK}${value.slice(-4)}`;
}
