import type { ReactNode } from 'react';
import { formatHours } from '../../lib/hours/hours';
import { Columns } from '../Columns/Columns';
import { Stack } from '../Stack/Stack';
import * as styles from './StatCard.css';

export interface StatCardProps {
  /** What the number is, e.g. 'Current Students'. */
  label: string;
  /** The figure. `null`/`undefined` shows `fallback`. */
  value: ReactNode;
  /** Shown when `value` is missing; default 'N/A'. */
  fallback?: string;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * One figure with its label. Rendered as a description-list group (`<div>` with `<dt>` and
 * `<dd>`), so it must sit inside a `<dl>`, such as `TutorStatCards`.
 */
export function StatCard({ label, value, fallback = 'N/A', className }: StatCardProps) {
  const shown = value === null || value === undefined || value === '' ? fallback : value;
  return (
    <Stack
      gap="xs"
      className={[styles.card, className].filter(Boolean).join(' ')}
      data-stat={label}
    >
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{shown}</dd>
    </Stack>
  );
}

/** The stats fields the dashboard cards read (a subset of the api's TutorStats). */
export interface TutorStatCardsStats {
  currentStudents?: number | null;
  sessions?: number | null;
  last30DaysTutoringHours?: number | null;
  hoursUntilPromotion?: number | null;
}

export interface TutorStatCardsProps {
  /** The tutor's stats; missing (e.g. still loading or not returned) shows the defaults. */
  stats?: TutorStatCardsStats | null;
  /** Names the list for assistive technology; default 'Your tutoring stats'. */
  label?: string;
  className?: string;
}

/**
 * The four stat cards of the tutoring dashboard (spec §2): Current Students, Sessions,
 * Tutoring hours (last 30 days) and Hours until promotion. Hours read 'Xh Ym'; missing tutoring
 * hours read '0h 0m' and a missing promotion target (no next title) reads 'N/A'.
 */
export function TutorStatCards({
  stats,
  label = 'Your tutoring stats',
  className,
}: TutorStatCardsProps) {
  const promotion = stats?.hoursUntilPromotion;
  return (
    <Columns
      as="dl"
      columns={4}
      collapseBelow="mobileScreen"
      collapsedColumns={2}
      gap={{ all: 'lg', belowMobile: 'md' }}
      aria-label={label}
      className={[styles.grid, className].filter(Boolean).join(' ')}
    >
      <StatCard label="Current Students" value={stats?.currentStudents ?? 0} />
      <StatCard label="Sessions" value={stats?.sessions ?? 0} />
      <StatCard
        label="Tutoring hours (last 30 days)"
        value={formatHours(stats?.last30DaysTutoringHours)}
      />
      <StatCard
        label="Hours until promotion"
        value={promotion === null || promotion === undefined ? null : formatHours(promotion)}
        fallback="N/A"
      />
    </Columns>
  );
}
