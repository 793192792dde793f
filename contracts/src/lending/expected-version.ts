import { z } from 'zod';

/**
 * The version of the loan the person saw (the loan's `version` in every loan answer): a
 * manual loan command carrying it is refused with 409 when the loan has changed since,
 * so a double click or a second screen cannot act twice on what one person saw once.
 * Optional for older clients; the web client always sends it.
 */
export const ExpectedVersion = z
  .number({ error: 'expectedVersion must be the loan version you saw' })
  .int('expectedVersion must be the loan version you saw')
  .positive('expectedVersion must be the loan version you saw')
  .optional();

/** The body field every manual loan command accepts. */
export const ExpectedVersionField = { expectedVersion: ExpectedVersion };

/** What the body of a command without fields of its own may carry. */
export const VersionOnlyRequest = z.object(ExpectedVersionField).nullish();
