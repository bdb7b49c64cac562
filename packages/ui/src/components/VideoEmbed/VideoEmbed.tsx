import { EmbedFrame } from '../EmbedFrame/EmbedFrame';
import * as styles from './VideoEmbed.css';

export interface VideoEmbedProps {
  /** The video player's embed URL (e.g. the recorded 'Tutoring 101' training). */
  src: string;
  /** The iframe's accessible name, e.g. 'Tutoring 101 training video'. */
  title: string;
  /** Accessible name of the spinner shown until the player has loaded. */
  loadingLabel?: string;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/** An embedded video player: responsive 16:9 at any width, titled, with a spinner until loaded. */
export function VideoEmbed({
  src,
  title,
  loadingLabel = 'Loading video',
  className,
}: VideoEmbedProps) {
  return (
    <EmbedFrame
      src={src}
      title={title}
      loadingLabel={loadingLabel}
      allow="fullscreen; picture-in-picture; encrypted-media"
      frameClassName={styles.frame}
      className={className}
    />
  );
}
