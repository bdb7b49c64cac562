import type { components } from '@tutoring/api/schema';
import { AnnouncementPopup } from '@tutoring/ui/components/AnnouncementPopup/AnnouncementPopup';
import { BellBadge } from '@tutoring/ui/components/BellBadge/BellBadge';
import { Box } from '@tutoring/ui/components/Box/Box';
import { Columns } from '@tutoring/ui/components/Columns/Columns';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Notice } from '@tutoring/ui/components/Notice/Notice';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { TutorStatCards } from '@tutoring/ui/components/StatCard/StatCard';
import { StudentList } from '@tutoring/ui/components/StudentList/StudentList';
import { countUnread } from '@tutoring/ui/components/UpdatesModal/UpdatesModal';
import { WhatsNewPanel } from '@tutoring/ui/components/WhatsNewPanel/WhatsNewPanel';
import { media } from '@tutoring/ui/theme/theme.css';
import { type ReactNode, useId, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAuthState } from '../../auth/useAuthState';
import { tutoringLinks } from '../../config/tutoringLinks';
import { useClock } from '../../lib/clock';
import { learningPathwayPath, messengerPath, paths } from '../../lib/paths';
import { isAnswerFromEarlierVisit } from '../../lib/queryPersistence';
import type { AuthState } from '../../lib/services/sessionState';
import { useActionItemsQuery } from './actionItems';
import { useLearningPortalLaunch } from './learningPortalLaunch';
import {
  announcementToPopUp,
  newestWeeklyAnnouncement,
  useNewAnnouncementPopup,
  useNewAnnouncementSeenMutation,
} from './newAnnouncement';
import { usePortalAnnouncementsQuery } from './portalAnnouncements';
import { titleWithUnread, toStudentRowStudents, totalUnread } from './studentViewModel';
import * as styles from './TutoringHomePage.css';
import { toTasks } from './taskViewModel';
import { useTutoringDialogs } from './tutoringDialogs';
import { useMediaQuery } from './useMediaQuery';
import { useTutorQuery } from './useTutorQuery';
import { toAnnouncement } from './weeklyAnnouncementViewModel';

type Tutor = components['schemas']['Tutor'];

/** /tutoring, the dashboard home (§2). The layout renders it once the tutor has loaded. */
export function TutoringHomePage() {
  const auth = useAuthState();
  // While the dashboard is on screen it asks again every 30 s: a reply or a failed text shows.
  const tutor = useTutorQuery(auth, { refreshWhileVisible: true });
  if (!tutor.data) return null;
  const saved = isAnswerFromEarlierVisit(tutor.dataUpdatedAt);
  return (
    <Dashboard
      auth={auth}
      tutor={tutor.data}
      isKeptAnswer={saved}
      notice={
        saved ? <SavedAnswersNotice isRefreshing={tutor.isFetching || !tutor.isError} /> : null
      }
    />
  );
}

/**
 * Issue 39: a return visit shows the students this device kept from the last visit at once, and
 * says so until the server's answer replaces them; a refresh that failed keeps them and says that.
 * A polite status in words (not a colour or a spinner alone).
 */
function SavedAnswersNotice({ isRefreshing }: { isRefreshing: boolean }) {
  return isRefreshing ? (
    <Notice variant="info" title="Refreshing…">
      Showing your students as this device saved them on your last visit.
    </Notice>
  ) : (
    <Notice variant="warn" title="Could not refresh.">
      Showing your students as this device saved them on your last visit. The portal tries again in
      a moment.
    </Notice>
  );
}

interface DashboardProps {
  auth: AuthState;
  tutor: Tutor;
  /** Above the stat cards: that the students shown are the ones this device kept. */
  notice: ReactNode;
  /**
   * The tutor shown is the one this device kept (issue 39): a new announcement pops up only from
   * the server's own answer, which says whether it is still new.
   */
  isKeptAnswer: boolean;
}

