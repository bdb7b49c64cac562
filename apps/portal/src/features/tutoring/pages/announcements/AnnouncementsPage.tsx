import { AnnouncementTimeline } from '@tutoring/ui/components/AnnouncementTimeline/AnnouncementTimeline';
import { Button } from '@tutoring/ui/components/Button/Button';
import { EmptyState } from '@tutoring/ui/components/EmptyState/EmptyState';
import { Inline } from '@tutoring/ui/components/Inline/Inline';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Spinner } from '@tutoring/ui/components/Spinner/Spinner';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useAuthState } from '../../../../auth/useAuthState';
import { referenceOf } from '../../../../lib/apiError';
import { useTutorQuery } from '../../useTutorQuery';
import { toAnnouncements } from '../../weeklyAnnouncementViewModel';
import * as page from '../tutoringPage.css';

const title = 'Announcements';

/**
 * /tutoring/announcements (§2): the weekly announcements of GET /tutor (§3 Weekly announcement:
 * title, content, created_at) as a dated timeline, newest first. Portal announcements are the
 * Updates modal's, with their own read state; this page is the archive of the weekly ones that
 * What's New shows the latest of.
 */
export function AnnouncementsPage() {
  const tutor = useTutorQuery(useAuthState());

  return (
    <Stack gap="xl" minWidth={0}>
      <title>{title}</title>
      <h1 className={page.title}>{title}</h1>
      {tutor.isPending ? (
        <Spinner label="Loading announcements" size="large" showLabel />
      ) : tutor.isError ? (
        <>
          <Notice
            variant="failure"
            title="Announcements could not be loaded."
            reference={referenceOf(tutor.error)}
          >
            Please try again in a moment.
          </Notice>
          <Inline gap="md" alignY="center">
            <Button
              isPending={tutor.isFetching}
              pendingLabel="Loading"
              onPress={() => void tutor.refetch()}
            >
              Try again
            </Button>
          </Inline>
        </>
      ) : tutor.data.weeklyAnnouncements.length === 0 ? (
        <EmptyState title="No Announcements" headingLevel={2} icon="bell">
          New announcements from the tutoring team will appear here.
        </EmptyState>
      ) : (
        <AnnouncementTimeline
          announcements={toAnnouncements(tutor.data.weeklyAnnouncements)}
          headingLevel={2}
        />
      )}
    </Stack>
  );
}
