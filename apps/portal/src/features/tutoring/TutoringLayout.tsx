import type { components } from '@tutoring/api/schema';
import { AppShell } from '@tutoring/ui/components/AppShell/AppShell';
import { Header } from '@tutoring/ui/components/Header/Header';
import { loadHtmlSanitizer } from '@tutoring/ui/components/SafeHtml/SafeHtml';
import { TasksModal } from '@tutoring/ui/components/TasksModal/TasksModal';
import { countUnread, UpdatesModal } from '@tutoring/ui/components/UpdatesModal/UpdatesModal';
import { UserMenu } from '@tutoring/ui/components/UserMenu/UserMenu';
import { useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuthState } from '../../auth/useAuthState';
import { organisation } from '../../config/organisation';
import { tutoringLinks } from '../../config/tutoringLinks';
import { isApiError } from '../../lib/apiError';
import { PageLoading } from '../../lib/PageLoading/PageLoading';
import { messengerPathPrefix, paths } from '../../lib/paths';
import { isAnswerFromEarlierVisit } from '../../lib/queryPersistence';
import type { AuthState } from '../../lib/services/sessionState';
import { whenIdle } from '../../lib/whenIdle';
import {
  countIncompleteItems,
  useActionItemsQuery,
  useCompleteActionItemMutation,
} from './actionItems';
import { availabilityFormLink } from './availabilityFormLink';
import {
  useMarkAnnouncementReadMutation,
  usePortalAnnouncementsQuery,
} from './portalAnnouncements';
import { totalUnread } from './studentViewModel';
import { TutorAccountProblem } from './TutorAccountProblem';
import * as styles from './TutoringLayout.css';
import { toTasks } from './taskViewModel';
import { type TutoringDialogs, TutoringDialogsContext } from './tutoringDialogs';
import { tutoringSidebarGroups } from './tutoringSidebarGroups';
import { useTutorQuery } from './useTutorQuery';

type Tutor = components['schemas']['Tutor'];

/**
 * The tutoring area's frame (§2): GET /tutor, GET /portal-announcement and GET /action-item all
 * start here as soon as the token exists, side by side; then the header, the sidebar (a drawer on
 * small screens) with the Updates and Tasks modals around the page, or the screen that explains
 * why the tutor cannot be shown.
 */
export function TutoringLayout() {
  const auth = useAuthState();
  const tutor = useTutorQuery(auth);
  // Started beside GET /tutor, not after it: the badges and the popup need them too.
  usePortalAnnouncementsQuery(auth);
  useActionItemsQuery(auth);
  // DOMPurify is not part of the first screen's download (SafeHtml); it comes once the page is
  // idle, so that the Updates and Tasks modals and the new-announcement popup show their messages
  // as they open, instead of growing under the tutor's pointer as the messages arrive.
  useEffect(() => {
    whenIdle(() => void loadHtmlSanitizer().catch(() => undefined), {
      timeoutMs: 3000,
      fallbackMs: 1000,
    });
  }, []);

  if (tutor.isPending) {
    return (
      <>
        <title>Tutoring Dashboard</title>
        <PageLoading label="Loading your account" />
      </>
    );
  }
  // The answer this device kept from the last visit stays on screen when refreshing it failed on
  // the network or the server (the dashboard says so); an answer that the account is gone or
  // refused (4xx) does not.
  const keepsSavedAnswer =
    isAnswerFromEarlierVisit(tutor.dataUpdatedAt) &&
    !(isApiError(tutor.error) && tutor.error.httpStatus < 500);
  if (tutor.isError && !keepsSavedAnswer) {
    return (
      <TutorAccountProblem
        error={tutor.error}
        email={auth.status === 'google' ? auth.user.email : null}
        onRetry={() => void tutor.refetch()}
      />
    );
  }
  if (!tutor.data) return null;
  return <TutoringShell auth={auth} tutor={tutor.data} />;
}

