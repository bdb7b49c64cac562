/** The onboarding chat's date and time in the applicant's own time zone, e.g. for the dashboard. */
export function formatInterviewDate(isoDate: string, locale?: string, timeZone?: string): string {
  const date = new Date(isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'full',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(date);
}
