import { FormEmbed } from '@tutoring/ui/components/FormEmbed/FormEmbed';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { useAuthState } from '../../../../auth/useAuthState';
import { sessionForm } from '../../../../config/sessionForm';
import { useEmbedSource } from '../../../../lib/services/portalServices';
import { useTutorQuery } from '../../useTutorQuery';
import * as page from '../tutoringPage.css';
import { sessionFormUrl } from './sessionFormUrl';

const title = 'Weekly Session Form';

/**
 * session-form (§2): the external weekly session form, embedded and prefilled with the tutor's
 * details once GET /tutor has answered. Should that fail, the form still shows, unprefilled.
 */
export function SessionFormPage() {
  const tutor = useTutorQuery(useAuthState());
  const embedSource = useEmbedSource();
  const src = tutor.isPending
    ? null
    : tutor.data
      ? sessionFormUrl(sessionForm.url, tutor.data)
      : sessionForm.url;

  return (
    <Stack gap="xl" minWidth={0}>
      <title>{title}</title>
      <Stack gap="xs">
        <h1 className={page.title}>{title}</h1>
        <p className={page.lead}>
          Fill in the form after every session: what you worked on, how it went and anything we
          should know.{' '}
          {src ? (
            <Link href={src} external>
              Open the form in a new tab
            </Link>
          ) : null}
        </p>
      </Stack>
      <FormEmbed
        src={src ? embedSource(src) : null}
        title="Weekly session form"
        isFormProvider={sessionForm.isFormProvider}
        loadingLabel="Loading the weekly session form"
      />
    </Stack>
  );
}
