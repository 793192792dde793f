const dayMonthYear = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dayMonthYearTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** A business date as the screens and messages show it: `2026-11-21` → `21 Nov 2026`. */
export const formatBusinessDate = (date: string): string =>
  dayMonthYear.format(new Date(`${date}T00:00:00Z`));

/** An instant in Asia/Kolkata: `2026-11-25T05:00:00Z` → `25 Nov 2026, 10:30 am`. */
export const formatBusinessDateTime = (iso: string): string => dayMonthYearTime.format(new Date(iso));
