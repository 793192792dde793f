/**
 * The rate used before an admin has ever set one, in rupees per gram. A module of its
 * own, with no schema: the public pages' footer reads it without loading zod (issue 19).
 */
export const DEFAULT_GOLD_RATE_RUPEES_PER_GRAM = 7000;