function TutoringShell({ auth, tutor }: { auth: AuthState; tutor: Tutor }) {
  const announcements = usePortalAnnouncementsQuery(auth);
  const actionItems = useActionItemsQuery(auth);
  const markRead = useMarkAnnouncementReadMutation(auth);
  const completeItem = useCompleteActionItemMutation(auth);
  const [openDialog, setOpenDialog] = useState<'updates' | 'tasks' | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  const dialogs = useMemo<TutoringDialogs>(
    () => ({
      openUpdates: () => setOpenDialog('updates'),
      openTasks: () => setOpenDialog('tasks'),
      isAnyOpen: openDialog !== null,
    }),
    [openDialog],
  );
  const closeOn = (dialog: 'updates' | 'tasks') => (open: boolean) => {
    if (!open) setOpenDialog((current) => (current === dialog ? null : current));
  };

  const announcementList = announcements.data?.announcements ?? [];
  const readIds = announcements.data?.readAnnouncementIds ?? [];
  const items = actionItems.data ?? [];
  // The shell re-renders on every navigation: map the tasks only when the query's data changes.
  const tasks = useMemo(() => toTasks(actionItems.data ?? []), [actionItems.data]);
  const isHome = location.pathname.replace(/\/+$/, '') === paths.tutoring;
  // A chat is a messaging screen: the tutor's header (welcome, title, capacity, availability)
  // would push the conversation down, so it shows everywhere but there.
  const isChat = location.pathname.startsWith(messengerPathPrefix);

  return (
    <TutoringDialogsContext value={dialogs}>
      <AppShell
        // Under 768 px the top bar holds only the menu button: text there would sit outside every
        // landmark (axe 'region'); the drawer shows the organisation's name.
        mobileBrand={false}
        sidebar={{
          logo: <span className={styles.brandName}>{organisation.name}</span>,
          title: 'Tutoring Dashboard',
          label: 'Tutoring Dashboard',
          groups: tutoringSidebarGroups({
            currentPath: location.pathname,
            unreadMessages: totalUnread(tutor.correspondents),
            unreadUpdates: countUnread(announcementList, readIds),
            incompleteTasks: countIncompleteItems(items),
            onOpenUpdates: dialogs.openUpdates,
            onOpenTasks: dialogs.openTasks,
            links: tutoringLinks,
          }),
          footer: (
            <UserMenu
              firstName={tutor.First_Name}
              lastName={tutor.Last_Name}
              email={tutor.email}
              onSignOut={() => void navigate(paths.logout)}
            />
          ),
        }}
        header={isChat ? undefined : <TutorHeader tutor={tutor} isHome={isHome} />}
      >
        <Outlet />
      </AppShell>
      <UpdatesModal
        announcements={announcementList}
        readIds={readIds}
        onMarkRead={async (id) => {
          await markRead.mutateAsync(id);
        }}
        isOpen={openDialog === 'updates'}
        onOpenChange={closeOn('updates')}
      />
      <TasksModal
        items={tasks}
        onComplete={(id) => completeItem.mutate(id)}
        isOpen={openDialog === 'tasks'}
        onOpenChange={closeOn('tasks')}
      />
    </TutoringDialogsContext>
  );
}

/** The tutor's header (§2): welcome, title, capacity and availability, above every page but chats. */
function TutorHeader({ tutor, isHome }: { tutor: Tutor; isHome: boolean }) {
  return (
    <Header
      // The page's own title is its h1 everywhere but on the dashboard home.
      headingLevel={isHome ? 1 : 2}
      firstName={tutor.First_Name}
      updateInformationHref={tutoringLinks.updateInformation}
      title={tutor.stats.currentTitle}
      capacity={tutor.stats.capacity}
      availability={tutor.Availability}
      availabilityFormHref={availabilityFormLink(tutor, tutoringLinks.availabilityFormFallback)}
    />
  );
}
