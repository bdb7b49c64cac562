import { EmbedFrame } from '../EmbedFrame/EmbedFrame';
import * as styles from './FormEmbed.css';

export interface FormEmbedProps {
  /** The form's URL (prefilled by the caller); `null` while it is being built. */
  src: string | null;
  /** The iframe's accessible name, e.g. 'Volunteer waiver form'. */
  title: string;
  /**
   * Whether the URL is the external form provider's: its pages are long, so the iframe is
   * 6200 px tall under 768 px width and 4000 px otherwise. Other forms get 820 px (§9).
   */
  isFormProvider?: boolean;
  /** Accessible name (and visible text) of the spinner shown until the form has loaded. */
  loadingLabel?: string;
  /** Layout only (placement, width), from the caller's own `.css.ts`. */
  className?: string;
}

/**
 * An embedded external form: a titled iframe with a spinner until it loads. Its height follows
 * §9 through CSS media queries (media.belowMobile), so nothing is measured in JavaScript.
 */
export function FormEmbed({
  src,
  title,
  isFormProvider = false,
  loadingLabel = 'Loading form',
  className,
}: FormEmbedProps) {
  return (
    <EmbedFrame
      src={src}
      title={title}
      loadingLabel={loadingLabel}
      frameClassName={isFormProvider ? styles.providerHeight : styles.defaultHeight}
      className={className}
    />
  );
}
