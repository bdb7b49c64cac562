import { EmbedFrame } from '../EmbedFrame/EmbedFrame';
import * as styles from './SchedulingEmbed.css';

export interface SchedulingEmbedProps {
  /** The scheduling widget's URL (prefilled by the caller); `null` while it is being built. */
  src: string | null;
  /** The iframe's accessible name, e.g. 'Choose a live training date'. */
  title: string;
  /** Accessible name (and visible text) of the spinner shown until the widget has loaded. */
  loadingLabel?: string;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * An embedded appointment-scheduling widget (live training dates, onboarding chats): a titled
 * iframe with a spinner until it loads, at the default embed height of §9 (820 px).
 */
export function SchedulingEmbed({
  src,
  title,
  loadingLabel = 'Loading available times',
  className,
}: SchedulingEmbedProps) {
  return (
    <EmbedFrame
      src={src}
      title={title}
      loadingLabel={loadingLabel}
      frameClassName={styles.frame}
      className={className}
    />
  );
}
