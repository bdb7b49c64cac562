import { useEffect, useRef, useState } from 'react';
import { Button as AriaButton, DialogTrigger } from 'react-aria-components';
import { Button } from '../Button/Button';
import { Icon } from '../Icon/Icon';
import { Modal } from '../Modal/Modal';
import { Spinner } from '../Spinner/Spinner';
import * as styles from './MessagePhoto.css';

/**
 * Gets a picture's bytes. The chat's pictures are the server's, behind the tutor's sign-in, so an
 * `<img src>` cannot fetch them: the caller fetches (with its credentials) and this component
 * shows what it got.
 */
export type PhotoLoader = (photoId: string) => Promise<Blob>;

export interface MessagePhotoProps {
  /** The picture's id, passed to `load`. */
  photoId: string;
  /** Its alternative text, naming who sent it: 'Photo from Ana Martinez'. */
  alt: string;
  load: PhotoLoader;
}

type PhotoState = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' };

/**
 * Loads a picture into a blob: URL for as long as the component is on screen: the URL is revoked
 * when it unmounts (or loads again), so the bytes do not outlive the chat. `retry` loads again.
 */
function usePhotoUrl(photoId: string, load: PhotoLoader) {
  const [state, setState] = useState<PhotoState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  // The loader may be a new function on every render of the page: only the id and a retry load.
  const loadRef = useRef(load);
  loadRef.current = load;

  // `attempt` is not read inside: Try again changes it, to load once more.
  useEffect(() => {
    let isCurrent = true;
    let url: string | null = null;
    setState({ status: 'loading' });
    loadRef.current(photoId).then(
      (blob) => {
        if (!isCurrent) return;
        url = URL.createObjectURL(blob);
        setState({ status: 'loaded', url });
      },
      () => {
        if (isCurrent) setState({ status: 'failed' });
      },
    );
    return () => {
      isCurrent = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [photoId, attempt]);

  return { state, retry: () => setAttempt((count) => count + 1) };
}

/**
 * One picture a family sent, in their message's bubble: a placeholder of the thumbnail's size
 * while it loads, the thumbnail once it has, or a failure with Try again. Pressed (pointer,
 * Enter or Space), the thumbnail opens the picture larger in a modal dialog named like the
 * picture, with a Close button; Escape closes it too, and focus returns to the thumbnail.
 */
export function MessagePhoto({ photoId, alt, load }: MessagePhotoProps) {
  const { state, retry } = usePhotoUrl(photoId, load);

  if (state.status === 'loading') {
    return (
      <div className={styles.placeholder} data-photo-state="loading">
        <Spinner size="medium" label={`Loading ${lowerFirst(alt)}`} />
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className={styles.placeholder} data-photo-state="failed">
        <Icon name="photo" />
        <p className={styles.failureText}>{`${alt} could not be loaded.`}</p>
        <Button variant="secondary" size="small" onPress={retry} aria-label={`Try again: ${alt}`}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <DialogTrigger>
      <AriaButton className={styles.thumbnailButton} data-photo-state="loaded">
        <img src={state.url} alt={alt} className={styles.thumbnail} />
      </AriaButton>
      <Modal title={alt} size="large">
        <img src={state.url} alt={alt} className={styles.enlarged} />
      </Modal>
    </DialogTrigger>
  );
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
