import { Card } from '@tutoring/ui/components/Card/Card';
import { Link } from '@tutoring/ui/components/Link/Link';
import { Stack } from '@tutoring/ui/components/Stack/Stack';
import { Tiles } from '@tutoring/ui/components/Tiles/Tiles';
import { tutoringSupportLinkGroups } from '../../../../config/tutoringSupportLinks';
import * as page from '../tutoringPage.css';
import * as styles from './SupportPage.css';

const title = 'Support';

/** support (§2): three groups of external links, 1-on-1 Support, Resources and Match Support. */
export function SupportPage() {
  return (
    <Stack gap="xl" minWidth={0}>
      <title>{title}</title>
      <Stack gap="xs">
        <h1 className={page.title}>{title}</h1>
        <p className={page.lead}>
          Help with your sessions, the tools and your match, whenever you need it.
        </p>
      </Stack>
      <Tiles gap="xl" minWidth="card" alignY="start">
        {tutoringSupportLinkGroups.map((group) => (
          <Card key={group.id} id={`support-${group.id}`} title={group.title}>
            <Stack as="ul" gap="lg" className={styles.links}>
              {group.links.map((link) => (
                <Stack as="li" key={link.id} gap="xxs">
                  <Link href={link.href} external={link.kind === 'web'}>
                    {link.label}
                  </Link>
                  <p className={styles.description}>{link.description}</p>
                </Stack>
              ))}
            </Stack>
          </Card>
        ))}
      </Tiles>
    </Stack>
  );
}
