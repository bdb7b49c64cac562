import * as styles from './Icon.css';

/* Outline icons on a 20 x 20 grid, drawn with the current text colour. */
const paths = {
  check: 'm5 10.5 3.2 3.2L15 7',
  checkCircle: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-3.8 8.2 2.6 2.6 5-5.2',
  circle: 'M10 2.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15Z',
  close: 'm5 5 10 10M15 5 5 15',
  menu: 'M3 5.5h14M3 10h14M3 14.5h14',
  chevronDown: 'm5.5 8 4.5 4.5L14.5 8',
  chevronRight: 'm8 5.5 4.5 4.5L8 14.5',
  external:
    'M11 3h6v6M17 3l-7.5 7.5M14.5 11.5V16a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6.5a1 1 0 0 1 1-1h4.5',
  home: 'M3 9.5 10 3.5l7 6M5 8v8.5h3.5V12h3v4.5H15V8',
  bell: 'M10 3a4.5 4.5 0 0 0-4.5 4.5V11L4 14h12l-1.5-3V7.5A4.5 4.5 0 0 0 10 3Zm-1.8 13.5a2 2 0 0 0 3.6 0',
  tasks: 'M8 5.5h9M8 10h9M8 14.5h9M3 5.5l1 1 2-2M3 10l1 1 2-2M3 14.5l1 1 2-2',
  inbox: 'M3 11.5 5 4.5h10l2 7v4a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1v-4Zm0 0h4.5l1 2h3l1-2H17',
  logOut: 'M8 3.5H4.5a1 1 0 0 0-1 1v11a1 1 0 0 0 1 1H8M12.5 6.5 16 10l-3.5 3.5M16 10H7.5',
  user: 'M10 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Zm-6 7.5c0-3.3 2.7-5.5 6-5.5s6 2.2 6 5.5',
  clock: 'M10 2.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15ZM10 6v4.3l2.8 1.7',
  alert: 'M10 2.5 18 17H2L10 2.5Zm0 5.5v4m0 3v.01',
  compass: 'M10 2.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15Zm3 4.5-1.8 4.2L7 13l1.8-4.2L13 7Z',
  calendar:
    'M4 5h12a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm-1 4h14M7 3v3.5M13 3v3.5',
  document:
    'M5 2.5h6.5L15.5 6.5V17a.5.5 0 0 1-.5.5H5a.5.5 0 0 1-.5-.5V3a.5.5 0 0 1 .5-.5Zm6 0V7h4.5M7.5 10.5h5M7.5 13.5h5',
  copy: 'M7 7h9v10H7zM4 13V3h9',
  photo: 'M3.5 4.5h13v11h-13zM3.5 13l4-4 3.5 3.5 2-2 3.5 3.5M12.5 8a1 1 0 1 0 0-.01',
  settings: 'M3 6h7M14 6h3M3 14h3M10 14h7M12 4v4M8 12v4',
  sparkle:
    'M10 2.5v4M10 13.5v4M2.5 10h4M13.5 10h4M5 5l2.5 2.5M12.5 12.5 15 15M15 5l-2.5 2.5M7.5 12.5 5 15',
} as const;

export type IconName = keyof typeof paths;

export interface IconProps {
  /** Which glyph to draw. */
  name: IconName;
  /** small 16 px, medium 20 px (default), large 32 px: the theme's icon sizes. */
  size?: 'small' | 'medium' | 'large';
  /** Layout only (placement, colour through `color`), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * A decorative outline icon. It is always hidden from assistive technology: whatever it means
 * must also be said in text (visible or visually hidden) next to it (WCAG 1.1.1, 1.4.1).
 */
export function Icon({ name, size = 'medium', className }: IconProps) {
  return (
    <svg
      className={[styles.size[size], className].filter(Boolean).join(' ')}
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
    >
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
