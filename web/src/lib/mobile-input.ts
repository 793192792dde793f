import { mobileInputValue } from '@goldledger/contracts';

/**
 * Every input that takes a mobile number: typed or pasted in any usual way
 * (`+91 98450 12345`, `098450-12345`), it shows the 10 digits as soon as the text is a
 * number (`mobileInputValue`, the contracts' normaliser), and is never cut short, so a
 * pasted `+91` number cannot turn into somebody else's.
 */
export const MOBILE_INPUT_PROPS = {
  type: 'tel',
  inputMode: 'tel',
  autoComplete: 'off',
  // Room for `+91 98450 12345` and the like while it is typed; the value becomes 10 digits.
  maxLength: 20,
} as const;

/** The value a mobile input holds after this keystroke or paste. */
export const tidyMobile = (typed: string): string => mobileInputValue(typed);
