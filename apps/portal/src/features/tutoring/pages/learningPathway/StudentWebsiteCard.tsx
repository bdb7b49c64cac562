import { Box } from '@tutoring/ui/components/Box/Box';
import { Button } from '@tutoring/ui/components/Button/Button';
import { Card } from '@tutoring/ui/components/Card/Card';
import { CopiedDialog } from '@tutoring/ui/components/CopiedDialog/CopiedDialog';
import { Icon } from '@tutoring/ui/components/Icon/Icon';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { useState } from 'react';
import * as styles from './LearningPathwayPage.css';

export interface StudentWebsiteCardProps {
  studentName: string;
  /** The code the student signs in to the student portal with. */
  tutoringCode: string;
  /** The student portal's address (config). */
  websiteUrl: string;
  /** Copies the link; default the browser clipboard. */
  onCopy?: (text: string) => Promise<void>;
}

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

/**
 * Where the student follows the session: the student portal's link, to copy into the session
 * chat. A successful copy opens the 'Copied!' dialog (§2); a refused clipboard says so and leaves
 * the link on the page to copy by hand.
 */
export function StudentWebsiteCard({
  studentName,
  tutoringCode,
  websiteUrl,
  onCopy = clipboardCopy,
}: StudentWebsiteCardProps) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      await onCopy(websiteUrl);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  return (
    <Card
      title="Student Website"
      footer={
        <Button variant="secondary" onPress={() => void copy()}>
          <Box as="span" display="inline-flex" alignItems="center" gap="xs">
            <Icon name="copy" size="small" />
            Copy Website Link
          </Box>
        </Button>
      }
    >
      <p className={styles.text}>
        {studentName} follows your sessions on the student portal and signs in there with the
        tutoring code <strong className={styles.code}>{tutoringCode}</strong>. Share the link in
        your session chat.
      </p>
      <p className={styles.url}>
        <Link href={websiteUrl} external>
          {websiteUrl}
        </Link>
      </p>
      {copyState === 'failed' ? (
        <Notice variant="failure" title="The link could not be copied.">
          Your browser did not allow access to the clipboard. Select the link above and copy it
          instead.
        </Notice>
      ) : null}
      <CopiedDialog
        isOpen={copyState === 'copied'}
        onOpenChange={(open) => {
          if (!open) setCopyState('idle');
        }}
      >
        The student website link is on your clipboard. Paste it in your session chat for{' '}
        {studentName}.
      </CopiedDialog>
    </Card>
  );
}
