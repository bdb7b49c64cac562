import type { Atoms } from '../../theme/sprinkles.css';
import { Box, type BoxProps } from '../Box/Box';
import * as styles from './Columns.css';

export interface ColumnsProps extends Omit<BoxProps, 'display' | 'alignItems'> {
  /** The space between the columns, and between the rows once collapsed. */
  gap: NonNullable<Atoms['gap']>;
  /** Equal columns (2, 3, 4), or a main column beside a side column at 2:1. */
  columns: keyof typeof styles.columns;
  /**
   * Where they collapse: below a container width (`split`, `twoColumns`: the Columns' own width,
   * for parts that may sit in a narrow column) or a screen width (`mobileScreen`, `smallScreen`),
   * or `never`.
   */
  collapseBelow: keyof typeof styles.collapse;
  /** How many columns remain once collapsed; default 1 (one under the other). */
  collapsedColumns?: keyof typeof styles.collapsedColumns;
  /** How the cells of a row line up vertically; default `stretch` (equally tall). */
  alignY?: Atoms['alignItems'];
}

const containerWidths = new Set<ColumnsProps['collapseBelow']>(['split', 'twoColumns']);

/**
 * Columns side by side that fall one under the other below a collapse point. Each child is a
 * column (or a cell: more children than columns make more rows).
 */
export function Columns({
  gap,
  columns,
  collapseBelow,
  collapsedColumns = 1,
  alignY,
  className,
  ...props
}: ColumnsProps) {
  const grid = (
    <Box
      display="grid"
      gap={gap}
      alignItems={alignY}
      className={[
        styles.columns[columns],
        styles.collapsedColumns[collapsedColumns],
        styles.collapse[collapseBelow],
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      {...props}
    />
  );
  // A container query asks an ancestor, so a container-width collapse measures a wrapper.
  return containerWidths.has(collapseBelow) ? <div className={styles.container}>{grid}</div> : grid;
}
