import { useState } from 'react';
import { Box } from '../Box/Box';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './EmbedFrame.css';

export interface EmbedFrameProps {
  /**
   * The page to embed. `null` while the caller is still building the URL (e.g. waiting for the
   * user's data to prefill a form): only the spinner shows.
   */
  src: string | null;
  /** The iframe's accessible name, e.g. 'Volunteer waiver form' (WCAG 4.1.2). */
  title: string;
  /** Accessible name of the spinner shown until the page has loaded. */
  loadingLabel?: string;
  /** The iframe's height rule, a class from the caller's `.css.ts` (FormEmbed, SchedulingEmbed). */
  frameClassName?: string;
  /** Iframe permissions, e.g. 'fullscreen; picture-in-picture'. */
  allow?: string;
  /** Layout only (placement, width) of the wrapper, from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * The shared iframe of FormEmbed, SchedulingEmbed and VideoEmbed: a titled iframe with a Spinner
 * on top until its `load` event. A new `src` shows the spinner again until that page loads.
 */
export function EmbedFrame({
  src,
  title,
  loadingLabel = 'Loading',
  frameClassName,
  allow,
  className,
}: EmbedFrameProps) {
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const isLoaded = src !== null && loadedSrc === src;
  return (
    <div
      className={[styles.wrapper, className].filter(Boolean).join(' ')}
      data-loaded={isLoaded || undefined}
    >
      {src !== null ? (
        <iframe
          key={src}
          src={src}
          title={title}
          allow={allow}
          className={[styles.frame, frameClassName].filter(Boolean).join(' ')}
          onLoad={() => setLoadedSrc(src)}
        />
      ) : (
        <div className={[styles.placeholder, frameClassName].filter(Boolean).join(' ')} />
      )}
      {isLoaded ? null : (
        <Box display="flex" justifyContent="center" className={styles.loading}>
          <Spinner label={loadingLabel} size="large" showLabel />
        </Box>
      )}
    </div>
  );
}