function Dashboard({ auth, tutor, notice, isKeptAnswer }: DashboardProps) {
  const announcements = usePortalAnnouncementsQuery(auth);
  const actionItems = useActionItemsQuery(auth);
  const dialogs = useTutoringDialogs();
  const navigate = useNavigate();
  const studentsHeadingId = useId();
  const isSmallScreen = useMediaQuery(media.belowSmall);
  const seen = useNewAnnouncementSeenMutation(auth);
  const popup = useNewAnnouncementPopup({
    announcement: isKeptAnswer ? null : announcementToPopUp(tutor),
    // Loaded or failed: either way nothing more is coming (§2: after both have loaded).
    isDataSettled: !announcements.isPending && !actionItems.isPending,
    isSmallScreen,
    isHeldBack: dialogs.isAnyOpen,
    onShown: (announcement) => seen.mutate(announcement),
  });
  const learningPortal = useLearningPortalLaunch(tutor, tutoringLinks.learningPortalLogin);
  const now = useClock();
  // The dashboard re-renders on every launch, popup and query update: map the lists once each.
  const students = useMemo(
    () => toStudentRowStudents(tutor.correspondents),
    [tutor.correspondents],
  );
  const tasks = useMemo(() => toTasks(actionItems.data ?? []), [actionItems.data]);
  const latestAnnouncement = newestWeeklyAnnouncement(tutor.weeklyAnnouncements);

  const studentById = (id: string) => tutor.correspondents.find((student) => student.id === id);
  const unreadUpdates = countUnread(
    announcements.data?.announcements ?? [],
    announcements.data?.readAnnouncementIds ?? [],
  );

  return (
    <Stack gap="xl">
      <title>{titleWithUnread('Tutoring Dashboard', totalUnread(tutor.correspondents))}</title>
      <Box display={{ all: 'none', belowSmall: 'flex' }} justifyContent="end">
        <BellBadge count={unreadUpdates} onPress={dialogs.openUpdates} />
      </Box>
      {notice}
      <TutorStatCards stats={tutor.stats} />
      {/* The students and What's New side by side only when the page (the viewport less the
          sidebar) has room for both to stay readable; at 768-1000 px the sidebar leaves too
          little, and What's New goes under the students. */}
      <Columns columns="mainAndSide" collapseBelow="twoColumns" gap="xl" alignY="start">
        <Stack as="section" gap="md" minWidth={0} aria-labelledby={studentsHeadingId}>
          <h2 id={studentsHeadingId} className={styles.sectionTitle}>
            Students
          </h2>
          {learningPortal.failure ? (
            <Notice
              variant="failure"
              title={`The learning portal could not be opened for ${learningPortal.failure.studentName}.`}
              reference={learningPortal.failure.reference}
            >
              {learningPortal.failure.message}
            </Notice>
          ) : null}
          <StudentList
            students={students}
            now={new Date(now())}
            onOpenChat={(student) => void navigate(messengerPath(student.id))}
            pathwayHref={(student) => learningPathwayPath(student.id)}
            onLaunchLearningPortal={(row) => {
              const student = studentById(row.id);
              if (student) learningPortal.launch(student);
            }}
            launchingIds={learningPortal.launchingIds}
          />
        </Stack>
        <WhatsNewPanel
          announcement={latestAnnouncement ? toAnnouncement(latestAnnouncement) : null}
          tasks={tasks}
          onOpenTasks={dialogs.openTasks}
          announcementsHref={paths.tutoringAnnouncements}
        />
      </Columns>
      {popup.announcement ? (
        <AnnouncementPopup
          announcement={{
            subject: popup.announcement.title,
            message: popup.announcement.content,
            createdAt: popup.announcement.created_at,
          }}
          isOpen={popup.isOpen}
          onOpenChange={(open) => {
            if (!open) popup.close();
          }}
          footer={<Link href={paths.tutoringAnnouncements}>All announcements</Link>}
        />
      ) : null}
    </Stack>
  );
}
